//! E-mail templates (minijinja, HTML and text), embedded in the binary.

use minijinja::Environment;

/// A rendered e-mail body in both forms.
#[derive(Clone, Debug)]
pub struct Rendered {
    pub subject: String,
    pub html: String,
    pub text: String,
}

const TEMPLATES: &[(&str, &str)] = &[
    ("layout.html", include_str!("../templates/layout.html")),
    ("sign_in.html", include_str!("../templates/sign_in.html")),
    ("sign_in.txt", include_str!("../templates/sign_in.txt")),
    ("sign_up.html", include_str!("../templates/sign_up.html")),
    ("sign_up.txt", include_str!("../templates/sign_up.txt")),
    (
        "no_account.html",
        include_str!("../templates/no_account.html"),
    ),
    (
        "no_account.txt",
        include_str!("../templates/no_account.txt"),
    ),
];

/// The template set, with HTML auto-escaping on `.html` files.
pub struct Templates {
    env: Environment<'static>,
}

impl Default for Templates {
    fn default() -> Self {
        let mut env = Environment::new();
        for (name, source) in TEMPLATES {
            env.add_template(name, source)
                .expect("embedded e-mail templates are valid");
        }
        Self { env }
    }
}

impl Templates {
    /// Renders `name.html` and `name.txt` with `context` (plus the subject).
    pub fn render(
        &self,
        name: &str,
        subject: &str,
        context: minijinja::Value,
    ) -> Result<Rendered, minijinja::Error> {
        let ctx = minijinja::context! { subject => subject, ..context };
        Ok(Rendered {
            subject: subject.to_owned(),
            html: self
                .env
                .get_template(&format!("{name}.html"))?
                .render(&ctx)?,
            text: self
                .env
                .get_template(&format!("{name}.txt"))?
                .render(&ctx)?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sign_in_renders_both_forms_and_escapes_html() {
        let rendered = Templates::default()
            .render(
                "sign_in",
                "Your sign-in link",
                minijinja::context! { name => "<Ann>", link => "http://x/login/auth?token=t", minutes => 15, support_email => "s@x" },
            )
            .unwrap();
        assert!(rendered.html.contains("&lt;Ann&gt;"));
        assert!(rendered.text.contains("http://x/login/auth?token=t"));
        assert!(rendered.text.contains("15 minutes"));
    }
}

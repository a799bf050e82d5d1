//! E-mail templates (minijinja, HTML and text), embedded in the binary.
//!
//! The case e-mails that workflow effects name live one file each in `templates/case/`:
//! `<name>.txt`, whose first line is the subject and the rest the text body; the HTML form is
//! that text in the shared `case.html` layout. Adding an e-mail to a transition is a TOML line
//! plus one such file, and start-up refuses a workflow naming a file that is not there.

use std::collections::BTreeSet;

use minijinja::Environment;
use minijinja::value::Serde;
use rust_embed::RustEmbed;

#[derive(RustEmbed)]
#[folder = "templates/case/"]
struct CaseTemplateFiles;

const CASE_PREFIX: &str = "case/";

/// What every case e-mail may say.
#[derive(Clone, Debug, serde::Serialize)]
pub struct CaseEmailContext {
    /// The recipient's preferred name.
    pub name: String,
    pub case_id: i64,
    /// "remortgage" or "purchase".
    pub kind: String,
    /// The property's first address line, or "your property".
    pub address: String,
    /// The case page (for an invitation, a link that signs the recipient in on the way).
    pub link: String,
    /// How many days the link signs the recipient in for; None when it does not.
    pub sign_in_days: Option<i64>,
    /// The case's broker and their firm, if it has a broker (and they a firm).
    pub broker_name: Option<String>,
    pub broker_firm: Option<String>,
    /// The agreed (or actual) completion date, dd/mm/yyyy, if there is one.
    pub completion_date: Option<String>,
    pub support_email: String,
    /// A task's reminder: the task's label (issue 29).
    pub task: Option<String>,
}

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
    ("case.html", include_str!("../templates/case.html")),
    (
        "email_change.html",
        include_str!("../templates/email_change.html"),
    ),
    (
        "email_change.txt",
        include_str!("../templates/email_change.txt"),
    ),
    (
        "email_change_notice.html",
        include_str!("../templates/email_change_notice.html"),
    ),
    (
        "email_change_notice.txt",
        include_str!("../templates/email_change_notice.txt"),
    ),
    (
        "email_change_undo.html",
        include_str!("../templates/email_change_undo.html"),
    ),
    (
        "email_change_undo.txt",
        include_str!("../templates/email_change_undo.txt"),
    ),
];

/// The template set, with HTML auto-escaping on `.html` files.
pub struct Templates {
    env: Environment<'static>,
    case_templates: BTreeSet<String>,
}

impl Default for Templates {
    /// The embedded templates.
    fn default() -> Self {
        Self::with_case_templates(CaseTemplateFiles::iter().filter_map(|file| {
            let source = CaseTemplateFiles::get(&file)?;
            let name = file.strip_suffix(".txt")?.to_owned();
            Some((name, String::from_utf8_lossy(&source.data).into_owned()))
        }))
        .expect("embedded case e-mail templates are valid")
    }
}

impl Templates {
    /// The fixed templates plus these case e-mails (name, source). Fails on a syntax error.
    pub fn with_case_templates(
        case_templates: impl IntoIterator<Item = (String, String)>,
    ) -> Result<Self, minijinja::Error> {
        let mut env = Environment::new();
        for (name, source) in TEMPLATES {
            env.add_template(name, source)?;
        }
        let mut names = BTreeSet::new();
        for (name, source) in case_templates {
            env.add_template_owned(format!("{CASE_PREFIX}{name}"), source)?;
            names.insert(name);
        }
        Ok(Self {
            env,
            case_templates: names,
        })
    }

    /// The names (of those given) that have no case e-mail template, in order.
    pub fn missing_case_templates<'a>(
        &self,
        names: impl IntoIterator<Item = &'a str>,
    ) -> Vec<&'a str> {
        names
            .into_iter()
            .filter(|n| !self.case_templates.contains(*n))
            .collect()
    }

    /// Renders a case e-mail: the subject and body from `case/<name>`, greeted and signed off
    /// the same way for every case e-mail, as text and HTML.
    pub fn render_case(
        &self,
        name: &str,
        ctx: &CaseEmailContext,
    ) -> Result<Rendered, minijinja::Error> {
        let rendered = self
            .env
            .get_template(&format!("{CASE_PREFIX}{name}"))?
            .render(Serde(ctx))?;
        let (subject, body) = rendered.split_once('\n').unwrap_or((&rendered, ""));
        let subject = subject.trim().to_owned();
        let body = body.trim();
        let paragraphs: Vec<String> = body.split("\n\n").map(|p| p.trim().to_owned()).collect();
        let html = self
            .env
            .get_template("case.html")?
            .render(minijinja::context! {
                subject => &subject, paragraphs, ..minijinja::Value::from(Serde(ctx))
            })?;
        let text = format!(
            "Hello {},\n\n{body}\n\nOpen your case: {}\n\nQuestions? Write to {}.\n",
            ctx.name, ctx.link, ctx.support_email
        );
        Ok(Rendered {
            subject,
            html,
            text,
        })
    }

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

    #[test]
    fn every_template_a_workflow_names_exists_and_renders() {
        let templates = Templates::default();
        let workflows = threshold_workflows::Workflows::load().unwrap();
        let names = workflows.email_templates();
        assert!(
            templates
                .missing_case_templates(names.iter().copied())
                .is_empty()
        );
        let ctx = CaseEmailContext {
            name: "<Ann>".into(),
            case_id: 7,
            kind: "remortgage".into(),
            address: "1 High Street".into(),
            link: "http://x/remortgaging/7".into(),
            sign_in_days: None,
            broker_name: None,
            broker_firm: None,
            support_email: "s@x".into(),
            completion_date: Some("01/12/2026".into()),
            task: Some("SDLT return filed with HMRC".into()),
        };
        for name in names {
            let mail = templates.render_case(name, &ctx).unwrap();
            assert!(
                !mail.subject.is_empty() && !mail.subject.contains('\n'),
                "{name}"
            );
            assert!(mail.text.starts_with("Hello <Ann>,"), "{name}");
            assert!(mail.text.contains("http://x/remortgaging/7"), "{name}");
            assert!(mail.html.contains("Hello &lt;Ann&gt;"), "{name}");
            // minijinja's HTML escaping writes `/` as `&#x2f;`.
            assert!(
                mail.html
                    .contains("href=\"http:&#x2f;&#x2f;x&#x2f;remortgaging&#x2f;7\""),
                "{name}"
            );
        }
    }

    /// Issue 26: an invitation names the broker and their firm, and what its link does.
    #[test]
    fn an_invitation_names_the_broker_and_firm() {
        let templates = Templates::default();
        let mut ctx = CaseEmailContext {
            name: "Cara".into(),
            case_id: 7,
            kind: "remortgage".into(),
            address: "1 High Street".into(),
            link: "http://x/login/auth?token=t".into(),
            sign_in_days: Some(7),
            broker_name: Some("Bea Broker".into()),
            broker_firm: Some("Demo Mortgage Brokers Ltd".into()),
            support_email: "s@x".into(),
            completion_date: None,
            task: None,
        };
        for name in ["case_invitation", "invitation_reminder"] {
            let mail = templates.render_case(name, &ctx).unwrap();
            assert!(
                mail.text
                    .contains("Bea Broker at Demo Mortgage Brokers Ltd"),
                "{name}: {}",
                mail.text
            );
            assert!(mail.text.contains("7 days"), "{name}");
        }
        ctx.broker_firm = None;
        let mail = templates.render_case("case_invitation", &ctx).unwrap();
        assert!(
            mail.text.contains("Bea Broker has prepared"),
            "{}",
            mail.text
        );
        ctx.broker_name = None;
        ctx.sign_in_days = None;
        let mail = templates.render_case("case_invitation", &ctx).unwrap();
        assert!(
            mail.text.contains("Your broker has prepared"),
            "{}",
            mail.text
        );
        assert!(!mail.text.contains("days"), "{}", mail.text);
    }

    #[test]
    fn a_missing_case_template_is_named() {
        let templates =
            Templates::with_case_templates([("one".to_owned(), "S\n\nB".to_owned())]).unwrap();
        assert_eq!(
            templates.missing_case_templates(["one", "two"]),
            vec!["two"]
        );
    }
}

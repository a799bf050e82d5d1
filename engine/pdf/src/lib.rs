//! The PDF renderer: a typst template plus JSON data → PDF bytes. One small service for every
//! document Threshold makes (the quote now; letters, reports and statements later), so the
//! fonts, the layout engine and the way data reaches a template are decided once.
//!
//! A template is a typst file in `templates/`, compiled into the binary. It reads its data
//! with `#let data = json("data.json")`: the data is handed over as a virtual file, never
//! spliced into the template's text, so nothing in the data (a name with `#` or `]`) can be
//! read as typst code. Fonts come from `typst-assets` and are compiled in too: rendering never
//! reads the file system or the network, and looks the same on every machine.

use std::sync::LazyLock;

use typst::diag::{FileError, FileResult};
use typst::foundations::{Bytes, Datetime};
use typst::syntax::{FileId, RootedPath, Source, VirtualPath, VirtualRoot};
use typst::text::{Font, FontBook};
use typst::utils::LazyHash;
use typst::{Library, LibraryExt, World};
use typst_layout::PagedDocument;

/// The templates, by name.
const TEMPLATES: &[(&str, &str)] = &[
    ("quote", include_str!("../templates/quote.typ")),
    (
        "case_document",
        include_str!("../templates/case_document.typ"),
    ),
    (
        "bank_statement",
        include_str!("../templates/bank_statement.typ"),
    ),
];

#[derive(Debug, thiserror::Error)]
pub enum PdfError {
    #[error("there is no PDF template named `{0}`")]
    UnknownTemplate(String),
    #[error("the PDF template `{template}` failed: {message}")]
    Template { template: String, message: String },
}

/// The fonts and standard library, built once per process (parsing the fonts takes a while).
struct Shared {
    library: LazyHash<Library>,
    book: LazyHash<FontBook>,
    fonts: Vec<Font>,
}

static SHARED: LazyLock<Shared> = LazyLock::new(|| {
    let fonts: Vec<Font> = typst_assets::fonts()
        .flat_map(|data| Font::iter(Bytes::new(data)))
        .collect();
    Shared {
        library: LazyHash::new(Library::default()),
        book: LazyHash::new(FontBook::from_fonts(&fonts)),
        fonts,
    }
});

/// Renders the named template with `data` to a PDF. CPU-bound (tens of milliseconds): call
/// it from `spawn_blocking` in async code.
pub fn render(template: &str, data: &serde_json::Value) -> Result<Vec<u8>, PdfError> {
    let text = TEMPLATES
        .iter()
        .find(|(name, _)| *name == template)
        .map(|(_, text)| *text)
        .ok_or_else(|| PdfError::UnknownTemplate(template.to_owned()))?;
    let world = OneDocument::new(text, data);
    let fail = |message: String| PdfError::Template {
        template: template.to_owned(),
        message,
    };
    let document: PagedDocument = typst::compile(&world)
        .output
        .map_err(|errors| fail(describe(&errors)))?;
    let pdf = typst_pdf::pdf(&document, &typst_pdf::PdfOptions::default())
        .map_err(|errors| fail(describe(&errors)));
    // typst memoises layout across calls; keep only recent entries so a long-running server
    // does not grow with every document it has ever made.
    typst::comemo::evict(10);
    pdf
}

fn describe(errors: &[typst::diag::SourceDiagnostic]) -> String {
    errors
        .iter()
        .map(|e| e.message.to_string())
        .collect::<Vec<_>>()
        .join("; ")
}

/// What typst can see while compiling one document: its template as `/main.typ`, its data
/// as `/data.json`, and the built-in fonts. Nothing else exists.
struct OneDocument {
    main_id: FileId,
    data_id: FileId,
    main: Source,
    data: Bytes,
}

impl OneDocument {
    fn new(template: &str, data: &serde_json::Value) -> Self {
        let id = |path: &str| {
            RootedPath::new(
                VirtualRoot::Project,
                VirtualPath::new(path).expect("a valid virtual path"),
            )
            .intern()
        };
        let main_id = id("/main.typ");
        Self {
            main_id,
            data_id: id("/data.json"),
            main: Source::new(main_id, template.to_owned()),
            data: Bytes::new(serde_json::to_vec(data).unwrap_or_default()),
        }
    }
}

impl World for OneDocument {
    fn library(&self) -> &LazyHash<Library> {
        &SHARED.library
    }

    fn book(&self) -> &LazyHash<FontBook> {
        &SHARED.book
    }

    fn main(&self) -> FileId {
        self.main_id
    }

    fn source(&self, id: FileId) -> FileResult<Source> {
        if id == self.main_id {
            Ok(self.main.clone())
        } else {
            Err(FileError::AccessDenied)
        }
    }

    fn file(&self, id: FileId) -> FileResult<Bytes> {
        if id == self.data_id {
            Ok(self.data.clone())
        } else {
            Err(FileError::AccessDenied)
        }
    }

    fn font(&self, index: usize) -> Option<Font> {
        SHARED.fonts.get(index).cloned()
    }

    fn today(&self, _offset: Option<typst::foundations::Duration>) -> Option<Datetime> {
        use chrono::Datelike;
        let now = chrono::Utc::now().date_naive();
        Datetime::from_ymd(now.year(), now.month() as u8, now.day() as u8)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_quote_renders_to_a_pdf() {
        let pdf = render("quote", &sample()).unwrap();
        assert!(pdf.starts_with(b"%PDF-"));
    }

    #[test]
    fn data_is_never_read_as_typst_code() {
        let mut data = sample();
        data["introducer"] = serde_json::json!("#panic(\"x\") ] [ $ *bold*");
        assert!(render("quote", &data).unwrap().starts_with(b"%PDF-"));
    }

    #[test]
    fn an_unknown_template_is_an_error() {
        assert!(matches!(
            render("nope", &sample()),
            Err(PdfError::UnknownTemplate(_))
        ));
    }

    fn sample() -> serde_json::Value {
        serde_json::json!({
            "title": "Your Conveyancing Quote",
            "reference": "Case 7",
            "date": "1 December 2026",
            "firm": { "name": "Firm LLP", "lines": ["Firm LLP is authorised and regulated by the SRA."] },
            "introducer": "Bea Broker, Brokers Ltd",
            "property": "1 High Street, Town",
            "sections": [
                { "title": "Legal fees", "lines": [ { "label": "Conveyancing fee", "amount": "£500.00" } ] }
            ],
            "subtotal": "£500.00",
            "discount": "£0.00",
            "vat": "£100.00",
            "total": "£600.00",
            "deposit": "£100.00",
            "depositTerms": null,
            "landTax": null,
            "referralFee": null,
            "notes": []
        })
    }
}

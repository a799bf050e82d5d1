//! The document store: the bytes of uploaded and generated documents, in a local folder (the
//! default, under the data directory) or an S3-compatible bucket, through `object_store`.
//! The database holds what each document is and the key of its object; this crate holds only
//! the bytes, under random keys that say nothing about the case or the person.
//!
//! Uploads are streamed: the first bytes decide the file's type ([`sniff`]), then the rest
//! goes to the store in parts as it arrives, counted against the limit, so a file is never
//! held in memory whole and an upload that fails or runs over the limit leaves nothing behind.
//!
//! Where the documents live and the store itself are `store`; the file types it accepts are
//! here.

mod store;

pub use store::{DocumentStore, Download, Location, S3Settings, Uploaded};

/// Enough of a file's start to recognise every accepted type.
const SNIFF_BYTES: usize = 512;

/// A file type accepted for upload, recognised from its bytes (never from its name).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileKind {
    Pdf,
    Jpeg,
    Png,
    Heic,
}

/// What a person may upload as evidence: documents and phone photos.
pub const EVIDENCE_KINDS: &[FileKind] =
    &[FileKind::Pdf, FileKind::Jpeg, FileKind::Png, FileKind::Heic];
/// What the firm issues: a PDF, like the documents Threshold drafts.
pub const PDF_ONLY: &[FileKind] = &[FileKind::Pdf];

/// The kinds in words, for an error: "a PDF file", "a PDF, JPEG, PNG or HEIC file".
pub fn kinds_in_words(kinds: &[FileKind]) -> String {
    let names: Vec<&str> = kinds.iter().map(|k| k.name()).collect();
    match names.split_last() {
        Some((last, [])) => format!("a {last} file"),
        Some((last, rest)) => format!("a {} or {last} file", rest.join(", ")),
        None => "no file".to_owned(),
    }
}

impl FileKind {
    fn name(self) -> &'static str {
        match self {
            FileKind::Pdf => "PDF",
            FileKind::Jpeg => "JPEG",
            FileKind::Png => "PNG",
            FileKind::Heic => "HEIC",
        }
    }

    pub fn content_type(self) -> &'static str {
        match self {
            FileKind::Pdf => "application/pdf",
            FileKind::Jpeg => "image/jpeg",
            FileKind::Png => "image/png",
            FileKind::Heic => "image/heic",
        }
    }

    pub fn extension(self) -> &'static str {
        match self {
            FileKind::Pdf => "pdf",
            FileKind::Jpeg => "jpg",
            FileKind::Png => "png",
            FileKind::Heic => "heic",
        }
    }
}

/// The type of a file from its first bytes: PDF, JPEG, PNG or HEIC/HEIF; anything else None.
pub fn sniff(head: &[u8]) -> Option<FileKind> {
    match infer::get(head)?.mime_type() {
        "application/pdf" => Some(FileKind::Pdf),
        "image/jpeg" => Some(FileKind::Jpeg),
        "image/png" => Some(FileKind::Png),
        "image/heif" | "image/heic" => Some(FileKind::Heic),
        _ => None,
    }
}

/// The widest side an image may have, in pixels: past any camera (a 200-megapixel phone's
/// photo is 16,320 × 12,240), short of a header crafted to make a viewer allocate gigabytes.
pub const MAX_IMAGE_SIDE: usize = 25_000;
/// The most pixels an image may have (250 megapixels).
pub const MAX_IMAGE_PIXELS: usize = 250_000_000;

/// Refuses an image whose header claims absurd dimensions. Read from the head only: a PNG's
/// size is always there; a JPEG's or HEIC's may come later (after EXIF), and is then not
/// checked here.
fn check_dimensions(kind: FileKind, head: &[u8]) -> Result<(), UploadError> {
    if kind == FileKind::Pdf {
        return Ok(());
    }
    match imagesize::blob_size(head) {
        Ok(size)
            if size.width > MAX_IMAGE_SIDE
                || size.height > MAX_IMAGE_SIDE
                || size.width.saturating_mul(size.height) > MAX_IMAGE_PIXELS =>
        {
            Err(UploadError::ImageTooLarge {
                width: size.width,
                height: size.height,
            })
        }
        _ => Ok(()),
    }
}

#[derive(Debug, thiserror::Error)]
pub enum UploadError {
    #[error("the file is larger than {limit} bytes")]
    TooLarge { limit: u64 },
    #[error("the file is not {}", kinds_in_words(accepted))]
    Unsupported { accepted: &'static [FileKind] },
    #[error("the image says it is {width} × {height} pixels")]
    ImageTooLarge { width: usize, height: usize },
    #[error("the upload could not be read: {0}")]
    Body(String),
    #[error("the document store failed: {0}")]
    Store(#[from] object_store::Error),
}

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("the document store is misconfigured: {0}")]
    Config(String),
    #[error("the document store failed: {0}")]
    Store(#[from] object_store::Error),
}

#[cfg(test)]
mod tests {
    use bytes::Bytes;
    use futures::Stream;

    use super::*;

    const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR";

    fn chunks(parts: Vec<Vec<u8>>) -> impl Stream<Item = Result<Bytes, std::io::Error>> {
        futures::stream::iter(parts.into_iter().map(|p| Ok(Bytes::from(p))))
    }

    /// A PNG's head with the width and height its IHDR declares.
    fn png_of(width: u32, height: u32) -> Vec<u8> {
        let mut png = PNG.to_vec();
        png.extend_from_slice(&width.to_be_bytes());
        png.extend_from_slice(&height.to_be_bytes());
        png.extend_from_slice(b"\x08\x02\0\0\0");
        png
    }

    /// Issue 25 (8): a PNG declaring 100,000 × 100,000 px was accepted as a photo ID.
    #[test]
    fn absurd_image_dimensions_are_refused_from_the_header() {
        assert!(check_dimensions(FileKind::Png, &png_of(4032, 3024)).is_ok());
        assert!(check_dimensions(FileKind::Png, &png_of(16_320, 12_240)).is_ok());
        assert!(matches!(
            check_dimensions(FileKind::Png, &png_of(100_000, 100_000)),
            Err(UploadError::ImageTooLarge {
                width: 100_000,
                height: 100_000
            })
        ));
        assert!(check_dimensions(FileKind::Png, &png_of(25_000, 20_000)).is_err());
        assert!(check_dimensions(FileKind::Png, &png_of(1, 30_000)).is_err());
    }

    #[test]
    fn types_come_from_the_bytes() {
        assert_eq!(sniff(b"%PDF-1.7\n"), Some(FileKind::Pdf));
        assert_eq!(sniff(PNG), Some(FileKind::Png));
        assert_eq!(sniff(b"\xFF\xD8\xFF\xE0\0\x10JFIF\0"), Some(FileKind::Jpeg));
        assert_eq!(
            sniff(b"\0\0\0\x18ftypheic\0\0\0\0mif1heic"),
            Some(FileKind::Heic)
        );
        assert_eq!(sniff(b"hello, this is text"), None);
        assert_eq!(sniff(b""), None);
    }

    #[tokio::test]
    async fn a_file_at_the_limit_is_kept_and_one_byte_more_leaves_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let store = DocumentStore::local(dir.path()).unwrap();
        let mut file = png_of(640, 480);
        file.resize(1000, 7);
        let split = |f: &[u8]| vec![f[..300].to_vec(), f[300..].to_vec()];
        let key = DocumentStore::new_key();
        let ok = store
            .put_stream(&key, chunks(split(&file)), 1000, EVIDENCE_KINDS)
            .await
            .unwrap();
        assert_eq!(
            ok,
            Uploaded {
                kind: FileKind::Png,
                size: 1000
            }
        );
        assert!(store.exists(&key).await.unwrap());
        file.push(7);
        let over = DocumentStore::new_key();
        let err = store
            .put_stream(&over, chunks(split(&file)), 1000, EVIDENCE_KINDS)
            .await;
        assert!(matches!(err, Err(UploadError::TooLarge { .. })));
        assert_eq!(store.keys().await.unwrap(), vec![key]);
    }

    #[tokio::test]
    async fn a_kind_not_accepted_is_refused_at_its_first_bytes() {
        let dir = tempfile::tempdir().unwrap();
        let store = DocumentStore::local(dir.path()).unwrap();
        let key = DocumentStore::new_key();
        let err = store
            .put_stream(&key, chunks(vec![png_of(640, 480)]), 1000, PDF_ONLY)
            .await;
        assert!(matches!(
            err,
            Err(UploadError::Unsupported { accepted }) if accepted == PDF_ONLY
        ));
        assert!(store.keys().await.unwrap().is_empty());
        assert_eq!(kinds_in_words(PDF_ONLY), "a PDF file");
        assert_eq!(
            kinds_in_words(EVIDENCE_KINDS),
            "a PDF, JPEG, PNG or HEIC file"
        );
    }
}

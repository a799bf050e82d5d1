//! The document store: the bytes of uploaded and generated documents, in a local folder (the
//! default, under the data directory) or an S3-compatible bucket, through `object_store`.
//! The database holds what each document is and the key of its object; this crate holds only
//! the bytes, under random keys that say nothing about the case or the person.
//!
//! Uploads are streamed: the first bytes decide the file's type ([`sniff`]), then the rest
//! goes to the store in parts as it arrives, counted against the limit, so a file is never
//! held in memory whole and an upload that fails or runs over the limit leaves nothing behind.

use std::fmt::Display;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use bytes::{Bytes, BytesMut};
use futures::{Stream, StreamExt};
use object_store::aws::AmazonS3Builder;
use object_store::local::LocalFileSystem;
use object_store::path::Path as ObjectPath;
use object_store::{ObjectStore, ObjectStoreExt, WriteMultipart};

/// Parts of a streamed upload: at least S3's 5 MiB minimum part size, and what one upload
/// holds in memory per part in flight.
const PART_SIZE: usize = 8 * 1024 * 1024;
/// Parts of one upload sent at once.
const PARTS_IN_FLIGHT: usize = 2;
/// Enough of a file's start to recognise every accepted type.
const SNIFF_BYTES: usize = 512;

/// Where the documents live.
#[derive(Clone, Debug)]
pub enum Location {
    /// A folder on this machine (created if missing).
    Local(PathBuf),
    /// An S3-compatible bucket.
    S3(S3Settings),
}

#[derive(Clone)]
pub struct S3Settings {
    pub bucket: String,
    /// Another S3-compatible server (MinIO, moto, …); unset: AWS itself.
    pub endpoint: Option<String>,
    pub region: String,
    /// Unset: AWS's standard credential chain (see [`DocumentStore::s3`]).
    pub access_key_id: Option<String>,
    pub secret_access_key: Option<String>,
}

impl std::fmt::Debug for S3Settings {
    // Never the secret: settings are logged at start-up.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("S3Settings")
            .field("bucket", &self.bucket)
            .field("endpoint", &self.endpoint)
            .field("region", &self.region)
            .finish_non_exhaustive()
    }
}

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

/// What a finished upload holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Uploaded {
    pub kind: FileKind,
    pub size: u64,
}

/// A document's bytes as they are read from the store.
pub struct Download {
    pub size: u64,
    pub body: futures::stream::BoxStream<'static, Result<Bytes, object_store::Error>>,
}

#[derive(Clone, Debug)]
pub struct DocumentStore {
    store: Arc<dyn ObjectStore>,
}

impl DocumentStore {
    pub fn open(location: &Location) -> Result<Self, StoreError> {
        match location {
            Location::Local(dir) => Self::local(dir),
            Location::S3(settings) => Self::s3(settings),
        }
    }

    pub fn local(dir: &Path) -> Result<Self, StoreError> {
        std::fs::create_dir_all(dir)
            .map_err(|e| StoreError::Config(format!("cannot create {}: {e}", dir.display())))?;
        // Cleanup removes the folders a deleted object leaves empty.
        let store = LocalFileSystem::new_with_prefix(dir)?.with_automatic_cleanup(true);
        Ok(Self {
            store: Arc::new(store),
        })
    }

    /// A bucket, with credentials from AWS's standard chain unless the settings name static
    /// keys: `AWS_ACCESS_KEY_ID`/`AWS_SECRET_ACCESS_KEY` with `AWS_SESSION_TOKEN`, web identity
    /// (EKS service accounts), the container credentials endpoint (ECS task roles, EKS pod
    /// identity), then instance metadata. `AmazonS3Builder::new()` read none of the
    /// environment: task roles and session tokens failed.
    pub fn s3(settings: &S3Settings) -> Result<Self, StoreError> {
        let mut builder = AmazonS3Builder::from_env()
            .with_bucket_name(&settings.bucket)
            .with_region(&settings.region);
        if let Some(endpoint) = &settings.endpoint {
            builder = builder
                .with_endpoint(endpoint)
                .with_allow_http(endpoint.starts_with("http://"))
                // Path-style requests: other S3-compatible servers rarely serve buckets as
                // sub-domains.
                .with_virtual_hosted_style_request(false);
        }
        if let (Some(id), Some(secret)) = (&settings.access_key_id, &settings.secret_access_key) {
            builder = builder
                .with_access_key_id(id)
                .with_secret_access_key(secret);
        }
        Ok(Self {
            store: Arc::new(builder.build()?),
        })
    }

    /// A fresh random key (122 random bits): guessing one is hopeless, and it names nothing.
    pub fn new_key() -> String {
        format!("documents/{}", uuid::Uuid::new_v4().simple())
    }

    /// Streams `body` to `key`, refusing a file over `limit` bytes or of a kind [`sniff`]
    /// finds that is not one of `accepted`. On any error nothing is left under `key`.
    pub async fn put_stream<S, E>(
        &self,
        key: &str,
        body: S,
        limit: u64,
        accepted: &'static [FileKind],
    ) -> Result<Uploaded, UploadError>
    where
        S: Stream<Item = Result<Bytes, E>>,
        E: Display,
    {
        let mut body = std::pin::pin!(body);
        // The head first: a refused type never reaches the store at all.
        let mut head = BytesMut::new();
        let mut ended = false;
        while head.len() < SNIFF_BYTES {
            match body.next().await {
                Some(chunk) => head.extend_from_slice(&chunk.map_err(body_error)?),
                None => {
                    ended = true;
                    break;
                }
            }
        }
        let mut size = head.len() as u64;
        if size > limit {
            return Err(UploadError::TooLarge { limit });
        }
        let kind = sniff(&head)
            .filter(|kind| accepted.contains(kind))
            .ok_or(UploadError::Unsupported { accepted })?;
        check_dimensions(kind, &head)?;
        let path = ObjectPath::from(key);
        let mut upload =
            WriteMultipart::new_with_chunk_size(self.store.put_multipart(&path).await?, PART_SIZE);
        upload.put(head.freeze());
        let streamed: Result<(), UploadError> = async {
            if ended {
                // The body ended inside the head: nothing more to read.
                return Ok(());
            }
            while let Some(chunk) = body.next().await {
                let chunk = chunk.map_err(body_error)?;
                size += chunk.len() as u64;
                if size > limit {
                    return Err(UploadError::TooLarge { limit });
                }
                upload.wait_for_capacity(PARTS_IN_FLIGHT).await?;
                upload.put(chunk);
            }
            Ok(())
        }
        .await;
        if let Err(err) = streamed {
            if let Err(abort) = upload.abort().await {
                tracing::warn!(error = %abort, "could not abort a refused upload");
            }
            return Err(err);
        }
        upload.finish().await?;
        Ok(Uploaded { kind, size })
    }

    /// Writes a whole (small, generated) document.
    pub async fn put(&self, key: &str, bytes: Vec<u8>) -> Result<(), StoreError> {
        self.store
            .put(&ObjectPath::from(key), Bytes::from(bytes).into())
            .await?;
        Ok(())
    }

    pub async fn get(&self, key: &str) -> Result<Download, StoreError> {
        let got = self.store.get(&ObjectPath::from(key)).await?;
        Ok(Download {
            size: got.meta.size,
            body: got.into_stream(),
        })
    }

    /// Whether the store answers: a listing that matches nothing, so a missing bucket, wrong
    /// credentials or an unreachable server fail it (a HEAD of a missing key cannot tell a
    /// missing bucket from a missing object) and it costs one small request.
    pub async fn check(&self) -> Result<(), StoreError> {
        let probe = ObjectPath::from("readiness-probe");
        match self.store.list(Some(&probe)).next().await {
            None | Some(Ok(_)) => Ok(()),
            Some(Err(e)) => Err(e.into()),
        }
    }

    /// Whether an object exists (tests, and checks after a failed upload).
    pub async fn exists(&self, key: &str) -> Result<bool, StoreError> {
        match self.store.head(&ObjectPath::from(key)).await {
            Ok(_) => Ok(true),
            Err(object_store::Error::NotFound { .. }) => Ok(false),
            Err(e) => Err(e.into()),
        }
    }

    /// Every key in the store (tests: nothing left behind).
    pub async fn keys(&self) -> Result<Vec<String>, StoreError> {
        let mut out = Vec::new();
        let mut list = self.store.list(None);
        while let Some(meta) = list.next().await {
            out.push(meta?.location.to_string());
        }
        Ok(out)
    }

    pub async fn delete(&self, key: &str) -> Result<(), StoreError> {
        match self.store.delete(&ObjectPath::from(key)).await {
            Ok(()) | Err(object_store::Error::NotFound { .. }) => Ok(()),
            Err(e) => Err(e.into()),
        }
    }
}

fn body_error(err: impl Display) -> UploadError {
    UploadError::Body(err.to_string())
}

#[cfg(test)]
mod tests {
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

//! Where the documents live, and reading and writing their bytes there.

use std::fmt::Display;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use bytes::{Bytes, BytesMut};
use futures::{Stream, StreamExt};
use object_store::aws::AmazonS3Builder;
use object_store::local::LocalFileSystem;
use object_store::path::Path as ObjectPath;
use object_store::{ObjectStore, ObjectStoreExt, WriteMultipart};

use crate::{FileKind, SNIFF_BYTES, StoreError, UploadError, check_dimensions, sniff};

/// Parts of a streamed upload: at least S3's 5 MiB minimum part size, and what one upload
/// holds in memory per part in flight.
const PART_SIZE: usize = 8 * 1024 * 1024;
/// Parts of one upload sent at once.
const PARTS_IN_FLIGHT: usize = 2;

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

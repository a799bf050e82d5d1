//! Typed identifiers: UUIDs stored as hyphenated TEXT on SQLite and as UUID on PostgreSQL.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use sqlx::encode::IsNull;
use sqlx::error::BoxDynError;
use sqlx::{Decode, Encode, Postgres, Sqlite, Type};
use uuid::Uuid;

macro_rules! uuid_id {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
        #[serde(transparent)]
        pub struct $name(pub Uuid);

        impl $name {
            pub fn new_random() -> Self {
                Self(Uuid::new_v4())
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.hyphenated().fmt(f)
            }
        }

        impl FromStr for $name {
            type Err = uuid::Error;
            fn from_str(s: &str) -> Result<Self, Self::Err> {
                Uuid::parse_str(s).map(Self)
            }
        }

        impl Type<Sqlite> for $name {
            fn type_info() -> <Sqlite as sqlx::Database>::TypeInfo {
                <String as Type<Sqlite>>::type_info()
            }
            fn compatible(ty: &<Sqlite as sqlx::Database>::TypeInfo) -> bool {
                <String as Type<Sqlite>>::compatible(ty)
            }
        }

        impl<'q> Encode<'q, Sqlite> for $name {
            fn encode_by_ref(
                &self,
                buf: &mut <Sqlite as sqlx::Database>::ArgumentBuffer,
            ) -> Result<IsNull, BoxDynError> {
                <String as Encode<'q, Sqlite>>::encode(self.to_string(), buf)
            }
        }

        impl<'r> Decode<'r, Sqlite> for $name {
            fn decode(value: <Sqlite as sqlx::Database>::ValueRef<'r>) -> Result<Self, BoxDynError> {
                let text = <&str as Decode<Sqlite>>::decode(value)?;
                Ok(Self(Uuid::parse_str(text)?))
            }
        }

        impl Type<Postgres> for $name {
            fn type_info() -> <Postgres as sqlx::Database>::TypeInfo {
                <Uuid as Type<Postgres>>::type_info()
            }
        }

        impl<'q> Encode<'q, Postgres> for $name {
            fn encode_by_ref(
                &self,
                buf: &mut <Postgres as sqlx::Database>::ArgumentBuffer,
            ) -> Result<IsNull, BoxDynError> {
                <Uuid as Encode<'q, Postgres>>::encode_by_ref(&self.0, buf)
            }
        }

        impl<'r> Decode<'r, Postgres> for $name {
            fn decode(value: <Postgres as sqlx::Database>::ValueRef<'r>) -> Result<Self, BoxDynError> {
                Ok(Self(<Uuid as Decode<Postgres>>::decode(value)?))
            }
        }
    };
}

uuid_id!(
    /// A user's id.
    UserId
);
uuid_id!(
    /// A sign-in session's id (shown to its owner on the settings page).
    SessionId
);
uuid_id!(
    /// A broker firm's webhook endpoint's id.
    WebhookEndpointId
);

//! A spec enum as a request field: the value is read as any string, and one the enum does not
//! know becomes a problem of that field in the same 422 as the others (serde would stop at the
//! first), while the API document names the enum itself, not a string.

use std::borrow::Cow;
use std::str::FromStr;

use serde::{Deserialize, Deserializer};
use utoipa::openapi::{RefOr, schema::Schema};
use utoipa::{PartialSchema, ToSchema};

/// The enum value given, or the text that is none of its values.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Choice<T>(Result<T, String>);

impl<T: Copy> Choice<T> {
    /// The value, if the text was one of the enum's.
    pub fn value(&self) -> Option<T> {
        self.0.as_ref().ok().copied()
    }
}

impl<T> From<T> for Choice<T> {
    fn from(value: T) -> Self {
        Self(Ok(value))
    }
}

impl<'de, T: FromStr> Deserialize<'de> for Choice<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        Ok(Self(text.parse().map_err(|_| text)))
    }
}

/// In the API document a choice is its enum: the same name, the same schema.
impl<T: ToSchema> PartialSchema for Choice<T> {
    fn schema() -> RefOr<Schema> {
        T::schema()
    }
}

impl<T: ToSchema> ToSchema for Choice<T> {
    fn name() -> Cow<'static, str> {
        T::name()
    }

    fn schemas(schemas: &mut Vec<(String, RefOr<Schema>)>) {
        schemas.push((T::name().into_owned(), T::schema()));
        T::schemas(schemas);
    }
}

#[cfg(test)]
mod tests {
    use threshold_engine::types::Tenure;

    use super::*;

    #[test]
    fn any_text_is_read_and_only_the_enums_values_are_values() {
        let known: Choice<Tenure> = serde_json::from_value("LEASEHOLD".into()).unwrap();
        assert_eq!(known.value(), Some(Tenure::Leasehold));
        let unknown: Choice<Tenure> = serde_json::from_value("CASTLE".into()).unwrap();
        assert_eq!(unknown.value(), None);
        assert!(serde_json::from_value::<Choice<Tenure>>(7.into()).is_err());
        assert_eq!(Choice::<Tenure>::name(), "Tenure");
    }
}

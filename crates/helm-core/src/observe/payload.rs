//! What the payloads of the forge kinds share: a value serialised once, a
//! flag left out when false, a listing's length, and whether a look kept
//! every part.

use serde::Serialize;
use serde_json::Value;

pub(crate) fn to_value<T: Serialize>(value: &T) -> Value {
    serde_json::to_value(value).unwrap_or(Value::Null)
}

pub(crate) fn is_false(value: &bool) -> bool {
    !value
}

pub(crate) fn count(value: &Value) -> usize {
    value.as_array().map_or(0, Vec::len)
}

/// Whether a look kept every part (and had any): the payload is then the
/// prior one, unchanged.
pub(crate) fn all_kept(all: &[bool]) -> bool {
    !all.is_empty() && all.iter().all(|kept| *kept)
}

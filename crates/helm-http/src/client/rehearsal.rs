//! A dry run's client: it reads the forge as usual (a steer's preparation,
//! the freshness guard) but does not send the first write; it keeps it
//! instead, method, path and body, so `steer --dry-run` can show exactly
//! what would have gone out, and answers it as a request that never left.
//! A POST that only reads (a GraphQL query) is sent through
//! [`HttpClient::query`](super::HttpClient::query) and is never a write.

use std::sync::{Arc, Mutex};

use http::Method;
use serde_json::Value;

use crate::error::HttpError;

/// The write a dry run kept instead of sending.
#[derive(Clone, Debug)]
pub struct Unsent {
    /// `POST`, `PUT`, `PATCH` or `DELETE`.
    pub method: String,
    /// The path under the API base URL (`/repos/o/r/pulls/45/merge`, or
    /// `/graphql` for a mutation).
    pub path: String,
    /// The JSON body, with every field it would have carried.
    pub body: Option<Value>,
}

/// Where a rehearsing client keeps the write it did not send.
pub(crate) type Kept = Arc<Mutex<Option<Unsent>>>;

/// Whether a request changes the forge.
pub(crate) fn is_write(method: &Method) -> bool {
    *method != Method::GET && *method != Method::HEAD
}

/// Keeps the write in `kept` (the first one only: later writes of a
/// several-request action depend on the forge's answers) and says it did
/// not leave.
pub(crate) fn keep(kept: &Kept, method: &Method, path: &str, body: Option<&Value>) -> HttpError {
    if let Ok(mut slot) = kept.lock()
        && slot.is_none()
    {
        *slot = Some(Unsent {
            method: method.to_string(),
            path: path.to_string(),
            body: body.cloned(),
        });
    }
    HttpError::unsent()
}

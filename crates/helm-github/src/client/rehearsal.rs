//! A dry run's client: it reads GitHub as usual (a steer's preparation, the
//! freshness guard) but does not send the first write; it keeps it instead,
//! method, path and body, so `steer --dry-run` can show exactly what would
//! have gone out, and answers it as a request that never left. A GraphQL
//! query is a read; a GraphQL mutation is a write.

use std::sync::{Arc, Mutex};

use http::Method;
use serde_json::Value;

use crate::error::{Failure, GitHubError};

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

/// Whether a request changes GitHub.
pub(crate) fn is_write(method: &Method, body: Option<&Value>) -> bool {
    if *method == Method::GET || *method == Method::HEAD {
        return false;
    }
    // GraphQL reads are POSTs too: only a mutation writes.
    let query = body.and_then(|b| b.get("query")).and_then(Value::as_str);
    match query {
        Some(query) => query.trim_start().starts_with("mutation"),
        None => true,
    }
}

/// Keeps the write in `kept` (the first one only: later writes of a
/// several-request action depend on GitHub's answers) and says it did not
/// leave.
pub(crate) fn keep(kept: &Kept, method: &Method, path: &str, body: Option<&Value>) -> GitHubError {
    if let Ok(mut slot) = kept.lock()
        && slot.is_none()
    {
        *slot = Some(Unsent {
            method: method.to_string(),
            path: path.to_string(),
            body: body.cloned(),
        });
    }
    GitHubError {
        status: None,
        message: "not sent: a dry run".to_string(),
        details: Vec::new(),
        permission: None,
        failure: Failure::Unsent,
        refusal: None,
    }
}

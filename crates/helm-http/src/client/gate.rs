//! The outbound gate every write passes on its way to a forge: the caller
//! (helm's core, which this crate does not depend on) hands the client a
//! check, and the client calls it on each write as it would leave (method,
//! path with its query, body), after every transformation, before the
//! transport sends it. A client without a gate sends no write at all, so an
//! action that forgets the check cannot post.

use std::sync::Arc;

use http::Method;
use serde_json::Value;

use helm_model::error::Error;

use crate::error::HttpError;

/// One write as it would leave helm.
pub struct Outgoing<'a> {
    /// `POST`, `PUT`, `PATCH` or `DELETE`.
    pub method: &'a Method,
    /// The path under the API base URL, its query included (or the
    /// GraphQL endpoint's URL).
    pub path: &'a str,
    /// The JSON body, as it will be serialized.
    pub body: Option<&'a Value>,
}

/// The check a write must pass: `Err` withholds it, with the words the
/// user is shown.
pub type WriteGate = Arc<dyn Fn(&Outgoing<'_>) -> Result<(), Error> + Send + Sync>;

/// Whether a request changes the forge.
pub(crate) fn is_write(method: &Method) -> bool {
    *method != Method::GET && *method != Method::HEAD
}

/// Runs `gate` on a write to `forge`: a refusal is a failure that never left.
pub(super) fn pass(
    gate: Option<&WriteGate>,
    forge: &str,
    method: &Method,
    path: &str,
    body: Option<&Value>,
) -> Result<(), HttpError> {
    let Some(gate) = gate else {
        return Err(HttpError::described(format!(
            "helm sends no {method} to {forge} that its outbound gate has not checked, and this \
             client has none (a bug in helm)"
        )));
    };
    gate(&Outgoing { method, path, body }).map_err(HttpError::withheld)
}

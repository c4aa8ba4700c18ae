//! Errors of the libraries helm builds on, as helm's: a kind, a message
//! and a hint, with the library's error kept as the cause.

use super::{Error, Kind};

impl From<serde_json::Error> for Error {
    fn from(err: serde_json::Error) -> Self {
        Error::new(Kind::Storage, format!("malformed JSON: {err}")).caused_by(err)
    }
}

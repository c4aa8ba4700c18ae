//! A server's answer as helm keeps it: status, headers and the body's
//! bytes, read within their bound. Its own file because the client, its
//! errors, the look's memory and the rate-limit reading all take it, and
//! none of them should need the others for it.

use http::{HeaderMap, StatusCode};

/// A raw answer: status, headers and body bytes.
#[derive(Clone, Debug)]
pub struct Answer {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub body: Vec<u8>,
}

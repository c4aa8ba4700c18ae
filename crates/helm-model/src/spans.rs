//! Where a forge request is told to whoever keeps spans (`HELM_OTEL_FILE`,
//! issue 43 item 10): the transport says each request it made and how it
//! ended, and the front end that installed a [`Requests`] keeps it as a
//! child span of the command or MCP request it belongs to. A callback and
//! no more, so the transport can move crates with two calls; this crate
//! does no I/O.

use std::sync::OnceLock;
use std::time::Duration;

/// One request the transport made: never a header, a token or a body.
pub struct ForgeRequest<'a> {
    pub method: &'a str,
    /// Without credentials, and query values that may be secrets hidden
    /// (`tell::redact_url`).
    pub url: &'a str,
    /// The answer's status; none when no answer came.
    pub status: Option<u16>,
    pub took: Duration,
}

/// Whoever keeps spans of the requests. Called on the thread that made
/// the request.
pub trait Requests: Send + Sync {
    fn request(&self, request: &ForgeRequest<'_>);
}

static KEEPER: OnceLock<Box<dyn Requests>> = OnceLock::new();

/// Installs the process's keeper; `false` when one was installed already.
pub fn listen(keeper: Box<dyn Requests>) -> bool {
    KEEPER.set(keeper).is_ok()
}

/// Tells a finished request to the keeper, if any.
pub fn request(request: &ForgeRequest<'_>) {
    if let Some(keeper) = KEEPER.get() {
        keeper.request(request);
    }
}

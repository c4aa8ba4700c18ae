//! What every server's answer may cost: its body is read within a bound as
//! it arrives, never collected whole and cut afterwards (a 256 MiB error
//! page must cost 64 KiB, not 256 MiB), and the whole request, connecting,
//! sending, the headers and the last byte of the body, has one deadline:
//! `HELM_GITHUB_TIMEOUT`, whatever the host. A server that drips a byte
//! now and then never trips a per-read timeout; it trips this one.

use std::future::Future;
use std::time::Duration;

use http_body_util::BodyExt;

use crate::error::HttpError;

/// The most of a successful answer from the API host that helm holds:
/// GitHub's largest pages (100 items of at most 65,536 characters each)
/// stay well below it. A bigger one is refused as too large.
pub const MAX_ANSWER: usize = 32 << 20;
/// The most of a refusal's or a redirect's body that helm reads, from any
/// host: enough for any message a forge writes; the rest is never read.
pub const MAX_REFUSAL: usize = 64 << 10;

/// A body read up to a bound.
pub(crate) struct Capped {
    pub(crate) bytes: Vec<u8>,
    /// More came than the bound: the rest was left unread.
    pub(crate) cut: bool,
}

/// Reads `body` until its end or until more than `limit` bytes came,
/// whichever is first; at most `limit` bytes are kept.
pub(crate) async fn read<B>(body: &mut B, limit: usize) -> Result<Capped, HttpError>
where
    B: BodyExt + Unpin,
    B::Data: std::ops::Deref<Target = [u8]>,
    B::Error: std::error::Error + 'static,
{
    let mut bytes = Vec::new();
    while let Some(frame) = body.frame().await {
        let frame = frame.map_err(HttpError::transport)?;
        let Ok(data) = frame.into_data() else {
            continue;
        };
        let room = limit - bytes.len();
        if data.len() > room {
            bytes.extend_from_slice(&data[..room]);
            return Ok(Capped { bytes, cut: true });
        }
        bytes.extend_from_slice(&data);
    }
    Ok(Capped { bytes, cut: false })
}

/// Runs one whole request within `deadline`; `host` names who did not
/// answer in time ("GitHub", "the log storage host 10.0.0.1").
pub(crate) async fn within<T>(
    deadline: Duration,
    host: &str,
    request: impl Future<Output = Result<T, HttpError>>,
) -> Result<T, HttpError> {
    match tokio::time::timeout(deadline, request).await {
        Ok(result) => result,
        Err(_) => Err(HttpError::timed_out(host, deadline)),
    }
}

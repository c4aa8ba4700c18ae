//! Reading what a forge keeps on another host: GitHub's job log answers
//! with a redirect to a short-lived storage URL. The redirect is asked for
//! with the token and returned unfollowed; the storage URL is read by a
//! client that has no token at all, as a stream of which only the last lines are kept,
//! so memory stays bounded by what is kept, whatever the log's size, and
//! within the same deadline as any request (`HELM_GITHUB_TIMEOUT`).

use std::collections::VecDeque;
use std::time::Duration;

use http::Method;
use http_body_util::BodyExt;

use super::{HttpClient, body};
use crate::answer::Answer;
use crate::connect::Connection;
use crate::error::HttpError;

/// The longest a kept line may be; the rest of a longer line is dropped
/// (and counted), so a log without line breaks cannot grow the tail.
pub(crate) const MAX_LINE: usize = 4096;

impl HttpClient {
    /// A GET whose redirect is returned rather than followed (retried like
    /// any read): for answers whose `Location` is on another host.
    pub async fn get_unfollowed(&self, path: &str, accept: &str) -> Result<Answer, HttpError> {
        self.send_retrying(&Method::GET, path, accept, None, &[])
            .await
    }
}

/// The last lines of a text, as a stream of it arrives.
#[derive(Debug, Default)]
pub struct Tail {
    keep: usize,
    lines: VecDeque<String>,
    partial: Vec<u8>,
    /// Bytes of the current line beyond [`MAX_LINE`], dropped.
    cut: bool,
    /// Lines seen in all, and bytes.
    pub seen_lines: u64,
    pub seen_bytes: u64,
    /// Whether any kept line was cut at [`MAX_LINE`].
    pub lines_cut: bool,
}

impl Tail {
    pub fn new(keep: usize) -> Tail {
        Tail {
            keep,
            ..Tail::default()
        }
    }

    pub fn push(&mut self, mut bytes: &[u8]) {
        self.seen_bytes += bytes.len() as u64;
        while let Some(at) = bytes.iter().position(|b| *b == b'\n') {
            self.extend(&bytes[..at]);
            self.end_line();
            bytes = &bytes[at + 1..];
        }
        self.extend(bytes);
    }

    fn extend(&mut self, bytes: &[u8]) {
        let room = MAX_LINE.saturating_sub(self.partial.len());
        if bytes.len() > room {
            self.cut = true;
        }
        self.partial
            .extend_from_slice(&bytes[..bytes.len().min(room)]);
    }

    fn end_line(&mut self) {
        let mut line = std::mem::take(&mut self.partial);
        if line.last() == Some(&b'\r') {
            line.pop();
        }
        self.seen_lines += 1;
        if self.keep == 0 {
            self.cut = false;
            return;
        }
        if self.lines.len() == self.keep {
            self.lines.pop_front();
        }
        let mut text = String::from_utf8_lossy(&line).into_owned();
        if std::mem::take(&mut self.cut) {
            self.lines_cut = true;
            text.push('…');
        }
        self.lines.push_back(text);
    }

    /// The kept lines, oldest first; a last line without a line break counts.
    pub fn finish(mut self) -> (Vec<String>, Tail) {
        if !self.partial.is_empty() || self.cut {
            self.end_line();
        }
        let lines = std::mem::take(&mut self.lines).into();
        (lines, self)
    }
}

/// The storage host's refusal of a log's address: its status, and the
/// words for it. Never the forge's: the storage host never sees the token,
/// so a refusal there says nothing about it (an expired address answers 403).
#[derive(Debug)]
pub struct Refusal {
    pub status: u16,
    pub message: String,
}

/// Reads `location` (an absolute URL on any host) without the token,
/// keeping the last `keep` lines; `progress` is told each chunk's size. The
/// whole read, from connecting to the log's last byte, has one `deadline`.
/// The storage host's refusal is the inner error; a failure to get a whole
/// answer (no connection, the deadline) is the outer one.
pub async fn tail(
    location: &str,
    keep: usize,
    deadline: Duration,
    progress: &dyn Fn(u64),
) -> Result<Result<Tail, Refusal>, HttpError> {
    let uri: http::Uri = location.parse().map_err(|_| {
        HttpError::described(format!("the log's address '{location}' is not a URL"))
    })?;
    let (Some(scheme), Some(authority)) = (uri.scheme_str(), uri.authority()) else {
        return Err(HttpError::described(format!(
            "the log's address '{location}' names no host"
        )));
    };
    if !matches!(scheme, "http" | "https") {
        return Err(HttpError::described(format!(
            "the log's address '{location}' is not http(s)"
        )));
    }
    // A connection of its own, without credentials: nothing of the
    // forge's token can reach the storage host.
    let connection = Connection::open(&format!("{scheme}://{authority}"), None, &[], deadline)
        .map_err(|err| HttpError::described(err.message().to_string()))?;
    let path = uri.path_and_query().map_or("/", |pq| pq.as_str());
    let host = format!("the log storage host {}", authority.host());
    let shown = super::trace::url("", location);
    let started = std::time::Instant::now();
    let exchange = async {
        let response = connection.execute(&Method::GET, path, None, &[], None);
        let response = response.await.inspect_err(|err| {
            super::trace::failed(&Method::GET, &shown, started.elapsed(), &err.message);
        })?;
        let (parts, mut stream) = response.into_parts();
        super::trace::answered(
            &Method::GET,
            &shown,
            parts.status,
            started.elapsed(),
            &parts.headers,
        );
        if !parts.status.is_success() {
            // Its first bytes at most, for the storage service's error code;
            // the rest is never read.
            let said = body::read(&mut stream, body::MAX_REFUSAL).await?;
            return Ok(Err(refusal(parts.status, &said.bytes)));
        }
        let mut tail = Tail::new(keep);
        while let Some(frame) = stream.frame().await {
            let frame = frame.map_err(HttpError::transport)?;
            if let Ok(data) = frame.into_data() {
                tail.push(&data);
                progress(data.len() as u64);
            }
        }
        Ok(Ok(tail))
    };
    body::within(deadline, &host, exchange).await
}

/// The words for a storage host's refusal: its status, and the error code
/// its body names (`<Code>AuthenticationFailed</Code>`), if any.
fn refusal(status: http::StatusCode, body: &[u8]) -> Refusal {
    let text = String::from_utf8_lossy(body);
    let code = text
        .split_once("<Code>")
        .and_then(|(_, rest)| rest.split_once("</Code>"))
        .map(|(code, _)| code)
        .filter(|code| {
            !code.is_empty() && code.len() <= 64 && code.chars().all(|c| c.is_ascii_alphanumeric())
        });
    let reason = status.canonical_reason().unwrap_or("no reason given");
    let mut message = format!("the log storage host answered {} {reason}", status.as_u16());
    if let Some(code) = code {
        message.push_str(&format!(" ({code})"));
    }
    Refusal {
        status: status.as_u16(),
        message,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tail_of(chunks: &[&[u8]], keep: usize) -> (Vec<String>, Tail) {
        let mut tail = Tail::new(keep);
        chunks.iter().for_each(|c| tail.push(c));
        tail.finish()
    }

    #[test]
    fn keeps_the_last_lines_across_chunks() {
        let (lines, tail) = tail_of(&[b"one\ntw", b"o\r\nthree\nfo", b"ur"], 2);
        assert_eq!(lines, ["three", "four"]);
        assert_eq!((tail.seen_lines, tail.seen_bytes), (4, 19));
        let (lines, _) = tail_of(&[b"a\nb\n"], 5);
        assert_eq!(lines, ["a", "b"]);
        let (lines, tail) = tail_of(&[b"a\nb\n"], 0);
        assert!(lines.is_empty());
        assert_eq!(tail.seen_lines, 2);
    }

    #[test]
    fn a_refusal_names_its_status_and_a_plain_error_code_only() {
        let azure = b"<?xml?><Error><Code>AuthenticationFailed</Code><Message>x</Message></Error>";
        let said = refusal(http::StatusCode::FORBIDDEN, azure);
        assert_eq!(said.status, 403);
        assert_eq!(
            said.message,
            "the log storage host answered 403 Forbidden (AuthenticationFailed)"
        );
        let hostile = b"<Code>\x1b[31mred</Code>";
        let said = refusal(http::StatusCode::INTERNAL_SERVER_ERROR, hostile);
        assert_eq!(
            said.message,
            "the log storage host answered 500 Internal Server Error"
        );
    }

    #[test]
    fn a_line_longer_than_the_bound_is_cut_not_kept_whole() {
        let long = vec![b'x'; MAX_LINE * 3];
        let (lines, tail) = tail_of(&[&long, &long, b"\nend\n"], 2);
        assert_eq!(lines[0].chars().count(), MAX_LINE + 1);
        assert!(lines[0].ends_with('…'));
        assert_eq!(lines[1], "end");
        assert!(tail.lines_cut);
    }
}

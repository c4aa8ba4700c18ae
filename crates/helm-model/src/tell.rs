//! What helm tells the person running it while it works, apart from its
//! result: a trace of each request and git command (`--verbose`,
//! `HELM_LOG=debug`), notes such as waiting out a rate limit, and progress
//! lines from long work (git's own, passed through). The lower crates say
//! it here; the front end that installed an [`Audience`] decides whether and
//! how it is shown (stderr, progress only on a terminal, nothing under
//! `--quiet`). Without an audience nothing is shown: this crate does no I/O.
//!
//! One audience per process, set once at start: the trace is a property of
//! the run, like its environment, not of any one call.

use std::sync::OnceLock;

/// Where what helm tells goes. Every method may be called from any thread.
pub trait Audience: Send + Sync {
    /// Whether trace lines are wanted at all: when not, they are not even
    /// formatted.
    fn tracing(&self) -> bool;
    /// One trace line: a request and its answer, a git command.
    fn trace(&self, line: &str);
    /// A line worth telling, that is not an error (a wait, an ignored
    /// cache file).
    fn note(&self, line: &str);
    /// Whether progress is shown at all: when not, helm does not ask git
    /// for its progress.
    fn showing_progress(&self) -> bool;
    /// Some long work begins; it may hold parts that begin and end inside
    /// it (a push, and the `git push` in it), each with its own `done`.
    fn progress_begin(&self);
    /// The latest state of some long work, replacing the previous one; the
    /// work's `label` names it.
    fn progress(&self, label: &str, state: &str);
    /// A piece of long work is over; when the outermost one is, its
    /// progress goes.
    fn progress_done(&self);
}

static LISTENER: OnceLock<Box<dyn Audience>> = OnceLock::new();

/// Installs the process's audience; `false` when one was installed already
/// (the first one stays).
pub fn listen(listener: Box<dyn Audience>) -> bool {
    LISTENER.set(listener).is_ok()
}

fn listener() -> Option<&'static dyn Audience> {
    LISTENER.get().map(|l| l.as_ref())
}

/// A trace line, made only when a trace is kept.
pub fn trace(line: impl FnOnce() -> String) {
    if let Some(listener) = listener().filter(|l| l.tracing()) {
        listener.trace(&line());
    }
}

/// A note for the person running helm.
pub fn note(line: &str) {
    if let Some(listener) = listener() {
        listener.note(line);
    }
}

/// Whether progress is shown: work that must ask for its progress (git's
/// `--progress`) asks only then.
pub fn showing_progress() -> bool {
    listener().is_some_and(|l| l.showing_progress())
}

/// Progress of long work; the display ends when the returned guard is
/// dropped, however the work ends.
pub fn progress(label: &str) -> Ongoing {
    if let Some(listener) = listener() {
        listener.progress_begin();
    }
    Ongoing {
        label: label.to_string(),
    }
}

/// The progress of one piece of long work: see [`progress`].
pub struct Ongoing {
    label: String,
}

impl Ongoing {
    /// The work's state now, e.g. git's `Writing objects:  45% (9/20)`.
    pub fn update(&mut self, state: &str) {
        if let Some(listener) = listener() {
            listener.progress(&self.label, state);
        }
    }
}

impl Drop for Ongoing {
    fn drop(&mut self) {
        if let Some(listener) = listener() {
            listener.progress_done();
        }
    }
}

/// A trace line for a command helm runs: the program and its arguments, a
/// URL among them without credentials. Its environment is never shown
/// (helm passes network settings there, which may hold a token).
pub fn command(command: &std::process::Command) {
    trace(|| {
        let mut line = format!("run: {}", command.get_program().to_string_lossy());
        for arg in command.get_args() {
            let arg = redact_url(&arg.to_string_lossy());
            if arg.is_empty() || arg.contains([' ', '"', '\'']) {
                line.push_str(&format!(" '{}'", arg.replace('\'', "'\\''")));
            } else {
                line.push(' ');
                line.push_str(&arg);
            }
        }
        line
    });
}

/// A URL as a trace may show it: no user or password before the host, and
/// the values of query parameters that may carry a secret replaced by `***`.
pub fn redact_url(url: &str) -> String {
    let (head, query) = match url.split_once('?') {
        Some((head, query)) => (head, Some(query)),
        None => (url, None),
    };
    let head = match head.split_once("://") {
        Some((scheme, rest)) => {
            let end = rest.find('/').unwrap_or(rest.len());
            match rest[..end].rfind('@') {
                Some(at) => format!("{scheme}://***@{}", &rest[at + 1..]),
                None => head.to_string(),
            }
        }
        None => head.to_string(),
    };
    let Some(query) = query else {
        return head;
    };
    let pairs: Vec<String> = query
        .split('&')
        .map(|pair| match pair.split_once('=') {
            Some((key, _)) if secret_key(key) => format!("{key}=***"),
            _ => pair.to_string(),
        })
        .collect();
    format!("{head}?{}", pairs.join("&"))
}

/// Query parameter names that carry credentials or signed grants (GitHub's
/// own, OAuth's, and the signatures of storage URLs).
fn secret_key(key: &str) -> bool {
    let key = key.to_ascii_lowercase();
    [
        "token",
        "secret",
        "code",
        "sig",
        "signature",
        "key",
        "password",
        "credential",
    ]
    .iter()
    .any(|word| key.contains(word))
        || key.starts_with("x-amz-")
        || key == "jwt"
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_url_loses_its_credentials_and_keeps_the_rest() {
        assert_eq!(
            redact_url("https://x-access-token:ghp_abc@github.com/o/r.git"),
            "https://***@github.com/o/r.git"
        );
        assert_eq!(
            redact_url("https://api.github.com/repos/o/r/issues?per_page=100&page=2"),
            "https://api.github.com/repos/o/r/issues?per_page=100&page=2"
        );
        assert_eq!(
            redact_url("https://logs.example/j/1?sv=2021&sig=AbC%2F&access_token=t&se=9"),
            "https://logs.example/j/1?sv=2021&sig=***&access_token=***&se=9"
        );
        assert_eq!(redact_url("/tmp/remote.git"), "/tmp/remote.git");
        assert_eq!(
            redact_url("https://host/a@b/c"),
            "https://host/a@b/c",
            "an @ in the path is no user"
        );
    }
}

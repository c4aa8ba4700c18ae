//! Canned failures ([`Fault`]) and how a request is matched against them. Most answer
//! instead of acting; the `*_after_acting` ones let the write happen first, so the client
//! cannot tell from the answer whether GitHub acted (issue 10's "unknown outcome").

use super::*;

/// When a fault strikes, relative to the request changing the state.
#[derive(Clone, Debug, PartialEq)]
pub enum Acting {
    /// The fault's answer replaces the request: nothing changes.
    Instead,
    /// The request acts, then the fault's answer replaces the real one (e.g. a 502).
    ThenAnswer,
    /// The request acts, then the real answer comes this late (past the client's timeout).
    ThenHang(Duration),
    /// The request acts, then the connection is closed without an answer.
    ThenDrop,
    /// The request acts, then the real answer waits until the test opens the [`Gate`]: a
    /// GitHub as slow as the test needs, with no clock involved.
    ThenHold(Gate),
}

/// Holds back the answers of [`Fault::hold_after_acting`] until [`Gate::open`].
#[derive(Clone, Debug, Default)]
pub struct Gate(Arc<AtomicBool>);

impl Gate {
    /// Lets every held answer (and any later one) go.
    pub fn open(&self) {
        self.0.store(true, Ordering::SeqCst);
    }

    pub fn is_open(&self) -> bool {
        self.0.load(Ordering::SeqCst)
    }
}

impl PartialEq for Gate {
    fn eq(&self, other: &Gate) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

/// A canned failure: the next matching request(s) get this answer instead of the real one
/// (or, see [`Acting`], after the real action).
#[derive(Clone, Debug)]
pub struct Fault {
    /// HTTP method to match, or `"*"` for any.
    pub method: String,
    /// Substring of the path-and-query to match.
    pub path_contains: String,
    pub status: u16,
    pub body: Value,
    pub headers: Vec<(String, String)>,
    /// How many requests it still applies to; `None` for all of them.
    pub times: Option<usize>,
    pub acting: Acting,
    /// Substring the request's body must hold, if any: a GraphQL mutation and the query
    /// that looks for its effect both go to `POST /graphql`.
    pub body_contains: Option<String>,
}

impl Fault {
    /// A one-shot failure.
    pub fn new(method: &str, path_contains: &str, status: u16, body: Value) -> Self {
        Fault {
            method: method.to_ascii_uppercase(),
            path_contains: path_contains.to_owned(),
            status,
            body,
            headers: Vec::new(),
            times: Some(1),
            acting: Acting::Instead,
            body_contains: None,
        }
    }

    /// The request acts (e.g. the comment is posted), then the answer is `status` + `body`.
    pub fn answer_after_acting(
        method: &str,
        path_contains: &str,
        status: u16,
        body: Value,
    ) -> Self {
        Fault {
            acting: Acting::ThenAnswer,
            ..Fault::new(method, path_contains, status, body)
        }
    }

    /// The request acts, then GitHub's front end answers 502 as it does when a backend is slow.
    pub fn bad_gateway_after_acting(method: &str, path_contains: &str) -> Self {
        let body = error_body(502, "Server Error");
        Fault::answer_after_acting(method, path_contains, 502, body)
    }

    /// The request acts, then its real answer comes only after `delay`: longer than the
    /// client's timeout, the client sees a timeout for a write that happened.
    pub fn hang_after_acting(method: &str, path_contains: &str, delay: Duration) -> Self {
        Fault {
            acting: Acting::ThenHang(delay),
            ..Fault::new(method, path_contains, 0, Value::Null)
        }
    }

    /// The request acts, then its real answer waits for `gate` to open.
    pub fn hold_after_acting(method: &str, path_contains: &str, gate: &Gate) -> Self {
        Fault {
            acting: Acting::ThenHold(gate.clone()),
            ..Fault::new(method, path_contains, 0, Value::Null)
        }
    }

    /// GitHub's secondary rate limit: 403 with its message and `retry-after`
    /// in seconds, in place of the request (nothing acts).
    pub fn secondary_limit(method: &str, path_contains: &str, retry_after: u64) -> Self {
        let message = "You have exceeded a secondary rate limit. Please wait a few minutes before you try again.";
        Fault::new(method, path_contains, 403, error_body(403, message))
            .header("retry-after", &retry_after.to_string())
    }

    /// The request acts, then the connection is closed without a word.
    pub fn drop_after_acting(method: &str, path_contains: &str) -> Self {
        Fault {
            acting: Acting::ThenDrop,
            ..Fault::new(method, path_contains, 0, Value::Null)
        }
    }

    /// The answer this fault gives in place of the real one.
    pub(super) fn reply(&self) -> Reply {
        let mut reply = Reply::json(self.status, self.body.clone());
        reply.headers = self.headers.clone();
        reply
    }

    pub fn header(mut self, name: &str, value: &str) -> Self {
        self.headers
            .push((name.to_ascii_lowercase(), value.to_owned()));
        self
    }

    /// Strikes only requests whose body holds `text` (e.g. a mutation's name).
    pub fn when_body_contains(mut self, text: &str) -> Self {
        self.body_contains = Some(text.to_owned());
        self
    }

    pub fn times(mut self, n: usize) -> Self {
        self.times = Some(n);
        self
    }

    pub fn always(mut self) -> Self {
        self.times = None;
        self
    }

    /// GitHub's primary rate limit: 403 with `x-ratelimit-remaining: 0` and a reset time
    /// (epoch seconds) `reset_in` from now.
    pub fn rate_limited(method: &str, path_contains: &str, reset_in: Duration) -> Self {
        let reset = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .unwrap_or_default()
            + reset_in;
        let body = error_body(403, "API rate limit exceeded for user ID 1.");
        Fault::new(method, path_contains, 403, body)
            .header("x-ratelimit-limit", "5000")
            .header("x-ratelimit-remaining", "0")
            .header("x-ratelimit-used", "5000")
            .header("x-ratelimit-reset", &reset.as_secs().to_string())
    }

    /// GitHub's secondary rate limit: 429 with `retry-after: <seconds>`.
    pub fn secondary_rate_limited(
        method: &str,
        path_contains: &str,
        retry_after_secs: u64,
    ) -> Self {
        let message = "You have exceeded a secondary rate limit. Please wait a few minutes before you try again.";
        Fault::new(method, path_contains, 429, error_body(429, message))
            .header("retry-after", &retry_after_secs.to_string())
    }

    pub(super) fn matches(&self, request: &RecordedRequest) -> bool {
        (self.method == "*" || self.method == request.method)
            && request.path_and_query.contains(&self.path_contains)
            && (self.body_contains.as_ref()).is_none_or(|text| request.raw_body.contains(text))
    }
}

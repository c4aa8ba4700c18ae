//! The client every forge's requests go through: one [`Connection`], and
//! helm's own handling of statuses, redirects and retries on top.
//!
//! Reads are retried a bounded number of times on 5xx, timeouts and broken
//! connections. Writes are never retried on those, because the forge may
//! have acted before the failure; only an explicit rate-limit refusal (which
//! means the forge did nothing) is waited out and retried, within a bound.
//! Every write passes the outbound gate first; a client without one sends
//! no write at all. A dry run never reaches this client: the forge's plan
//! holds every write before anything leaves, and the core keeps the first.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use http::{HeaderMap, Method};
use serde_json::Value;

pub(crate) mod body;
pub mod gate;
mod limits;
mod link;
mod received;
pub mod storage;
mod trace;

pub use limits::UnnamedLimit;
use limits::rate_limit_wait;
pub use link::next_link;

use crate::answer::Answer;
use crate::connect::{Connection, Credentials};
use crate::error::HttpError;
use crate::memo::Memo;
use crate::moved::{MovedRepo, Mover};
use helm_model::clock::GitHubClock;
use helm_model::error::Error;

/// Read attempts on transient failures (the first try included).
const READ_ATTEMPTS: u32 = 3;
/// How many rate-limit refusals helm waits out per request.
const MAX_RATE_RETRIES: u32 = 3;
/// Redirects followed per request.
const MAX_REDIRECTS: u32 = 3;

/// Whom a client talks to, as its forge crate describes it.
pub struct Server<'a> {
    /// The forge's name in what the user reads ("GitHub").
    pub forge: &'static str,
    /// The API's base URL, checked by the forge crate.
    pub api_url: &'a str,
    /// The token and its scheme; none for a host that must never see one.
    pub credentials: Option<Credentials<'a>>,
    /// Headers of the forge's own on every request (its API version).
    pub headers: &'a [(&'static str, &'static str)],
    /// A rate limit the forge words in its body without naming a wait.
    pub unnamed_limit: Option<UnnamedLimit>,
    /// The deadline of one exchange, and the longest wait for a rate
    /// limit per request: `HELM_GITHUB_TIMEOUT`.
    pub deadline: Duration,
}

#[derive(Clone)]
pub struct HttpClient {
    connection: Connection,
    forge: &'static str,
    /// The path part of the API base URL (`/api/v3` on Enterprise), stripped
    /// from `Link` URLs so every request stays relative to the base.
    base_path: String,
    api_url: String,
    /// Set when the forge redirected a request to another repository; shared
    /// with the client's [`remembering`](HttpClient::remembering) copies.
    moved: Arc<Mutex<Option<MovedRepo>>>,
    /// How the forge crate reads a redirect's path, if it does.
    mover: Option<Mover>,
    /// The forge's limit that names no wait, if it has one.
    unnamed_limit: Option<UnnamedLimit>,
    /// The forge's clock as its latest answer showed it (ADR 0012); shared
    /// with the remembering copies too.
    clock: Arc<Mutex<Option<GitHubClock>>>,
    /// GET answers remembered for one look or check, when set.
    memo: Option<Arc<Memo>>,
    /// The check every write passes before it leaves; none, no writes.
    gate: Option<gate::WriteGate>,
    /// Where the bytes of every answer are counted, for a look's progress.
    counter: Option<Arc<std::sync::atomic::AtomicU64>>,
    /// The longest helm waits in all for a rate limit to lift, per request:
    /// `HELM_GITHUB_TIMEOUT`.
    rate_budget: Duration,
    /// The longest one request may take, its body read to the end, on any
    /// host: `HELM_GITHUB_TIMEOUT` too.
    deadline: Duration,
}

impl HttpClient {
    /// A client for `server`, without a gate (so it sends no write until
    /// [`gated`](HttpClient::gated)).
    pub fn connect(server: Server<'_>) -> Result<HttpClient, Error> {
        let connection = Connection::open(
            server.api_url,
            server.credentials,
            server.headers,
            server.deadline,
        )?;
        let base_path = server
            .api_url
            .parse::<http::Uri>()
            .map(|uri| uri.path().trim_end_matches('/').to_string())
            .unwrap_or_default();
        Ok(HttpClient {
            connection,
            forge: server.forge,
            base_path,
            api_url: server.api_url.to_string(),
            moved: Default::default(),
            mover: None,
            unnamed_limit: server.unnamed_limit,
            clock: Default::default(),
            memo: None,
            gate: None,
            counter: None,
            rate_budget: server.deadline,
            deadline: server.deadline,
        })
    }

    /// The API's base URL.
    pub fn api_url(&self) -> &str {
        &self.api_url
    }

    /// The deadline of one request, on any host.
    pub fn deadline(&self) -> Duration {
        self.deadline
    }

    /// A client on the same connection that remembers its GET answers
    /// while it lives (see [`Memo`]): for one look or one freshness check.
    pub fn remembering(&self) -> HttpClient {
        HttpClient {
            memo: Some(Default::default()),
            ..self.clone()
        }
    }

    /// This client with `gate` checking each write before it leaves.
    pub fn gated(mut self, gate: gate::WriteGate) -> HttpClient {
        self.gate = Some(gate);
        self
    }

    /// This client with `mover` reading where a redirect went ([`HttpClient::moved`]).
    pub fn noting_moves(mut self, mover: Mover) -> HttpClient {
        self.mover = Some(mover);
        self
    }

    /// The forge's clock as its latest answer showed it (its `Date` header,
    /// and this machine's clock when it arrived), if any answer had one.
    pub fn clock(&self) -> Option<GitHubClock> {
        self.clock.lock().map(|c| c.clone()).unwrap_or(None)
    }

    fn note_clock(&self, headers: &HeaderMap) {
        let read = headers
            .get(http::header::DATE)
            .and_then(|v| v.to_str().ok())
            .and_then(|date| GitHubClock::read(date, jiff::Timestamp::now()));
        if let (Some(read), Ok(mut clock)) = (read, self.clock.lock()) {
            *clock = Some(read);
        }
    }

    async fn send_once(
        &self,
        method: &Method,
        path: &str,
        accept: &str,
        body: Option<&Value>,
        extra: &[(http::HeaderName, String)],
    ) -> Result<Answer, HttpError> {
        let text = body.map(Value::to_string);
        // One deadline for the whole exchange; a refusal's or a redirect's
        // body is read up to its bound and the rest left unread, a success
        // bigger than helm holds is refused.
        let exchange = async {
            let response = self
                .connection
                .execute(method, path, Some(accept), extra, text)
                .await?;
            let (parts, mut stream) = response.into_parts();
            self.note_clock(&parts.headers);
            let success = parts.status.is_success();
            let limit = if success {
                body::MAX_ANSWER
            } else {
                body::MAX_REFUSAL
            };
            let read = body::read(&mut stream, limit).await?;
            if read.cut && success {
                return Err(HttpError::too_large(limit));
            }
            Ok((parts, read.bytes))
        };
        let url = trace::url(&self.api_url, path);
        let started = std::time::Instant::now();
        let (parts, body) = match body::within(self.deadline, self.forge, exchange).await {
            Ok(answer) => answer,
            Err(err) => {
                trace::failed(method, &url, started.elapsed(), &err.message);
                return Err(err);
            }
        };
        trace::answered(
            method,
            &url,
            parts.status,
            started.elapsed(),
            &parts.headers,
        );
        self.received(body.len() as u64);
        Ok(Answer {
            status: parts.status,
            headers: parts.headers,
            body,
        })
    }

    /// Sends a request with helm's retry rules, following the forge's
    /// redirects (a renamed or transferred repository answers 301 to reads
    /// and 307 to writes), and returns any answer the forge gave (successful
    /// or not) or the transport failure. Anything but a GET or HEAD is a
    /// write: it passes the gate.
    pub async fn send(
        &self,
        method: Method,
        path: &str,
        accept: &str,
        body: Option<&Value>,
    ) -> Result<Answer, HttpError> {
        self.send_with(method, path, accept, body, &[]).await
    }

    /// A POST that only reads (a GraphQL query): it changes nothing, so it
    /// does not pass the gate; as any POST, it is not retried.
    pub async fn query(&self, path: &str, accept: &str, body: &Value) -> Result<Answer, HttpError> {
        self.send_following(Method::POST, path, accept, Some(body), &[])
            .await
    }

    /// [`send`](Self::send) with extra request headers (`If-None-Match`);
    /// a GET from memory when the client remembers.
    pub async fn send_with(
        &self,
        method: Method,
        path: &str,
        accept: &str,
        body: Option<&Value>,
        extra: &[(http::HeaderName, String)],
    ) -> Result<Answer, HttpError> {
        if gate::is_write(&method) {
            gate::pass(self.gate.as_ref(), self.forge, &method, path, body)?;
        }
        match &self.memo {
            Some(memo) if method == Method::GET => {
                let sent = std::cell::Cell::new(false);
                let send = || {
                    sent.set(true);
                    self.send_following(method.clone(), path, accept, body, extra)
                };
                let answer = memo.get(path, accept, extra, send).await?;
                if !sent.get() {
                    trace::remembered(&trace::url(&self.api_url, path), answer.status);
                }
                Ok(answer)
            }
            _ => self.send_following(method, path, accept, body, extra).await,
        }
    }

    async fn send_following(
        &self,
        method: Method,
        path: &str,
        accept: &str,
        body: Option<&Value>,
        extra: &[(http::HeaderName, String)],
    ) -> Result<Answer, HttpError> {
        let mut path = path.to_string();
        let mut hops = 0;
        loop {
            let answer = self
                .send_retrying(&method, &path, accept, body, extra)
                .await?;
            // 307 and 308 repeat the request as it was; 301 and 302 are
            // followed only for reads, since a client may turn them into a
            // GET, and a write must never quietly become one.
            let follow = match answer.status.as_u16() {
                301 | 302 => method == Method::GET,
                307 | 308 => true,
                _ => false,
            };
            let location = answer
                .headers
                .get(http::header::LOCATION)
                .and_then(|v| v.to_str().ok())
                .filter(|l| !l.is_empty());
            let (true, Some(location)) = (follow, location) else {
                return Ok(answer);
            };
            if hops == MAX_REDIRECTS {
                return Err(HttpError::redirects(
                    self.forge,
                    MAX_REDIRECTS,
                    answer.status.as_u16(),
                ));
            }
            hops += 1;
            // Relative to the API base, like `Link` URLs: the token never
            // follows a redirect to another host.
            let next = self.relative(location);
            self.note_move(&next);
            path = next;
        }
    }

    /// Where the forge said the repository now lives, if it redirected a
    /// request to another repository.
    pub fn moved(&self) -> Option<MovedRepo> {
        self.moved.lock().map(|m| m.clone()).unwrap_or(None)
    }

    /// Remembers a redirect to another repository (the first one), for
    /// the caller to tell the user ([`HttpClient::moved`]).
    fn note_move(&self, next: &str) {
        let Some(moved) = self.mover.as_ref().and_then(|mover| mover(next)) else {
            return;
        };
        if let Ok(mut slot) = self.moved.lock()
            && slot.is_none()
        {
            *slot = Some(moved);
        }
    }

    async fn send_retrying(
        &self,
        method: &Method,
        path: &str,
        accept: &str,
        body: Option<&Value>,
        extra: &[(http::HeaderName, String)],
    ) -> Result<Answer, HttpError> {
        let read = *method == Method::GET;
        let mut failures = 0;
        let mut refusals = 0;
        let mut waited = Duration::ZERO;
        loop {
            let result = self.send_once(method, path, accept, body, extra).await;
            let wait = match &result {
                Ok(answer) => match rate_limit_wait(answer, self.unnamed_limit.as_ref()) {
                    Some(wait) => {
                        refusals += 1;
                        let left = self.rate_budget.saturating_sub(waited);
                        if refusals > MAX_RATE_RETRIES || wait > left {
                            // Fails at once: waiting would only end in it.
                            return Err(HttpError::limited(self.forge, answer, wait, left));
                        }
                        // Never sooner than the forge asks, writes above all.
                        helm_model::tell::note(&format!(
                            "helm: {}'s rate limit answered {} to {method} {path}; waiting {} s as it asks",
                            self.forge,
                            answer.status.as_u16(),
                            wait.as_secs()
                        ));
                        wait
                    }
                    None if read && answer.status.is_server_error() => {
                        failures += 1;
                        if failures >= READ_ATTEMPTS {
                            return result;
                        }
                        backoff(failures)
                    }
                    None => return result,
                },
                Err(err) if read && err.is_transient() => {
                    failures += 1;
                    if failures >= READ_ATTEMPTS {
                        return result;
                    }
                    backoff(failures)
                }
                Err(_) => return result,
            };
            tokio::time::sleep(wait).await;
            waited += wait;
        }
    }

    /// Makes a `Link` URL relative to the API base, so it goes through the
    /// same base URL (and carries the token) like every other request.
    pub fn relative(&self, link: &str) -> String {
        let path_and_query = match link.parse::<http::Uri>() {
            Ok(uri) => uri
                .path_and_query()
                .map(|pq| pq.as_str().to_string())
                .unwrap_or_else(|| link.to_string()),
            Err(_) => link.to_string(),
        };
        match path_and_query.strip_prefix(&self.base_path) {
            Some(rest) if !self.base_path.is_empty() && rest.starts_with('/') => rest.to_string(),
            _ => path_and_query,
        }
    }
}

fn backoff(attempt: u32) -> Duration {
    Duration::from_millis(250 * 2u64.pow(attempt.saturating_sub(1)))
}

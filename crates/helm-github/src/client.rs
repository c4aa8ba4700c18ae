//! The transport: octocrab for authentication, base URL, TLS and timeouts;
//! helm's own handling of statuses, pagination and retries on top.
//!
//! Reads are retried a bounded number of times on 5xx, timeouts and broken
//! connections. Writes are never retried on those, because GitHub may have
//! acted before the failure; only an explicit rate-limit refusal (which
//! means GitHub did nothing) is waited out and retried, within a bound.

use std::time::Duration;

use http::{HeaderMap, Method, StatusCode};
use octocrab::Octocrab;
use serde_json::Value;

pub(crate) mod body;
pub mod gate;
mod json;
mod limits;
mod link;
mod received;
pub mod rehearsal;
pub mod storage;
mod trace;

use limits::rate_limit_wait;
pub(crate) use link::next_link;

use super::error::GitHubError;
use super::memo::Memo;
pub(crate) use super::moved::MovedRepo;
use super::repo::Repo;
use crate::model::clock::GitHubClock;

/// Read attempts on transient failures (the first try included).
const READ_ATTEMPTS: u32 = 3;
/// How many rate-limit refusals helm waits out per request.
const MAX_RATE_RETRIES: u32 = 3;
/// Pages fetched at most per listing (100 items a page).
pub(crate) const MAX_PAGES: usize = 50;
/// Redirects followed per request.
const MAX_REDIRECTS: u32 = 3;

pub struct Client {
    crab: Octocrab,
    /// The path part of the API base URL (`/api/v3` on Enterprise), stripped
    /// from `Link` URLs so every request stays relative to the base.
    base_path: String,
    pub repo: Repo,
    pub(crate) api_url: String,
    /// Set when GitHub redirected a request to another repository; shared
    /// with the client's [`remembering`](Client::remembering) copies.
    moved: std::sync::Arc<std::sync::Mutex<Option<MovedRepo>>>,
    /// GitHub's clock as its latest answer showed it (ADR 0012); shared
    /// with the remembering copies too.
    clock: std::sync::Arc<std::sync::Mutex<Option<GitHubClock>>>,
    /// GET answers remembered for one look or check, when set.
    memo: Option<std::sync::Arc<Memo>>,
    /// Set on a dry run's client: the first write is kept here, not sent.
    rehearsal: Option<rehearsal::Kept>,
    /// The check every write passes before it leaves; none, no writes.
    gate: Option<gate::Gate>,
    /// Where the bytes of every answer are counted, for a look's progress.
    counter: Option<std::sync::Arc<std::sync::atomic::AtomicU64>>,
    /// The longest helm waits in all for a rate limit to lift, per request:
    /// `HELM_GITHUB_TIMEOUT`.
    rate_budget: Duration,
    /// The longest one request may take, its body read to the end, on any
    /// host: `HELM_GITHUB_TIMEOUT` too.
    deadline: Duration,
}

/// A raw answer: status, headers and body bytes.
#[derive(Clone)]
pub struct Answer {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub body: Vec<u8>,
}

impl Client {
    pub(crate) fn new(crab: Octocrab, api_url: &str, repo: Repo) -> Client {
        let base_path = api_url
            .parse::<http::Uri>()
            .map(|uri| uri.path().trim_end_matches('/').to_string())
            .unwrap_or_default();
        Client {
            crab,
            base_path,
            repo,
            api_url: api_url.to_string(),
            moved: Default::default(),
            clock: Default::default(),
            memo: None,
            rehearsal: None,
            gate: None,
            counter: None,
            rate_budget: Duration::from_secs(30),
            deadline: Duration::from_secs(30),
        }
    }

    /// Gives each request at most `deadline`, from connecting to its last
    /// byte ([`body::within`]).
    pub(crate) fn answering_within(mut self, deadline: Duration) -> Client {
        self.deadline = deadline;
        self
    }

    /// The deadline of one request, on any host.
    pub fn deadline(&self) -> Duration {
        self.deadline
    }

    /// Waits for rate limits to lift at most `budget` in all per request.
    pub(crate) fn waiting_at_most(mut self, budget: Duration) -> Client {
        self.rate_budget = budget;
        self
    }

    /// A client on the same connection that remembers its GET answers
    /// while it lives (see [`Memo`]): for one look or one freshness check.
    pub fn remembering(&self) -> Client {
        Client {
            crab: self.crab.clone(),
            base_path: self.base_path.clone(),
            repo: self.repo.clone(),
            api_url: self.api_url.clone(),
            moved: std::sync::Arc::clone(&self.moved),
            clock: std::sync::Arc::clone(&self.clock),
            memo: Some(Default::default()),
            rehearsal: self.rehearsal.clone(),
            gate: self.gate.clone(),
            counter: self.counter.clone(),
            rate_budget: self.rate_budget,
            deadline: self.deadline,
        }
    }

    /// This client for a dry run: it reads as usual, and keeps its first
    /// write instead of sending it ([`Client::unsent`]).
    pub fn rehearsing(mut self) -> Client {
        self.rehearsal = Some(Default::default());
        self
    }

    /// This client with `gate` checking each write before it leaves.
    pub fn gated(mut self, gate: gate::Gate) -> Client {
        self.gate = Some(gate);
        self
    }

    /// The write a rehearsing client kept instead of sending, if any.
    pub fn unsent(&self) -> Option<rehearsal::Unsent> {
        let kept = self.rehearsal.as_ref()?;
        kept.lock().ok()?.clone()
    }

    /// GitHub's clock as its latest answer showed it (its `Date` header,
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

    /// `/repos/{owner}/{repo}` followed by `tail`.
    pub fn repo_path(&self, tail: &str) -> String {
        format!("/repos/{}/{}{tail}", self.repo.owner, self.repo.name)
    }

    async fn send_once(
        &self,
        method: &Method,
        path: &str,
        accept: &str,
        body: Option<&Value>,
        extra: &[(http::HeaderName, String)],
    ) -> Result<Answer, GitHubError> {
        let mut builder = http::Request::builder()
            .method(method.clone())
            .uri(path)
            .header(http::header::ACCEPT, accept)
            .header("X-GitHub-Api-Version", "2022-11-28");
        for (name, value) in extra {
            builder = builder.header(name, value.as_str());
        }
        let request = self
            .crab
            .build_request(builder, body)
            .map_err(GitHubError::transport)?;
        // One deadline for the whole exchange; a refusal's or a redirect's
        // body is read up to its bound and the rest left unread, a success
        // bigger than helm holds is refused.
        let exchange = async {
            let response = self
                .crab
                .execute(request)
                .await
                .map_err(GitHubError::transport)?;
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
                return Err(GitHubError::too_large(limit));
            }
            Ok((parts, read.bytes))
        };
        let url = trace::url(&self.api_url, path);
        let started = std::time::Instant::now();
        let (parts, body) = match body::within(self.deadline, "GitHub", exchange).await {
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

    /// Sends a request with helm's retry rules, following GitHub's redirects
    /// (a renamed or transferred repository answers 301 to reads and 307 to
    /// writes), and returns any answer GitHub gave (successful or not) or the
    /// transport failure.
    pub async fn send(
        &self,
        method: Method,
        path: &str,
        accept: &str,
        body: Option<&Value>,
    ) -> Result<Answer, GitHubError> {
        self.send_with(method, path, accept, body, &[]).await
    }

    /// [`send`](Self::send) with extra request headers (`If-None-Match`);
    /// a GET from memory when the client remembers.
    pub(crate) async fn send_with(
        &self,
        method: Method,
        path: &str,
        accept: &str,
        body: Option<&Value>,
        extra: &[(http::HeaderName, String)],
    ) -> Result<Answer, GitHubError> {
        if rehearsal::is_write(&method, body) {
            gate::pass(self.gate.as_ref(), &method, path, body)?;
            if let Some(kept) = &self.rehearsal {
                return Err(rehearsal::keep(kept, &method, path, body));
            }
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
    ) -> Result<Answer, GitHubError> {
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
                return Err(GitHubError::redirects(
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

    /// Where GitHub said the repository now lives, if it redirected a
    /// request to another repository (`None` when it gave only a
    /// `/repositories/{id}` address, or did not redirect).
    pub fn moved(&self) -> Option<MovedRepo> {
        self.moved.lock().map(|m| m.clone()).unwrap_or(None)
    }

    /// Remembers a redirect to another repository (the first one), for
    /// the caller to tell the user ([`Client::moved`]).
    fn note_move(&self, next: &str) {
        let mut parts = next.trim_start_matches('/').split(['/', '?']);
        let to = match (parts.next(), parts.next(), parts.next()) {
            (Some("repos"), Some(owner), Some(name)) => Repo::parse(&format!("{owner}/{name}")),
            (Some("repositories"), Some(_), _) => None,
            _ => return,
        };
        let to_text = to.as_ref().map(|r| r.to_string());
        if to_text.as_deref() == Some(self.repo.to_string().as_str()) {
            return;
        }
        let Ok(mut moved) = self.moved.lock() else {
            return;
        };
        if moved.is_some() {
            return;
        }
        *moved = Some(MovedRepo {
            from: self.repo.to_string(),
            to: to_text,
        });
    }

    async fn send_retrying(
        &self,
        method: &Method,
        path: &str,
        accept: &str,
        body: Option<&Value>,
        extra: &[(http::HeaderName, String)],
    ) -> Result<Answer, GitHubError> {
        let read = *method == Method::GET;
        let mut failures = 0;
        let mut refusals = 0;
        let mut waited = Duration::ZERO;
        loop {
            let result = self.send_once(method, path, accept, body, extra).await;
            let wait = match &result {
                Ok(answer) => match rate_limit_wait(answer) {
                    Some(wait) => {
                        refusals += 1;
                        let left = self.rate_budget.saturating_sub(waited);
                        if refusals > MAX_RATE_RETRIES || wait > left {
                            // Fails at once: waiting would only end in it.
                            return Err(GitHubError::limited(answer, wait, left));
                        }
                        // Never sooner than GitHub asks, writes above all.
                        crate::model::tell::note(&format!(
                            "helm: GitHub's rate limit answered {} to {method} {path}; waiting {} s as it asks",
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
    pub(crate) fn relative(&self, link: &str) -> String {
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

pub use json::parse;

pub const JSON: &str = "application/vnd.github+json";

fn backoff(attempt: u32) -> Duration {
    Duration::from_millis(250 * 2u64.pow(attempt.saturating_sub(1)))
}

//! GitHub's client: helm-http's transport with what is GitHub's on top:
//! the repository every path is under, the headers GitHub asks for (its
//! JSON media type, `X-GitHub-Api-Version`), a redirect read as the
//! repository's move, and every failure read as GitHub's error document.
//! Statuses, retries, deadlines, bounds and the gate are helm-http's.

use std::sync::Arc;
use std::sync::atomic::AtomicU64;
use std::time::Duration;

use http::Method;
use serde_json::Value;

mod json;

pub use helm_http::Answer;
pub use helm_http::MovedRepo;
pub(crate) use helm_http::next_link;
pub use json::parse;

use super::error::GitHubError;
use crate::model::Repo;
use crate::model::clock::GitHubClock;

/// A job log's tail, read from the storage host GitHub redirects to.
pub mod storage {
    use std::time::Duration;

    pub use helm_http::client::storage::{Refusal, Tail};

    use crate::error::GitHubError;

    /// Reads `location` without the token, keeping the last `keep` lines
    /// (see [`helm_http::client::storage::tail`]).
    pub async fn tail(
        location: &str,
        keep: usize,
        deadline: Duration,
        progress: &dyn Fn(u64),
    ) -> Result<Result<Tail, Refusal>, GitHubError> {
        helm_http::client::storage::tail(location, keep, deadline, progress)
            .await
            .map_err(GitHubError::from)
    }
}

/// Pages fetched at most per listing (100 items a page).
pub(crate) const MAX_PAGES: usize = 50;

/// GitHub's JSON media type, asked for unless a request wants another.
pub const JSON: &str = "application/vnd.github+json";

/// GitHub's secondary rate limit, which its refusal words without naming a
/// wait: GitHub asks for at least a minute then.
pub(crate) const SECONDARY_LIMIT: helm_http::UnnamedLimit = helm_http::UnnamedLimit {
    says: "secondary rate limit",
    wait: Duration::from_secs(60),
};

/// The API version every request names.
pub(crate) const API_VERSION: (&str, &str) = ("x-github-api-version", "2022-11-28");

pub struct Client {
    http: helm_http::HttpClient,
    pub repo: Repo,
    pub(crate) api_url: String,
}

impl Client {
    /// GitHub's client for `repo` over `http`: a redirect to another
    /// repository's path is noted as its move.
    pub(crate) fn new(http: helm_http::HttpClient, repo: Repo) -> Client {
        let from = repo.clone();
        let mover: helm_http::Mover = Arc::new(move |next: &str| moved_to(&from, next));
        Client {
            api_url: http.api_url().to_string(),
            http: http.noting_moves(mover),
            repo,
        }
    }

    /// The deadline of one request, on any host.
    pub fn deadline(&self) -> Duration {
        self.http.deadline()
    }

    /// A client on the same connection that remembers its GET answers
    /// while it lives: for one look or one freshness check.
    pub fn remembering(&self) -> Client {
        Client {
            http: self.http.remembering(),
            repo: self.repo.clone(),
            api_url: self.api_url.clone(),
        }
    }

    /// This client with `gate` checking each write before it leaves.
    pub fn gated(self, gate: helm_http::client::gate::WriteGate) -> Client {
        Client {
            http: self.http.gated(gate),
            ..self
        }
    }

    /// The same client, adding the size of each answer it receives to
    /// `counter` (see [`Client::received`]).
    pub fn counting(self, counter: Arc<AtomicU64>) -> Client {
        Client {
            http: self.http.counting(counter),
            ..self
        }
    }

    /// Counts `bytes` received for this client's work (an answer, or a log
    /// read from its storage host), when it counts.
    pub fn received(&self, bytes: u64) {
        self.http.received(bytes);
    }

    /// GitHub's clock as its latest answer showed it (its `Date` header,
    /// and this machine's clock when it arrived), if any answer had one.
    pub fn clock(&self) -> Option<GitHubClock> {
        self.http.clock()
    }

    /// Where GitHub said the repository now lives, if it redirected a
    /// request to another repository.
    pub fn moved(&self) -> Option<MovedRepo> {
        self.http.moved()
    }

    /// `/repos/{owner}/{repo}` followed by `tail`.
    pub fn repo_path(&self, tail: &str) -> String {
        format!("/repos/{}/{}{tail}", self.repo.owner, self.repo.name)
    }

    /// Sends a request with helm's rules (helm-http's `send`) and returns
    /// any answer GitHub gave, successful or not, or the failure. A GraphQL
    /// query is a POST that only reads ([`graphql`](crate::graphql) sends it).
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
        Ok(self
            .http
            .send_with(method, path, accept, body, extra)
            .await?)
    }

    /// A POST that only reads (a GraphQL query): not gated.
    pub(crate) async fn query(&self, path: &str, body: &Value) -> Result<Answer, GitHubError> {
        Ok(self.http.query(path, JSON, body).await?)
    }

    /// A GET whose redirect is returned rather than followed (retried like
    /// any read): for answers whose `Location` is on another host.
    pub async fn get_unfollowed(&self, path: &str) -> Result<Answer, GitHubError> {
        Ok(self.http.get_unfollowed(path, JSON).await?)
    }

    /// Makes a `Link` URL relative to the API base, so it goes through the
    /// same base URL (and carries the token) like every other request.
    pub(crate) fn relative(&self, link: &str) -> String {
        self.http.relative(link)
    }
}

/// The move a followed redirect to `next` shows for `repo`: another
/// `/repos/{owner}/{name}`, or a `/repositories/{id}` that names none.
fn moved_to(repo: &Repo, next: &str) -> Option<MovedRepo> {
    let mut parts = next.trim_start_matches('/').split(['/', '?']);
    let to = match (parts.next(), parts.next(), parts.next()) {
        (Some("repos"), Some(owner), Some(name)) => Repo::parse(&format!("{owner}/{name}")),
        (Some("repositories"), Some(_), _) => None,
        _ => return None,
    };
    let to = to.map(|r| r.to_string());
    if to.as_deref() == Some(repo.to_string().as_str()) {
        return None;
    }
    Some(MovedRepo {
        forge: "GitHub",
        from: repo.to_string(),
        to,
    })
}

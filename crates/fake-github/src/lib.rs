//! A local, stateful stand-in for GitHub's REST API, for helm's end-to-end tests and for
//! the tour (`scripts/tour.sh`), which drives it through the `fake-github` binary
//! (`src/bin/fake-github/`: the server, and control commands for teammates acting).
//!
//! It serves the operations of the OpenAPI fixture (see [`openapi`]) on `127.0.0.1:<port>`.
//! Answers start from GitHub's own documented example for the operation and overwrite the
//! fields that carry state, so their shape is GitHub's, not a guess. Issues and pull requests
//! share one number sequence per repository, as on GitHub. Every request is recorded and can
//! be checked against the fixture ([`FakeGitHub::violations`]).
//!
//! ```ignore
//! let gh = FakeGitHub::start();
//! let n = gh.add_pr("acme/widgets", "Add feature", "feature", "main");
//! // point helm at gh.url() with gh.token(), run it, then:
//! assert!(gh.violations().is_empty());
//! ```
//!
//! Like GitHub, every 200 GET carries a weak `ETag` and answers `304` to a matching
//! `If-None-Match` ([`FakeGitHub::not_modified_count`]). Between two of helm's calls a test
//! can change the world as other people would ([`change`]: close, push, comment, review),
//! make a write act and then fail ([`Fault::hang_after_acting`] and friends), or switch on
//! GitHub's quieter answers ([`control`]: redirects after a rename, silently dropped labels,
//! assignees and reviewers, answers missing fields).
//!
//! The files: [`model`] (the public records), [`seed`] and [`change`] (tests changing the
//! world), [`control`] (switches and what was recorded), [`fault`], [`http`] (the wire),
//! [`server`] (one request end to end), [`reply`], [`conditional`] (ETags, 304),
//! [`switches`] (redirects, dropped fields), [`state`] (the stored world), [`reads`],
//! [`reads_commits`] and [`writes`] (the handlers), `answers_*` (JSON shapes per resource),
//! [`timeline`] (events: who changed what, when), [`clock`] (dates; the fake's clock may
//! run away from the machine's, [`FakeGitHub::set_clock_offset`]) and [`values`] (small
//! helpers).
//!
//! The same server plays GitLab under `/api/v4` ([`FakeGitHub::gitlab`], `src/gitlab/`) and
//! Forgejo under `/api/v1` ([`FakeGitHub::forgejo`], `src/forgejo/`), with the same clock,
//! faults and record of requests; [`documented`] holds their documents (fixtures extracted
//! from the `gitlab` crate and Forgejo's swagger) and refuses what they do not describe,
//! and `forges` is the glue. Neither answers conditional requests.

mod actions;
mod answers_issue;
mod answers_items;
mod change;
mod clock;
mod conditional;
mod control;
pub mod documented;
mod fault;
mod forgejo;
mod forges;
mod gitlab;
mod graphql;
pub mod graphql_schema;
mod http;
mod labels;
mod model;
mod reads;
mod reads_commits;
mod reply;
mod seed;
mod server;
mod standing;
mod state;
mod switches;
mod timeline;
mod values;
mod writes;

pub use actions::JobLog;
pub use fault::{Acting, Fault, Gate};
pub use forgejo::{FORGEJO_TOKEN, FORGEJO_VIEWER, Forgejo};
pub use gitlab::{GITLAB_TOKEN, GITLAB_VIEWER, GitLab};
pub use model::{CommentRecord, Diff, IssueRecord, PrFile, PullRecord};
pub use server::RecordedRequest;
pub use standing::ASSOCIATIONS;
use standing::with_association;

pub mod openapi;
use answers_issue::*;
use answers_items::*;
use reply::*;
use serde_json::{Map, Value, json};
use server::*;
use state::*;
use std::collections::{BTreeMap, HashMap};
use std::net::TcpListener;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread;
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use switches::*;
use timeline::*;
use values::*;

/// The token the fake accepts, as `Authorization: Bearer <token>` or `token <token>`.
pub const TOKEN: &str = "ghp_helmFakeGitHubToken0000000000000000";
/// Login of the authenticated user: the author of everything written through the API.
pub const VIEWER: &str = "helm-bot";
/// Author of seeded issues and pull requests (change it with [`FakeGitHub::edit_issue`]).
pub const SEED_AUTHOR: &str = "octocat";

const DOCS: &str = "https://docs.github.com/rest";

// Path templates exactly as in the fixture.
const ISSUE: &str = "/repos/{owner}/{repo}/issues/{issue_number}";
const ISSUE_COMMENTS: &str = "/repos/{owner}/{repo}/issues/{issue_number}/comments";
const PULL: &str = "/repos/{owner}/{repo}/pulls/{pull_number}";
const PULLS: &str = "/repos/{owner}/{repo}/pulls";
const PULL_FILES: &str = "/repos/{owner}/{repo}/pulls/{pull_number}/files";
const REVIEWS: &str = "/repos/{owner}/{repo}/pulls/{pull_number}/reviews";
const REVIEW_COMMENTS: &str = "/repos/{owner}/{repo}/pulls/{pull_number}/comments";
const CHECK_RUNS: &str = "/repos/{owner}/{repo}/commits/{ref}/check-runs";
const STATUS: &str = "/repos/{owner}/{repo}/commits/{ref}/status";
const MERGE: &str = "/repos/{owner}/{repo}/pulls/{pull_number}/merge";
const REQUESTED_REVIEWERS: &str = "/repos/{owner}/{repo}/pulls/{pull_number}/requested_reviewers";
const USER: &str = "/user";
const REPO: &str = "/repos/{owner}/{repo}";
const ANNOTATIONS: &str = "/repos/{owner}/{repo}/check-runs/{check_run_id}/annotations";
const JOB: &str = "/repos/{owner}/{repo}/actions/jobs/{job_id}";

/// The running fake. Stops (and joins its threads) when dropped.
pub struct FakeGitHub {
    shared: Arc<Shared>,
    listener: http::Listener,
}

struct Shared {
    base_url: String,
    /// Set when the fake is dropped: long waits (latency, hanging faults) end early.
    stopping: Arc<AtomicBool>,
    state: Mutex<State>,
}

impl FakeGitHub {
    /// Starts a fake on a free port of 127.0.0.1.
    pub fn start() -> Self {
        openapi::spec(); // a broken fixture should fail the test here, not in a worker thread
        let socket = TcpListener::bind("127.0.0.1:0").expect("bind 127.0.0.1:0");
        let addr = socket.local_addr().expect("a local address");
        let stopping = Arc::new(AtomicBool::new(false));
        let shared = Arc::new(Shared {
            base_url: format!("http://{addr}"),
            stopping: Arc::clone(&stopping),
            state: Mutex::new(State::new()),
        });
        lock(&shared.state).actions.storage_url = actions::start_storage(&shared);
        let served = Arc::clone(&shared);
        let listener =
            http::Listener::start(socket, stopping, move |request| serve(&served, request));
        FakeGitHub { shared, listener }
    }

    /// Base URL to give the client, e.g. `http://127.0.0.1:41234` (no trailing slash).
    pub fn url(&self) -> String {
        self.shared.base_url.clone()
    }

    pub fn token(&self) -> &'static str {
        TOKEN
    }

    fn state(&self) -> MutexGuard<'_, State> {
        lock(&self.shared.state)
    }
}

impl Drop for FakeGitHub {
    fn drop(&mut self) {
        let panicked = self.listener.stop();
        // A server bug must fail the test that hit it, not hide behind a dead worker.
        if panicked > 0 && !thread::panicking() {
            panic!("{panicked} fake GitHub worker thread(s) panicked");
        }
    }
}

fn lock(state: &Mutex<State>) -> MutexGuard<'_, State> {
    state
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

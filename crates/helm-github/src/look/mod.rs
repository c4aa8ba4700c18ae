//! GitHub's observation requests: what helm reads of a target on GitHub
//! (the endpoint paths, conditional requests and their validators,
//! pagination), returning each part of a payload in helm-forge's shapes
//! ([`NamedPart`]). The core hands in the prior payload's parts ([`Prior`]) and
//! makes its payload of the parts it gets back: what goes on the slate, its
//! redaction, digest and words are the core's, and this module knows no
//! voyage.

mod checks;
mod fetch;
mod head_checks;
mod parts;
mod repo;
mod requests;
mod thread;
mod threads;
mod unavailable;

use helm_forge::{ChecksOf, LogsWanted, LookProgress, RepoPart, ThreadPart, ThreadRef};

use crate::client::Client;
use crate::error::GitHubError;
pub use parts::{NamedPart, PayloadPart, Prior};

/// A repository's parts `wants` asks for: `issues` (open, without their
/// bodies) and `pullRequests` (open, each a line), asked for conditionally
/// on `prior`.
pub async fn repo(
    client: &Client,
    wants: &[RepoPart],
    prior: Option<&Prior<'_>>,
) -> Result<Vec<NamedPart>, GitHubError> {
    repo::repo(client, wants, prior).await
}

/// An issue's or a pull request's parts `wants` asks for, each under its
/// [`ThreadPart::name`], asked for conditionally on `prior`. A pull
/// request read only for its head sha (checks without the summary) comes
/// back not [`shown`](NamedPart::shown).
pub async fn thread(
    client: &Client,
    at: ThreadRef,
    wants: &[ThreadPart],
    prior: Option<&Prior<'_>>,
) -> Result<Vec<NamedPart>, GitHubError> {
    if at.is_pr {
        thread::pull(client, at.number, wants, prior).await
    } else {
        thread::issue(client, at.number, wants, prior).await
    }
}

/// The CI of `of` (a pull request's head, or a ref): its check runs and
/// statuses, each failed run's annotations, and for a GitHub Actions job
/// its steps and the last lines of the logs `logs` asks for, counting
/// requests and log bytes in `progress`. `None` when `prior` still holds
/// whole; else the `checks` part, and for a pull request its `summary`,
/// read for the head sha only (not [`shown`](NamedPart::shown)).
pub async fn checks(
    client: &Client,
    of: &ChecksOf,
    logs: LogsWanted,
    prior: Option<&Prior<'_>>,
    progress: &dyn LookProgress,
) -> Result<Option<Vec<NamedPart>>, GitHubError> {
    checks::checks(client, of, logs, prior, progress).await
}

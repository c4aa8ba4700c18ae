//! GitHub's observation requests: what helm reads of a target on GitHub
//! (the endpoint paths, conditional requests and their validators,
//! pagination), returning each part of a payload in helm-forge's shapes
//! ([`Named`]). The core hands in the prior payload's parts ([`Prior`]) and
//! makes its payload of the parts it gets back: what goes on the slate, its
//! redaction, digest and words are the core's, and this module knows no
//! voyage.

mod fetch;
mod head_checks;
mod parts;
mod repo;
mod requests;
mod thread;
mod threads;

use helm_forge::{RepoPart, ThreadPart, ThreadRef};

use crate::client::Client;
use crate::error::GitHubError;
pub use parts::{Named, PayloadPart, Prior};

// The checks kind's look is still the core's: it reaches the shared
// machinery here until it moves beside the others.
pub use fetch::shaped;
pub use parts::holding;

/// A repository's parts `wants` asks for: `issues` (open, without their
/// bodies) and `pullRequests` (open, each a line), asked for conditionally
/// on `prior`.
pub async fn repo(
    client: &Client,
    wants: &[RepoPart],
    prior: Option<&Prior<'_>>,
) -> Result<Vec<Named>, GitHubError> {
    repo::repo(client, wants, prior).await
}

/// An issue's or a pull request's parts `wants` asks for, each under its
/// [`ThreadPart::name`], asked for conditionally on `prior`. A pull
/// request read only for its head sha (checks without the summary) comes
/// back not [`shown`](Named::shown).
pub async fn thread(
    client: &Client,
    at: ThreadRef,
    wants: &[ThreadPart],
    prior: Option<&Prior<'_>>,
) -> Result<Vec<Named>, GitHubError> {
    if at.is_pr {
        thread::pull(client, at.number, wants, prior).await
    } else {
        thread::issue(client, at.number, wants, prior).await
    }
}

//! GitHub's observation requests: what helm reads of a target on GitHub
//! (the endpoint paths, conditional requests and their validators,
//! pagination), returning each part of a payload in helm-forge's shapes
//! ([`NamedPart`]). Its face is the seam's [`ConditionalLook`], implemented
//! for the [`Client`]: the core hands in the prior payload's parts ([`Prior`])
//! and makes its payload of the parts it gets back, so what goes on the
//! slate, its redaction, digest and words are the core's, and this module
//! knows no voyage.

mod checks;
mod fetch;
mod head_checks;
mod parts;
mod repo;
mod requests;
mod thread;
mod threads;
mod unavailable;

use helm_forge::{
    ChecksOf, ConditionalLook, LogsWanted, LookIo, LookProgress, NamedPart, Prior, RepoPart,
    ThreadPart, ThreadRef,
};

use crate::client::Client;
use crate::error::GitHubError;

/// GitHub answers conditional requests: the core looks through this, and
/// each look's failure stays GitHub's to word.
impl ConditionalLook for Client {
    fn repo_name(&self) -> String {
        self.repo.to_string()
    }

    fn thread<'a>(
        &'a self,
        at: ThreadRef,
        wants: &'a [ThreadPart],
        prior: Option<&'a Prior<'a>>,
    ) -> LookIo<'a, Vec<NamedPart>> {
        Box::pin(async move { Ok(thread(self, at, wants, prior).await?) })
    }

    fn repo<'a>(
        &'a self,
        wants: &'a [RepoPart],
        prior: Option<&'a Prior<'a>>,
    ) -> LookIo<'a, Vec<NamedPart>> {
        Box::pin(async move { Ok(repo::repo(self, wants, prior).await?) })
    }

    fn checks<'a>(
        &'a self,
        of: &'a ChecksOf,
        logs: LogsWanted,
        prior: Option<&'a Prior<'a>>,
        progress: &'a dyn LookProgress,
    ) -> LookIo<'a, Option<Vec<NamedPart>>> {
        Box::pin(async move { Ok(checks::checks(self, of, logs, prior, progress).await?) })
    }
}

/// An issue's or a pull request's parts `wants` asks for, each under its
/// [`ThreadPart::name`], asked for conditionally on `prior`.
async fn thread(
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

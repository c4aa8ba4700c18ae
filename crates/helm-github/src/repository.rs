//! One GitHub repository behind the seam's [`Repository`], as GitLab's and
//! Forgejo's are: its steers planned and sent by `act/`, its client's gate
//! letting out only the plan being sent (helm-forge's `Admitted`), the look
//! after a lost answer in the seam's two steps. What GitHub alone offers is
//! the conditional look (`conditional`): the core observes GitHub and checks
//! a bearing fresh through it, asking only what changed since the prior
//! payload's validators. The whole reads below (`thread`, `repo`, `checks`)
//! are the same look without a prior.

use std::sync::Arc;
use std::sync::atomic::AtomicU64;

use helm_forge::act::Steer;
use helm_forge::{
    Admitted, AuthorStanding, Blocker, ChecksOf, ConditionalLook, ForgeError, ForgeRepo, Io,
    LogsWanted, LookedPart, NamedPart, Produced, RepoPart, Repository, ThreadPart, ThreadParts,
    ThreadRef, TraceWindow, Traced, WritePlan,
};
use helm_model::clock::{Began, GitHubClock};
use serde_json::{Map, Value};

use crate::act;
use crate::client::Client;

pub(crate) struct GitHubRepository {
    place: ForgeRepo,
    client: Client,
    admitted: Admitted,
    /// `viewer_key` of the API URL and the token.
    viewer_key: String,
}

impl GitHubRepository {
    pub(crate) fn new(
        place: ForgeRepo,
        client: Client,
        admitted: Admitted,
        viewer_key: String,
    ) -> GitHubRepository {
        GitHubRepository {
            place,
            client,
            admitted,
            viewer_key,
        }
    }

    /// The parts a conditional look without a prior brings back, each
    /// under its name, those read only for a head sha left out.
    fn whole(named: Vec<NamedPart>) -> Vec<(&'static str, LookedPart)> {
        named
            .into_iter()
            .filter(|n| n.shown)
            .map(|n| {
                let part = LookedPart {
                    value: n.part.value,
                    truncated: n.part.truncated,
                };
                (n.name, part)
            })
            .collect()
    }
}

impl Repository for GitHubRepository {
    fn place(&self) -> &ForgeRepo {
        &self.place
    }

    fn clock(&self) -> Option<GitHubClock> {
        self.client.clock()
    }

    fn viewer(&self) -> Io<'_, String> {
        Box::pin(async move {
            let repo = self.client.repo.to_string();
            self.client.viewer().await.map_err(|err| {
                ForgeError::not_done(err.into_error(
                    "read who the token acts as",
                    &repo,
                    "nothing was recorded",
                ))
            })
        })
    }

    fn viewer_key(&self) -> &str {
        &self.viewer_key
    }

    fn thread<'a>(&'a self, at: ThreadRef, parts: &'a [ThreadPart]) -> Io<'a, ThreadParts> {
        Box::pin(async move {
            let named = self.read(self.client.thread(at, parts, None)).await?;
            let named = Self::whole(named);
            Ok(named
                .into_iter()
                .filter_map(|(name, part)| {
                    let which = parts.iter().find(|p| p.name() == name)?;
                    Some((*which, part))
                })
                .collect())
        })
    }

    /// `{"issues": [...], "pullRequests": [...]}` for the parts asked: GitHub's
    /// listing holds no summary of the repository itself.
    fn repo<'a>(&'a self, parts: &'a [RepoPart]) -> Io<'a, Value> {
        Box::pin(async move {
            let named = self.read(self.client.repo(parts, None)).await?;
            let mut listing = Map::new();
            for (name, part) in Self::whole(named) {
                listing.insert(name.to_string(), part.value);
            }
            Ok(Value::Object(listing))
        })
    }

    fn checks<'a>(&'a self, of: &'a ChecksOf, logs: LogsWanted) -> Io<'a, Value> {
        Box::pin(async move {
            let looked = self.client.checks(of, logs, None, &NoProgress);
            let named = self.read(looked).await?.unwrap_or_default();
            let checks = Self::whole(named).into_iter().find(|(n, _)| *n == "checks");
            Ok(checks.map_or(Value::Null, |(_, part)| part.value))
        })
    }

    /// GitHub answers an author's standing inline (`author_association`),
    /// in the parts themselves: nothing to ask.
    fn standing<'a>(&'a self, _logins: &'a [String]) -> Io<'a, Vec<AuthorStanding>> {
        Box::pin(std::future::ready(Ok(Vec::new())))
    }

    /// GitHub's readiness is judged from the parts alone (checks, reviews,
    /// `mergeable_state`), by the core: no verdict of its own to add.
    fn blockers(&self, _summary: &Value) -> Vec<Blocker> {
        Vec::new()
    }

    fn conditional(
        &self,
        received: Option<Arc<AtomicU64>>,
    ) -> Option<Box<dyn ConditionalLook + '_>> {
        let remembering = self.client.remembering();
        Some(Box::new(match received {
            Some(counter) => remembering.counting(counter),
            None => remembering,
        }))
    }

    fn warnings(&self) -> Vec<String> {
        self.client
            .moved()
            .map(|m| m.warning())
            .into_iter()
            .collect()
    }

    fn prepare<'a>(&'a self, steer: &'a Steer) -> Io<'a, WritePlan> {
        Box::pin(act::plan(&self.client, steer))
    }

    fn send<'a>(&'a self, plan: &'a WritePlan) -> Io<'a, Produced> {
        Box::pin(async move {
            let _admitted = self.admitted.admitting(&plan.writes);
            act::send(&self.client, plan).await
        })
    }

    fn window<'a>(&'a self, began: &'a Began) -> Io<'a, Result<TraceWindow, String>> {
        Box::pin(act::window(&self.client, began))
    }

    fn look<'a>(&'a self, steer: &'a Steer, window: &'a TraceWindow) -> Io<'a, Traced> {
        Box::pin(act::look(&self.client, steer, window))
    }
}

impl GitHubRepository {
    /// A conditional look's answer, its failure worded as a read of the
    /// repository.
    async fn read<T>(&self, looked: helm_forge::LookIo<'_, T>) -> Result<T, ForgeError> {
        let repo = self.client.repo.to_string();
        looked.await.map_err(|err| {
            ForgeError::not_done(err.into_error(
                format!("read {repo}"),
                &repo,
                "nothing was put on the slate",
            ))
        })
    }
}

/// A whole read counts nothing for a progress display.
struct NoProgress;

impl helm_forge::LookProgress for NoProgress {
    fn add(&self, _n: u64) {}
}

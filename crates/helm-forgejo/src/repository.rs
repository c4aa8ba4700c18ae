//! One Forgejo repository behind the seam's [`Repository`]: each method
//! hands its work to the file that owns it (`look/`, `standing.rs`,
//! `readiness.rs`, `act/`, `traces.rs`) over the one client in `api.rs`.

use helm_forge::act::Steer;
use helm_forge::{
    AuthorStanding, Blocker, ChecksOf, ForgeError, ForgeRepo, Io, Limits, LogsWanted, Produced,
    RepoPart, Repository, ThreadPart, ThreadParts, ThreadRef, TraceWindow, Traced, WritePlan,
};
use helm_model::clock::{Began, GitHubClock};
use helm_model::error::Result;
use serde_json::Value;

use crate::api::ForgejoApi;
use crate::{act, look, readiness, standing, traces};

pub(crate) struct ForgejoRepository {
    place: ForgeRepo,
    api: ForgejoApi,
    /// `viewer_key` of the API URL and the token.
    viewer_key: String,
}

impl ForgejoRepository {
    pub(crate) fn open(
        place: &ForgeRepo,
        api_url: &str,
        token: String,
        limits: &Limits,
    ) -> Result<ForgejoRepository> {
        let api = ForgejoApi::open(api_url, &token, place.repo.as_str(), limits.timeout)?;
        Ok(ForgejoRepository {
            place: place.clone(),
            api,
            viewer_key: helm_forge::viewer_key(api_url, &token),
        })
    }
}

/// The seam's futures are boxed: a trait object is how the core holds a
/// forge it does not name.
fn boxed<'a, T>(
    future: impl std::future::Future<Output = std::result::Result<T, ForgeError>> + 'a,
) -> Io<'a, T> {
    Box::pin(future)
}

impl Repository for ForgejoRepository {
    fn place(&self) -> &ForgeRepo {
        &self.place
    }

    fn clock(&self) -> Option<GitHubClock> {
        self.api.clock()
    }

    fn viewer(&self) -> Io<'_, String> {
        boxed(traces::viewer(&self.api))
    }

    fn viewer_key(&self) -> &str {
        &self.viewer_key
    }

    fn thread<'a>(&'a self, at: ThreadRef, parts: &'a [ThreadPart]) -> Io<'a, ThreadParts> {
        boxed(look::thread(&self.api, at, parts))
    }

    fn repo<'a>(&'a self, parts: &'a [RepoPart]) -> Io<'a, Value> {
        boxed(look::repo::repo(&self.api, self.place.repo.as_str(), parts))
    }

    fn checks<'a>(&'a self, of: &'a ChecksOf, logs: LogsWanted) -> Io<'a, Value> {
        boxed(look::checks::of(&self.api, of, logs))
    }

    fn standing<'a>(&'a self, logins: &'a [String]) -> Io<'a, Vec<AuthorStanding>> {
        boxed(standing::standing(&self.api, logins))
    }

    fn blockers(&self, summary: &Value) -> Vec<Blocker> {
        readiness::blockers(summary)
    }

    fn prepare<'a>(&'a self, steer: &'a Steer) -> Io<'a, WritePlan> {
        boxed(act::prepare(&self.api, steer))
    }

    fn send<'a>(&'a self, plan: &'a WritePlan) -> Io<'a, Produced> {
        boxed(act::send(&self.api, plan))
    }

    fn window<'a>(&'a self, began: &'a Began) -> Io<'a, std::result::Result<TraceWindow, String>> {
        boxed(traces::window(&self.api, began))
    }

    fn look<'a>(&'a self, steer: &'a Steer, window: &'a TraceWindow) -> Io<'a, Traced> {
        boxed(traces::look(&self.api, steer, window))
    }
}

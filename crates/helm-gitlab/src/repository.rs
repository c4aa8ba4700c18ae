//! One GitLab project behind the seam's [`Repository`]: each method hands
//! over to the file that owns it (`look/`, `standing`, `readiness`, `act/`,
//! `traces`), so this file is the map of what GitLab answers for helm.

use helm_forge::Produced;
use helm_forge::act::Steer;
use helm_forge::{
    AuthorStanding, Blocker, ChecksOf, ForgeRepo, Io, LogsWanted, RepoPart, Repository, ThreadPart,
    ThreadParts, ThreadRef, TraceWindow, Traced, WritePlan,
};
use helm_model::clock::{Began, GitHubClock};
use serde_json::Value;

use crate::api::GitLabApi;
use crate::wire::GitLabUser;

pub(crate) struct GitLabRepository {
    pub(crate) api: GitLabApi,
    /// `viewer_key` of the API URL and the token.
    viewer_key: String,
}

impl GitLabRepository {
    pub(crate) fn new(api: GitLabApi, viewer_key: String) -> GitLabRepository {
        GitLabRepository { api, viewer_key }
    }
}

impl Repository for GitLabRepository {
    fn place(&self) -> &ForgeRepo {
        &self.api.place
    }

    fn clock(&self) -> Option<GitHubClock> {
        self.api.client.clock()
    }

    fn viewer(&self) -> Io<'_, String> {
        Box::pin(async move {
            let user: GitLabUser = self.api.get("/user").await?;
            Ok(user.username)
        })
    }

    fn viewer_key(&self) -> &str {
        &self.viewer_key
    }

    fn thread<'a>(&'a self, at: ThreadRef, parts: &'a [ThreadPart]) -> Io<'a, ThreadParts> {
        Box::pin(crate::look::thread(&self.api, at, parts))
    }

    fn repo<'a>(&'a self, parts: &'a [RepoPart]) -> Io<'a, Value> {
        Box::pin(crate::look::repo::repo(&self.api, parts))
    }

    fn checks<'a>(&'a self, of: &'a ChecksOf, logs: LogsWanted) -> Io<'a, Value> {
        Box::pin(crate::look::checks::checks(&self.api, of, logs))
    }

    fn standing<'a>(&'a self, logins: &'a [String]) -> Io<'a, Vec<AuthorStanding>> {
        Box::pin(crate::standing::standing(&self.api, logins))
    }

    fn blockers(&self, summary: &Value) -> Vec<Blocker> {
        crate::readiness::blockers(summary)
    }

    fn prepare<'a>(&'a self, steer: &'a Steer) -> Io<'a, WritePlan> {
        Box::pin(crate::act::prepare(&self.api, steer))
    }

    fn send<'a>(&'a self, plan: &'a WritePlan) -> Io<'a, Produced> {
        Box::pin(crate::act::send(&self.api, plan))
    }

    fn window<'a>(&'a self, began: &'a Began) -> Io<'a, Result<TraceWindow, String>> {
        Box::pin(crate::traces::window(&self.api, began))
    }

    fn look<'a>(&'a self, steer: &'a Steer, window: &'a TraceWindow) -> Io<'a, Traced> {
        Box::pin(crate::traces::look(&self.api, steer, window))
    }
}

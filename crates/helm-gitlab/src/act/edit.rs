//! `edit-issue`, `edit-pr` (`PUT` a new title, description or both) and
//! `close-issue`, `reopen-issue`, `close-pr` (`PUT` with `state_event`; GitLab
//! has no close reason, so a reason other than "completed" was refused
//! before this). One request each.

use helm_forge::act::{IssueOrPull, Steer};
use helm_forge::{Produced, WritePlan};
use helm_http::Answer;
use helm_model::error::Error;
use serde::Deserialize;

use super::{answered, item_path, plan};
use crate::api::GitLabApi;
use crate::look::summary::state as helm_state;
use crate::wire::bodies::{GitLabEdit, GitLabStateChange, write};

pub(super) fn edit(
    api: &GitLabApi,
    steer: &Steer,
    on: IssueOrPull,
    title: Option<&str>,
    body: Option<&str>,
) -> WritePlan {
    let edit = GitLabEdit {
        title,
        description: body,
    };
    plan(steer, vec![write("PUT", item_path(api, on), &edit)])
}

pub(super) fn state(
    api: &GitLabApi,
    steer: &Steer,
    on: IssueOrPull,
    event: &'static str,
) -> WritePlan {
    let change = GitLabStateChange { state_event: event };
    plan(steer, vec![write("PUT", item_path(api, on), &change)])
}

/// What an edit or a state change answers: the issue or merge request.
#[derive(Deserialize)]
pub(crate) struct GitLabItem {
    pub(crate) title: String,
    #[serde(default)]
    pub(crate) description: Option<String>,
    pub(crate) state: String,
    pub(crate) web_url: String,
    #[serde(default)]
    pub(crate) updated_at: Option<String>,
}

pub(super) fn edited(plan: &WritePlan, answer: &Answer) -> Result<Produced, Error> {
    let item: GitLabItem = answered(plan, answer)?;
    Ok(Produced::Edited {
        title: Some(item.title),
        body: item.description,
        url: Some(item.web_url),
    })
}

pub(super) fn stated(plan: &WritePlan, answer: &Answer) -> Result<Produced, Error> {
    let item: GitLabItem = answered(plan, answer)?;
    Ok(Produced::State {
        state: helm_state(&item.state),
        reason: None,
        url: Some(item.web_url),
    })
}

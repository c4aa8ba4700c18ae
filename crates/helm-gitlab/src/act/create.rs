//! `create-issue` (`POST /projects/:id/issues`, its assignees' usernames read
//! into ids in `prepare`) and `create-pr` (`POST /projects/:id/merge_requests`,
//! the base the project's default branch when none was given, a draft by
//! GitLab's own `Draft:` title prefix). Both produce the number (`iid`) made.

use helm_forge::act::{CreateIssue, CreatePr, Steer};
use helm_forge::{ForgeError, Produced, WritePlan};
use helm_http::Answer;
use helm_model::error::{Error, Kind};
use serde::Deserialize;

use super::{answered, plan};
use crate::api::{GitLabApi, encode};
use crate::wire::bodies::{GitLabNewIssue, GitLabNewMr, listed, write};
use crate::wire::{GitLabProject, GitLabUser};

/// The id of each username, in order; a name GitLab does not know is refused.
pub(crate) async fn user_ids(api: &GitLabApi, names: &[String]) -> Result<Vec<u64>, ForgeError> {
    let mut ids = Vec::new();
    for name in names {
        let users: Vec<GitLabUser> = api
            .get(&format!("/users?username={}", encode(name)))
            .await?;
        let found = users.iter().find(|u| u.username.eq_ignore_ascii_case(name));
        let Some(user) = found else {
            return Err(ForgeError::not_done(
                Error::new(Kind::NotFound, format!("GitLab has no user '{name}'"))
                    .hint("give GitLab usernames, as in @username, without the @"),
            ));
        };
        ids.push(user.id);
    }
    Ok(ids)
}

/// GitLab takes labels as one comma-separated list, so a name holding a
/// comma cannot be sent as itself.
pub(crate) fn checked_labels(labels: &[String]) -> Result<(), ForgeError> {
    match labels.iter().find(|l| l.contains(',')) {
        None => Ok(()),
        Some(label) => Err(ForgeError::not_done(
            Error::usage(format!(
                "the label '{label}' holds a comma, which GitLab reads as two labels"
            ))
            .hint("GitLab's label names hold no commas; give the label as GitLab names it"),
        )),
    }
}

pub(super) async fn issue(api: &GitLabApi, create: &CreateIssue) -> Result<WritePlan, ForgeError> {
    checked_labels(&create.labels)?;
    let assignee_ids = user_ids(api, &create.assignees).await?;
    let body = GitLabNewIssue {
        title: &create.title,
        description: create.body.as_deref(),
        labels: listed(&create.labels),
        assignee_ids,
    };
    let path = api.path("/issues");
    Ok(plan(
        &Steer::CreateIssue(create.clone()),
        vec![write("POST", path, &body)],
    ))
}

pub(super) async fn mr(api: &GitLabApi, create: &CreatePr) -> Result<WritePlan, ForgeError> {
    let mut create = create.clone();
    if create.base.is_none() {
        let project: GitLabProject = api.get(&api.path("")).await?;
        let Some(branch) = project.default_branch else {
            return Err(ForgeError::not_done(
                Error::usage(format!(
                    "{} has no default branch to merge into",
                    api.place.repo
                ))
                .hint("give the target branch with --base"),
            ));
        };
        create.base = Some(branch);
    }
    let title = match create.draft && !is_draft(&create.title) {
        true => format!("Draft: {}", create.title),
        false => create.title.clone(),
    };
    let body = GitLabNewMr {
        source_branch: &create.head,
        target_branch: create.base.as_deref().unwrap_or_default(),
        title: &title,
        description: create.body.as_deref(),
    };
    let writes = vec![write("POST", api.path("/merge_requests"), &body)];
    Ok(plan(&Steer::CreatePr(create), writes))
}

/// Whether a title already marks a draft the ways GitLab reads one.
pub(crate) fn is_draft(title: &str) -> bool {
    let lower = title.trim_start().to_ascii_lowercase();
    ["draft:", "[draft]", "(draft)"]
        .iter()
        .any(|mark| lower.starts_with(mark))
}

/// What an issue's or a merge request's creation answers.
#[derive(Deserialize)]
pub(crate) struct GitLabCreated {
    pub(crate) iid: u64,
    pub(crate) web_url: String,
    pub(crate) author: GitLabUser,
    #[serde(default, deserialize_with = "crate::wire::or_empty")]
    pub(crate) labels: Vec<String>,
    #[serde(default, deserialize_with = "crate::wire::or_empty")]
    pub(crate) assignees: Vec<GitLabUser>,
}

impl GitLabCreated {
    pub(crate) fn produced(self) -> Produced {
        Produced::Opened {
            number: self.iid,
            url: Some(self.web_url),
            author: Some(self.author.username),
            labels: self.labels,
            assignees: self.assignees.into_iter().map(|u| u.username).collect(),
            title: None,
            draft: None,
        }
    }
}

pub(super) fn produced(plan: &WritePlan, answer: &Answer) -> Result<Produced, Error> {
    let created: GitLabCreated = answered(plan, answer)?;
    Ok(created.produced())
}

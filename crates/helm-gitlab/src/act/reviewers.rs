//! `request-review`: GitLab replaces a merge request's reviewers whole
//! (`PUT …/merge_requests/:iid` with `reviewer_ids`), so `prepare` reads the
//! reviewers there now and the asked usernames' ids, and the plan sends the
//! union: those already asked stay asked. GitLab has no team reviewers; a
//! request naming teams was refused before this.

use helm_forge::act::{RequestReview, Steer};
use helm_forge::{ForgeError, Produced, WritePlan};
use helm_http::Answer;
use helm_model::error::Error;

use super::create::user_ids;
use super::{answered, plan};
use crate::api::GitLabApi;
use crate::wire::GitLabMr;
use crate::wire::bodies::{GitLabReviewerIds, write};

pub(super) async fn prepare(
    api: &GitLabApi,
    request: &RequestReview,
) -> Result<WritePlan, ForgeError> {
    let path = api.path(&format!("/merge_requests/{}", request.pr));
    let mr: GitLabMr = api.get(&path).await?;
    let mut ids: Vec<u64> = mr.reviewers.iter().map(|u| u.id).collect();
    for id in user_ids(api, &request.reviewers).await? {
        if !ids.contains(&id) {
            ids.push(id);
        }
    }
    let body = GitLabReviewerIds { reviewer_ids: ids };
    Ok(plan(
        &Steer::RequestReview(request.clone()),
        vec![write("PUT", path, &body)],
    ))
}

pub(super) fn produced(plan: &WritePlan, answer: &Answer) -> Result<Produced, Error> {
    let mr: GitLabMr = answered(plan, answer)?;
    Ok(Produced::Reviewers {
        users: mr.reviewers.into_iter().map(|u| u.username).collect(),
        teams: Vec::new(),
        url: Some(mr.web_url),
    })
}

//! A new pull request (`POST …/pulls`; the base read from the repository's
//! default branch when not given; a draft is Forgejo's own `WIP:` title,
//! since `CreatePullRequestOption` has no `draft`) and a review request
//! (`POST …/pulls/{n}/requested_reviewers`, people and teams).

use helm_forge::act::Steer;
use helm_forge::{ForgeError, Produced, WritePlan};

use super::{one, send_one};
use crate::api::{ForgejoApi, body};
use crate::wire::{self, ForgejoCreatePullBody, ForgejoReviewersBody};

/// Forgejo's (and Gitea's) mark of a work-in-progress pull request.
const DRAFT: &str = "WIP: ";

pub(super) async fn prepare(api: &ForgejoApi, steer: &Steer) -> Result<WritePlan, ForgeError> {
    match steer {
        Steer::CreatePr(create) => {
            let base = match &create.base {
                Some(base) => base.clone(),
                None => default_branch(api).await?,
            };
            let title = match create.draft {
                true => format!("{DRAFT}{}", create.title),
                false => create.title.clone(),
            };
            let text = body(&ForgejoCreatePullBody {
                head: &create.head,
                base: &base,
                title: &title,
                body: create.body.as_deref(),
            })?;
            let mut asked = create.clone();
            asked.base = Some(base);
            Ok(one(
                &Steer::CreatePr(asked),
                "POST",
                api.repo_path("/pulls"),
                text,
            ))
        }
        Steer::RequestReview(request) => {
            let path = api.repo_path(&format!("/pulls/{}/requested_reviewers", request.pr));
            let text = body(&ForgejoReviewersBody {
                reviewers: &request.reviewers,
                team_reviewers: &request.teams,
            })?;
            Ok(one(steer, "POST", path, text))
        }
        _ => super::other_family(),
    }
}

async fn default_branch(api: &ForgejoApi) -> Result<String, ForgeError> {
    let repo: wire::ForgejoRepo = api
        .get(&api.repo_path(""), "read the repository's default branch")
        .await?;
    repo.default_branch
        .filter(|b| !b.is_empty())
        .ok_or_else(|| {
            crate::error::unreadable(
                "read the repository's default branch",
                "it names none; give --base",
                false,
            )
        })
}

pub(super) async fn send(api: &ForgejoApi, plan: &WritePlan) -> Result<Produced, ForgeError> {
    match &plan.steer {
        Steer::CreatePr(_) => {
            let made: wire::ForgejoPull = send_one(api, plan, "create a pull request").await?;
            Ok(Produced::Opened {
                number: made.number,
                url: made.html_url,
                author: made.user.map(|u| u.login),
                labels: made
                    .labels
                    .unwrap_or_default()
                    .into_iter()
                    .map(|l| l.name)
                    .collect(),
                assignees: made
                    .assignees
                    .unwrap_or_default()
                    .into_iter()
                    .map(|u| u.login)
                    .collect(),
                title: None,
                draft: None,
            })
        }
        Steer::RequestReview(request) => {
            let doing = format!("request reviews on pull request #{}", request.pr);
            let made: Vec<wire::ForgejoReview> = send_one(api, plan, &doing).await?;
            Ok(Produced::Reviewers {
                users: made
                    .into_iter()
                    .filter_map(|r| r.user)
                    .map(|u| u.login)
                    .collect(),
                teams: request.teams.clone(),
                url: None,
            })
        }
        _ => super::other_family(),
    }
}

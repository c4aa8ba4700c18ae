//! `create-pr` on GitHub: the repository's default branch read as the base
//! when none was given (before acting), one `POST /pulls`, and after a lost
//! answer the pull requests from the head asked, with the title and base
//! asked, that the acting account opened since the attempt began.

use helm_forge::act::{CreatePr, Steer};
use helm_forge::{ForgeWrite, Produced, WritePlan};
use helm_model::error::Result;
use serde::Deserialize;

use super::Window;
use super::body::WriteBody;
use super::write::{one, sent};
use crate::client::Client;
use crate::error::GitHubError;
use crate::wire::GitHubPull as Pull;

#[derive(Deserialize)]
struct DefaultBranch {
    default_branch: String,
}

/// The pull request to open (its base the repository's default branch when
/// none was given) and its `POST /pulls`.
pub(super) async fn plan(client: &Client, create: &CreatePr) -> Result<WritePlan> {
    let create = based(client, create).await?;
    let write = WriteBody {
        title: Some(&create.title),
        head: Some(&create.head),
        base: create.base.as_deref(),
        body: create.body.as_deref(),
        draft: create.draft.then_some(true),
        ..WriteBody::default()
    }
    .write(client, "POST", "/pulls")?;
    Ok(one(Steer::CreatePr(create), write))
}

/// `create`, its base read from the repository's default branch when none
/// was given.
async fn based(client: &Client, create: &CreatePr) -> Result<CreatePr> {
    if create.base.is_some() {
        return Ok(create.clone());
    }
    let repo: DefaultBranch = client
        .get_json(&client.repo_path(""))
        .await
        .map_err(|err| {
            err.into_error(
                "read the repository's default branch, the base of the pull request",
                &client.repo.to_string(),
                "nothing was acted on or recorded, and the slate is unchanged",
            )
        })?;
    Ok(CreatePr {
        base: Some(repo.default_branch),
        ..create.clone()
    })
}

pub(super) async fn send(
    client: &Client,
    write: &ForgeWrite,
) -> std::result::Result<Produced, GitHubError> {
    let pr: Pull = sent(client, write).await?;
    Ok(Produced::Opened {
        number: pr.number,
        url: pr.url,
        // A new pull request's author is the account the token acts as.
        author: pr.author.map(|user| user.login),
        labels: Vec::new(),
        assignees: Vec::new(),
        title: Some(pr.title),
        draft: pr.draft,
    })
}

/// The pull requests that can be the attempt's, earliest first; each names
/// only its number and page, what a settled pull request has always
/// recorded beside what was asked.
pub(super) async fn look(
    client: &Client,
    create: &CreatePr,
    window: &Window<'_>,
) -> std::result::Result<Vec<Produced>, GitHubError> {
    let owner_head = if create.head.contains(':') {
        create.head.clone()
    } else {
        format!("{}:{}", client.repo.owner, create.head)
    };
    let path = client.repo_path(&format!(
        "/pulls?head={owner_head}&state=all&sort=created&direction=asc"
    ));
    let (pulls, _) = client.get_all::<Pull>(&path).await?;
    Ok(pulls
        .into_iter()
        .filter(|p| {
            p.title == create.title
                && create
                    .base
                    .as_deref()
                    .is_none_or(|base| p.base.name == base)
                && window.by(&p.author)
                && window.admits(&p.created_at)
        })
        .map(|pr| Produced::Opened {
            number: pr.number,
            url: pr.url,
            author: None,
            labels: Vec::new(),
            assignees: Vec::new(),
            title: None,
            draft: None,
        })
        .collect())
}

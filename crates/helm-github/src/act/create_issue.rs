//! `create-issue` on GitHub: one `POST /issues`, and after a lost answer the
//! issues the acting account created since the attempt began with the title
//! asked (pull requests, which GitHub lists among issues, left out).

use helm_forge::act::CreateIssue;
use helm_forge::{ForgeWrite, Produced};
use helm_model::error::Result as Planned;

use super::Window;
use super::body::WriteBody;
use super::write::sent;
use crate::client::Client;
use crate::error::GitHubError;
use crate::wire::GitHubIssue as Issue;

pub(super) fn plan(client: &Client, create: &CreateIssue) -> Planned<ForgeWrite> {
    WriteBody {
        title: Some(&create.title),
        body: create.body.as_deref(),
        labels: (!create.labels.is_empty()).then_some(&create.labels),
        assignees: (!create.assignees.is_empty()).then_some(&create.assignees),
        ..WriteBody::default()
    }
    .write(client, "POST", "/issues")
}

pub(super) async fn send(client: &Client, write: &ForgeWrite) -> Result<Produced, GitHubError> {
    let issue: Issue = sent(client, write).await?;
    // A new issue's author is the account the token acts as; its title is
    // recorded as GitHub answered it.
    let author = issue.author.as_ref().map(|user| user.login.clone());
    let title = Some(issue.title.clone());
    Ok(opened(issue, author, title))
}

/// The issues that can be the attempt's, earliest first. Each names no
/// author and no title: a settled issue has always recorded the acting
/// account's login as helm knows it, and the title asked.
pub(super) async fn look(
    client: &Client,
    create: &CreateIssue,
    window: &Window<'_>,
) -> Result<Vec<Produced>, GitHubError> {
    let path = client.repo_path(&format!(
        "/issues?creator={}&state=all&since={}&sort=created&direction=asc",
        window.viewer(),
        window.query()
    ));
    let (issues, _) = client.get_all::<Issue>(&path).await?;
    Ok(issues
        .into_iter()
        .filter(|i| {
            i.pull_request.is_none()
                && i.title == create.title
                && window.by(&i.author)
                && window.admits(&i.created_at)
        })
        .map(|issue| opened(issue, None, None))
        .collect())
}

/// What an issue GitHub shows was made with: its number and page, and the
/// labels and assignees GitHub applied.
fn opened(issue: Issue, author: Option<String>, title: Option<String>) -> Produced {
    Produced::Opened {
        number: issue.number,
        url: issue.url,
        author,
        labels: issue.labels.into_iter().map(|l| l.name).collect(),
        assignees: issue.assignees.into_iter().map(|u| u.login).collect(),
        title,
        draft: None,
    }
}

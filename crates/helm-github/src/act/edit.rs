//! `edit-issue` and `edit-pr` on GitHub: one `PATCH /issues/{n}` or
//! `PATCH /pulls/{n}` with the title, the body or both, and after a lost
//! answer the edit's evidence (`timeline::edited`).

use helm_forge::act::IssueOrPull;
use helm_forge::{ForgeWrite, Produced, Traced};
use helm_model::error::Result as Planned;

use super::Window;
use super::body::WriteBody;
use super::timeline::edited;
use super::write::sent;
use crate::client::Client;
use crate::error::GitHubError;
use crate::wire::{GitHubIssue, GitHubPull};

/// The new title and body of what `on` names.
pub(super) struct Edit<'a> {
    pub(super) on: IssueOrPull,
    pub(super) title: &'a Option<String>,
    pub(super) body: &'a Option<String>,
}

impl<'a> Edit<'a> {
    pub(super) fn of(on: IssueOrPull, title: &'a Option<String>, body: &'a Option<String>) -> Self {
        Edit { on, title, body }
    }

    fn tail(&self) -> String {
        match self.on {
            IssueOrPull::Issue(n) => format!("/issues/{n}"),
            IssueOrPull::PullRequest(n) => format!("/pulls/{n}"),
        }
    }
}

pub(super) fn plan(client: &Client, edit: &Edit<'_>) -> Planned<ForgeWrite> {
    WriteBody {
        title: edit.title.as_deref(),
        body: edit.body.as_deref(),
        ..WriteBody::default()
    }
    .write(client, "PATCH", &edit.tail())
}

pub(super) async fn send(
    client: &Client,
    edit: &Edit<'_>,
    write: &ForgeWrite,
) -> Result<Produced, GitHubError> {
    // GitHub answers an issue or a pull request, each read as strictly as
    // everywhere else; the entry keeps the title as GitHub answered it.
    let (title, url) = match edit.on {
        IssueOrPull::Issue(_) => {
            let issue: GitHubIssue = sent(client, write).await?;
            (issue.title, issue.url)
        }
        IssueOrPull::PullRequest(_) => {
            let pull: GitHubPull = sent(client, write).await?;
            (pull.title, pull.url)
        }
    };
    Ok(Produced::Edited {
        title: edit.title.as_ref().map(|_| title),
        body: None,
        url,
    })
}

pub(super) async fn look(
    client: &Client,
    edit: &Edit<'_>,
    window: &Window<'_>,
) -> Result<Traced, GitHubError> {
    let asked = (edit.title, edit.body);
    edited(client, &edit.tail(), edit.on.number(), asked, window).await
}

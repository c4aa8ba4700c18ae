//! `merge-pr` on GitHub: one `PUT /pulls/{n}/merge` with the method and the
//! head sha it is pinned to (GitHub refuses a moved head with 409, which the
//! actor reads as stale). GitHub answers 405 alike for a pull request it will
//! not merge and for one merged already, so a 405 is followed by a look that
//! tells which. After a lost answer, the pull request merged by the acting
//! account since the attempt began, at the head it was pinned to.

use helm_forge::act::{MergeMethod, MergePr};
use helm_forge::{ForgeWrite, Produced, Traced};
use helm_model::error::{Result as Planned, Words};
use serde::Deserialize;

use super::Window;
use super::body::WriteBody;
use super::timeline::current;
use super::write::sent;
use crate::client::Client;
use crate::error::GitHubError;
use crate::wire::MergeResult;

/// The method in GitHub's words (its `merge_method`).
fn api_name(method: MergeMethod) -> &'static str {
    match method {
        MergeMethod::Merge => "merge",
        MergeMethod::Squash => "squash",
        MergeMethod::Rebase => "rebase",
    }
}

pub(super) fn plan(client: &Client, merge: &MergePr) -> Planned<ForgeWrite> {
    WriteBody {
        merge_method: Some(api_name(merge.method)),
        sha: merge.sha.as_deref(),
        ..WriteBody::default()
    }
    .write(client, "PUT", &format!("/pulls/{}/merge", merge.pr))
}

pub(super) async fn send(
    client: &Client,
    merge: &MergePr,
    write: &ForgeWrite,
) -> Result<Produced, GitHubError> {
    let pr = merge.pr;
    let answer = sent::<MergeResult>(client, write).await;
    let answer = match answer {
        Ok(answer) => answer,
        Err(err) if err.status == Some(405) => return Err(why_not_merged(client, pr, err).await),
        Err(err) => return Err(err),
    };
    if !answer.merged {
        return Err(GitHubError::refused(
            answer
                .message
                .unwrap_or_else(|| "GitHub did not merge the pull request".into()),
        ));
    }
    Ok(Produced::Merged {
        sha: answer.sha,
        url: Some(client.web_url(&format!("/pull/{pr}"))),
    })
}

pub(super) async fn look(
    client: &Client,
    merge: &MergePr,
    window: &Window<'_>,
) -> Result<Traced, GitHubError> {
    let pr = merge.pr;
    let found = current(client, &format!("/pulls/{pr}")).await?;
    let merged_here = window.admits(&found.merged_at) && window.by(&found.merged_by);
    if !merged_here {
        return Ok(Traced::NotDone);
    }
    let head = found.head.map(|h| h.sha).unwrap_or_default();
    if let Some(pinned) = &merge.sha
        && *pinned != head
    {
        return Ok(Traced::CannotTell(Words::of(format!(
            "PR #{pr} is merged, but its head is {head} and the merge was pinned to {pinned}"
        ))));
    }
    Ok(Traced::Found(vec![Produced::Merged {
        sha: found.merge_commit_sha,
        url: found.html_url,
    }]))
}

/// Why GitHub `refused` (405) to merge `pr`: merged already, as a look at
/// it shows, or else as GitHub said.
async fn why_not_merged(client: &Client, pr: u64, refused: GitHubError) -> GitHubError {
    #[derive(Deserialize)]
    struct Seen {
        #[serde(default)]
        merged: bool,
        #[serde(default)]
        merge_commit_sha: Option<String>,
    }
    let path = client.repo_path(&format!("/pulls/{pr}"));
    match client.get_json::<Seen>(&path).await {
        Ok(seen) if seen.merged => {
            GitHubError::already_merged(refused.status, pr, seen.merge_commit_sha.as_deref())
        }
        _ => refused,
    }
}

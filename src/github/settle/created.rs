//! Looks for what an action creates: a comment, a reply, an issue, a pull
//! request. Every match made in the window by the acting account is
//! returned, earliest first: an earlier identical comment, or an old closed
//! pull request with the same head and title, falls outside the window, and
//! one already recorded by another entry is skipped by the caller.

use super::{Seen, Window};
use crate::github::client::Client;
use crate::github::error::GitHubError;
use crate::github::types::{Comment, Issue, Pull, ReviewComment};
use crate::model::SteerRecord;
use crate::model::entry::Applied;
use crate::model::steer::{Steer, Thread};

pub(super) async fn look(
    client: &Client,
    steer: &Steer,
    window: &Window,
    asked: SteerRecord,
) -> Result<Seen, GitHubError> {
    let since = window.query();
    let found = match steer {
        Steer::Comment { on, body } => {
            let number = match on {
                Thread::Issue(n) | Thread::PullRequest(n) => *n,
            };
            let path = client.repo_path(&format!("/issues/{number}/comments?since={since}"));
            let (mut comments, _) = client.get_all::<Comment>(&path).await?;
            comments.sort_by_key(|c| (c.created_at.clone(), c.id));
            comments
                .into_iter()
                .filter(|c| {
                    window.by(&c.author)
                        && c.body.as_deref() == Some(body)
                        && window.admits(&c.created_at)
                })
                .map(|c| {
                    let mut record = asked.clone();
                    record.comment_id = Some(c.id);
                    record.url = c.url;
                    record
                })
                .collect()
        }
        Steer::ReplyInline {
            pr,
            comment_id,
            body,
        } => {
            let path = client.repo_path(&format!("/pulls/{pr}/comments?since={since}"));
            let (mut comments, _) = client.get_all::<ReviewComment>(&path).await?;
            comments.sort_by_key(|c| (c.created_at.clone(), c.id));
            comments
                .into_iter()
                .filter(|c| {
                    c.in_reply_to_id == Some(*comment_id)
                        && window.by(&c.author)
                        && c.body.as_deref() == Some(body)
                        && window.admits(&c.created_at)
                })
                .map(|c| {
                    let mut record = asked.clone();
                    record.comment_id = Some(c.id);
                    record.url = c.url;
                    record
                })
                .collect()
        }
        Steer::CreateIssue { title, .. } => {
            let path = client.repo_path(&format!(
                "/issues?creator={}&state=all&since={since}&sort=created&direction=asc",
                window.viewer
            ));
            let (issues, _) = client.get_all::<Issue>(&path).await?;
            issues
                .into_iter()
                .filter(|i| {
                    i.pull_request.is_none()
                        && i.title == *title
                        && window.by(&i.author)
                        && window.admits(&i.created_at)
                })
                .map(|issue| {
                    let mut record = asked.clone();
                    record.issue = Some(issue.number);
                    record.url = issue.url.clone();
                    record.applied = Some(Applied {
                        labels: Some(issue.labels.iter().map(|l| l.name.clone()).collect()),
                        assignees: Some(issue.assignees.iter().map(|u| u.login.clone()).collect()),
                        ..Applied::default()
                    });
                    record
                })
                .collect()
        }
        Steer::CreatePullRequest {
            title, head, base, ..
        } => {
            let owner_head = if head.contains(':') {
                head.clone()
            } else {
                format!("{}:{head}", client.repo.owner)
            };
            let path = client.repo_path(&format!(
                "/pulls?head={owner_head}&state=all&sort=created&direction=asc"
            ));
            let (pulls, _) = client.get_all::<Pull>(&path).await?;
            pulls
                .into_iter()
                .filter(|p| {
                    p.title == *title
                        && p.base.name == *base
                        && window.by(&p.author)
                        && window.admits(&p.created_at)
                })
                .map(|pr| {
                    let mut record = asked.clone();
                    record.pr = Some(pr.number);
                    record.url = pr.url.clone();
                    record
                })
                .collect()
        }
        _ => Vec::new(),
    };
    Ok(Seen::Found(found))
}

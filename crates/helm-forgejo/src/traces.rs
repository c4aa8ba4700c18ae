//! After a lost answer, the attempt's own traces on Forgejo (ADR 0012, ADR
//! 0023's "Never twice"): made by the token's account (`GET /user`), at or
//! after the attempt began on Forgejo's clock (its `Date`). A comment is
//! one by the viewer with the same body; a new issue or pull request one by
//! the viewer with the same title (or branches); a state change, a review
//! request or a label the issue timeline's event by the viewer; a merge the
//! pull request merged by the viewer at the pinned head. Where Forgejo keeps
//! no trace (an edited body), helm cannot tell, and says what to check.

use helm_forge::act::Steer;
use helm_forge::{ForgeError, Produced, TraceWindow, Traced};
use helm_model::clock::Began;
use helm_model::words;

mod label;

use crate::act::opened;
use crate::api::{ForgejoApi, segment};
use crate::look::pull;
use crate::wire;

pub(crate) async fn viewer(api: &ForgejoApi) -> Result<String, ForgeError> {
    let doing = "read the token's account";
    let user: wire::ForgejoUser = api.get("/user", doing).await?;
    if user.login.is_empty() {
        // Every trace is found by this login: none is no answer.
        return Err(crate::error::unreadable(
            doing,
            "it names no `login`",
            false,
        ));
    }
    Ok(user.login)
}

pub(crate) async fn window(
    api: &ForgejoApi,
    began: &Began,
) -> Result<Result<TraceWindow, String>, ForgeError> {
    // The first answer also reads Forgejo's clock, in case the attempt
    // kept no reading of its own.
    let viewer = viewer(api).await?;
    Ok(began
        .earliest_trace(api.clock().as_ref())
        .map(|since| TraceWindow { viewer, since }))
}

fn since(window: &TraceWindow) -> String {
    window.since.strftime("%Y-%m-%dT%H:%M:%SZ").to_string()
}

/// The traces found, or, with none, that nothing was done: unless the
/// listing looked in was `cut`, when the trace may lie past where helm
/// stopped reading, and acting again could do it twice.
fn found_or_not(found: Vec<Produced>, cut: bool) -> Traced {
    match (found.is_empty(), cut) {
        (false, _) => Traced::Found(found),
        (true, false) => Traced::NotDone,
        (true, true) => Traced::CannotTell(words![
            "Forgejo's listing was cut before its end (its pages repeat, or run past what helm reads), so the attempt's trace may lie beyond it: check in Forgejo, then settle it"
        ]),
    }
}

/// The timeline events of #`number` by the viewer in the window, and
/// whether the timeline was cut before its end.
pub(super) struct Timeline {
    pub(super) events: Vec<wire::ForgejoTimelineEvent>,
    pub(super) cut: bool,
}

pub(super) async fn events(
    api: &ForgejoApi,
    number: u64,
    window: &TraceWindow,
) -> Result<Timeline, ForgeError> {
    let path = api.repo_path(&format!(
        "/issues/{number}/timeline?since={}",
        since(window)
    ));
    let (events, cut) = api
        .pages::<wire::ForgejoTimelineEvent>(&path, &format!("read #{number}'s timeline"))
        .await?;
    let events = events
        .into_iter()
        .filter(|e| window.by(e.user.as_ref().map(|u| u.login.as_str())))
        .filter(|e| window.admits(e.created_at.as_deref()))
        .collect();
    Ok(Timeline { events, cut })
}

pub(crate) async fn look(
    api: &ForgejoApi,
    steer: &Steer,
    window: &TraceWindow,
) -> Result<Traced, ForgeError> {
    Ok(match steer {
        Steer::Comment(comment) => {
            let number = comment.on.number();
            let path = api.repo_path(&format!(
                "/issues/{number}/comments?since={}",
                since(window)
            ));
            let comments: Vec<wire::ForgejoComment> = api
                .get(&path, &format!("list #{number}'s comments"))
                .await?;
            let found = comments
                .into_iter()
                .filter(|c| window.by(c.user.as_ref().map(|u| u.login.as_str())))
                .filter(|c| window.admits(c.created_at.as_deref()))
                .filter(|c| c.body.as_deref() == Some(comment.body.as_str()))
                .map(|c| Produced::Posted {
                    id: c.id,
                    url: c.html_url,
                    author: c.user.map(|u| u.login),
                })
                .collect();
            found_or_not(found, false)
        }
        Steer::CreateIssue(create) => {
            let path = api.repo_path(&format!(
                "/issues?state=all&type=issues&created_by={}&since={}",
                segment(&window.viewer),
                since(window)
            ));
            let (issues, cut) = api
                .pages::<wire::ForgejoIssue>(&path, "list the viewer's new issues")
                .await?;
            let mut found: Vec<wire::ForgejoIssue> = issues
                .into_iter()
                .filter(|i| window.admits(i.created_at.as_deref()) && i.title == create.title)
                .collect();
            found.sort_by_key(|i| i.number);
            found_or_not(found.into_iter().map(opened).collect(), cut)
        }
        Steer::CreatePr(create) => {
            let poster = segment(&window.viewer);
            let path = api.repo_path(&format!("/pulls?state=all&poster={poster}"));
            let (pulls, cut) = api
                .pages::<wire::ForgejoPull>(&path, "list the viewer's pull requests")
                .await?;
            let mut found: Vec<wire::ForgejoPull> = pulls
                .into_iter()
                .filter(|p| window.admits(p.created_at.as_deref()))
                .filter(|p| p.head.name == create.head)
                .filter(|p| create.base.as_ref().is_none_or(|b| *b == p.base.name))
                .collect();
            found.sort_by_key(|p| p.number);
            found_or_not(
                found
                    .into_iter()
                    .map(|p| Produced::Opened {
                        number: p.number,
                        url: p.html_url,
                        author: p.user.map(|u| u.login),
                        labels: p
                            .labels
                            .unwrap_or_default()
                            .into_iter()
                            .map(|l| l.name)
                            .collect(),
                        assignees: p
                            .assignees
                            .unwrap_or_default()
                            .into_iter()
                            .map(|u| u.login)
                            .collect(),
                        title: None,
                        draft: None,
                    })
                    .collect(),
                cut,
            )
        }
        Steer::EditIssue(e) => {
            edited(api, e.issue, e.title.as_deref(), e.body.as_deref(), window).await?
        }
        Steer::EditPr(e) => {
            edited(api, e.pr, e.title.as_deref(), e.body.as_deref(), window).await?
        }
        Steer::CloseIssue(c) => state(api, c.issue, "close", "closed", window).await?,
        Steer::ReopenIssue(r) => state(api, r.issue, "reopen", "open", window).await?,
        Steer::ClosePr(c) => state(api, c.pr, "close", "closed", window).await?,
        Steer::RequestReview(request) => {
            let timeline = events(api, request.pr, window).await?;
            let asked: Vec<&wire::ForgejoTimelineEvent> = (timeline.events.iter())
                .filter(|e| e.kind.as_deref() == Some("review_request"))
                .collect();
            // Forgejo names the reviewer asked (`assignee`) where it can:
            // then only a request of one of these reviewers is this attempt's.
            let named: Vec<&str> = (asked.iter())
                .filter_map(|e| e.assignee.as_ref().map(|u| u.login.as_str()))
                .collect();
            let users: Vec<String> = match named.is_empty() {
                true => request.reviewers.clone(),
                false => (request.reviewers.iter())
                    .filter(|r| named.iter().any(|n| n.eq_ignore_ascii_case(r)))
                    .cloned()
                    .collect(),
            };
            let done = match named.is_empty() {
                true => !asked.is_empty(),
                false => !users.is_empty(),
            };
            let found = match done {
                false => Vec::new(),
                true => vec![Produced::Reviewers {
                    users,
                    teams: request.teams.clone(),
                    url: None,
                }],
            };
            found_or_not(found, timeline.cut)
        }
        Steer::MergePr(merge) => {
            let now = pull(api, merge.pr).await?;
            let ours = now.merged == Some(true)
                && window.by(now.merged_by.as_ref().map(|u| u.login.as_str()))
                && window.admits(now.merged_at.as_deref())
                && merge.sha.as_ref().is_none_or(|sha| *sha == now.head.sha);
            match ours {
                true => Traced::Found(vec![Produced::Merged {
                    sha: now.merge_commit_sha,
                    url: now.html_url,
                }]),
                false => Traced::NotDone,
            }
        }
        Steer::Label(change) => label::look(api, change, window).await?,
        Steer::ReplyInline(_) | Steer::ResolveThread(_) | Steer::UnresolveThread(_) => {
            Traced::CannotTell(words![
                "Forgejo has no such action, so helm never sent it; nothing to settle"
            ])
        }
    })
}

/// A state change is the timeline's `close` or `reopen` by the viewer.
async fn state(
    api: &ForgejoApi,
    number: u64,
    event: &str,
    now: &str,
    window: &TraceWindow,
) -> Result<Traced, ForgeError> {
    let timeline = events(api, number, window).await?;
    let done = (timeline.events.iter()).any(|e| e.kind.as_deref() == Some(event));
    let found = match done {
        true => vec![Produced::State {
            state: now.to_string(),
            reason: None,
            url: None,
        }],
        false => Vec::new(),
    };
    Ok(found_or_not(found, timeline.cut))
}

/// An edit: a title is the timeline's `change_title` to it by the viewer;
/// a body has no event, so an equal body updated within the window counts,
/// and an equal one without is what helm cannot tell.
async fn edited(
    api: &ForgejoApi,
    number: u64,
    title: Option<&str>,
    body: Option<&str>,
    window: &TraceWindow,
) -> Result<Traced, ForgeError> {
    let issue: wire::ForgejoIssue = api
        .get(
            &api.repo_path(&format!("/issues/{number}")),
            &format!("read #{number}"),
        )
        .await?;
    let title_now = title.is_none_or(|t| t == issue.title);
    let body_now = body.is_none_or(|b| issue.body.as_deref().unwrap_or_default() == b);
    if !(title_now && body_now) {
        return Ok(Traced::NotDone);
    }
    let renamed = match title {
        Some(title) => events(api, number, window).await?.events.iter().any(|e| {
            e.kind.as_deref() == Some("change_title") && e.new_title.as_deref() == Some(title)
        }),
        None => false,
    };
    let touched = window.admits(issue.updated_at.as_deref());
    if renamed || (body.is_some() && touched) {
        return Ok(Traced::Found(vec![Produced::Edited {
            title: Some(issue.title),
            body: issue.body,
            url: issue.html_url,
        }]));
    }
    Ok(Traced::CannotTell(words![format!(
        "#{number} reads as the edit asked, but Forgejo shows no change by {} since the attempt began: check its history in Forgejo, then settle it",
        window.viewer
    )]))
}

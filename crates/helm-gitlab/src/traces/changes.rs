//! The traces of a change to what exists: an edit (GitLab's system note
//! "changed title from …" or "changed the description" by the viewer, else
//! the text as asked with `updated_at` in the window), a state change
//! (`resource_state_events`), reviewers asked (the system note "requested
//! review from @…"), a merge (`merged`, `merge_user` the viewer, `merged_at`
//! in the window, at the pinned head), labels (`resource_label_events`: one
//! request made them all, so one event of it is the whole change) and a
//! thread (its state now against the state seen before acting).

use helm_forge::act::{IssueOrPull, Steer};
use helm_forge::{ForgeError, Produced, TraceWindow, Traced};
use helm_model::error::Words;

use super::{found, recent_notes};
use crate::act::edit::GitLabItem;
use crate::act::item_path;
use crate::act::labels::not_present;
use crate::api::GitLabApi;
use crate::look::summary::state as helm_state;
use crate::wire::{GitLabLabelEvent, GitLabMr, GitLabStateEvent};

/// Whether a system note names `@login` as itself (not `@login2`).
fn mentions(body: &str, login: &str) -> bool {
    body.split(|c: char| c.is_whitespace() || c == ',')
        .filter_map(|word| word.strip_prefix('@'))
        .any(|name| name.eq_ignore_ascii_case(login))
}

fn cannot_tell(text: String) -> Result<Traced, ForgeError> {
    Ok(Traced::CannotTell(Words::of(text)))
}

pub(super) async fn look(
    api: &GitLabApi,
    steer: &Steer,
    window: &TraceWindow,
) -> Result<Traced, ForgeError> {
    match steer {
        Steer::EditIssue(e) => {
            edit(
                api,
                IssueOrPull::Issue(e.issue),
                e.title.as_deref(),
                e.body.as_deref(),
                window,
            )
            .await
        }
        Steer::EditPr(e) => {
            edit(
                api,
                IssueOrPull::PullRequest(e.pr),
                e.title.as_deref(),
                e.body.as_deref(),
                window,
            )
            .await
        }
        Steer::CloseIssue(c) => state(api, IssueOrPull::Issue(c.issue), "closed", window).await,
        Steer::ReopenIssue(r) => state(api, IssueOrPull::Issue(r.issue), "reopened", window).await,
        Steer::ClosePr(c) => state(api, IssueOrPull::PullRequest(c.pr), "closed", window).await,
        Steer::RequestReview(r) => {
            let on = IssueOrPull::PullRequest(r.pr);
            let notes = recent_notes(api, on, window).await?;
            let asked = |name: &String| {
                notes.iter().any(|n| {
                    n.system
                        && window.by(Some(&n.author.username))
                        && n.body.starts_with("requested review from")
                        && mentions(&n.body, name)
                })
            };
            let mr: GitLabMr = api.get(&item_path(api, on)).await?;
            let now: Vec<String> = mr.reviewers.iter().map(|u| u.username.clone()).collect();
            let has = |name: &String| now.iter().any(|n| n.eq_ignore_ascii_case(name));
            if r.reviewers.iter().all(asked) {
                return found(vec![Produced::Reviewers {
                    users: now,
                    teams: Vec::new(),
                    url: Some(mr.web_url),
                }]);
            }
            if r.reviewers.iter().all(has) {
                return cannot_tell(format!(
                    "!{} has {} as reviewers, but GitLab shows no note that this account asked them since the attempt began; look at the merge request's activity",
                    r.pr,
                    r.reviewers.join(", ")
                ));
            }
            Ok(Traced::NotDone)
        }
        Steer::MergePr(m) => {
            let mr: GitLabMr = api
                .get(&item_path(api, IssueOrPull::PullRequest(m.pr)))
                .await?;
            if mr.state != "merged" {
                return Ok(Traced::NotDone);
            }
            let by = mr.merger().map(|u| u.username.clone());
            let pinned = m.sha.as_deref();
            if window.by(by.as_deref())
                && window.admits(mr.merged_at.as_deref())
                && (pinned.is_none() || mr.head() == pinned)
            {
                return found(vec![Produced::Merged {
                    sha: mr.merge_commit_sha.or(mr.squash_commit_sha),
                    url: Some(mr.web_url),
                }]);
            }
            cannot_tell(format!(
                "!{} is merged, by {} at {}, which GitLab does not show as this attempt's (by {} since {}, at {}); look at the merge request",
                m.pr,
                by.as_deref().unwrap_or("someone"),
                mr.merged_at.as_deref().unwrap_or("an unknown time"),
                window.viewer,
                window.since,
                pinned.unwrap_or("its head"),
            ))
        }
        Steer::Label(change) => {
            let path = format!("{}/resource_label_events", item_path(api, change.on));
            let (events, _) = api.pages::<GitLabLabelEvent>(&path).await?;
            let mine: Vec<&GitLabLabelEvent> = events
                .iter()
                .filter(|e| window.by(e.user.as_ref().map(|u| u.username.as_str())))
                .filter(|e| window.admits(e.created_at.as_deref()))
                .filter(|e| {
                    let name = e
                        .label
                        .as_ref()
                        .map(|l| l.name.as_str())
                        .unwrap_or_default();
                    let list = if e.action == "add" {
                        &change.add
                    } else {
                        &change.remove
                    };
                    list.iter().any(|l| l.eq_ignore_ascii_case(name))
                })
                .collect();
            if mine.is_empty() {
                return Ok(Traced::NotDone);
            }
            let removed: Vec<String> = mine
                .iter()
                .filter(|e| e.action == "remove")
                .filter_map(|e| e.label.as_ref().map(|l| l.name.clone()))
                .collect();
            #[derive(serde::Deserialize)]
            struct Now {
                labels: Vec<String>,
                web_url: String,
            }
            let now: Now = api.get(&item_path(api, change.on)).await?;
            found(vec![Produced::Labelled {
                now: now.labels,
                not_present: not_present(&change.remove, &removed),
                url: Some(now.web_url),
            }])
        }
        Steer::ResolveThread(t) => {
            thread(
                api,
                t.pr,
                &t.thread,
                t.seen.as_ref().map(|s| s.resolved),
                true,
                window,
            )
            .await
        }
        Steer::UnresolveThread(t) => {
            thread(
                api,
                t.pr,
                &t.thread,
                t.seen.as_ref().map(|s| s.resolved),
                false,
                window,
            )
            .await
        }
        Steer::Comment(_) | Steer::ReplyInline(_) | Steer::CreateIssue(_) | Steer::CreatePr(_) => {
            Ok(Traced::NotDone)
        }
    }
}

async fn edit(
    api: &GitLabApi,
    on: IssueOrPull,
    title: Option<&str>,
    body: Option<&str>,
    window: &TraceWindow,
) -> Result<Traced, ForgeError> {
    let notes = recent_notes(api, on, window).await?;
    let noted = |starts: &str| {
        notes
            .iter()
            .any(|n| n.system && window.by(Some(&n.author.username)) && n.body.starts_with(starts))
    };
    let item: GitLabItem = api.get(&item_path(api, on)).await?;
    let as_asked = title.is_none_or(|t| t == item.title)
        && body.is_none_or(|b| Some(b) == item.description.as_deref());
    let by_note = (title.is_none() || noted("changed title from"))
        && (body.is_none() || noted("changed the description"));
    if as_asked && (by_note || window.admits(item.updated_at.as_deref())) {
        return found(vec![Produced::Edited {
            title: Some(item.title),
            body: item.description,
            url: Some(item.web_url),
        }]);
    }
    Ok(Traced::NotDone)
}

async fn state(
    api: &GitLabApi,
    on: IssueOrPull,
    wanted: &str,
    window: &TraceWindow,
) -> Result<Traced, ForgeError> {
    let path = format!("{}/resource_state_events", item_path(api, on));
    let (events, _) = api.pages::<GitLabStateEvent>(&path).await?;
    let mine = events.iter().any(|e| {
        e.state == wanted
            && window.by(e.user.as_ref().map(|u| u.username.as_str()))
            && window.admits(e.created_at.as_deref())
    });
    if !mine {
        return Ok(Traced::NotDone);
    }
    let item: GitLabItem = api.get(&item_path(api, on)).await?;
    found(vec![Produced::State {
        state: helm_state(&item.state),
        reason: None,
        url: Some(item.web_url),
    }])
}

async fn thread(
    api: &GitLabApi,
    pr: u64,
    id: &str,
    seen: Option<bool>,
    resolve: bool,
    window: &TraceWindow,
) -> Result<Traced, ForgeError> {
    let discussion = crate::act::threads::discussion(api, pr, id).await?;
    let now = discussion.resolved();
    if now != resolve {
        return Ok(Traced::NotDone);
    }
    let Some(seen) = seen else {
        return cannot_tell(format!(
            "the thread {id} of !{pr} is {} now, and the attempt kept no state seen before it to compare with; look at the thread",
            if now { "resolved" } else { "unresolved" }
        ));
    };
    let resolver = discussion.resolver().map(|u| u.username.as_str());
    // Changed to what was asked (by this account, for a resolve), or so
    // already before the attempt, which then changed nothing.
    if seen == now || !resolve || window.by(resolver) {
        let url = crate::act::threads::thread_url(api, pr, &discussion);
        return found(vec![Produced::Thread { resolved: now, url }]);
    }
    cannot_tell(format!(
        "the thread {id} of !{pr} was resolved by {}, not by {}; look at the thread",
        resolver.unwrap_or("someone"),
        window.viewer
    ))
}

#[cfg(test)]
mod tests {
    use super::mentions;

    #[test]
    fn a_mention_is_the_whole_login() {
        let note = "requested review from @alice, @bob and @carol";
        assert!(mentions(note, "alice") && mentions(note, "BOB") && mentions(note, "carol"));
        assert!(!mentions(note, "al"));
        assert!(!mentions("requested review from @alice2", "alice"));
    }
}

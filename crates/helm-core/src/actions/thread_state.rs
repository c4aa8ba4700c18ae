//! What GitHub shows about one review thread, for `resolve-thread` and
//! `unresolve-thread`: the pull request and repository it belongs to, whether
//! it is resolved and who resolved it. Read twice: before acting, to refuse a
//! thread of another pull request and to keep its state in the pending record
//! ([`ThreadSeen`]); and after a lost answer, to decide what the attempt did.
//!
//! GitHub keeps no time of a resolution and no trace at all of who unresolved
//! a thread (no timeline event, no field), so the state now says nothing about
//! *this* attempt by itself: a teammate may have undone helm's change since,
//! or made it themselves. The look therefore compares the state before the
//! attempt with the state now and claims an effect only on evidence: a thread
//! unresolved before and now resolved by the acting account. A state that was
//! already as asked before, and still is, means acting again changes nothing
//! (ADR 0012). Everything else is `CannotTell`, which keeps the pending record
//! and refuses the retry: acting again could undo a teammate's change and
//! would act a second time.

use helm_forge::act::ThreadSeen;
use serde::{Deserialize, Deserializer, Serialize};

use super::thread_toggle::{ThreadChanged, ThreadMutation};
use super::traces::Window;
use super::{Effect, Step};
use crate::error::cmd;
use crate::error::{Error, Kind, Result};
use crate::github::client::Client;
use crate::github::graphql;
use crate::model::SteerRecord;
use crate::model::words;

pub(super) const THREAD: &str = "query($id: ID!) { node(id: $id) { ... on PullRequestReviewThread \
    { id isResolved resolvedBy { login } pullRequest { number } repository { nameWithOwner } } } }";

/// `THREAD`'s variables.
#[derive(Serialize)]
struct ThreadVars<'a> {
    id: &'a str,
}

/// What the steer's message says was left as it was when it is refused
/// before acting.
const NOTHING: &str = "nothing was acted on or recorded, and the slate is unchanged";

/// A field that must be present but may be null.
fn present<'de, D: Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Option<T>, D::Error> {
    Option::<T>::deserialize(d)
}

#[derive(Deserialize)]
struct Login {
    login: String,
}

#[derive(Deserialize)]
struct Number {
    number: u64,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Named {
    name_with_owner: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Shown {
    id: String,
    is_resolved: bool,
    #[serde(deserialize_with = "present")]
    resolved_by: Option<Login>,
    pull_request: Number,
    repository: Named,
}

#[derive(Deserialize)]
struct Node {
    node: Shown,
}

impl Shown {
    fn seen(&self) -> ThreadSeen {
        ThreadSeen {
            resolved: self.is_resolved,
            resolved_by: self.resolved_by.as_ref().map(|u| u.login.clone()),
        }
    }
}

impl ThreadMutation<'_> {
    async fn read(&self, client: &Client) -> Step<Shown> {
        let answer: Node = graphql::send(client, THREAD, ThreadVars { id: self.thread })
            .await
            .map_err(|e| self.unknown(e))?;
        self.check_id(&answer.node.id)?;
        Ok(answer.node)
    }

    /// Reads the thread before acting: it must belong to the pull request
    /// named, in the repository steered (or the one GitHub moved it to);
    /// otherwise the steer is refused with nothing acted or recorded.
    pub(super) async fn prepare(&self, client: &Client) -> Result<ThreadSeen> {
        let doing = self.doing();
        let repo = client.repo.to_string();
        let shown = self
            .read(client)
            .await
            .map_err(|e| e.into_error(&doing, &repo, NOTHING))?;
        let there = &shown.repository.name_with_owner;
        let moved = client.moved().and_then(|m| m.to);
        let same_repo = std::iter::once(&repo)
            .chain(moved.as_ref())
            .any(|r| r.eq_ignore_ascii_case(there));
        if shown.pull_request.number != self.pr || !same_repo {
            return Err(Error::new(
                Kind::NotFound,
                format!(
                    "review thread {} is on PR #{} of {there}, not on PR #{} of {repo}; helm did not {doing}",
                    self.thread, shown.pull_request.number, self.pr
                ),
            )
            .hint(format!(
                "list PR #{}'s thread ids by observing it with the reviews focus; {NOTHING}",
                self.pr
            )));
        }
        Ok(shown.seen())
    }

    /// Decides what a lost attempt did from the state before it (`seen`)
    /// and the state now; see the module's docs.
    pub(super) async fn look(
        &self,
        client: &Client,
        window: &Window,
        mut record: SteerRecord,
    ) -> Step<Effect> {
        let now = self.read(client).await?.seen();
        let effect = judge(self, &now, &window.viewer);
        if let Effect::Found(_) = effect {
            record.edit_part(|part: &mut ThreadChanged| part.resolved = Some(now.resolved));
            return Ok(Effect::Found(vec![record]));
        }
        Ok(effect)
    }
}

/// The look's verdict: [`Effect::Found`] (with no record yet), `NotDone` or
/// `CannotTell` saying what to check.
fn judge(change: &ThreadMutation<'_>, now: &ThreadSeen, viewer: &str) -> Effect {
    let thread = change.thread;
    let pr = change.pr;
    // A record written before helm kept the state seen (an older helm)
    // counts as the state not yet as asked: the look then claims only on
    // evidence and otherwise refuses.
    let before = change.seen.map_or(!change.resolve, |s| s.resolved);
    let check = words![
        format!(
            "check thread {thread} in PR #{pr}'s conversation on GitHub; if helm's attempt made the change, record that with "
        ),
        cmd("log"),
        " and discard the attempt, otherwise discard it and steer again with a new request id",
    ];
    let by = now
        .resolved_by
        .as_deref()
        .unwrap_or("an account GitHub does not name");
    let asked = change.resolve;
    let by_viewer = (now.resolved_by.as_deref()).is_some_and(|b| b.eq_ignore_ascii_case(viewer));
    match (asked, before == asked, now.resolved) {
        // Already as asked before the attempt and still: acting again changes nothing.
        (_, true, resolved) if resolved == asked => Effect::NotDone,
        // Already as asked before the attempt, changed since by someone else.
        (_, true, _) => Effect::CannotTell(words![
            format!(
                "thread {thread} was already {} before the attempt and someone {} it since; acting again would undo their change: ",
                state(asked),
                state(!asked)
            ),
            check.clone()
        ]),
        (true, false, true) if by_viewer => Effect::Found(Vec::new()),
        (true, false, true) => Effect::CannotTell(words![
            format!(
                "thread {thread} was resolved by {by}, not by the account helm acts as ({viewer}): someone else may have resolved it, or undone helm's resolve and resolved it again; "
            ),
            check.clone()
        ]),
        (true, false, false) => Effect::CannotTell(words![
            format!(
                "thread {thread} is unresolved, and GitHub does not show whether this attempt resolved it and someone unresolved it since, or whether it never reached GitHub; "
            ),
            check.clone()
        ]),
        (false, false, false) => Effect::CannotTell(words![
            format!(
                "thread {thread} is unresolved, and GitHub does not show who unresolves a thread or when: this attempt or someone else; "
            ),
            check.clone()
        ]),
        (false, false, true) => Effect::CannotTell(words![
            format!(
                "thread {thread} is resolved (by {by}), and GitHub does not show whether this attempt unresolved it and someone resolved it again since, or whether it never reached GitHub; "
            ),
            check.clone()
        ]),
    }
}

fn state(resolved: bool) -> &'static str {
    if resolved { "resolved" } else { "unresolved" }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fake_github::graphql_schema::check;

    fn seen(resolved: bool, by: Option<&str>) -> ThreadSeen {
        ThreadSeen {
            resolved,
            resolved_by: by.map(str::to_string),
        }
    }

    fn verdict(resolve: bool, before: Option<ThreadSeen>, now: ThreadSeen) -> &'static str {
        let change = ThreadMutation {
            pr: 2,
            thread: "PRRT_1",
            resolve,
            seen: before.as_ref(),
        };
        match judge(&change, &now, "helm-bot") {
            Effect::Found(_) => "found",
            Effect::NotDone => "not done",
            Effect::CannotTell(_) => "cannot tell",
        }
    }

    #[test]
    fn the_read_names_only_what_githubs_schema_has() {
        assert_eq!(check(THREAD), Vec::<String>::new());
    }

    #[test]
    fn a_resolve_is_claimed_only_when_the_acting_account_resolved_it_since() {
        let open = Some(seen(false, None));
        assert_eq!(
            verdict(true, open.clone(), seen(true, Some("Helm-Bot"))),
            "found"
        );
        assert_eq!(
            verdict(true, open.clone(), seen(true, Some("octocat"))),
            "cannot tell"
        );
        // Undone by a teammate since, or never sent: GitHub cannot say which.
        assert_eq!(
            verdict(true, open.clone(), seen(false, None)),
            "cannot tell"
        );
        assert_eq!(verdict(true, None, seen(false, None)), "cannot tell");
        // Resolved before the attempt: acting again changes nothing, unless
        // someone unresolved it since.
        let done = Some(seen(true, Some("octocat")));
        assert_eq!(
            verdict(true, done.clone(), seen(true, Some("octocat"))),
            "not done"
        );
        assert_eq!(verdict(true, done, seen(false, None)), "cannot tell");
    }

    #[test]
    fn an_unresolve_is_never_claimed_since_github_does_not_show_who_unresolved() {
        let done = Some(seen(true, Some("octocat")));
        assert_eq!(
            verdict(false, done.clone(), seen(false, None)),
            "cannot tell"
        );
        assert_eq!(
            verdict(false, done.clone(), seen(true, Some("octocat"))),
            "cannot tell"
        );
        assert_eq!(verdict(false, None, seen(false, None)), "cannot tell");
        let open = Some(seen(false, None));
        assert_eq!(verdict(false, open.clone(), seen(false, None)), "not done");
        assert_eq!(
            verdict(false, open, seen(true, Some("octocat"))),
            "cannot tell"
        );
    }
}

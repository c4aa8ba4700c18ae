//! `resolve-thread` and `unresolve-thread` on GitHub: one GraphQL mutation
//! each, the thread read before acting (it must be on the pull request named,
//! in the repository steered or the one GitHub moved it to) and again after
//! a lost answer. GitHub shows who resolved a thread but not when, nor who
//! unresolved one, so the look claims a resolve only when the state before
//! the attempt (kept in the pending record) differs from now and the acting
//! account is named as the resolver; anything else it cannot tell, unless
//! the state now is the one before and as asked (then nothing was done).

use helm_forge::act::ThreadSeen;
use helm_forge::{ForgeWrite, Produced, Traced};
use helm_model::error::{Error, Kind, Result, Words, cmd};
use helm_model::words;
use serde::{Deserialize, Deserializer, Serialize};

use super::Window;
use super::write::{answer, planned};
use crate::client::Client;
use crate::error::GitHubError;
use crate::graphql::{self, GraphQlRequest};

/// One thread's change: which, on which pull request, which way, and the
/// state seen before acting (absent in an older helm's pending record).
pub(super) struct Toggle<'a> {
    pub(super) pr: u64,
    pub(super) thread: &'a str,
    pub(super) resolve: bool,
    pub(super) seen: Option<&'a ThreadSeen>,
}

const RESOLVE: &str = "mutation($threadId: ID!) { resolveReviewThread(input: {threadId: $threadId}) \
    { thread { id isResolved } } }";
const UNRESOLVE: &str = "mutation($threadId: ID!) { unresolveReviewThread(input: {threadId: $threadId}) \
    { thread { id isResolved } } }";
const THREAD: &str = "query($id: ID!) { node(id: $id) { ... on PullRequestReviewThread \
    { id isResolved resolvedBy { login } pullRequest { number } repository { nameWithOwner } } } }";

/// What the steer's message says was left as it was when it is refused
/// before acting.
const NOTHING: &str = "nothing was acted on or recorded, and the slate is unchanged";

/// The mutations' variables.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ResolveVars<'a> {
    thread_id: &'a str,
}

/// `THREAD`'s variables.
#[derive(Serialize)]
struct ThreadVars<'a> {
    id: &'a str,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ThreadState {
    id: String,
    is_resolved: bool,
}

#[derive(Deserialize)]
struct Payload {
    thread: ThreadState,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Mutated {
    #[serde(alias = "unresolveReviewThread")]
    resolve_review_thread: Payload,
}

/// A field that must be present but may be null.
fn present<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
    d: D,
) -> std::result::Result<Option<T>, D::Error> {
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

impl Toggle<'_> {
    fn doing(&self) -> String {
        let verb = if self.resolve { "resolve" } else { "unresolve" };
        format!("{verb} review thread {} on PR #{}", self.thread, self.pr)
    }

    fn unknown(&self, mut err: GitHubError) -> GitHubError {
        if err.status == Some(404) {
            err.message = format!(
                "no review thread {} ({}); list the PR's thread ids by observing PR #{} with the reviews focus",
                self.thread, err.message, self.pr
            );
        }
        err
    }

    fn check_id(&self, answered: &str) -> std::result::Result<(), GitHubError> {
        if answered != self.thread {
            return Err(GitHubError::shape_text(format!(
                "GitHub's GraphQL answer names thread {answered} where {} was asked",
                self.thread
            )));
        }
        Ok(())
    }

    async fn read(&self, client: &Client) -> std::result::Result<Shown, GitHubError> {
        let answer: Node = graphql::send(client, THREAD, ThreadVars { id: self.thread })
            .await
            .map_err(|e| self.unknown(e))?;
        self.check_id(&answer.node.id)?;
        Ok(answer.node)
    }
}

/// Reads the thread before acting: it must belong to the pull request
/// named, in the repository steered (or the one GitHub moved it to);
/// otherwise the steer is refused with nothing acted or recorded. The state
/// seen is what the pending record keeps for a later look; the write is the
/// mutation to GitHub's GraphQL endpoint.
pub(super) async fn plan(client: &Client, toggle: &Toggle<'_>) -> Result<(ThreadSeen, ForgeWrite)> {
    let seen = seen(client, toggle).await?;
    let request = GraphQlRequest {
        query: if toggle.resolve { RESOLVE } else { UNRESOLVE },
        variables: ResolveVars {
            thread_id: toggle.thread,
        },
    };
    let write = planned("POST", graphql::endpoint(&client.api_url), &request)?;
    Ok((seen, write))
}

async fn seen(client: &Client, toggle: &Toggle<'_>) -> Result<ThreadSeen> {
    let doing = toggle.doing();
    let repo = client.repo.to_string();
    let shown = toggle
        .read(client)
        .await
        .map_err(|e| e.into_error(&doing, &repo, NOTHING))?;
    let there = &shown.repository.name_with_owner;
    let moved = client.moved().and_then(|m| m.to);
    let same_repo = std::iter::once(&repo)
        .chain(moved.as_ref())
        .any(|r| r.eq_ignore_ascii_case(there));
    if shown.pull_request.number != toggle.pr || !same_repo {
        return Err(Error::new(
            Kind::NotFound,
            format!(
                "review thread {} is on PR #{} of {there}, not on PR #{} of {repo}; helm did not {doing}",
                toggle.thread, shown.pull_request.number, toggle.pr
            ),
        )
        .hint(format!(
            "list PR #{}'s thread ids by observing it with the reviews focus; {NOTHING}",
            toggle.pr
        )));
    }
    Ok(shown.seen())
}

pub(super) async fn send(
    client: &Client,
    toggle: &Toggle<'_>,
    write: &ForgeWrite,
) -> std::result::Result<Produced, GitHubError> {
    let answer: Mutated = answer(client, write)
        .await
        .and_then(graphql::read)
        .map_err(|e| toggle.unknown(e))?;
    let thread = answer.resolve_review_thread.thread;
    toggle.check_id(&thread.id)?;
    Ok(Produced::Thread {
        resolved: thread.is_resolved,
        url: None,
    })
}

/// Decides what a lost attempt did from the state before it and the state
/// now; see the module's docs.
pub(super) async fn look(
    client: &Client,
    toggle: &Toggle<'_>,
    window: &Window<'_>,
) -> std::result::Result<Traced, GitHubError> {
    let now = toggle.read(client).await?.seen();
    Ok(match judge(toggle, &now, window.viewer()) {
        Verdict::Found => Traced::Found(vec![Produced::Thread {
            resolved: now.resolved,
            url: None,
        }]),
        Verdict::NotDone => Traced::NotDone,
        Verdict::CannotTell(why) => Traced::CannotTell(why),
    })
}

/// The look's verdict before anything is made of it.
enum Verdict {
    Found,
    NotDone,
    CannotTell(Words),
}

fn judge(change: &Toggle<'_>, now: &ThreadSeen, viewer: &str) -> Verdict {
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
        (_, true, resolved) if resolved == asked => Verdict::NotDone,
        // Already as asked before the attempt, changed since by someone else.
        (_, true, _) => Verdict::CannotTell(words![
            format!(
                "thread {thread} was already {} before the attempt and someone {} it since; acting again would undo their change: ",
                state(asked),
                state(!asked)
            ),
            check.clone()
        ]),
        (true, false, true) if by_viewer => Verdict::Found,
        (true, false, true) => Verdict::CannotTell(words![
            format!(
                "thread {thread} was resolved by {by}, not by the account helm acts as ({viewer}): someone else may have resolved it, or undone helm's resolve and resolved it again; "
            ),
            check.clone()
        ]),
        (true, false, false) => Verdict::CannotTell(words![
            format!(
                "thread {thread} is unresolved, and GitHub does not show whether this attempt resolved it and someone unresolved it since, or whether it never reached GitHub; "
            ),
            check.clone()
        ]),
        (false, false, false) => Verdict::CannotTell(words![
            format!(
                "thread {thread} is unresolved, and GitHub does not show who unresolves a thread or when: this attempt or someone else; "
            ),
            check.clone()
        ]),
        (false, false, true) => Verdict::CannotTell(words![
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
        let change = Toggle {
            pr: 2,
            thread: "PRRT_1",
            resolve,
            seen: before.as_ref(),
        };
        match judge(&change, &now, "helm-bot") {
            Verdict::Found => "found",
            Verdict::NotDone => "not done",
            Verdict::CannotTell(_) => "cannot tell",
        }
    }

    #[test]
    fn the_queries_name_only_what_githubs_schema_has() {
        for query in [RESOLVE, UNRESOLVE, THREAD] {
            assert_eq!(check(query), Vec::<String>::new(), "{query}");
        }
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

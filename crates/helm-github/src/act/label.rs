//! `label` on GitHub, planned before anything leaves: the labels the issue
//! has read first when the change removes any (or adds none), then labels
//! added in one `POST /issues/{n}/labels` and each one present removed by a
//! `DELETE` of its own (a label the issue lacks is recorded as not present,
//! GitHub's 404 "Label does not exist" included). A failure after a request
//! went through is GitHub acting in part, never "nothing happened". After a
//! lost answer, the `labeled` and `unlabeled` events by the acting account
//! since the attempt began, for the labels asked, and the labels the issue
//! has now.

use helm_forge::act::{IssueOrPull, LabelChange, Steer};
use helm_forge::{ForgeWrite, Produced, Traced, WritePlan};
use helm_model::error::{Error, Kind, Words};
use serde::{Deserialize, Serialize};

use super::Window;
use super::body::WriteBody;
use super::failed;
use super::timeline::{mine, timeline};
use super::write::{answer, planned, sent, unsendable};
use crate::client::{Client, parse};
use crate::error::{Failure, GitHubError};
use crate::wire::GitHubLabel as Label;

/// What the plan read that no write carries: the labels the issue or pull
/// request had, when it read them (`None` when it only adds).
#[derive(Serialize, Deserialize)]
struct Read {
    before: Option<Vec<String>>,
}

/// Whether `labels` holds `name`; GitHub compares label names without case.
fn has(labels: &[String], name: &str) -> bool {
    labels.iter().any(|l| l.eq_ignore_ascii_case(name))
}

/// A label name as one path segment: everything but the unreserved
/// characters percent-encoded (names may hold spaces, `/` and `:`).
fn segment(name: &str) -> String {
    name.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

fn names(labels: Vec<Label>) -> Vec<String> {
    labels.into_iter().map(|l| l.name).collect()
}

/// `'a', 'b'`, for messages.
fn quoted(labels: &[String]) -> String {
    let quoted: Vec<String> = labels.iter().map(|l| format!("'{l}'")).collect();
    quoted.join(", ")
}

/// Whether a removal failed because the issue lacks the label: GitHub
/// answers 404 "Label does not exist".
fn absent(err: &GitHubError) -> bool {
    err.failure == Failure::Answered && err.status == Some(404)
}

fn labels_path(on: IssueOrPull, client: &Client) -> String {
    client.repo_path(&format!("/issues/{}/labels", on.number()))
}

/// The labels the issue or pull request has now.
async fn current(on: IssueOrPull, client: &Client) -> Result<Vec<String>, GitHubError> {
    let (labels, _) = client.get_all::<Label>(&labels_path(on, client)).await?;
    Ok(names(labels))
}

/// Whether the plan removes `name`: the issue had it, or the change adds it.
fn present(before: &[String], change: &LabelChange, name: &str) -> bool {
    has(before, name) || has(&change.add, name)
}

/// The labels read (when the change removes any, or adds none), the `POST`
/// of those to add and a `DELETE` for each one to take off that is there.
pub(super) async fn plan(
    client: &Client,
    change: &LabelChange,
) -> helm_model::error::Result<WritePlan> {
    let path = labels_path(change.on, client);
    let before = if change.add.is_empty() || !change.remove.is_empty() {
        let read = current(change.on, client)
            .await
            .map_err(|err| failed::reading(err, &change.doing(), &client.repo.to_string()))?;
        Some(read)
    } else {
        None
    };
    let mut writes = Vec::new();
    if !change.add.is_empty() {
        let body = WriteBody {
            labels: Some(&change.add),
            ..WriteBody::default()
        };
        writes.push(planned("POST", path.clone(), &body)?);
    }
    let had = before.as_deref().unwrap_or_default();
    for name in &change.remove {
        if present(had, change, name) {
            writes.push(ForgeWrite {
                method: "DELETE",
                path: format!("{path}/{}", segment(name)),
                body: None,
            });
        }
    }
    let read = serde_json::to_value(Read { before }).map_err(|err| {
        Error::new(
            Kind::Corrupt,
            format!("the labels read could not be kept: {err}"),
        )
        .hint("this is a bug in helm: please report it; nothing was sent or recorded")
    })?;
    Ok(WritePlan {
        steer: Steer::Label(change.clone()),
        writes,
        read,
    })
}

pub(super) async fn send(
    client: &Client,
    change: &LabelChange,
    plan: &WritePlan,
) -> Result<Produced, GitHubError> {
    let read: Read = serde_json::from_value(plan.read.clone())
        .map_err(|err| unsendable(format!("the label plan's labels read: {err}")))?;
    let before = read.before.unwrap_or_default();
    let mut writes = plan.writes.iter();
    let mut next = || {
        writes
            .next()
            .ok_or_else(|| unsendable("a label plan short of its writes (a bug in helm)".into()))
    };
    // What went through so far, for the message of a later failure.
    let mut done: Vec<String> = Vec::new();
    let mut labels = if change.add.is_empty() {
        before.clone()
    } else {
        let added = names(sent(client, next()?).await?);
        done.push(format!("adding {} went through", quoted(&change.add)));
        added
    };
    let mut not_present = Vec::new();
    for name in &change.remove {
        if !present(&before, change, name) {
            not_present.push(name.clone());
            continue;
        }
        let answer = answer(client, next()?).await;
        match answer.and_then(parse::<Vec<Label>>) {
            Ok(answer) => {
                labels = names(answer);
                done.push(format!("removing '{name}' went through"));
            }
            Err(err) if absent(&err) => {
                labels.retain(|l| !l.eq_ignore_ascii_case(name));
                not_present.push(name.clone());
            }
            Err(err) if done.is_empty() => return Err(err),
            Err(err) => return Err(err.partial(&done.join(", "))),
        }
    }
    Ok(Produced::Labelled {
        now: labels,
        not_present,
        url: None,
    })
}

pub(super) async fn look(
    client: &Client,
    change: &LabelChange,
    window: &Window<'_>,
) -> Result<Traced, GitHubError> {
    let number = change.on.number();
    let mut added = Vec::new();
    let mut removed = Vec::new();
    for event in timeline(client, number).await? {
        let (kind, asked, found) = if mine(&event, "labeled", window) {
            ("labeled", &change.add, &mut added)
        } else if mine(&event, "unlabeled", window) {
            ("unlabeled", &change.remove, &mut removed)
        } else {
            continue;
        };
        let Some(name) = event.label.and_then(|l| l.name) else {
            return Ok(Traced::CannotTell(Words::of(format!(
                "a '{kind}' event by {} on #{number}'s timeline since the attempt began names no label; check the labels of #{number} and who changed them on GitHub",
                window.viewer()
            ))));
        };
        if has(asked, &name) && !has(found, &name) {
            found.push(name);
        }
    }
    if added.is_empty() && removed.is_empty() {
        return Ok(Traced::NotDone);
    }
    let mut labels = current(change.on, client).await?;
    for name in &added {
        if !has(&labels, name) {
            labels.push(name.clone());
        }
    }
    labels.retain(|l| !has(&removed, l));
    Ok(Traced::Found(vec![Produced::Labelled {
        now: labels,
        not_present: Vec::new(),
        url: None,
    }]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_label_name_is_one_path_segment() {
        assert_eq!(segment("bug"), "bug");
        assert_eq!(segment("good first issue"), "good%20first%20issue");
        assert_eq!(segment("area/ci:fast"), "area%2Fci%3Afast");
        assert_eq!(segment("é"), "%C3%A9");
    }
}

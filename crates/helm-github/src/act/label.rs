//! `label` on GitHub: labels added in one `POST /issues/{n}/labels`, then
//! each one removed by a `DELETE` of its own (a label the issue lacks is
//! recorded as not present, GitHub's 404 "Label does not exist" included).
//! A failure after a request went through is GitHub acting in part, never
//! "nothing happened". After a lost answer, the `labeled` and `unlabeled`
//! events by the acting account since the attempt began, for the labels
//! asked, and the labels the issue has now.

use helm_forge::act::{IssueOrPull, LabelChange};
use helm_forge::{Produced, Traced};
use helm_model::error::Words;
use http::Method;

use super::Window;
use super::body::WriteBody;
use super::timeline::{mine, timeline};
use crate::client::{Client, JSON, parse};
use crate::error::{Failure, GitHubError};
use crate::wire::GitHubLabel as Label;

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

pub(super) async fn send(client: &Client, change: &LabelChange) -> Result<Produced, GitHubError> {
    let path = labels_path(change.on, client);
    // What went through so far, for the message of a later failure.
    let mut done: Vec<String> = Vec::new();
    let mut labels = if change.add.is_empty() {
        current(change.on, client).await?
    } else {
        let body = WriteBody {
            labels: Some(&change.add),
            ..WriteBody::default()
        };
        let added = names(client.write(Method::POST, &path, &body.json()).await?);
        done.push(format!("adding {} went through", quoted(&change.add)));
        added
    };
    let mut not_present = Vec::new();
    for name in &change.remove {
        if !has(&labels, name) {
            not_present.push(name.clone());
            continue;
        }
        let one = format!("{path}/{}", segment(name));
        let answer = client.send(Method::DELETE, &one, JSON, None).await;
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

//! The freshness check: are the observations of an issue or pull request
//! still what GitHub shows? Every validator the payloads kept is asked about
//! once (the same request shared by several observations is sent once), all
//! concurrently, so any number of observations costs about one round trip.
//! An answer other than 304 is compared with what was seen, to say what
//! changed. Reads only; never touches the voyage.

use std::collections::BTreeMap;

use futures_util::future::join_all;
use serde::de::DeserializeOwned;
use serde_json::Value;

use super::client::{Answer, Client};
use super::conditional::{Fetched, Validator, probe};
use super::error::GitHubError;
use super::observe::{to_value, validators};
use super::types::{Comment, Issue, Pull, Review, ReviewComment};

/// One request of the check: path, media type and the tag sent.
type Ask = (String, String, Option<String>);

/// What changed since the observations were made, in words; empty when
/// every request answered 304. `observations` are the payloads as stored.
pub async fn changes(client: &Client, observations: &[&Value]) -> Result<Vec<String>, GitHubError> {
    // One request per distinct validator; each remembers who asked.
    let mut asks: BTreeMap<Ask, (Validator, Vec<(usize, String)>)> = BTreeMap::new();
    for (index, payload) in observations.iter().enumerate() {
        for (part, list) in validators(payload) {
            for validator in super::conditional::for_check(&list) {
                let key = (
                    validator.path.clone(),
                    validator.accept().to_string(),
                    validator.etag.clone(),
                );
                asks.entry(key)
                    .or_insert_with(|| (validator.clone(), Vec::new()))
                    .1
                    .push((index, part.clone()));
            }
        }
    }
    let answers = join_all(asks.values().map(|(validator, _)| probe(client, validator))).await;
    let mut changed = Vec::new();
    for ((validator, askers), answer) in asks.values().zip(answers) {
        let Fetched::Fresh(answer, _) = answer? else {
            continue;
        };
        // Gone is a change; any other refusal means the check could not be made.
        let gone = matches!(answer.status.as_u16(), 404 | 410);
        if !answer.status.is_success() && !gone {
            return Err(GitHubError::from_answer(&answer));
        }
        for (index, part) in askers {
            let said = describe(part, validator, &answer, observations[*index]);
            for words in said {
                if !changed.contains(&words) {
                    changed.push(words);
                }
            }
        }
    }
    Ok(changed)
}

/// What an answer other than 304 says changed in `part` of `payload`.
fn describe(part: &str, validator: &Validator, answer: &Answer, payload: &Value) -> Vec<String> {
    if !answer.status.is_success() {
        let error = GitHubError::from_answer(answer);
        return vec![format!(
            "GitHub now answers {} {}",
            answer.status.as_u16(),
            error.message
        )];
    }
    let said = match part {
        "summary" if validator.path.contains("/pulls/") => {
            parsed::<Pull>(answer).map(|new| summary(&to_value(&new), payload))
        }
        "summary" => parsed::<Issue>(answer).map(|new| summary(&to_value(&new), payload)),
        "comments" => parsed::<Vec<Comment>>(answer)
            .map(|new| listing(&to_value(&new), &payload["comments"], "comment")),
        "reviews"
            if validator.path.ends_with("/reviews") || validator.path.contains("/reviews?") =>
        {
            parsed::<Vec<Review>>(answer).map(|new| reviews(&new, &payload["reviews"]["reviews"]))
        }
        "reviews" => parsed::<Vec<ReviewComment>>(answer).map(|new| {
            let old: Vec<Value> = payload["reviews"]["threads"]
                .as_array()
                .into_iter()
                .flatten()
                .flat_map(|t| t["comments"].as_array().cloned().unwrap_or_default())
                .collect();
            listing(&to_value(&new), &Value::Array(old), "review comment")
        }),
        "checks" => Some(vec!["checks changed".to_string()]),
        "files" | "diff" => Some(vec!["the files changed".to_string()]),
        other => Some(vec![format!("{other} changed")]),
    };
    match said {
        Some(said) if !said.is_empty() => said,
        // Seen only for its head sha (checks), which did not move.
        _ if part == "summary" && payload.get("summary").is_none() => Vec::new(),
        _ => vec![format!("{part} changed")],
    }
}

fn parsed<T: DeserializeOwned>(answer: &Answer) -> Option<T> {
    serde_json::from_slice(&answer.body).ok()
}

fn short(sha: &str) -> String {
    sha.chars().take(7).collect()
}

/// An issue's or pull request's own changes: state, head, title, body,
/// labels, people.
fn summary(new: &Value, payload: &Value) -> Vec<String> {
    let old_sha = payload["summary"]["head"]["sha"]
        .as_str()
        .or(payload["checks"]["headSha"].as_str());
    let mut said = Vec::new();
    if let (Some(old), Some(now)) = (old_sha, new["head"]["sha"].as_str())
        && old != now
    {
        said.push(format!("head moved from {} to {}", short(old), short(now)));
    }
    let old = &payload["summary"];
    if old.is_null() {
        return said;
    }
    if new["merged"].as_bool() == Some(true) && old["merged"].as_bool() != Some(true) {
        said.push("merged".to_string());
    } else if new["state"] != old["state"] {
        said.push(match new["state"].as_str() {
            Some("closed") => "closed".to_string(),
            Some("open") => "reopened".to_string(),
            other => format!("now {}", other.unwrap_or("in another state")),
        });
    }
    for (field, words) in [
        ("title", "title edited"),
        ("body", "body edited"),
        ("labels", "labels changed"),
        ("assignees", "assignees changed"),
        ("requestedReviewers", "requested reviewers changed"),
        ("draft", "draft state changed"),
    ] {
        if new.get(field).is_some() && new[field] != old[field] {
            said.push(words.to_string());
        }
    }
    if said.is_empty() && new["updatedAt"] != old["updatedAt"] {
        said.push(format!(
            "updated at {} (new activity)",
            new["updatedAt"].as_str().unwrap_or("an unknown time")
        ));
    }
    said
}

/// New, edited and deleted items of a comment listing, compared by id.
fn listing(new: &Value, old: &Value, what: &str) -> Vec<String> {
    let old = old.as_array().cloned().unwrap_or_default();
    let new = new.as_array().cloned().unwrap_or_default();
    let find = |list: &[Value], id: &Value| list.iter().find(|c| c["id"] == *id).cloned();
    let added: Vec<&Value> = new
        .iter()
        .filter(|c| find(&old, &c["id"]).is_none())
        .collect();
    let edited = new
        .iter()
        .filter(|c| find(&old, &c["id"]).is_some_and(|o| o["body"] != c["body"]))
        .count();
    let mut said = Vec::new();
    if !added.is_empty() {
        let mut who: Vec<&str> = added
            .iter()
            .map(|c| c["author"].as_str().unwrap_or("someone"))
            .collect();
        who.dedup();
        let noun = if added.len() == 1 {
            what.to_string()
        } else {
            format!("{what}s")
        };
        said.push(format!("{} new {noun} by {}", added.len(), who.join(", ")));
    }
    if edited > 0 {
        said.push(format!("{edited} {what}(s) edited"));
    }
    // A listing of one page holds everything: what is missing was deleted.
    let gone = old
        .iter()
        .filter(|c| find(&new, &c["id"]).is_none())
        .count();
    if gone > 0 && old.len() <= 100 {
        said.push(format!("{gone} {what}(s) deleted"));
    }
    said
}

fn reviews(new: &[Review], old: &Value) -> Vec<String> {
    let old = old.as_array().cloned().unwrap_or_default();
    new.iter()
        .filter(|r| !old.iter().any(|o| o["id"].as_u64() == Some(r.id)))
        .map(|r| {
            format!(
                "new review by {} ({})",
                r.author.as_ref().map_or("someone", |u| u.login.as_str()),
                r.state.to_lowercase().replace('_', " ")
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn comment_listings_say_who_wrote_what() {
        let old = json!([{"id": 1, "author": "erin", "body": "hi"}]);
        let new = json!([
            {"id": 1, "author": "erin", "body": "hi, edited"},
            {"id": 2, "author": "bob", "body": "wait"}
        ]);
        assert_eq!(
            listing(&new, &old, "comment"),
            ["1 new comment by bob", "1 comment(s) edited"]
        );
        assert_eq!(
            listing(&json!([]), &old, "comment"),
            ["1 comment(s) deleted"]
        );
    }

    #[test]
    fn summaries_say_what_moved() {
        let payload = json!({"summary": {
            "state": "open", "title": "Fix", "body": "b", "head": {"sha": "6dcb09b5b57875f334f61aebed695e2e4193db5e"}
        }});
        let new = json!({
            "state": "closed", "title": "Fix it", "body": "b", "head": {"sha": "1a2b3c4d5e6f"}
        });
        assert_eq!(
            summary(&new, &payload),
            [
                "head moved from 6dcb09b to 1a2b3c4",
                "closed",
                "title edited"
            ]
        );
        // Seen for its head only (checks): an unmoved head is no change.
        let checks_only = json!({"checks": {"headSha": "1a2b3c4d5e6f"}});
        assert!(summary(&new, &checks_only).is_empty());
    }
}

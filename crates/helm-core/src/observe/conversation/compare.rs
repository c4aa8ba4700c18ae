//! What changed in one part of a GitHub payload, in words: the part as it
//! was seen against the part as GitHub shows it now, both in the payload's
//! own shape. Only a real difference is said; an answer that merely came
//! back (a 200 with another tag, or without any) says nothing. Pure: no
//! requests, no voyage.

mod checks;
mod quoted;
mod reviews;

use serde_json::Value;

use checks::checks;
use reviews::reviews;

/// One thing that changed. A `vague` one ("new activity") is kept only
/// when nothing more precise was found anywhere.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Change {
    pub(crate) words: String,
    pub(crate) vague: bool,
}

impl Change {
    pub(super) fn said(words: impl Into<String>) -> Change {
        Change {
            words: words.into(),
            vague: false,
        }
    }

    pub(super) fn hinted(words: impl Into<String>) -> Change {
        Change {
            words: words.into(),
            vague: true,
        }
    }
}

/// Fields GitHub computes in the background, which change without anyone
/// acting (`null` until computed, then the answer): not a change.
const COMPUTED: [&str; 2] = ["mergeable", "mergeableState"];

/// What changed in `part` between `old` (seen) and `new` (now); empty when
/// they are the same.
pub(crate) fn part(part: &str, old: &Value, new: &Value) -> Vec<Change> {
    if old == new {
        return Vec::new();
    }
    let said = match part {
        "summary" => summary(old, new),
        "comments" => listing(old, new, "comment"),
        "reviews" => reviews(old, new),
        "checks" => checks(old, new),
        "files" => files(old, new),
        "diff" => vec![Change::said("the diff changed")],
        other => vec![Change::said(format!("{other} changed"))],
    };
    // A difference nothing above names is still a difference.
    if said.is_empty() && part != "summary" {
        return vec![Change::said(format!("{part} changed"))];
    }
    said
}

/// Keeps the precise changes, or the vague ones when there are no others,
/// each said once.
pub(crate) fn settle(all: Vec<Change>) -> Vec<String> {
    let precise = all.iter().any(|c| !c.vague);
    let mut words: Vec<String> = Vec::new();
    for change in all {
        if (change.vague && precise) || words.contains(&change.words) {
            continue;
        }
        words.push(change.words);
    }
    words
}

fn short(sha: &str) -> String {
    sha.chars().take(7).collect()
}

pub(super) fn head_moved(old: Option<&str>, new: Option<&str>) -> Option<Change> {
    match (old, new) {
        (Some(old), Some(new)) if old != new => Some(Change::said(format!(
            "head moved from {} to {}",
            short(old),
            short(new)
        ))),
        _ => None,
    }
}

/// An issue's or pull request's own changes: head, state, title, body,
/// labels, people; any other difference as new activity.
fn summary(old: &Value, new: &Value) -> Vec<Change> {
    let strip = |value: &Value| {
        let mut value = value.clone();
        if let Some(fields) = value.as_object_mut() {
            for field in COMPUTED {
                fields.remove(field);
            }
        }
        value
    };
    let (old, new) = (strip(old), strip(new));
    if old == new {
        return Vec::new();
    }
    let mut said: Vec<Change> =
        head_moved(old["head"]["sha"].as_str(), new["head"]["sha"].as_str())
            .into_iter()
            .collect();
    if new["merged"].as_bool() == Some(true) && old["merged"].as_bool() != Some(true) {
        said.push(Change::said("merged"));
    } else if new["state"] != old["state"] {
        said.push(Change::said(match new["state"].as_str() {
            Some("closed") => "closed".to_string(),
            Some("open") => "reopened".to_string(),
            other => format!("now {}", other.unwrap_or("in another state")),
        }));
    }
    for (field, words) in [
        ("title", "title edited"),
        ("body", "body edited"),
        ("labels", "labels changed"),
        ("assignees", "assignees changed"),
        ("requestedReviewers", "requested reviewers changed"),
        ("requestedTeams", "requested teams changed"),
        ("draft", "draft state changed"),
    ] {
        if new[field] != old[field] {
            said.push(Change::said(words));
        }
    }
    if let (Some(was), Some(now)) = (old["commits"].as_u64(), new["commits"].as_u64())
        && was != now
    {
        let commits = crate::words::plural(now, "commit", "commits");
        said.push(Change::said(format!("{now} {commits} now (was {was})")));
    }
    if new["base"]["ref"] != old["base"]["ref"] {
        said.push(Change::said("base branch changed"));
    } else if let Some(moved) = head_moved(old["base"]["sha"].as_str(), new["base"]["sha"].as_str())
    {
        let base = new["base"]["ref"].as_str().unwrap_or("base");
        said.push(Change::said(moved.words.replacen("head", base, 1)));
    }
    if let (Some(was), Some(now)) = (old["comments"].as_u64(), new["comments"].as_u64())
        && was != now
    {
        said.push(Change::hinted(format!(
            "{now} {} now, {was} when observed",
            crate::words::plural(now, "comment", "comments")
        )));
    }
    if said.is_empty() {
        said.push(Change::hinted(format!(
            "updated at {} (new activity)",
            new["updatedAt"]
                .as_str()
                .map_or_else(|| "an unknown time".to_string(), crate::model::text::when)
        )));
    }
    said
}

/// New, edited and deleted items of a comment listing, compared by id:
/// how many, by whom, and what the new ones say (bounded).
pub(super) fn listing(old: &Value, new: &Value, what: &str) -> Vec<Change> {
    let items = |v: &Value| v.as_array().cloned().unwrap_or_default();
    let (old, new) = (items(old), items(new));
    let find = |list: &[Value], id: &Value| list.iter().find(|c| c["id"] == *id).cloned();
    let added: Vec<&Value> = new
        .iter()
        .filter(|c| find(&old, &c["id"]).is_none())
        .collect();
    let edited: Vec<&Value> = new
        .iter()
        .filter(|c| find(&old, &c["id"]).is_some_and(|o| o["body"] != c["body"]))
        .collect();
    let gone: Vec<&Value> = old
        .iter()
        .filter(|c| find(&new, &c["id"]).is_none())
        .collect();
    let mut said = Vec::new();
    if !added.is_empty() {
        let who = authors(&added);
        let noun = if added.len() == 1 {
            what.to_string()
        } else {
            format!("{what}s")
        };
        let quotes = quoted::quotes(&added, who.len());
        let mut line = format!("{} new {noun} by {}", added.len(), quoted::names(&who));
        if !quotes.is_empty() {
            line = format!("{line}: {quotes}");
        }
        said.push(Change::said(line));
    }
    if !edited.is_empty() {
        let who = quoted::names(&authors(&edited));
        said.push(Change::said(format!(
            "{} {what}(s) edited by {who}",
            edited.len()
        )));
    }
    // Both sides hold every page: what is missing was deleted.
    if !gone.is_empty() {
        let who = quoted::names(&authors(&gone));
        said.push(Change::said(format!(
            "{} {what}(s) deleted, by {who}",
            gone.len()
        )));
    }
    said
}

/// The authors of `items`, each once, in order.
fn authors(items: &[&Value]) -> Vec<String> {
    let mut who: Vec<String> = Vec::new();
    for item in items {
        let author = item["author"].as_str().unwrap_or("someone").to_string();
        if !who.contains(&author) {
            who.push(author);
        }
    }
    who
}

/// Files added, removed and changed, by name (the first few of each).
fn files(old: &Value, new: &Value) -> Vec<Change> {
    let items = |v: &Value| v.as_array().cloned().unwrap_or_default();
    let (was, now) = (items(old), items(new));
    let named = |list: &[Value], file: &Value| {
        list.iter()
            .find(|f| f["filename"] == file["filename"])
            .cloned()
    };
    let name = |f: &Value| f["filename"].as_str().unwrap_or("a file").to_string();
    let added: Vec<String> = now
        .iter()
        .filter(|f| named(&was, f).is_none())
        .map(name)
        .collect();
    let removed: Vec<String> = was
        .iter()
        .filter(|f| named(&now, f).is_none())
        .map(name)
        .collect();
    let changed: Vec<String> = now
        .iter()
        .filter(|f| named(&was, f).is_some_and(|before| before != **f))
        .map(name)
        .collect();
    let counts: Vec<String> = [(added, "added"), (changed, "changed"), (removed, "removed")]
        .iter()
        .filter(|(names, _)| !names.is_empty())
        .map(|(names, what)| format!("{} {what} ({})", names.len(), quoted::names(names)))
        .collect();
    if counts.is_empty() {
        return Vec::new();
    }
    vec![Change::said(format!("files: {}", counts.join(", ")))]
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn words(changes: Vec<Change>) -> Vec<String> {
        settle(changes)
    }

    #[test]
    fn comment_listings_say_who_wrote_what() {
        let old = json!([{"id": 1, "author": "erin", "body": "hi"}]);
        let new = json!([
            {"id": 1, "author": "erin", "body": "hi, edited"},
            {"id": 2, "author": "bob", "body": "wait"}
        ]);
        assert_eq!(
            words(part("comments", &old, &new)),
            [
                "1 new comment by bob: “wait”",
                "1 comment(s) edited by erin"
            ]
        );
        assert_eq!(
            words(part("comments", &old, &json!([]))),
            ["1 comment(s) deleted, by erin"]
        );
        let many = json!([
            {"id": 2, "author": "bob", "body": "one"},
            {"id": 3, "author": "eve", "body": "two", "untrusted": true},
            {"id": 4, "author": "bob", "body": "three"},
            {"id": 5, "author": "dan", "body": "four"}
        ]);
        assert_eq!(
            words(part("comments", &json!([]), &many)),
            [
                "4 new comments by bob, eve, dan: bob “one”; eve (untrusted) “two”; bob “three”; and 1 more"
            ]
        );
        assert!(part("comments", &old, &old).is_empty());
    }

    #[test]
    fn summaries_say_what_moved_and_ignore_what_github_computes() {
        let old = json!({
            "state": "open", "title": "Fix", "body": "b", "mergeable": null,
            "head": {"sha": "6dcb09b5b57875f334f61aebed695e2e4193db5e"}
        });
        let new = json!({
            "state": "closed", "title": "Fix it", "body": "b", "mergeable": true,
            "head": {"sha": "1a2b3c4d5e6f"}
        });
        assert_eq!(
            words(part("summary", &old, &new)),
            [
                "head moved from 6dcb09b to 1a2b3c4",
                "closed",
                "title edited"
            ]
        );
        let mut computed = old.clone();
        computed["mergeable"] = json!(true);
        assert!(part("summary", &old, &computed).is_empty());
        let mut touched = old.clone();
        touched["updatedAt"] = json!("2026-01-02T00:00:00Z");
        assert_eq!(
            part("summary", &old, &touched),
            [Change::hinted(
                "updated at 2026-01-02 00:00:00 UTC (new activity)"
            )]
        );
    }

    #[test]
    fn vague_words_give_way_to_precise_ones() {
        let all = vec![
            Change::hinted("updated at t (new activity)"),
            Change::said("1 new comment by bob"),
            Change::said("1 new comment by bob"),
        ];
        assert_eq!(settle(all), ["1 new comment by bob"]);
        assert_eq!(
            settle(vec![Change::hinted("101 comments now, 100 when observed")]),
            ["101 comments now, 100 when observed"]
        );
    }

    #[test]
    fn files_name_what_changed() {
        let old = json!([{"filename": "a.rs", "additions": 1}, {"filename": "b.rs"}]);
        let new = json!([{"filename": "a.rs", "additions": 2}, {"filename": "c.rs"}]);
        assert_eq!(
            words(part("files", &old, &new)),
            ["files: 1 added (c.rs), 1 changed (a.rs), 1 removed (b.rs)"]
        );
    }
}

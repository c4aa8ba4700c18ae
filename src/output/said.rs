//! Others' words in the story (issue 43 item 5): what teammates and reviewers said in
//! what the voyage observed (comments, reviews, inline review comments), read from each
//! bearing's payloads as the core hands them to a view (its `Disclosure` applied: under
//! `--lockdown` an untrusted author's text is already the note saying how to read it),
//! and quoted by the Markdown story under the observation that first saw them, bounded.
//! A quote whose author lacks push access (or whose standing was not recorded) is
//! marked untrusted. Words the voyage's own steers posted are the story's already, and
//! are not quoted again.

use std::collections::{HashMap, HashSet};

use serde_json::Value;

use crate::storage::store::Payload;
use helm_core::Target;
use helm_core::part_may_push;

/// The characters a quote keeps; the rest is in the page and the artifact.
const QUOTE_CHARS: usize = 280;

/// The quotes under one observation; the rest are counted.
pub(crate) const QUOTES: usize = 5;

/// One thing someone said.
#[derive(Clone, Debug)]
pub(crate) struct Quoted {
    pub(crate) author: String,
    /// `commented`, `reviewed (approved)`, `on src/lib.rs:3`.
    pub(crate) how: String,
    /// The text on one line, at most [`QUOTE_CHARS`] characters.
    pub(crate) text: String,
    /// Their author cannot push, or their standing was not recorded.
    pub(crate) untrusted: bool,
    /// What identifies it across looks: who, when, and what.
    key: (String, String, String),
}

/// What each payload of the story holds of others' words, by artifact hash.
#[derive(Debug, Default)]
pub(crate) struct OthersWords {
    by_artifact: HashMap<String, Vec<Quoted>>,
}

impl OthersWords {
    /// Reads one payload as the story reads it (the `voyage_read` callback).
    pub(crate) fn add(&mut self, hash: &str, target: Option<&Target>, payload: &Payload) {
        let kind = target.map(|t| t.kind().as_str()).unwrap_or("");
        if !matches!(kind, "github-issue" | "github-pr") {
            return;
        }
        let Payload::Stowed(Some(json)) = payload else {
            return;
        };
        let Ok(value) = serde_json::from_slice::<Value>(json) else {
            return;
        };
        let said = of(&value);
        if !said.is_empty() {
            self.by_artifact.insert(hash.to_string(), said);
        }
    }

    /// What the payload `hash` holds that no earlier observation of the story quoted
    /// and that no one in `own` (the logins the voyage's steers acted as) said; noted
    /// as quoted in `seen`.
    pub(crate) fn new_in(
        &self,
        hash: &str,
        own: &HashSet<String>,
        seen: &mut HashSet<(String, String, String)>,
    ) -> Vec<&Quoted> {
        let Some(said) = self.by_artifact.get(hash) else {
            return Vec::new();
        };
        said.iter()
            .filter(|s| !own.contains(&s.author))
            .filter(|s| seen.insert(s.key.clone()))
            .collect()
    }
}

/// Every comment, review with words, and inline review comment of a payload, in the
/// payload's order.
fn of(value: &Value) -> Vec<Quoted> {
    let mut said = Vec::new();
    for comment in list(value, "comments") {
        said.extend(one(comment, "commented".into(), "createdAt"));
    }
    if let Some(reviews) = value.get("reviews") {
        for review in list(reviews, "reviews") {
            let state = text(review, "state").to_lowercase().replace('_', " ");
            let how = match state.as_str() {
                "" => "reviewed".to_string(),
                state => format!("reviewed ({state})"),
            };
            said.extend(one(review, how, "submittedAt"));
        }
        for thread in list(reviews, "threads") {
            let place = format!("on {}:{}", text(thread, "path"), thread["line"]);
            for comment in list(thread, "comments") {
                said.extend(one(comment, place.clone(), "createdAt"));
            }
        }
    }
    said
}

/// One authored part with words, as a quote.
fn one(part: &Value, how: String, at: &str) -> Option<Quoted> {
    let body = text(part, "body").trim();
    if body.is_empty() {
        return None;
    }
    let author = match text(part, "author") {
        "" => "ghost",
        author => author,
    };
    let marked = part.get("untrusted").and_then(Value::as_bool) == Some(true);
    let line = super::clean_line(body);
    let mut quote: String = line.chars().take(QUOTE_CHARS).collect();
    if quote.len() < line.len() {
        quote.push('…');
    }
    Some(Quoted {
        author: author.to_string(),
        how,
        text: quote,
        untrusted: marked || !part.as_object().is_some_and(part_may_push),
        key: (
            author.to_string(),
            text(part, at).to_string(),
            body.to_string(),
        ),
    })
}

fn list<'a>(value: &'a Value, key: &str) -> &'a [Value] {
    value
        .get(key)
        .and_then(Value::as_array)
        .map_or(&[], Vec::as_slice)
}

fn text<'a>(value: &'a Value, key: &str) -> &'a str {
    value.get(key).and_then(Value::as_str).unwrap_or("")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_reviews_and_inline_comments_are_quoted_bounded_and_marked() {
        let long = "x".repeat(QUOTE_CHARS + 10);
        let value = serde_json::json!({
            "comments": [
                {"author": "bob", "authorAssociation": "MEMBER", "createdAt": "t1",
                 "body": "Sounds good,\ngo ahead."},
                {"author": "mallory", "authorAssociation": "NONE", "createdAt": "t2",
                 "body": long},
                {"author": "carol", "createdAt": "t3", "body": "   "}
            ],
            "reviews": {
                "reviews": [{"author": "carol", "authorAssociation": "OWNER",
                             "state": "CHANGES_REQUESTED", "submittedAt": "t4",
                             "body": "Not like this."}],
                "threads": [{"path": "src/lib.rs", "line": 3, "comments": [
                    {"author": "bob", "authorAssociation": "MEMBER", "createdAt": "t5",
                     "body": "Return early?"}]}]
            }
        });
        let said = of(&value);
        let shown: Vec<(&str, &str, bool)> = said
            .iter()
            .map(|s| (s.author.as_str(), s.how.as_str(), s.untrusted))
            .collect();
        assert_eq!(
            shown,
            [
                ("bob", "commented", false),
                ("mallory", "commented", true),
                ("carol", "reviewed (changes requested)", false),
                ("bob", "on src/lib.rs:3", false),
            ]
        );
        assert_eq!(said[0].text, "Sounds good, go ahead.");
        assert_eq!(said[1].text.chars().count(), QUOTE_CHARS + 1);
    }
}

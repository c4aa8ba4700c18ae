//! What `github-issue` and `github-pr` share: the conversation. Its payload
//! ([`ThreadPayload`], one type for both: a pull request is an issue with
//! more parts), its comments, the prior parts a new look keeps, the few
//! words of a look and the one-line digest of the story. How a part that
//! changed is said is in `compare.rs`.

pub(crate) mod ci;
pub(crate) mod compare;
pub(crate) mod decisions;
#[cfg(test)]
mod plurals_tests;

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::payload::{all_kept, count, is_false, to_value};
use crate::words::plural;
use helm_forge::{
    ConditionalLook, NamedPart, PayloadPart, Prior, ThreadPart, ThreadRef, Validator,
};

/// The payload of a `github-issue` or `github-pr` observation.
#[derive(Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ThreadPayload {
    pub(crate) repo: String,
    pub(crate) number: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) summary: Option<Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) comments: Option<Value>,
    #[serde(default, skip_serializing_if = "is_false")]
    pub(crate) comments_truncated: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) files: Option<Value>,
    #[serde(default, skip_serializing_if = "is_false")]
    pub(crate) files_truncated: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) diff: Option<Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) checks: Option<Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) reviews: Option<Value>,
    /// Each part's validators, for conditional requests (ADR 0008).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub(crate) validators: BTreeMap<String, Vec<Validator>>,
}

impl ThreadPayload {
    pub(crate) fn new(repo: String, number: u64) -> ThreadPayload {
        ThreadPayload {
            repo,
            number,
            ..ThreadPayload::default()
        }
    }

    /// Puts a part in its place, noting in `all` whether it was kept.
    pub(crate) fn set(&mut self, name: &str, part: Option<PayloadPart>, all: &mut Vec<bool>) {
        let Some(part) = part else { return };
        all.push(part.kept);
        let value = Some(part.value);
        match name {
            "summary" => self.summary = value,
            "comments" => {
                self.comments = value;
                self.comments_truncated = part.truncated;
            }
            "files" => {
                self.files = value;
                self.files_truncated = part.truncated;
            }
            "diff" => self.diff = value,
            "checks" => self.checks = value,
            _ => self.reviews = value,
        }
        self.validators.insert(name.to_string(), part.validators);
    }

    /// Its parts as a new look of the same target reads them.
    fn prior(&self) -> Prior<'_> {
        Prior::new(&self.validators)
            .part("summary", self.summary.as_ref(), false)
            .part("comments", self.comments.as_ref(), self.comments_truncated)
            .part("files", self.files.as_ref(), self.files_truncated)
            .part("diff", self.diff.as_ref(), false)
            .part("checks", self.checks.as_ref(), false)
            .part("reviews", self.reviews.as_ref(), false)
    }

    /// The head sha this payload saw: its summary's, else its checks'.
    pub(crate) fn head_sha(&self) -> Option<String> {
        let summary = self
            .summary
            .as_ref()
            .and_then(|s| s["head"]["sha"].as_str());
        let checks = self.checks.as_ref().and_then(|c| c["headSha"].as_str());
        summary.or(checks).map(str::to_string)
    }

    /// What it says, for search: the summary (title, body, labels), each
    /// comment, review and inline comment by its author, the changed files'
    /// names and CI's output.
    pub(crate) fn said(&self) -> Vec<super::said::TextSaid> {
        use super::said;
        let mut out = Vec::new();
        said::authored(self.summary.as_ref(), &mut out);
        said::authored_list(self.comments.as_ref(), &mut out);
        said::reviews(self.reviews.as_ref(), &mut out);
        // What a pull request's author controls is theirs: CI's output and
        // the changed files' names.
        let author = said::Author::of_summary(self.summary.as_ref());
        said::checks(self.checks.as_ref(), &author, &mut out);
        #[derive(Deserialize)]
        struct Changed {
            filename: String,
        }
        if let Some(files) = self
            .files
            .as_ref()
            .and_then(|f| Vec::<Changed>::deserialize(f).ok())
        {
            let names: Vec<String> = files.into_iter().map(|f| f.filename).collect();
            if !names.is_empty() {
                out.push(said::TextSaid {
                    text: names.join("\n"),
                    by: Some(author),
                });
            }
        }
        out
    }

    /// A few words on what the payload holds.
    pub(crate) fn words(&self) -> String {
        let mut words = Vec::new();
        if let Some(summary) = &self.summary {
            let state = match summary["merged"].as_bool() {
                Some(true) => "merged",
                _ => summary["state"].as_str().unwrap_or_default(),
            };
            let title = summary["title"].as_str().unwrap_or_default();
            words.push(format!("{state}: {title}"));
        }
        if let Some(comments) = &self.comments {
            // An issue's summary counts its comments: a listing that
            // disagrees is said so, not stored as if whole.
            let listed = count(comments);
            let counted = self.summary.as_ref().and_then(|s| s["comments"].as_u64());
            words.push(match counted {
                Some(n) if n != listed as u64 && !self.comments_truncated => {
                    format!(
                        "{listed} {} listed, {n} counted by GitHub",
                        plural(listed, "comment", "comments")
                    )
                }
                _ => format!("{listed} {}", plural(listed, "comment", "comments")),
            });
        }
        if let Some(files) = &self.files {
            let n = count(files);
            words.push(format!("{n} {}", plural(n, "file", "files")));
        }
        if let Some(diff) = &self.diff {
            words.push(match diff["format"].as_str() {
                Some("unified") => "diff".to_string(),
                _ => "per-file patches (diff too large)".to_string(),
            });
        }
        // CI and reviews as the digest says them: a count of check runs
        // alone would read green beside a failing status.
        if let Some(line) = self.checks.as_ref().and_then(ci::line) {
            words.push(line);
        }
        if let Some(reviews) = &self.reviews {
            let head = self.head_sha();
            words.push(decisions::line(reviews, head.as_deref()));
        }
        words.join(", ")
    }

    /// The one-line digest: `"Widget crashes" · open · 3 comments`, with a
    /// pull request's head, changed files, CI (check runs, statuses and
    /// the combined state) and each reviewer's decision.
    pub(crate) fn digest(&self) -> String {
        let summary = self.summary.as_ref();
        let text = |key: &str| summary?.get(key)?.as_str().map(str::to_string);
        let mut parts = Vec::new();
        if let Some(title) = text("title") {
            parts.push(format!("\"{title}\""));
        }
        // A title by someone without push access says so wherever the
        // digest goes (the story, the brief, the slate), as MCP marks it.
        if let Some(standing) = text("authorAssociation")
            && !summary
                .and_then(Value::as_object)
                .is_some_and(super::standing::part_may_push)
        {
            let login = text("author").unwrap_or_else(|| "ghost".to_string());
            parts.push(format!("by {login} ({standing}, untrusted)"));
        }
        let merged = summary
            .and_then(|s| s.get("merged"))
            .and_then(Value::as_bool)
            == Some(true);
        if merged {
            parts.push("merged".to_string());
        } else if let Some(state) = text("state") {
            parts.push(state);
        }
        let comments = match self.comments.as_ref().and_then(Value::as_array) {
            Some(list) => Some(list.len()),
            None => summary
                .and_then(|s| s.get("comments"))
                .and_then(Value::as_u64)
                .map(|n| n as usize),
        };
        if let Some(n) = comments {
            parts.push(format!("{n} {}", plural(n, "comment", "comments")));
        }
        let head = summary
            .and_then(|s| s.get("head"))
            .and_then(|h| h.get("sha"));
        if let Some(sha) = head.and_then(Value::as_str) {
            parts.push(format!("head {}", sha.chars().take(7).collect::<String>()));
        }
        if let Some(files) = ci::files(summary, self.files.as_ref()) {
            parts.push(files);
        }
        if let Some(line) = self.checks.as_ref().and_then(ci::line) {
            parts.push(line);
        }
        if let Some(reviews) = &self.reviews {
            let head = self.head_sha();
            parts.push(decisions::line(reviews, head.as_deref()));
        }
        if parts.is_empty() {
            return format!("#{}", self.number);
        }
        parts.join(" · ")
    }
}

/// What changed between two payloads of an issue or a pull request, part by
/// part (`parts`, the target's focus), in the words the freshness guard
/// uses: a part either payload lacks says nothing.
pub(super) fn changes(parts: &[&str], before: &[u8], after: &[u8]) -> Vec<String> {
    let read = |bytes: &[u8]| serde_json::from_slice::<Value>(bytes).ok();
    let (Some(before), Some(after)) = (read(before), read(after)) else {
        return Vec::new();
    };
    let all = parts
        .iter()
        .filter_map(|part| Some((part, before.get(*part)?, after.get(*part)?)))
        .flat_map(|(part, old, new)| compare::part(part, old, new))
        .collect();
    compare::settle(all)
}

/// Issue or pull request `at`, its parts `wants` asked for conditionally
/// on `prior` (ADR 0008): the forge reads them, and this payload is made of
/// what it brought back.
pub(super) async fn looked(
    client: &dyn ConditionalLook,
    at: ThreadRef,
    wants: &[ThreadPart],
    prior: Option<&ThreadPayload>,
) -> super::Looking {
    let prior = prior.map(ThreadPayload::prior);
    let named = client.thread(at, wants, prior.as_ref()).await?;
    let mut payload = ThreadPayload::new(client.repo_name(), at.number);
    let mut all = Vec::new();
    for NamedPart { name, part, shown } in named {
        if shown {
            payload.set(name, Some(part), &mut all);
        } else {
            all.push(part.kept);
            payload.validators.insert(name.into(), part.validators);
        }
    }
    Ok((to_value(&payload), all_kept(&all)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_listing_the_summary_counts_otherwise_is_said() {
        let mut payload = ThreadPayload::new("o/r".into(), 1);
        payload.summary = Some(json!({"state": "open", "title": "T", "comments": 101}));
        payload.comments = Some(json!(vec![json!({"id": 1}); 100]));
        assert_eq!(
            payload.words(),
            "open: T, 100 comments listed, 101 counted by GitHub"
        );
        payload.comments = Some(json!(vec![json!({"id": 1}); 101]));
        assert_eq!(payload.words(), "open: T, 101 comments");
        // A listing cut at the page limit is flagged apart.
        payload.comments = Some(json!([]));
        payload.comments_truncated = true;
        assert_eq!(payload.words(), "open: T, 0 comments");
    }

    #[test]
    fn a_title_by_an_author_without_push_access_is_marked() {
        let mut payload = ThreadPayload::new("o/r".into(), 1);
        let summary = |standing: &str| json!({"state": "open", "title": "T", "author": "eve", "authorAssociation": standing});
        payload.summary = Some(summary("NONE"));
        assert_eq!(payload.digest(), "\"T\" · by eve (NONE, untrusted) · open");
        payload.summary = Some(summary("MEMBER"));
        assert_eq!(payload.digest(), "\"T\" · open");
        // Observed before helm kept standings: nothing to say.
        payload.summary = Some(json!({"state": "open", "title": "T", "author": "eve"}));
        assert_eq!(payload.digest(), "\"T\" · open");
    }
}

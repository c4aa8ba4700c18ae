//! Each payload as the page shows it in place: read once, as the story
//! reads it, and kept only as the HTML it becomes, cut to a budget so a
//! voyage of big logs and diffs still gives a page a browser opens.
//!
//! The budget: at most [`ARTIFACT_BUDGET`] bytes of a payload's text are
//! shown (the rest is one `helm artifact show` away), payloads stored
//! larger than 4 MiB are not opened at all, and once the page holds
//! [`PAGE_BUDGET`] bytes of payloads the later ones are listed by hash only.

use std::collections::HashMap;

use serde_json::Value;

use super::blocks::{Budget, list, pre, s};
use super::github::{self, Facts};
use super::html::{tagged, text};
use crate::storage::store::Payload;
use helm_core::Target;

/// Bytes of a payload's own text (bodies, logs, file contents) one payload
/// shows before it is cut.
pub(crate) const ARTIFACT_BUDGET: usize = 64 * 1024;
/// Bytes of payload HTML one page holds in all.
pub(crate) const PAGE_BUDGET: usize = 32 << 20;

/// One artifact as the page shows it.
#[derive(Debug)]
pub(crate) enum PayloadView {
    /// The payload (or a reduced artifact's summary), as HTML.
    Html {
        html: String,
        /// Cut to the budget: the page says how to see the rest.
        cut: bool,
        reduced: bool,
    },
    Jettisoned,
    /// Stored larger than helm opens for a page: its compressed size.
    TooLarge(u64),
    /// Not opened: the page's payload budget was spent.
    OverPage,
    /// Missing, or not JSON (a voyage that fails verification).
    Unreadable,
}

/// Every artifact's [`PayloadView`], and the facts the header tells of issues
/// and pull requests.
#[derive(Debug, Default)]
pub(crate) struct Payloads {
    pub(crate) shown: HashMap<String, PayloadView>,
    pub(crate) facts: HashMap<String, Facts>,
    spent: usize,
}

impl Payloads {
    /// Takes one payload as `voyage_read` hands it over.
    pub(crate) fn add(&mut self, hash: &str, target: Option<&Target>, payload: &Payload) {
        let kind = target.map(|t| t.kind().as_str()).unwrap_or("");
        let (json, reduced) = match payload {
            Payload::Stowed(Some(json)) => (json, false),
            Payload::Reduced(Some(json)) => (json, true),
            Payload::Jettisoned => return self.put(hash, PayloadView::Jettisoned),
            Payload::TooLarge(size) => return self.put(hash, PayloadView::TooLarge(*size)),
            _ => return self.put(hash, PayloadView::Unreadable),
        };
        let Ok(value) = serde_json::from_slice::<Value>(json) else {
            return self.put(hash, PayloadView::Unreadable);
        };
        if !reduced && let Some(facts) = github::facts(kind, &value) {
            self.facts.insert(hash.to_string(), facts);
        }
        if self.spent >= PAGE_BUDGET {
            return self.put(hash, PayloadView::OverPage);
        }
        let mut budget = Budget::new(ARTIFACT_BUDGET);
        let mut html = String::new();
        if reduced {
            render_summary(&mut html, &value, &mut budget);
        } else {
            render(&mut html, kind, &value, &mut budget);
        }
        self.spent += html.len();
        let cut = budget.cut;
        self.put(hash, PayloadView::Html { html, cut, reduced });
    }

    fn put(&mut self, hash: &str, shown: PayloadView) {
        self.shown.insert(hash.to_string(), shown);
    }
}

/// The payload of an observation of `kind`, by its kind's shape; a shape
/// this helm does not know (a newer helm's, the original helm's) as JSON.
fn render(out: &mut String, kind: &str, value: &Value, budget: &mut Budget) {
    match github::shape(kind) {
        "file-contents" if value.get("files").is_some() => files(out, value, budget),
        "directory-tree" if value.get("entries").is_some() => tree(out, value, budget),
        "rust-project" if value.get("tree").is_some() => {
            for key in ["manifests", "docs"] {
                for file in list(value, key) {
                    tagged(out, "h5", "path", s(file, "path"));
                    pre(out, s(file, "content"), budget);
                }
            }
            for doc in list(value, "crateDocs") {
                tagged(out, "h5", "path", s(doc, "path"));
                pre(out, s(doc, "doc"), budget);
            }
            if let Some(tree_value) = value.get("tree") {
                tree(out, tree_value, budget);
            }
        }
        "github-issue" | "github-pr" if value.get("number").is_some() => {
            github::thread(out, value, budget)
        }
        "github-checks" if value.get("checks").is_some() => {
            if let Some(checks) = value.get("checks") {
                github::checks(out, checks, budget);
            }
        }
        "github-repo" if value.get("issues").is_some() => github::issues(out, value, budget),
        _ => json(out, value, budget),
    }
}

/// A payload as indented JSON.
fn json(out: &mut String, value: &Value, budget: &mut Budget) {
    let pretty = serde_json::to_string_pretty(value).unwrap_or_default();
    pre(out, &pretty, budget);
}

/// A reduced artifact: the summary kept in its place.
fn render_summary(out: &mut String, value: &Value, budget: &mut Budget) {
    match value.get("text").and_then(Value::as_str) {
        Some(summary) => {
            out.push_str("<p class=\"dim\">Reduced");
            if let Some(method) = value.get("method").and_then(Value::as_str) {
                out.push_str(" by ");
                text(out, method);
            }
            out.push_str("; its summary:</p>");
            pre(out, summary, budget);
        }
        None => json(out, value, budget),
    }
}

fn files(out: &mut String, value: &Value, budget: &mut Budget) {
    for file in list(value, "files") {
        tagged(out, "h5", "path", s(file, "path"));
        match file.get("content").and_then(Value::as_str) {
            Some(content) => pre(out, content, budget),
            None => {
                let mut rest = file.clone();
                if let Some(map) = rest.as_object_mut() {
                    map.remove("path");
                }
                json(out, &rest, budget);
            }
        }
    }
}

fn tree(out: &mut String, value: &Value, budget: &mut Budget) {
    let mut lines = String::new();
    for entry in list(value, "entries") {
        if let Some(entry) = entry.as_str() {
            lines.push_str(entry);
            lines.push('\n');
        }
    }
    out.push_str("<p class=\"dim\">");
    for (key, word) in [("files", "files"), ("dirs", "folders")] {
        if let Some(n) = value.get(key).and_then(Value::as_u64) {
            out.push_str(&format!("{n} {word} "));
        }
    }
    out.push_str("</p>");
    pre(out, &lines, budget);
}

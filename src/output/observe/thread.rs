//! An issue or pull request for reading: title, state, labels, body, then
//! the conversation with authors and times, reviews and their inline
//! threads, changed files, the diff with its file headers, and the checks.
//! Each part keeps its newest or first few items and counts the rest.

use serde_json::Value;

use super::screen::{Look, Screen, plural};
use super::{array, names, string};
use crate::output::when;

/// Comments shown: the last few, where a conversation stands.
const COMMENTS: usize = 3;
/// Lines of one body or comment.
const BODY_LINES: usize = 6;
const REVIEWS: usize = 4;
const THREADS: usize = 4;
const FILES: usize = 10;
const DIFF_LINES: usize = 20;

pub(super) fn render(screen: &mut Screen, payload: &Value) {
    if let Some(summary) = payload.get("summary").filter(|s| s.is_object()) {
        summary_part(screen, summary);
    }
    if let Some(comments) = array(payload, "comments") {
        comments_part(screen, comments, payload.get("commentsTruncated"));
    }
    if let Some(reviews) = payload.get("reviews").filter(|r| r.is_object()) {
        reviews_part(screen, payload, reviews);
    }
    if let Some(files) = array(payload, "files") {
        files_part(screen, files);
    }
    if let Some(diff) = payload.get("diff").filter(|d| d.is_object()) {
        diff_part(screen, diff);
    }
    if let Some(checks) = payload.get("checks").filter(|c| c.is_object()) {
        let why = format!(
            "helm observe github-checks --pr {} --repo {}",
            payload.get("number").and_then(Value::as_u64).unwrap_or(0),
            string(payload, "repo")
        );
        super::checks::render(screen, checks, Some(&why));
    }
}

fn summary_part(screen: &mut Screen, summary: &Value) {
    let number = summary.get("number").and_then(Value::as_u64).unwrap_or(0);
    screen.heading(&format!("#{number} {}", string(summary, "title")));
    let mut state = string(summary, "state");
    if summary.get("merged").and_then(Value::as_bool) == Some(true) {
        state = "merged".to_string();
    } else if summary.get("draft").and_then(Value::as_bool) == Some(true) {
        state = format!("draft, {state}");
    }
    let mut line = format!(
        "{state} · by {} · opened {}",
        string(summary, "author"),
        when(&string(summary, "createdAt"))
    );
    if let (Some(head), Some(base)) = (summary.get("head"), summary.get("base")) {
        line.push_str(&format!(
            " · {} → {}",
            string(head, "ref"),
            string(base, "ref")
        ));
    }
    screen.line(&line);
    for (key, label) in [
        ("labels", "labels"),
        ("assignees", "assignees"),
        ("requestedReviewers", "review requested from"),
    ] {
        let list = names(summary.get(key));
        if !list.is_empty() {
            screen.line(&format!("{label}: {}", list.join(", ")));
        }
    }
    let body = string(summary, "body");
    if !body.trim().is_empty() {
        screen.line("");
        screen.text(&body, "  ", screen.keep(BODY_LINES));
    }
}

fn comments_part(screen: &mut Screen, comments: &[Value], truncated: Option<&Value>) {
    screen.heading(&format!(
        "conversation ({})",
        plural(comments.len(), "comment")
    ));
    let start = comments.len().saturating_sub(screen.keep(COMMENTS));
    if start > 0 {
        let lines: usize = comments[..start].iter().map(|c| 1 + body_lines(c)).sum();
        screen.omitted(
            lines,
            &format!("… {} before these", plural(start, "comment")),
        );
    }
    if comments.is_empty() {
        screen.line("(none)");
    }
    if truncated.and_then(Value::as_bool) == Some(true) {
        screen.line("(GitHub listed no more: the conversation may be longer)");
    }
    for comment in &comments[start..] {
        screen.line(&format!(
            "{} · {}",
            string(comment, "author"),
            when(&string(comment, "createdAt"))
        ));
        screen.text(&string(comment, "body"), "  ", screen.keep(BODY_LINES));
    }
}

fn reviews_part(screen: &mut Screen, payload: &Value, part: &Value) {
    let reviews = array(part, "reviews").unwrap_or_default();
    let threads = array(part, "threads").unwrap_or_default();
    screen.heading(&format!(
        "reviews ({}, {})",
        plural(reviews.len(), "review"),
        plural(threads.len(), "inline thread")
    ));
    let start = reviews.len().saturating_sub(screen.keep(REVIEWS));
    if start > 0 {
        screen.omitted(
            start,
            &format!("… {} before these", plural(start, "review")),
        );
    }
    for review in &reviews[start..] {
        screen.line(&format!(
            "{} · {} · {}",
            string(review, "author"),
            string(review, "state").to_lowercase().replace('_', " "),
            when(&string(review, "submittedAt"))
        ));
        screen.text(&string(review, "body"), "  ", screen.keep(2));
    }
    let Some(table) = crate::output::threads::table(payload) else {
        return;
    };
    let mut rows = table.into_iter();
    if let Some(title) = rows.next() {
        screen.heading(&title);
    }
    // The column header, then a row per thread.
    for row in rows.by_ref().take(screen.keep(THREADS).saturating_add(1)) {
        screen.line(&row);
    }
    let rest = rows.count();
    if rest > 0 {
        screen.omitted(rest, &format!("  … {}", plural(rest, "more thread")));
    }
    // What was said in each thread, under its id.
    for thread in threads.iter().take(screen.keep(THREADS)) {
        let line = thread.get("line").and_then(Value::as_u64);
        screen.line(&format!(
            "{} on {}{}",
            string(thread, "id"),
            string(thread, "path"),
            line.map(|line| format!(":{line}")).unwrap_or_default()
        ));
        for comment in array(thread, "comments").unwrap_or_default() {
            let said = format!("{}: {}", string(comment, "author"), string(comment, "body"));
            screen.text(&said, "  ", screen.keep(2));
        }
    }
}

fn files_part(screen: &mut Screen, files: &[Value]) {
    screen.heading(&format!("files ({})", plural(files.len(), "file")));
    let shown = screen.keep(FILES);
    for file in files.iter().take(shown) {
        let number = |key: &str| file.get(key).and_then(Value::as_u64).unwrap_or(0);
        screen.line(&format!(
            "{} {} +{} -{}",
            string(file, "status"),
            string(file, "filename"),
            number("additions"),
            number("deletions")
        ));
    }
    if files.len() > shown {
        let rest = files.len() - shown;
        screen.omitted(rest, &format!("… {} more", plural(rest, "file")));
    }
}

/// The diff's first lines, and the header of every file it touches after
/// them, so the reader sees all that changed and where to look further.
fn diff_part(screen: &mut Screen, diff: &Value) {
    let text = string(diff, "text");
    let lines: Vec<&str> = text.lines().collect();
    screen.heading(&format!("diff ({})", plural(lines.len(), "line")));
    if lines.is_empty() {
        screen.line("(empty)");
        return;
    }
    let mut skipped = 0;
    let shown = screen.keep(DIFF_LINES);
    for (n, line) in lines.iter().enumerate() {
        if n < shown {
            screen.styled(Look::Diff, line);
        } else if line.starts_with("diff --git ") {
            if skipped > 0 {
                screen.omitted(skipped, &format!("  … {}", plural(skipped, "line")));
                skipped = 0;
            }
            screen.styled(Look::Diff, line);
        } else {
            skipped += 1;
        }
    }
    if skipped > 0 {
        screen.omitted(skipped, &format!("  … {}", plural(skipped, "line")));
    }
}

fn body_lines(comment: &Value) -> usize {
    string(comment, "body").lines().count()
}

//! The review threads of an observed pull request as a table, for a person
//! at a terminal: the id `steer reply-inline --comment-id` takes, the
//! thread's GraphQL node id (what `steer resolve-thread --thread` takes),
//! where the thread is, who opened it and where it stands. Read from the
//! payload as observed (the `reviews` part); it never asks GitHub anything.

use serde_json::Value;

use super::{clean_line, pad, truncate};

/// The table (its title first), or `None` when the payload has no
/// `reviews` part.
pub(crate) fn table(payload: &Value) -> Option<Vec<String>> {
    let part = payload.get("reviews")?;
    let threads = part.get("threads")?.as_array()?;
    let reviews = part.get("reviews").and_then(Value::as_array);
    if threads.is_empty() {
        return Some(vec!["review threads: none".to_string()]);
    }
    let rows: Vec<[String; 7]> = threads
        .iter()
        .map(|thread| row(thread, reviews.map(Vec::as_slice).unwrap_or_default()))
        .collect();
    let header = ["ID", "THREAD", "PATH", "LINE", "AUTHOR", "STATE", "REPLIES"].map(str::to_string);
    let widths: Vec<usize> = (0..7)
        .map(|i| {
            rows.iter()
                .chain([&header])
                .map(|row| super::width(&row[i]))
                .max()
                .unwrap_or(0)
        })
        .collect();
    let line = |row: &[String; 7]| {
        let cells: Vec<String> = row
            .iter()
            .zip(&widths)
            .map(|(cell, width)| pad(cell, *width))
            .collect();
        format!("  {}", cells.join("  ").trim_end())
    };
    // The title names the steers that take these ids, within 80 columns.
    let mut lines = vec![format!(
        "review threads ({}): reply-inline --comment-id ID, resolve-thread --thread THREAD",
        threads.len()
    )];
    lines.push(line(&header));
    lines.extend(rows.iter().map(line));
    Some(lines)
}

/// One thread: its first comment's id, path, line and author; its state from
/// the review that holds that comment, `resolved` and `outdated` as GraphQL
/// says (without it, `outdated` when the line is gone from the diff); how
/// many replies follow and who wrote the last one.
fn row(thread: &Value, reviews: &[Value]) -> [String; 7] {
    let text = |value: Option<&Value>| match value {
        Some(Value::String(s)) => truncate(&clean_line(s), 40),
        Some(Value::Number(n)) => n.to_string(),
        _ => "?".to_string(),
    };
    let comments = thread
        .get("comments")
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or_default();
    let first = comments.first();
    let review = first
        .and_then(|c| c.get("pullRequestReviewId"))
        .and_then(Value::as_u64)
        .and_then(|id| {
            reviews
                .iter()
                .find(|r| r.get("id").and_then(Value::as_u64) == Some(id))
        });
    let mut state = review
        .and_then(|r| r.get("state"))
        .and_then(Value::as_str)
        .map(|s| clean_line(&s.to_lowercase().replace('_', " ")))
        .unwrap_or_else(|| "comment".to_string());
    let flag = |name: &str| thread.get(name).and_then(Value::as_bool);
    if flag("isResolved") == Some(true) {
        state.push_str(", resolved");
    }
    let outdated = flag("isOutdated")
        .unwrap_or_else(|| first.is_some_and(|c| c.get("line").is_none_or(Value::is_null)));
    if outdated {
        state.push_str(", outdated");
    }
    let replies = match comments.len().saturating_sub(1) {
        0 => "0".to_string(),
        n => format!(
            "{n}, last by {}",
            text(comments.last().and_then(|c| c.get("author")))
        ),
    };
    [
        text(thread.get("id")),
        match thread.get("threadId") {
            Some(Value::String(id)) => clean_line(id),
            _ => "-".to_string(),
        },
        text(thread.get("path")),
        match thread.get("line") {
            Some(Value::Number(n)) => n.to_string(),
            _ => "-".to_string(),
        },
        text(first.and_then(|c| c.get("author"))),
        state,
        replies,
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_thread_reads_as_one_row() {
        let payload = json!({"reviews": {
            "reviews": [{"id": 7, "author": "bob", "state": "CHANGES_REQUESTED"}],
            "threads": [{"id": 901, "threadId": "PRRT_kwDO", "isResolved": true,
                "isOutdated": false, "path": "src/lib.rs", "line": 3, "comments": [
                {"id": 901, "pullRequestReviewId": 7, "author": "bob", "line": 3},
                {"id": 902, "pullRequestReviewId": 8, "author": "alice", "line": 3}
            ]}]
        }});
        let lines = table(&payload).unwrap();
        assert_eq!(
            lines[1],
            "  ID   THREAD     PATH        LINE  AUTHOR  STATE                        REPLIES"
        );
        assert_eq!(
            lines[2],
            "  901  PRRT_kwDO  src/lib.rs  3     bob     changes requested, resolved  1, last by alice"
        );
        assert_eq!(table(&json!({"summary": {}})), None);
    }
}

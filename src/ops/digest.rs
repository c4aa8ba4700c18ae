//! One-line digests of what was seen, for the story: `"Widget crashes on
//! empty input" · open · 3 comments`, `120 lines`, `12 files, 3 folders`.
//! Computed from the payload itself (helm's shapes and the original
//! helm's), so a reader need not open each artifact.

use serde_json::Value;

use crate::words::plural;

/// What the story shows beside an observation's target and hash.
pub fn of(payload: &[u8]) -> Option<String> {
    let value: Value = serde_json::from_slice(payload).ok()?;
    let digest = match value.get("kind").and_then(Value::as_str) {
        Some("summary") => summary(&value),
        Some("fileContents") => original_files(&value),
        Some("directoryTree") => original_tree(&value),
        Some("rustProject") => original_tree(&value).map(|t| format!("{t} and docs")),
        _ => helm(&value),
    }?;
    Some(one_line(&digest, 160))
}

fn helm(value: &Value) -> Option<String> {
    if let Some(files) = value.get("files").and_then(Value::as_array) {
        return Some(files_digest(files));
    }
    if value.get("tree").is_some() {
        let tree = tree_digest(value.get("tree")?)?;
        let count = |key: &str| value.get(key).and_then(Value::as_array).map_or(0, Vec::len);
        return Some(format!(
            "{tree}, {} {}, {} {}",
            count("manifests"),
            plural(count("manifests"), "manifest", "manifests"),
            count("docs"),
            plural(count("docs"), "doc", "docs")
        ));
    }
    if value.get("entries").is_some() {
        return tree_digest(value);
    }
    if value.get("summary").is_some() || value.get("number").is_some() {
        return Some(github_item(value));
    }
    let count = |key: &str| value.get(key).and_then(Value::as_array).map(Vec::len);
    match (count("issues"), count("pullRequests")) {
        (None, None) => None,
        (issues, pulls) => {
            let mut parts = Vec::new();
            if let Some(n) = issues {
                parts.push(format!("{n} open {}", plural(n, "issue", "issues")));
            }
            if let Some(n) = pulls {
                parts.push(format!(
                    "{n} open {}",
                    plural(n, "pull request", "pull requests")
                ));
            }
            Some(parts.join(", "))
        }
    }
}

fn files_digest(files: &[Value]) -> String {
    let mut lines = 0;
    let mut binary = 0;
    for file in files {
        match file.get("encoding").and_then(Value::as_str) {
            Some("utf-8") => {
                lines += file
                    .get("content")
                    .and_then(Value::as_str)
                    .map_or(0, count_lines)
            }
            _ => binary += 1,
        }
    }
    let mut parts = Vec::new();
    if files.len() > 1 {
        parts.push(format!("{} files", files.len()));
    }
    if binary < files.len() {
        parts.push(format!("{lines} {}", plural(lines, "line", "lines")));
    }
    if binary > 0 {
        parts.push(
            match (files.len(), files[0].get("size").and_then(Value::as_u64)) {
                (1, Some(size)) => format!("binary, {}", crate::words::human_bytes(size)),
                _ => format!("{binary} binary"),
            },
        );
    }
    parts.join(", ")
}

fn tree_digest(tree: &Value) -> Option<String> {
    let files = tree.get("files")?.as_u64()? as usize;
    let dirs = tree.get("dirs")?.as_u64()? as usize;
    Some(format!(
        "{files} {}, {dirs} {}",
        plural(files, "file", "files"),
        plural(dirs, "folder", "folders")
    ))
}

/// An issue or pull request: title, state, comments, head and checks.
fn github_item(value: &Value) -> String {
    let summary = value.get("summary");
    let text = |v: Option<&Value>, key: &str| {
        v.and_then(|v| v.get(key))
            .and_then(Value::as_str)
            .map(str::to_string)
    };
    let mut parts = Vec::new();
    if let Some(title) = text(summary, "title") {
        parts.push(format!("\"{title}\""));
    }
    let merged = summary
        .and_then(|s| s.get("merged"))
        .and_then(Value::as_bool)
        == Some(true);
    if merged {
        parts.push("merged".to_string());
    } else if let Some(state) = text(summary, "state") {
        parts.push(state);
    }
    let comments = match value.get("comments").and_then(Value::as_array) {
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
    if let Some(runs) = value
        .get("checks")
        .and_then(|c| c.get("checkRuns"))
        .and_then(Value::as_array)
    {
        parts.push(format!("checks: {}", checks(runs)));
    }
    if let Some(reviews) = value
        .get("reviews")
        .and_then(|r| r.get("reviews"))
        .and_then(Value::as_array)
    {
        parts.push(format!(
            "{} {}",
            reviews.len(),
            plural(reviews.len(), "review", "reviews")
        ));
    }
    if parts.is_empty() {
        let number = value.get("number").and_then(Value::as_u64).unwrap_or(0);
        return format!("#{number}");
    }
    parts.join(" · ")
}

/// `3 passed, 1 failed, 2 pending`.
fn checks(runs: &[Value]) -> String {
    let (mut passed, mut failed, mut pending) = (0, 0, 0);
    for run in runs {
        match run.get("conclusion").and_then(Value::as_str) {
            Some("success" | "neutral" | "skipped") => passed += 1,
            Some(_) => failed += 1,
            None => pending += 1,
        }
    }
    let mut parts = Vec::new();
    for (n, word) in [(passed, "passed"), (failed, "failed"), (pending, "pending")] {
        if n > 0 {
            parts.push(format!("{n} {word}"));
        }
    }
    if parts.is_empty() {
        "none".to_string()
    } else {
        parts.join(", ")
    }
}

fn summary(value: &Value) -> Option<String> {
    let text = value.get("text")?.as_str()?;
    Some(format!(
        "reduced: {}",
        text.lines().next().unwrap_or_default()
    ))
}

fn original_files(value: &Value) -> Option<String> {
    let contents = value.get("contents")?.as_array()?;
    let mut lines = 0;
    let mut binary = 0;
    for file in contents {
        let content = file.get("content")?;
        match content.get("kind").and_then(Value::as_str) {
            Some("text") => {
                lines += content
                    .get("content")
                    .and_then(Value::as_str)
                    .map_or(0, count_lines)
            }
            _ => binary += 1,
        }
    }
    let mut parts = Vec::new();
    if contents.len() > 1 {
        parts.push(format!("{} files", contents.len()));
    }
    if binary < contents.len() {
        parts.push(format!("{lines} {}", plural(lines, "line", "lines")));
    }
    if binary > 0 {
        parts.push(format!("{binary} binary"));
    }
    Some(parts.join(", "))
}

fn original_tree(value: &Value) -> Option<String> {
    let listings = value.get("listings")?.as_array()?;
    let (mut files, mut dirs) = (0, 0);
    for entry in listings
        .iter()
        .filter_map(|l| l.get("entries").and_then(Value::as_array))
        .flatten()
    {
        match entry.get("isDir").and_then(Value::as_bool) {
            Some(true) => dirs += 1,
            _ => files += 1,
        }
    }
    Some(format!(
        "{files} {}, {dirs} {}",
        plural(files, "file", "files"),
        plural(dirs, "folder", "folders")
    ))
}

fn count_lines(text: &str) -> usize {
    let newlines = text.bytes().filter(|b| *b == b'\n').count();
    newlines + usize::from(!text.is_empty() && !text.ends_with('\n'))
}

fn one_line(text: &str, width: usize) -> String {
    let flat: String = text
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    if flat.chars().count() <= width {
        return flat;
    }
    let mut cut: String = flat.chars().take(width - 1).collect();
    cut.push('…');
    cut
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn digest(value: Value) -> String {
        of(&serde_json::to_vec(&value).unwrap()).unwrap()
    }

    #[test]
    fn payloads_read_as_one_line() {
        assert_eq!(
            digest(
                json!({"repo": "o/w", "number": 42, "summary": {"title": "Widget crashes",
                "state": "open", "comments": 3}})
            ),
            "\"Widget crashes\" · open · 3 comments"
        );
        assert_eq!(
            digest(
                json!({"repo": "o/w", "number": 45, "summary": {"title": "Fix",
                "state": "open", "head": {"sha": "6dcb09b5b57875f334f61aebed695e2e4193db5e"}},
                "checks": {"checkRuns": [{"conclusion": "success"}, {"conclusion": "success"},
                {"conclusion": null}]}})
            ),
            "\"Fix\" · open · head 6dcb09b · checks: 2 passed, 1 pending"
        );
        assert_eq!(
            digest(
                json!({"files": [{"path": "a", "size": 4, "encoding": "utf-8",
                "content": "a\nb\nc"}]})
            ),
            "3 lines"
        );
        assert_eq!(
            digest(json!({"root": "/r", "entries": [], "files": 12, "dirs": 1})),
            "12 files, 1 folder"
        );
        assert_eq!(
            digest(json!({"kind": "summary", "of": "x", "method": "human",
                "text": "build log: 3 warnings\nmore"})),
            "reduced: build log: 3 warnings"
        );
        assert_eq!(
            digest(json!({"kind": "fileContents", "contents": [{"path": "p",
                "content": {"kind": "text", "content": "x\n"}}]})),
            "1 line"
        );
    }
}

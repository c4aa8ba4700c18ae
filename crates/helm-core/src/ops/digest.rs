//! One-line digests of what was seen, for the story: `"Widget crashes on
//! empty input" · open · 3 comments`, `120 lines`, `12 files, 3 folders`.
//! The kind of the observation's target reads its own payload type
//! (`observe/<kind>.rs`); nothing is guessed from a payload's keys. What is
//! not a kind's payload is read here: a reduced artifact's `summary`, and
//! the original helm's payloads (`model::original_helm`). A reader need not
//! open each artifact.

use serde_json::Value;

use crate::observe::Target;

/// What the story shows beside an observation's target and hash. `target`
/// is the observation's, when helm wrote it.
pub fn of(target: Option<&Target>, payload: &[u8]) -> Option<String> {
    let digest = match target.and_then(|t| t.digest(payload)) {
        Some(digest) => digest,
        None => {
            let value: Value = serde_json::from_slice(payload).ok()?;
            match value.get("kind").and_then(Value::as_str) {
                Some("summary") => summary(&value),
                _ => crate::model::original_helm::digest(&value),
            }?
        }
    };
    Some(one_line(&digest, 160))
}

fn summary(value: &Value) -> Option<String> {
    let text = value.get("text")?.as_str()?;
    Some(format!(
        "reduced: {}",
        text.lines().next().unwrap_or_default()
    ))
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

    fn digest(target: &str, value: Value) -> String {
        let target = Target::from_key(target);
        of(target.as_ref(), &serde_json::to_vec(&value).unwrap()).unwrap()
    }

    #[test]
    fn payloads_read_as_one_line_by_their_targets_kind() {
        let issue =
            r#"{"kind":"github-issue","repo":"o/w","number":42,"focus":["comments","summary"]}"#;
        assert_eq!(
            digest(
                issue,
                json!({"repo": "o/w", "number": 42, "summary": {"title": "Widget crashes",
                "state": "open", "comments": 3}})
            ),
            "\"Widget crashes\" · open · 3 comments"
        );
        let pr = r#"{"kind":"github-pr","repo":"o/w","number":45,"focus":["checks","summary"]}"#;
        assert_eq!(
            digest(
                pr,
                json!({"repo": "o/w", "number": 45, "summary": {"title": "Fix",
                "state": "open", "head": {"sha": "6dcb09b5b57875f334f61aebed695e2e4193db5e"}},
                "checks": {"checkRuns": [{"conclusion": "success"}, {"conclusion": "success"},
                {"conclusion": null}]}})
            ),
            "\"Fix\" · open · head 6dcb09b · checks: 2 passed, 1 pending"
        );
        let files = r#"{"kind":"file-contents","paths":["/a"]}"#;
        assert_eq!(
            digest(
                files,
                json!({"files": [{"path": "a", "size": 4, "encoding": "utf-8",
                "content": "a\nb\nc"}]})
            ),
            "3 lines"
        );
        let tree = r#"{"kind":"directory-tree","root":"/r","skip":[],"maxDepth":null}"#;
        assert_eq!(
            digest(
                tree,
                json!({"root": "/r", "entries": [], "files": 12, "dirs": 1})
            ),
            "12 files, 1 folder"
        );
        // A reduced artifact, under any target.
        assert_eq!(
            digest(
                files,
                json!({"kind": "summary", "of": "x", "method": "human",
                "text": "build log: 3 warnings\nmore"})
            ),
            "reduced: build log: 3 warnings"
        );
        // The original helm's, whose targets are not helm's.
        assert_eq!(
            digest(
                r#"{"kind":"fileContents","paths":["p"]}"#,
                json!({"kind": "fileContents", "contents": [{"path": "p",
                "content": {"kind": "text", "content": "x\n"}}]})
            ),
            "1 line"
        );
    }
}

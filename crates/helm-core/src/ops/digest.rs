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
/// is the observation's, when helm wrote it. `payload` is read as the view
/// is shown it (`egress::shown`): under lockdown an untrusted title is
/// already its note.
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
    Some(finished(digest, payload))
}

/// [`of`] for a digest the look made itself: the same line, with what was
/// redacted said.
pub(crate) fn finished(digest: String, payload: &[u8]) -> String {
    // The story says what was redacted, whatever the kind.
    let digest = match redacted(payload) {
        Some(said) => format!("{digest} · {said}"),
        None => digest,
    };
    // Wide enough for a pull request's CI and every reviewer's decision.
    one_line(&digest, 240)
}

/// `2 secrets redacted (github-pat)`, from the payload's record. Only a
/// payload holding the key is parsed for it.
fn redacted(payload: &[u8]) -> Option<String> {
    let key = format!("\"{}\":[", crate::secrets::KEY);
    memchr::memmem::find(payload, key.as_bytes())?;
    #[derive(serde::Deserialize)]
    struct Record {
        redacted: Vec<crate::secrets::Redaction>,
    }
    let record: Record = serde_json::from_slice(payload).ok()?;
    crate::secrets::said(&record.redacted)
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
                {"name": "docs", "conclusion": null}]}})
            ),
            "\"Fix\" · open · head 6dcb09b · checks: 2 passed, 1 pending (docs)"
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

    #[test]
    fn a_digest_read_under_lockdown_withholds_an_untrusted_title() {
        use crate::egress::shown::Disclosure;
        let payload = |standing: &str| {
            serde_json::to_vec(&json!({"repo": "o/r", "number": 1, "summary": {
                "title": "Run this", "state": "open", "author": "eve",
                "authorAssociation": standing}}))
            .unwrap()
        };
        let target = Target::from_key(
            r#"{"kind":"github-issue","repo":"o/r","number":1,"focus":["summary"]}"#,
        );
        let target = target.as_ref();
        let shown = |standing: &str, disclosure: Disclosure| {
            of(target, &disclosure.json(&payload(standing), "h")).unwrap()
        };
        assert_eq!(
            shown("NONE", Disclosure::Lockdown),
            "\"[withheld: eve has no push access; helm artifact show h to read it]\" \
             · by eve (NONE, untrusted) · open"
        );
        assert!(shown("NONE", Disclosure::Marked).starts_with("\"Run this\""));
        assert!(shown("OWNER", Disclosure::Lockdown).starts_with("\"Run this\""));
    }
}

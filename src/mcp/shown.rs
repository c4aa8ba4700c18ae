//! What an agent is shown of a result: text observed on GitHub marked with
//! who wrote it, and no character it cannot see.
//!
//! - An `observe` or `artifact_show` result's payload has each part by an
//!   author without push access marked `"untrusted": true`, and one line
//!   per such part in a second text content beside the JSON; under
//!   `--lockdown` its text is withheld (`helm_core::observe::standing`).
//! - Every string of every result has its invisible characters (zero-width,
//!   bidi controls, tag characters) written out as `<U+202E>`.
//!
//! The artifact stays whole: only this copy of it, on its way out, changes.

use serde_json::Value;

use crate::observe::standing;
use crate::output::shown::visible;

/// Marks (or withholds) the untrusted parts of `tool`'s result `value` and
/// makes its invisible characters visible; returns the lines saying what
/// was marked. `hash` is `artifact_show`'s argument.
pub(super) fn shown(
    tool: &str,
    value: &mut Value,
    hash: Option<&str>,
    lockdown: bool,
) -> Vec<String> {
    let found = match tool {
        "observe" => {
            let artifact = value["artifact"].as_str().unwrap_or_default().to_string();
            match value.get_mut("payload") {
                Some(payload) => standing::mark(payload, &artifact, lockdown),
                None => Vec::new(),
            }
        }
        "artifact_show" => standing::mark(value, hash.unwrap_or("HASH"), lockdown),
        _ => Vec::new(),
    };
    visible(value);
    found.iter().map(standing::Untrusted::line).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn hidden_characters_are_written_out_everywhere() {
        let mut value = json!({"entries": [{"summary": "ok\u{200b}\u{202e}"}], "k\u{2066}": 1});
        let notes = shown("voyage_show", &mut value, None, true);
        assert!(notes.is_empty());
        assert_eq!(
            value,
            json!({"entries": [{"summary": "ok<U+200B><U+202E>"}], "k<U+2066>": 1})
        );
    }

    #[test]
    fn an_observed_comment_by_a_stranger_is_marked_or_withheld() {
        let doc = json!({"artifact": "f00d", "payload": {"comments": [
            {"id": 1, "author": "eve", "authorAssociation": "NONE", "body": "do\u{200b} it"}
        ]}});
        let mut marked = doc.clone();
        let notes = shown("observe", &mut marked, None, false);
        assert_eq!(marked["payload"]["comments"][0]["untrusted"], true);
        assert_eq!(marked["payload"]["comments"][0]["body"], "do<U+200B> it");
        assert_eq!(notes.len(), 1);
        assert!(
            notes[0].starts_with("untrusted: comments[0] by eve (NONE)"),
            "{notes:?}"
        );
        let mut withheld = doc;
        shown("observe", &mut withheld, None, true);
        assert_eq!(
            withheld["payload"]["comments"][0]["body"],
            "[withheld: eve has no push access; helm artifact show f00d to read it]"
        );
    }
}

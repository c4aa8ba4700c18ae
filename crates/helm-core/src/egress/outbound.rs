//! The one gate between helm and the forge (issue 40): no string leaves
//! for GitHub holding a secret unless `--allow-secret` names its rule.
//!
//! It checks what is final, never a draft: a steer's every string once the
//! `--disclose` footer is in its body ([`Outbound::steer`], before anything
//! acts, so a steer of several requests is refused whole), and then each
//! write itself, method, address, query and body, as the client is about
//! to send it or a dry run to keep it ([`Outbound::gate`], which the GitHub
//! client calls on every write and without which it sends none). The
//! strings come from serializing the action and the request, not from a
//! list of fields, so a field a new action adds is checked too.

use std::sync::Arc;

use serde_json::Value;

use crate::actions::Steer;
use crate::error::{Error, Kind, Result, arg};
use crate::model::words;
use crate::secrets;
use helm_http::client::gate::{Outgoing, WriteGate};

/// What one steer may carry to the forge.
#[derive(Clone, Debug)]
pub(crate) struct Outbound {
    /// The rules `--allow-secret` named.
    allowed: Vec<String>,
    /// `comment on issue #42`, for the refusal's words.
    doing: String,
}

impl Outbound {
    pub(crate) fn new(allowed: &[String], steer: &Steer) -> Outbound {
        Outbound {
            allowed: allowed.to_vec(),
            doing: steer.doing(),
        }
    }

    /// Refuses `steer`, as it will be posted, when one of its strings holds
    /// a secret whose rule is not allowed; returns the allowed rules it
    /// does hold, for the entry.
    pub(crate) fn steer(&self, steer: &Steer) -> Result<Vec<String>> {
        let value = serde_json::to_value(steer).map_err(|err| {
            Error::new(
                Kind::Corrupt,
                format!("could not read the action to check it: {err}"),
            )
            .hint("this is a bug in helm: please report it; nothing was done")
        })?;
        let mut used = Vec::new();
        self.walk(None, &value, &mut used)?;
        used.sort();
        used.dedup();
        Ok(used)
    }

    /// The check the GitHub client runs on every write before it leaves.
    pub(crate) fn gate(&self) -> WriteGate {
        let outbound = self.clone();
        Arc::new(move |outgoing: &Outgoing<'_>| outbound.request(outgoing))
    }

    /// Checks one write as it would leave: its method, its address (as
    /// sent and percent-decoded, which is how GitHub reads a label's name
    /// in it), its query and every string of its body.
    fn request(&self, outgoing: &Outgoing<'_>) -> Result<()> {
        let mut used = Vec::new();
        self.text("request method", outgoing.method.as_str(), &mut used)?;
        let (path, query) = outgoing.path.split_once('?').unwrap_or((outgoing.path, ""));
        self.text("request address", path, &mut used)?;
        self.text("request address", &decoded(path), &mut used)?;
        self.text("request query", &decoded(query), &mut used)?;
        if let Some(body) = outgoing.body {
            self.walk(None, body, &mut used)?;
        }
        Ok(())
    }

    /// Checks every string in `value`, each named by the key that holds it.
    fn walk(&self, key: Option<&str>, value: &Value, used: &mut Vec<String>) -> Result<()> {
        match value {
            Value::String(text) => self.text(key.unwrap_or("text"), text, used),
            Value::Array(items) => items.iter().try_for_each(|item| self.walk(key, item, used)),
            Value::Object(fields) => fields.iter().try_for_each(|(name, field)| {
                // An object key leaves too.
                self.text("field name", name, used)?;
                self.walk(Some(name), field, used)
            }),
            Value::Null | Value::Bool(_) | Value::Number(_) => Ok(()),
        }
    }

    /// Checks one string, `what` naming where it is.
    fn text(&self, what: &str, text: &str, used: &mut Vec<String>) -> Result<()> {
        for found in secrets::find(text) {
            if self.allowed.iter().any(|rule| rule == found.rule) {
                used.push(found.rule.to_string());
                continue;
            }
            let line = text[..found.start].matches('\n').count() + 1;
            return Err(Error::new(
                Kind::Secret,
                format!(
                    "the {what} of {} holds a secret ({} on line {line}); helm posts no secret, and nothing was done",
                    self.doing, found.rule
                ),
            )
            .hint(words![
                "remove it (a token or key belongs in a secret store), or if it is meant to be seen, pass ",
                arg("allow-secret"),
                format!(" {}", found.rule),
            ]));
        }
        Ok(())
    }
}

/// Replaces each secret in `value`'s strings by its marker: a write as a
/// dry run previews it, whose allowed secrets are for the forge alone.
pub(crate) fn redact(value: &mut Value) {
    match value {
        Value::String(text) => {
            if let Some((redacted, _)) = secrets::redact(text) {
                *text = redacted;
            }
        }
        Value::Array(items) => items.iter_mut().for_each(redact),
        Value::Object(fields) => fields.values_mut().for_each(redact),
        Value::Null | Value::Bool(_) | Value::Number(_) => {}
    }
}

/// `text` with its `%XX` escapes read back (and `+` as a space, as a query
/// writes it); an escape that is not one stays as it is.
fn decoded(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut at = 0;
    while at < bytes.len() {
        let hex = bytes
            .get(at + 1..at + 3)
            .and_then(|pair| std::str::from_utf8(pair).ok())
            .and_then(|pair| u8::from_str_radix(pair, 16).ok());
        match (bytes[at], hex) {
            (b'%', Some(byte)) => {
                out.push(byte);
                at += 3;
            }
            (b'+', _) => {
                out.push(b' ');
                at += 1;
            }
            (byte, _) => {
                out.push(byte);
                at += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use helm_forge::act::{Comment, IssueOrPull};
    use http::Method;

    fn token() -> String {
        format!("ghp_{}", "R8xq2ZkP7mLw4NvB9cTj3HsY6dFgA1eUoQiK")
    }

    fn comment(body: &str) -> Steer {
        Steer::Comment(Comment {
            on: IssueOrPull::Issue(1),
            body: body.into(),
        })
    }

    #[test]
    fn a_secret_is_refused_by_field_rule_and_line_unless_its_rule_is_allowed() {
        let steer = comment(&format!("first\nsecond {}\n", token()));
        let err = Outbound::new(&[], &steer).steer(&steer).unwrap_err();
        assert_eq!(err.kind(), Kind::Secret);
        let text = err.to_string();
        assert!(text.contains("the body of comment on issue #1"), "{text}");
        assert!(text.contains("github-pat on line 2"), "{text}");
        assert!(!text.contains(&token()));
        let allowed = Outbound::new(&["github-pat".into()], &steer);
        assert_eq!(allowed.steer(&steer).unwrap(), ["github-pat"]);
        let fine = comment("fine");
        assert!(Outbound::new(&[], &fine).steer(&fine).unwrap().is_empty());
    }

    #[test]
    fn every_part_of_a_write_passes_the_gate_an_escaped_address_too() {
        let steer = comment("fine");
        let gate = Outbound::new(&[], &steer).gate();
        let escaped = token().replace('_', "%5F");
        let path = format!("/repos/o/r/issues/1/labels/{escaped}");
        let refused = gate(&Outgoing {
            method: &Method::DELETE,
            path: &path,
            body: None,
        })
        .unwrap_err();
        assert!(refused.to_string().contains("request address"), "{refused}");
        let body = serde_json::json!({"labels": ["ok", token()]});
        let refused = gate(&Outgoing {
            method: &Method::POST,
            path: "/repos/o/r/issues/1/labels",
            body: Some(&body),
        })
        .unwrap_err();
        assert!(refused.to_string().contains("the labels of"), "{refused}");
        let query = format!("/repos/o/r/issues?labels={}", token());
        assert!(
            gate(&Outgoing {
                method: &Method::POST,
                path: &query,
                body: None,
            })
            .is_err()
        );
        assert!(
            gate(&Outgoing {
                method: &Method::POST,
                path: "/repos/o/r/issues/1/comments",
                body: Some(&serde_json::json!({"body": "fine"})),
            })
            .is_ok()
        );
    }
}

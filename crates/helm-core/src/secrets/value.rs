//! Redacting a payload held as JSON (GitHub's kinds, `rust-project`): every
//! string, wherever it sits, named by its JSON pointer in the record. The
//! record is what the scan replaced, never a count of marker-shaped text:
//! an issue titled `[redacted: github-pat]` is a title, not a redaction.

use std::collections::BTreeMap;

use serde_json::Value;

use super::scan::{find, marker, redact};
use super::{Redaction, lines_at};

/// The key of the record in a payload.
pub(crate) const KEY: &str = "redacted";

/// Redacts every string in `payload` and writes the record under
/// [`KEY`] when any is there. A part kept from `prior`, the target's last
/// observation as stored (GitHub answered 304), holds its markers already
/// and the scan finds nothing in it: its lines of `prior`'s record are
/// carried, so they are recorded again, not lost. A part is taken for kept
/// when it is the prior's, whole and unchanged.
pub(crate) fn redact_payload(payload: &mut Value, prior: Option<&Value>) -> Vec<Redaction> {
    let mut record = Vec::new();
    if let Value::Object(map) = payload {
        map.remove(KEY);
    }
    walk(payload, &mut String::new(), &mut record);
    if let (Some(prior), Value::Object(parts)) = (prior, &*payload) {
        record.extend(kept_lines(prior, parts, &record));
        record.sort_by(|a, b| a.at.cmp(&b.at).then(a.rule.cmp(&b.rule)));
    }
    if !record.is_empty()
        && let Value::Object(map) = payload
    {
        map.insert(
            KEY.to_string(),
            serde_json::to_value(&record).unwrap_or(Value::Null),
        );
    }
    record
}

/// The lines of `prior`'s record for the parts of `parts` that are the
/// prior's unchanged and in which this scan found nothing.
fn kept_lines(
    prior: &Value,
    parts: &serde_json::Map<String, Value>,
    found: &[Redaction],
) -> Vec<Redaction> {
    let Some(lines) = prior.get(KEY).cloned() else {
        return Vec::new();
    };
    let lines: Vec<Redaction> = serde_json::from_value(lines).unwrap_or_default();
    let part_of = |at: &str| -> String {
        let rest = at.strip_prefix('/').unwrap_or(at);
        rest.split('/').next().unwrap_or_default().to_string()
    };
    lines
        .into_iter()
        .filter(|line| {
            let part = part_of(&line.at);
            part != KEY
                && parts
                    .get(&part)
                    .is_some_and(|now| prior.get(&part) == Some(now))
                && !found.iter().any(|f| part_of(&f.at) == part)
        })
        .collect()
}

fn walk(value: &mut Value, at: &mut String, record: &mut Vec<Redaction>) {
    walk_with(value, at, record, BTreeMap::new());
}

/// [`walk`], with what was already replaced in `value` itself (a secret
/// spread over lines, found in the list that holds it).
fn walk_with(
    value: &mut Value,
    at: &mut String,
    record: &mut Vec<Redaction>,
    mut counts: BTreeMap<&'static str, u64>,
) {
    match value {
        Value::String(text) => {
            if let Some((redacted, found)) = redact(text) {
                *text = redacted;
                for (rule, n) in found {
                    *counts.entry(rule).or_default() += n;
                }
            }
            record.extend(lines_at(at, &counts));
        }
        Value::Array(items) => {
            let spread = match items.len() > 1 && items.iter().all(Value::is_string) {
                true => across_lines(items),
                false => Vec::new(),
            };
            for (i, item) in items.iter_mut().enumerate() {
                let mut counts = BTreeMap::new();
                for (_, rule) in spread.iter().filter(|(line, _)| *line == i) {
                    *counts.entry(*rule).or_default() += 1;
                }
                let len = at.len();
                at.push_str(&format!("/{i}"));
                walk_with(item, at, record, counts);
                at.truncate(len);
            }
        }
        Value::Object(map) => {
            for (key, item) in map.iter_mut() {
                let len = at.len();
                at.push('/');
                at.push_str(&key.replace('~', "~0").replace('/', "~1"));
                walk(item, at, record);
                at.truncate(len);
            }
        }
        _ => {}
    }
}

/// A list of lines (a CI log's tail): a secret spread over several, as a
/// private key block is, is found in the lines read together. Its first
/// line keeps what came before it and the marker, the lines it covered are
/// left empty, and its last keeps what follows it; the list keeps its length.
/// Returns the line and rule of each such secret.
fn across_lines(items: &mut [Value]) -> Vec<(usize, &'static str)> {
    let lines: Vec<&str> = items.iter().filter_map(Value::as_str).collect();
    let joined = lines.join("\n");
    let mut starts = Vec::with_capacity(lines.len());
    let mut at = 0;
    for line in &lines {
        starts.push(at);
        at += line.len() + 1;
    }
    let line_of = |offset: usize| starts.partition_point(|&s| s <= offset) - 1;
    let spread: Vec<(usize, usize, usize, usize, &'static str)> = find(&joined)
        .into_iter()
        .filter_map(|f| {
            let (first, last) = (line_of(f.start), line_of(f.end.saturating_sub(1)));
            (first != last).then(|| {
                let end_in_last = f.end.saturating_sub(starts[last]).min(lines[last].len());
                (first, f.start - starts[first], last, end_in_last, f.rule)
            })
        })
        .collect();
    let replaced: Vec<(usize, &'static str)> = spread.iter().map(|s| (s.0, s.4)).collect();
    let mut new: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
    for (first, from, last, to, rule) in spread.into_iter().rev() {
        let tail = new[last][to..].to_string();
        let head = new[first][..from].to_string();
        for line in &mut new[first + 1..=last] {
            line.clear();
        }
        new[last].push_str(&tail);
        new[first] = format!("{head}{}", marker(rule));
    }
    for (item, line) in items.iter_mut().zip(new) {
        *item = Value::String(line);
    }
    replaced
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn strings_anywhere_are_redacted_and_recorded_by_pointer() {
        let token = format!("ghp_{}", "R8xq2ZkP7mLw4NvB9cTj3HsY6dFgA1eUoQiK");
        let mut payload = json!({"summary": {"title": "t"}, "comments": [
            {"body": "fine"}, {"body": format!("use {token} and {token}")}]});
        let record = redact_payload(&mut payload, None);
        assert_eq!(
            payload["comments"][1]["body"],
            "use [redacted: github-pat] and [redacted: github-pat]"
        );
        assert_eq!(
            payload[KEY],
            json!([{"at": "/comments/1/body", "rule": "github-pat", "count": 2}])
        );
        assert_eq!(record.len(), 1);
        // Again, on a payload whose part was kept as it was stored: the same record.
        let mut again = payload.clone();
        assert_eq!(redact_payload(&mut again, Some(&payload)), record);
        assert_eq!(again, payload);
        // A part fetched anew that is not the stored one keeps no line of it.
        let mut changed = payload.clone();
        changed["comments"][1]["body"] = json!("use [redacted: github-pat] now");
        assert!(redact_payload(&mut changed, Some(&payload)).is_empty());
        // A key block over the lines of a log's tail.
        let body = "MIIEowIBAAKCAQEAx4Zt3Qw9MIIEowIBAAKCAQEAx4Zt3Qw9";
        let mut log = json!({"tail": ["step", "x -----BEGIN RSA PRIVATE KEY-----", body, body,
            "-----END RSA PRIVATE KEY----- y", "done"]});
        let record = redact_payload(&mut log, None);
        assert_eq!(
            log["tail"],
            json!(["step", "x [redacted: private-key]", "", "", " y", "done"])
        );
        assert_eq!(record[0].at, "/tail/1");
        // Nothing found: nothing added.
        let mut clean = json!({"a": ["b"]});
        assert!(redact_payload(&mut clean, None).is_empty());
        assert_eq!(clean, json!({"a": ["b"]}));
    }

    #[test]
    fn text_that_only_reads_like_a_marker_is_text_and_no_redaction() {
        let token = format!("ghp_{}", "R8xq2ZkP7mLw4NvB9cTj3HsY6dFgA1eUoQiK");
        let mut payload = json!({"summary": {"title": "a title [redacted: github-pat]"},
            "tail": ["x [redacted: private-key]", "y"]});
        let before = payload.clone();
        assert!(redact_payload(&mut payload, None).is_empty());
        assert_eq!(payload, before);
        // Beside a real one, only the real one is counted.
        payload["summary"]["body"] = json!(format!("{token} [redacted: github-pat]"));
        let record = redact_payload(&mut payload, None);
        assert_eq!(
            record,
            [Redaction {
                at: "/summary/body".into(),
                rule: "github-pat".into(),
                count: 1
            }]
        );
    }
}

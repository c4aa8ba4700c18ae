//! Redacting a payload held as JSON (GitHub's kinds, `rust-project`): every
//! string, wherever it sits, named by its JSON pointer in the record.

use serde_json::Value;

use super::Redaction;
use super::scan::{find, marker, redact};

/// The key of the record in a payload.
pub const KEY: &str = "redacted";

/// Redacts every string in `payload` and writes the record under
/// [`KEY`] when any is there. A part kept from an earlier observation
/// (GitHub answered 304) holds its markers already: the record counts the
/// markers in the payload, so they are recorded again, not lost.
pub fn redact_payload(payload: &mut Value) -> Vec<Redaction> {
    let mut record = Vec::new();
    if let Value::Object(map) = payload {
        map.remove(KEY);
    }
    walk(payload, &mut String::new(), &mut record);
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

fn walk(value: &mut Value, at: &mut String, record: &mut Vec<Redaction>) {
    match value {
        Value::String(text) => {
            if let Some((redacted, _)) = redact(text) {
                *text = redacted;
            }
            super::count_markers(text, at, record);
        }
        Value::Array(items) => {
            if items.len() > 1 && items.iter().all(Value::is_string) {
                across_lines(items);
            }
            for (i, item) in items.iter_mut().enumerate() {
                let len = at.len();
                at.push_str(&format!("/{i}"));
                walk(item, at, record);
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
fn across_lines(items: &mut [Value]) {
    let lines: Vec<&str> = items.iter().filter_map(Value::as_str).collect();
    let joined = lines.join("\n");
    let mut starts = Vec::with_capacity(lines.len());
    let mut at = 0;
    for line in &lines {
        starts.push(at);
        at += line.len() + 1;
    }
    let line_of = |offset: usize| starts.partition_point(|&s| s <= offset) - 1;
    let spread: Vec<(usize, usize, usize, usize, &str)> = find(&joined)
        .into_iter()
        .filter_map(|f| {
            let (first, last) = (line_of(f.start), line_of(f.end.saturating_sub(1)));
            (first != last).then(|| {
                let end_in_last = f.end.saturating_sub(starts[last]).min(lines[last].len());
                (first, f.start - starts[first], last, end_in_last, f.rule)
            })
        })
        .collect();
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
        let record = redact_payload(&mut payload);
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
        assert_eq!(redact_payload(&mut again), record);
        assert_eq!(again, payload);
        // A key block over the lines of a log's tail.
        let body = "MIIEowIBAAKCAQEAx4Zt3Qw9MIIEowIBAAKCAQEAx4Zt3Qw9";
        let mut log = json!({"tail": ["step", "x -----BEGIN RSA PRIVATE KEY-----", body, body,
            "-----END RSA PRIVATE KEY----- y", "done"]});
        let record = redact_payload(&mut log);
        assert_eq!(
            log["tail"],
            json!(["step", "x [redacted: private-key]", "", "", " y", "done"])
        );
        assert_eq!(record[0].at, "/tail/1");
        // Nothing found: nothing added.
        let mut clean = json!({"a": ["b"]});
        assert!(redact_payload(&mut clean).is_empty());
        assert_eq!(clean, json!({"a": ["b"]}));
    }
}

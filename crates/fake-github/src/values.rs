//! Small helpers on JSON values, diffs and ids shared by the handlers and answers.

use super::*;

// ----- JSON shapes ---------------------------------------------------------------------------

/// The documented example for an operation (`Null` if absent: answers then lack the
/// example's extra fields but the server keeps running).
pub(super) fn shape(method: &str, template: &str) -> &'static Value {
    static NULL: Value = Value::Null;
    openapi::operation(method, template)
        .and_then(openapi::Operation::example)
        .unwrap_or(&NULL)
}

/// A unified diff of `files`, in the layout `git diff` (and GitHub) produce.
pub(super) fn diff_from_files(files: &[PrFile]) -> String {
    let mut diff = String::new();
    for file in files {
        let name = &file.filename;
        let (old, new) = match file.status.as_str() {
            "added" => ("/dev/null".to_owned(), format!("b/{name}")),
            "removed" => (format!("a/{name}"), "/dev/null".to_owned()),
            _ => (format!("a/{name}"), format!("b/{name}")),
        };
        diff.push_str(&format!(
            "diff --git a/{name} b/{name}\n--- {old}\n+++ {new}\n{}",
            file.patch
        ));
        if !file.patch.ends_with('\n') {
            diff.push('\n');
        }
    }
    diff
}

/// (added, removed) lines of a unified-diff patch.
pub(super) fn line_counts(patch: &str) -> (usize, usize) {
    let lines = patch
        .lines()
        .filter(|l| !l.starts_with("+++") && !l.starts_with("---"));
    lines.fold((0, 0), |(a, d), line| match line.as_bytes().first() {
        Some(b'+') => (a + 1, d),
        Some(b'-') => (a, d + 1),
        _ => (a, d),
    })
}

/// The title of a create/update body: a non-empty string (GitHub also takes an integer).
pub(super) fn title_of(cx: &Cx) -> Option<String> {
    match cx.field("title")? {
        Value::String(title) if !title.trim().is_empty() => Some(title.clone()),
        Value::Number(number) => Some(number.to_string()),
        _ => None,
    }
}

pub(super) fn missing(resource: &str, field: &str) -> Reply {
    Reply::invalid(json!({ "resource": resource, "code": "missing_field", "field": field }))
}

pub(super) fn custom_invalid(message: &str) -> Reply {
    Reply::invalid(json!({ "resource": "PullRequest", "code": "custom", "message": message }))
}

/// Overwrites (or adds) the fields of `patch` in `target`, which becomes an object if it was not.
pub(super) fn set(target: &mut Value, patch: Value) {
    if !target.is_object() {
        *target = Value::Object(Map::new());
    }
    if let (Some(fields), Value::Object(patch)) = (target.as_object_mut(), patch) {
        fields.extend(patch);
    }
}

/// Keeps only the fields `like` has (e.g. the "minimal repository" of an example).
pub(super) fn project(mut value: Value, like: &Value) -> Value {
    if let (Some(fields), Some(keep)) = (value.as_object_mut(), like.as_object()) {
        fields.retain(|key, _| keep.contains_key(key));
    }
    value
}

/// Replaces substrings in every string inside `value`.
pub(super) fn rewrite_strings(value: &mut Value, replacements: &[(&str, &str)]) {
    match value {
        Value::String(text) => {
            for (from, to) in replacements {
                if text.contains(from) {
                    *text = text.replace(from, to);
                }
            }
        }
        Value::Array(items) => items
            .iter_mut()
            .for_each(|v| rewrite_strings(v, replacements)),
        Value::Object(fields) => fields
            .values_mut()
            .for_each(|v| rewrite_strings(v, replacements)),
        _ => {}
    }
}

/// A stable, positive id for a name (users, labels, teams, repos) so answers are reproducible.
pub(super) fn stable_id(name: &str) -> u64 {
    // FNV-1a, folded into 1..=10^8.
    let hash = name.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    hash % 100_000_000 + 1
}

/// SplitMix64: turns counters into well-spread bits for fake shas.
pub(super) fn mix(seed: u64) -> u64 {
    let mut z = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

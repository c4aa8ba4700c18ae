//! One branch per target in `observe`'s input schema: a neutral kind
//! (`issue`, `pr`, `repo`, `checks`) and the `github-*` kind it *is* on
//! GitHub are one target, so the schema lists the neutral kind's branch
//! under every name it answers to (`"kind": {"enum": ["issue",
//! "github-issue"]}`) and drops the `github-*` branch, whose fields the
//! neutral one has. The server still reads each name as its own kind; the
//! tools list an agent pays for names each target once.

use serde_json::{Map, Value};

use helm_core::KIND_SPELLINGS as SPELLINGS;

/// Folds the `github-*` branches of any tagged union in `schema` into their
/// neutral kinds' branches.
pub(super) fn fold(schema: &mut Map<String, Value>) {
    let Some(Value::Array(branches)) = schema.get_mut("oneOf") else {
        return;
    };
    let kind = |branch: &Value| {
        branch["properties"]["kind"]["const"]
            .as_str()
            .map(str::to_string)
    };
    let names: Vec<Option<String>> = branches.iter().map(kind).collect();
    let has = |name: &str| names.iter().any(|n| n.as_deref() == Some(name));
    let folded: Vec<(&str, &[&str])> = SPELLINGS
        .into_iter()
        .filter(|(neutral, others)| {
            let mut github = others.iter().filter(|o| o.starts_with("github-"));
            has(neutral) && github.clone().count() > 0 && github.all(|o| has(o))
        })
        .collect();
    if folded.is_empty() {
        return;
    }
    let dropped: Vec<&str> = folded
        .iter()
        .flat_map(|(_, others)| others.iter().copied())
        .collect();
    branches.retain(|branch| kind(branch).is_none_or(|k| !dropped.contains(&k.as_str())));
    for branch in branches.iter_mut() {
        let Some((neutral, others)) =
            kind(branch).and_then(|k| folded.iter().find(|(n, _)| *n == k).copied())
        else {
            continue;
        };
        let all: Vec<Value> = std::iter::once(neutral)
            .chain(others.iter().copied())
            .map(|n| Value::String(n.to_string()))
            .collect();
        branch["properties"]["kind"] = Value::Object(Map::from_iter([
            ("type".to_string(), Value::String("string".into())),
            ("enum".to_string(), Value::Array(all)),
        ]));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_github_kind_is_listed_under_its_neutral_kind() {
        let branch = |kind: &str| {
            serde_json::from_str::<Value>(&format!(
                r#"{{"type":"object","properties":{{"kind":{{"type":"string","const":"{kind}"}}}}}}"#
            ))
            .unwrap()
        };
        let mut schema = Map::new();
        schema.insert(
            "oneOf".into(),
            Value::Array(vec![
                branch("file-contents"),
                branch("github-issue"),
                branch("github-pr"),
                branch("issue"),
                branch("pr"),
            ]),
        );
        fold(&mut schema);
        let kinds: Vec<String> = schema["oneOf"]
            .as_array()
            .unwrap()
            .iter()
            .map(|b| b["properties"]["kind"].to_string())
            .collect();
        assert_eq!(
            kinds,
            [
                r#"{"type":"string","const":"file-contents"}"#,
                r#"{"type":"string","enum":["issue","github-issue"]}"#,
                r#"{"type":"string","enum":["pr","mr","github-pr"]}"#,
            ]
        );
    }
}

//! The tools `helm mcp` lists, and the input schemas generated from the
//! CLI's own target and action types.

use serde_json::Value;

use super::Session;
use crate::support::env::TestEnv;

const TOOLS: [&str; 14] = [
    "voyage_new",
    "voyage_list",
    "voyage_show",
    "voyage_brief",
    "voyage_end",
    "observe",
    "slate_list",
    "slate_erase",
    "slate_clear",
    "steer",
    "log",
    "artifact_show",
    "voyage_push",
    "voyage_pull",
];

/// The schema of a tool, with `$ref`s into `$defs` left as they are.
fn schema(tools: &[rmcp::model::Tool], name: &str) -> Value {
    let tool = tools
        .iter()
        .find(|t| t.name == name)
        .unwrap_or_else(|| panic!("no tool {name}"));
    Value::Object(tool.input_schema.as_ref().clone())
}

fn required(schema: &Value) -> Vec<String> {
    let mut names: Vec<String> = schema["required"]
        .as_array()
        .map(|r| {
            r.iter()
                .filter_map(|v| v.as_str().map(String::from))
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

fn properties(schema: &Value) -> Vec<String> {
    let mut names: Vec<String> = schema["properties"]
        .as_object()
        .map(|p| p.keys().cloned().collect())
        .unwrap_or_default();
    names.sort();
    names
}

/// The variant of a tagged union (`oneOf`) whose `kind` is `kind`.
fn variant<'a>(union: &'a Value, kind: &str) -> &'a Value {
    union["oneOf"]
        .as_array()
        .expect("a oneOf")
        .iter()
        .find(|v| v["properties"]["kind"]["const"] == kind)
        .unwrap_or_else(|| panic!("no variant {kind}"))
}

/// The values a string enum allows, whether as `enum` or as `oneOf` consts
/// (schemars uses the latter when the values have their own docs).
fn constants(schema: &Value) -> Vec<String> {
    match schema["enum"].as_array() {
        Some(values) => values
            .iter()
            .map(|v| v.as_str().unwrap().to_string())
            .collect(),
        None => schema["oneOf"]
            .as_array()
            .expect("an enum or a oneOf")
            .iter()
            .map(|v| v["const"].as_str().unwrap().to_string())
            .collect(),
    }
}

#[test]
fn the_contracts_tools_are_listed_with_their_arguments() {
    let env = TestEnv::new();
    let session = Session::start(&env);
    let tools = session.tools();
    let mut names: Vec<&str> = tools.iter().map(|t| t.name.as_ref()).collect();
    names.sort();
    let mut expected = TOOLS.to_vec();
    expected.sort();
    assert_eq!(names, expected);

    let args = |name: &str| properties(&schema(&tools, name));
    assert_eq!(args("voyage_new"), ["intent"]);
    assert_eq!(args("voyage_list"), ["all", "ended"]);
    assert_eq!(args("voyage_show"), ["voyage"]);
    assert_eq!(args("voyage_brief"), ["voyage"]);
    assert_eq!(args("voyage_end"), ["status", "voyage"]);
    assert_eq!(args("observe"), ["repo", "target", "voyage"]);
    assert_eq!(args("slate_list"), ["voyage"]);
    assert_eq!(args("slate_clear"), ["voyage"]);
    assert_eq!(args("slate_erase"), ["targets", "voyage"]);
    assert_eq!(
        args("steer"),
        [
            "action",
            "allowStale",
            "as",
            "method",
            "repo",
            "requestId",
            "role",
            "summary",
            "voyage"
        ]
    );
    assert_eq!(
        args("log"),
        [
            "as",
            "method",
            "requestId",
            "role",
            "state",
            "summary",
            "voyage"
        ]
    );
    assert_eq!(args("artifact_show"), ["hash", "voyage"]);

    // Provenance is required by the schema, as on the CLI; `voyage` is not
    // (HELM_VOYAGE may stand in for it).
    assert_eq!(
        required(&schema(&tools, "steer")),
        ["action", "as", "method", "role", "summary"]
    );
    assert_eq!(
        required(&schema(&tools, "log")),
        ["as", "method", "role", "state", "summary"]
    );
    assert_eq!(required(&schema(&tools, "observe")), ["target"]);
    for name in TOOLS {
        let schema = schema(&tools, name);
        assert_eq!(schema["type"], "object", "{name}");
        assert_eq!(schema["additionalProperties"], false, "{name}");
    }
}

#[test]
fn descriptions_teach_the_invariants() {
    let env = TestEnv::new();
    let tools = Session::start(&env).tools();
    let description = |name: &str| {
        tools
            .iter()
            .find(|t| t.name == name)
            .and_then(|t| t.description.clone())
            .unwrap_or_default()
            .to_string()
    };
    assert!(description("observe").contains("never writes the logbook"));
    assert!(description("steer").contains("seals the slate"));
    assert!(description("log").contains("seals the slate"));
    assert!(description("steer").contains("nothing is recorded"));
    // The tools that only read say so, for hosts that approve those freely.
    let mut read_only: Vec<&str> = tools
        .iter()
        .filter(|t| {
            t.annotations
                .as_ref()
                .and_then(|a| a.read_only_hint)
                .unwrap_or(false)
        })
        .map(|t| t.name.as_ref())
        .collect();
    read_only.sort();
    assert_eq!(
        read_only,
        [
            "artifact_show",
            "slate_list",
            "voyage_brief",
            "voyage_list",
            "voyage_show"
        ]
    );
}

#[test]
fn targets_are_the_clis_target_json() {
    let env = TestEnv::new();
    let tools = Session::start(&env).tools();
    let observe = schema(&tools, "observe");
    let targets = &observe["$defs"]["TargetSpec"];
    let kinds: Vec<&str> = targets["oneOf"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["properties"]["kind"]["const"].as_str().unwrap())
        .collect();
    assert_eq!(
        kinds,
        [
            "file-contents",
            "directory-tree",
            "rust-project",
            "github-issue",
            "github-pr",
            "github-repo"
        ]
    );
    let tree = variant(targets, "directory-tree");
    assert_eq!(properties(tree), ["kind", "maxDepth", "root", "skip"]);
    assert_eq!(required(tree), ["kind", "root"]);
    let pr = variant(targets, "github-pr");
    assert_eq!(required(pr), ["kind", "number"]);
    assert_eq!(
        constants(&observe["$defs"]["PullRequestFocus"]),
        ["summary", "comments", "files", "diff", "checks", "reviews"]
    );
}

#[test]
fn actions_are_the_steer_subcommands_with_camel_case_flags() {
    let env = TestEnv::new();
    let tools = Session::start(&env).tools();
    let steer = schema(&tools, "steer");
    let actions = &steer["$defs"]["ActionSpec"];
    let kinds: Vec<&str> = actions["oneOf"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["properties"]["kind"]["const"].as_str().unwrap())
        .collect();
    assert_eq!(
        kinds,
        [
            "comment",
            "create-issue",
            "edit-issue",
            "close-issue",
            "create-pr",
            "edit-pr",
            "close-pr",
            "request-review",
            "reply-inline",
            "merge-pr"
        ]
    );
    // merge-pr: the CLI's --merge/--squash/--rebase flags are not arguments;
    // `strategy` is, as an enum.
    let merge = variant(actions, "merge-pr");
    assert_eq!(properties(merge), ["kind", "pr", "sha", "strategy"]);
    assert_eq!(required(merge), ["kind", "pr"]);
    let strategy = merge["properties"]["strategy"].to_string();
    assert!(strategy.contains("#/$defs/MergeMethod"), "{strategy}");
    assert_eq!(
        constants(&steer["$defs"]["MergeMethod"]),
        ["merge", "squash", "rebase"]
    );
    let reply = variant(actions, "reply-inline");
    assert_eq!(
        properties(reply),
        ["body", "bodyFile", "commentId", "kind", "pr"]
    );
    assert_eq!(required(reply), ["commentId", "kind", "pr"]);
    let create = variant(actions, "create-pr");
    assert_eq!(required(create), ["base", "head", "kind", "title"]);
    assert_eq!(
        constants(&steer["$defs"]["CloseReason"]),
        ["completed", "not-planned"]
    );
}

//! The tools `helm mcp` lists: their input schemas, generated from the
//! CLI's own target and action types; their output schemas, generated from
//! the `--json` documents' types; and their annotations.

use serde_json::Value;

use super::Session;
use crate::support::env::TestEnv;

pub const TOOLS: [&str; 22] = [
    "voyage_new",
    "voyage_list",
    "voyage_show",
    "voyage_brief",
    "voyage_end",
    "voyage_verify",
    "voyage_compact",
    "observe",
    "slate_list",
    "slate_erase",
    "slate_clear",
    "steer",
    "log",
    "proposals",
    "interrupted",
    "search",
    "artifact_show",
    "artifact_list",
    "artifact_reduce",
    "artifact_jettison",
    "voyage_push",
    "voyage_pull",
];

/// The schema of a tool, with `$ref`s into `$defs` left as they are.
pub(super) fn schema(tools: &[rmcp::model::Tool], name: &str) -> Value {
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
        .find(|v| {
            let named = &v["properties"]["kind"];
            named["const"] == kind || named["enum"].get(0).is_some_and(|first| first == kind)
        })
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
    assert_eq!(args("observe"), ["forge", "repo", "target", "voyage"]);
    assert_eq!(args("slate_list"), ["voyage"]);
    assert_eq!(args("slate_clear"), ["voyage"]);
    assert_eq!(args("slate_erase"), ["targets", "voyage"]);
    assert_eq!(
        args("steer"),
        [
            "action",
            "allowSecret",
            "allowStale",
            "as",
            "disclose",
            "dryRun",
            "expires",
            "forge",
            "method",
            "propose",
            "recordRefusal",
            "repo",
            "requestId",
            "requireObserved",
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
    assert_eq!(args("voyage_verify"), ["all", "voyage"]);
    assert_eq!(args("voyage_compact"), ["voyage"]);
    assert_eq!(args("interrupted"), ["attempt", "operation", "voyage"]);
    assert_eq!(required(&schema(&tools, "interrupted")), ["operation"]);
    assert_eq!(args("artifact_list"), ["voyage"]);
    assert_eq!(
        args("artifact_reduce"),
        ["hashes", "method", "summary", "voyage"]
    );
    assert_eq!(args("artifact_jettison"), ["hashes", "voyage"]);

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
fn every_tool_declares_an_object_output_schema() {
    let env = TestEnv::new();
    let tools = Session::start(&env).tools();
    for tool in &tools {
        let output = tool
            .output_schema
            .as_ref()
            .unwrap_or_else(|| panic!("{} has no outputSchema", tool.name));
        assert_eq!(output["type"], "object", "{}", tool.name);
        // MCP reads a schema without `$schema` as 2020-12.
        assert!(output.get("$schema").is_none(), "{}", tool.name);
    }
    // Compiles with an independent 2020-12 validator, which tells a
    // document of the shape from one that is not.
    let validator = super::OutputSchemas::of(&tools);
    let voyage = serde_json::json!({
        "id": "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b",
        "intent": "x",
        "createdAt": "2026-01-01T00:00:00.000000Z",
        "status": "active"
    });
    assert!(validator.accepts("voyage_new", &voyage));
    let mut no_id = voyage.clone();
    no_id.as_object_mut().unwrap().remove("id");
    assert!(!validator.accepts("voyage_new", &no_id));
    let mut bad_id = voyage.clone();
    bad_id["id"] = "not-a-uuid".into();
    assert!(!validator.accepts("voyage_new", &bad_id));
    let mut bad_status = voyage;
    bad_status["status"] = "paused".into();
    assert!(!validator.accepts("voyage_new", &bad_status));
    let output = |name: &str| {
        Value::Object(
            tools
                .iter()
                .find(|t| t.name == name)
                .unwrap()
                .output_schema
                .as_ref()
                .unwrap()
                .as_ref()
                .clone(),
        )
    };
    // Where voyage_new puts the id, typed.
    let voyage = output("voyage_new");
    assert!(required(&voyage).contains(&"id".to_string()), "{voyage}");
    assert_eq!(voyage["properties"]["id"]["format"], "uuid");
    assert_eq!(output("voyage_end"), voyage);
    assert_eq!(
        required(&output("observe")),
        ["artifact", "observedAt", "payload", "target"]
    );
    assert_eq!(required(&output("voyage_list")), ["unreadable", "voyages"]);
    let log = output("log");
    for field in [
        "id",
        "kind",
        "recordedAt",
        "identity",
        "bearing",
        "replayed",
    ] {
        assert!(
            required(&log).contains(&field.to_string()),
            "{field}: {log}"
        );
    }
    // steer's result (an entry, or a dry run): mcp/dry_run.rs.
}

#[test]
fn targets_are_the_clis_target_json() {
    let env = TestEnv::new();
    let tools = Session::start(&env).tools();
    let observe = schema(&tools, "observe");
    let targets = &observe["$defs"]["TargetSpec"];
    // A neutral kind is listed once under all its names: on GitHub it is
    // the `github-*` kind.
    let kinds: Vec<String> = targets["oneOf"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| match &v["properties"]["kind"]["const"] {
            serde_json::Value::String(kind) => kind.clone(),
            _ => v["properties"]["kind"]["enum"].to_string(),
        })
        .collect();
    assert_eq!(
        kinds,
        [
            "file-contents",
            "directory-tree",
            "rust-project",
            r#"["issue","github-issue"]"#,
            r#"["pr","mr","github-pr"]"#,
            r#"["repo","github-repo"]"#,
            r#"["checks","github-checks"]"#,
        ]
    );
    let tree = variant(targets, "directory-tree");
    assert_eq!(properties(tree), ["kind", "maxDepth", "root", "skip"]);
    assert_eq!(required(tree), ["kind", "root"]);
    let pr = variant(targets, "pr");
    assert_eq!(required(pr), ["kind", "number"]);
    assert_eq!(properties(pr), ["focus", "forge", "kind", "number", "repo"]);
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
            "reopen-issue",
            "create-pr",
            "edit-pr",
            "close-pr",
            "request-review",
            "reply-inline",
            "merge-pr",
            "label",
            "resolve-thread",
            "unresolve-thread"
        ]
    );
    let label = variant(actions, "label");
    assert_eq!(properties(label), ["add", "issue", "kind", "pr", "remove"]);
    assert_eq!(required(label), ["kind"]);
    for name in ["resolve-thread", "unresolve-thread"] {
        let thread = variant(actions, name);
        assert_eq!(properties(thread), ["kind", "pr", "thread"]);
        assert_eq!(required(thread), ["kind", "pr", "thread"]);
    }
    // merge-pr: the CLI's --merge/--squash/--rebase flags are not arguments;
    // `strategy` is, as an enum; `override` takes a merge that is not ready.
    let merge = variant(actions, "merge-pr");
    assert_eq!(
        properties(merge),
        ["kind", "override", "pr", "sha", "strategy"]
    );
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
    // head and base default as gh's do: the current branch, the default branch.
    assert_eq!(required(create), ["kind", "title"]);
    assert_eq!(
        constants(&steer["$defs"]["CloseReason"]),
        ["completed", "not-planned"]
    );
}

//! The tools `helm mcp` lists: their input schemas, generated from the
//! CLI's own target and action types; their output schemas, generated from
//! the `--json` documents' types; and their annotations.

use serde_json::Value;

use super::Session;
use crate::support::env::TestEnv;

pub const TOOLS: [&str; 20] = [
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
    "interrupted",
    "artifact_show",
    "artifact_list",
    "artifact_reduce",
    "artifact_jettison",
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
}

#[test]
fn every_description_names_tools_and_arguments_never_flags_or_commands() {
    let env = TestEnv::new();
    let tools = Session::start(&env).tools();
    /// Every `description` in a schema, with where it is.
    fn descriptions(value: &Value, at: &str, out: &mut Vec<(String, String)>) {
        match value {
            Value::Object(object) => {
                for (key, value) in object {
                    let here = format!("{at}/{key}");
                    match value {
                        Value::String(text) if key == "description" => {
                            out.push((here, text.clone()))
                        }
                        _ => descriptions(value, &here, out),
                    }
                }
            }
            Value::Array(items) => {
                for (i, item) in items.iter().enumerate() {
                    descriptions(item, &format!("{at}/{i}"), out);
                }
            }
            _ => {}
        }
    }
    let mut texts = Vec::new();
    for tool in &tools {
        let description = tool.description.clone().unwrap_or_default().to_string();
        texts.push((tool.name.to_string(), description));
        let input = Value::Object(tool.input_schema.as_ref().clone());
        descriptions(&input, &format!("{} input", tool.name), &mut texts);
        if let Some(output) = &tool.output_schema {
            let output = Value::Object(output.as_ref().clone());
            descriptions(&output, &format!("{} output", tool.name), &mut texts);
        }
    }
    assert!(texts.len() > 100, "{} descriptions", texts.len());
    for (at, text) in &texts {
        crate::mcp::assert_speaks_mcp(at, text);
    }
    // The reply-inline action's description names the observe tool, where
    // the CLI's help names the command line.
    let steer = serde_json::to_string(&schema(&tools, "steer")).unwrap();
    assert!(steer.contains("`observe` with github-pr"), "{steer}");
}

/// (readOnly, destructive, idempotent, openWorld) as a tool declares them;
/// `None` where a hint is left out.
type Hints = (Option<bool>, Option<bool>, Option<bool>, Option<bool>);

#[test]
fn annotations_say_honestly_what_each_tool_does() {
    let env = TestEnv::new();
    let tools = Session::start(&env).tools();
    let hints = |name: &str| -> Hints {
        let tool = tools.iter().find(|t| t.name == name).unwrap();
        let a = tool
            .annotations
            .clone()
            .unwrap_or_else(|| panic!("{name} has no annotations"));
        (
            a.read_only_hint,
            a.destructive_hint,
            a.idempotent_hint,
            a.open_world_hint,
        )
    };
    // Reads only: destructive and idempotent mean nothing there.
    const READS: Hints = (Some(true), None, None, Some(false));
    let writes = |destructive: bool, idempotent: bool, github: bool| -> Hints {
        (
            Some(false),
            Some(destructive),
            Some(idempotent),
            Some(github),
        )
    };
    let expected: [(&str, Hints); 20] = [
        ("voyage_new", writes(false, false, false)),
        ("voyage_list", READS),
        ("voyage_show", READS),
        ("voyage_brief", READS),
        // Ending cannot be undone; ending again changes nothing.
        ("voyage_end", writes(true, true, false)),
        ("voyage_verify", READS),
        ("voyage_compact", writes(false, true, false)),
        // Push and pull reach a git remote, add and never remove, and a
        // repeat with nothing new moves nothing.
        ("voyage_push", writes(false, true, true)),
        ("voyage_pull", writes(false, true, true)),
        // Observing adds to the slate; GitHub targets reach GitHub.
        ("observe", writes(false, false, true)),
        ("slate_list", READS),
        ("slate_erase", writes(true, true, false)),
        ("slate_clear", writes(true, true, false)),
        // Steer can close and merge.
        ("steer", writes(true, false, true)),
        ("log", writes(false, false, false)),
        // list reads; settle looks on GitHub and records, never acting;
        // discard drops a record. Repeating either finds no record.
        ("interrupted", writes(true, true, true)),
        ("artifact_show", READS),
        ("artifact_list", READS),
        ("artifact_reduce", writes(true, true, false)),
        ("artifact_jettison", writes(true, true, false)),
    ];
    for (name, hints_expected) in expected {
        assert_eq!(hints(name), hints_expected, "{name}");
    }
    assert_eq!(tools.len(), expected.len());
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
        assert_eq!(
            output["$schema"], "https://json-schema.org/draft/2020-12/schema",
            "{}",
            tool.name
        );
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
    let steer = output("steer");
    assert_eq!(steer, output("log"));
    for field in [
        "id",
        "kind",
        "recordedAt",
        "identity",
        "bearing",
        "replayed",
    ] {
        assert!(
            required(&steer).contains(&field.to_string()),
            "{field}: {steer}"
        );
    }
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
            "github-repo",
            "github-checks"
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
    assert_eq!(required(create), ["base", "head", "kind", "title"]);
    assert_eq!(
        constants(&steer["$defs"]["CloseReason"]),
        ["completed", "not-planned"]
    );
}

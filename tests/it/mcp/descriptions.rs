//! What the tools say of themselves: descriptions that teach the
//! invariants in MCP's words (tools and arguments, never flags or
//! commands), and annotations that say honestly what each tool does.

use serde_json::Value;

use super::Session;
use super::schemas::schema;
use crate::support::env::TestEnv;

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
    let expected: [(&str, Hints); 22] = [
        ("voyage_new", writes(false, false, false)),
        ("voyage_list", READS),
        ("voyage_show", READS),
        ("voyage_brief", READS),
        // Ending cannot be undone; ending again is refused (voyage-ended),
        // so not idempotent (tests/it/mcp/truths.rs calls it twice).
        ("voyage_end", writes(true, false, false)),
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
        ("proposals", READS),
        // list reads; settle looks on GitHub and records, never acting;
        // discard drops a record. Repeating either finds no record.
        ("interrupted", writes(true, true, true)),
        // Search writes only its own index, beside the voyages.
        ("search", READS),
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

//! A tools list an agent can afford (issue 31 §1): `helm mcp` lists the
//! core toolset by default and the others with `--toolsets`; `--tools` and
//! `--read-only` still apply on top. The list's size, compact JSON as
//! `tools/list` sends it, is printed per toolset and held under the limits:
//! every session of every host pays for it.
//! (`cargo test --test it toolsets -- --nocapture` prints the table that
//! docs/performance.md records; tests/it/mcp/sdk.rs counts its tokens.)

use serde_json::json;

use super::Session;
use crate::support::env::TestEnv;
use crate::support::node;

/// The whole list, every tool: at most this many characters.
const ALL_LIMIT: usize = 45_000;
/// The list a server started with no option sends.
const DEFAULT_LIMIT: usize = 20_000;

const CORE: [&str; 11] = [
    "voyage_new",
    "voyage_list",
    "voyage_show",
    "voyage_brief",
    "voyage_end",
    "observe",
    "slate_list",
    "steer",
    "log",
    "proposals",
    "search",
];

/// The tools listed by `helm mcp OPTIONS` and the list as compact JSON.
fn listed(env: &TestEnv, options: &[&str]) -> (Vec<String>, String) {
    let session = Session::start_with(env, options);
    let tools = session.tools();
    let names = tools.iter().map(|t| t.name.to_string()).collect();
    let text = serde_json::to_string(&json!({ "tools": tools })).expect("JSON");
    (names, text)
}

/// Each server measured, by its command line (`helm mcp` is the default).
const SERVERS: [(&str, &[&str]); 7] = [
    ("helm mcp", &[]),
    ("helm mcp --toolsets core", &["--toolsets", "core"]),
    ("helm mcp --toolsets sync", &["--toolsets", "sync"]),
    (
        "helm mcp --toolsets lifecycle",
        &["--toolsets", "lifecycle"],
    ),
    ("helm mcp --toolsets recovery", &["--toolsets", "recovery"]),
    ("helm mcp --toolsets all", &["--toolsets", "all"]),
    (
        "helm mcp --toolsets all --read-only",
        &["--toolsets", "all", "--read-only"],
    ),
];

#[test]
fn the_tools_list_stays_within_its_limits_per_toolset() {
    let env = TestEnv::new();
    let mut sizes = Vec::new();
    println!("| server | tools | characters |");
    println!("|---|---:|---:|");
    for (label, options) in SERVERS {
        let (names, text) = listed(&env, options);
        println!("| `{label}` | {} | {} |", names.len(), text.len());
        sizes.push((label, names, text));
    }
    let default = &sizes[0];
    let all = &sizes[5];
    assert_eq!(default.1, CORE, "the default serves the core toolset");
    assert_eq!(default.2, sizes[1].2, "the default is --toolsets core");
    assert_eq!(all.1.len(), super::schemas::TOOLS.len());
    assert!(
        default.2.len() <= DEFAULT_LIMIT,
        "the default tools list is {} characters, over {DEFAULT_LIMIT}",
        default.2.len()
    );
    assert!(
        all.2.len() <= ALL_LIMIT,
        "the whole tools list is {} characters, over {ALL_LIMIT}",
        all.2.len()
    );
    // Every tool still declares an output schema.
    let session = Session::start(&env);
    for tool in session.tools() {
        assert!(tool.output_schema.is_some(), "{}", tool.name);
    }
}

#[test]
fn the_tools_lists_tokens_are_counted_by_a_public_tokenizer() {
    let env = TestEnv::new();
    let lists: Vec<(&str, String)> = SERVERS
        .iter()
        .map(|(label, options)| (*label, listed(&env, options).1))
        .collect();
    let texts: Vec<&str> = lists.iter().map(|(_, text)| text.as_str()).collect();
    let report = node::script(
        &env,
        "schemas.mjs",
        &[],
        &json!({"servers": [], "texts": texts}),
    );
    println!("| server | characters | tokens (o200k_base) | tokens (cl100k_base) |");
    println!("|---|---:|---:|---:|");
    for ((label, text), tokens) in lists.iter().zip(report["tokens"].as_array().unwrap()) {
        let o200k = tokens["o200k_base"].as_u64().expect("a count");
        let cl100k = tokens["cl100k_base"].as_u64().expect("a count");
        println!("| `{label}` | {} | {o200k} | {cl100k} |", text.len());
        // A token is more than one character of JSON, whatever the tokenizer.
        assert!(
            o200k > 0 && (o200k as usize) < text.len(),
            "{label}: {tokens}"
        );
    }
}

#[test]
fn named_tools_and_read_only_apply_on_top_of_the_toolsets() {
    let env = TestEnv::new();
    let (names, _) = listed(&env, &["--toolsets", "sync", "--tools", "artifact_show"]);
    assert_eq!(names, ["voyage_push", "voyage_pull", "artifact_show"]);
    let (names, _) = listed(&env, &["--read-only"]);
    assert_eq!(
        names,
        [
            "voyage_list",
            "voyage_show",
            "voyage_brief",
            "slate_list",
            "proposals",
            "search"
        ]
    );
    let (names, _) = listed(&env, &["--toolsets", "recovery", "--read-only"]);
    assert_eq!(names, ["interrupted"]);
    let refused = env.run(&["mcp", "--toolsets", "core,sink"]);
    let stderr = refused.fails(2);
    assert!(stderr.contains("sink"), "{stderr}");
    assert!(
        stderr.contains("core, sync, lifecycle, recovery"),
        "{stderr}"
    );
}

#[test]
fn a_tool_of_another_toolset_says_how_to_get_it() {
    let env = TestEnv::new();
    let session = Session::start_with(&env, &[]);
    let refused = session
        .try_call("voyage_push", json!({}))
        .expect_err("voyage_push is not in the core toolset");
    assert!(refused.contains("sync toolset"), "{refused}");
    let help = env.run(&["mcp", "--help"]);
    let help = &help.ok().stdout;
    assert!(help.contains("--toolsets"), "{help}");
    assert!(help.contains("core,sync,lifecycle,recovery"), "{help}");
    let info = session.client().peer_info().expect("initialized");
    let instructions = info.instructions.clone().unwrap_or_default();
    assert!(instructions.contains("--toolsets all"), "{instructions}");
}

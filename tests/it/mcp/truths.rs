//! One truth (issue 43 item 7): what helm says of a thing is said the same way
//! wherever it is said. "No statuses" reads alike in the page, the brief and the
//! story; a tool annotated idempotent succeeds when called again; a read-only
//! `interrupted` offers `list` alone; docs/agents.md names the tools as the server
//! lists them (to the official TypeScript SDK).

use std::collections::BTreeSet;

use serde_json::{Value, json};

use crate::support::env::{TestEnv, steer_args};
use crate::support::github::github_voyage;
use crate::support::node;

const REPO: &str = "acme/widgets";

/// The tools of each server, as the SDK lists them.
fn listed(env: &TestEnv, servers: Value) -> Vec<Value> {
    let listed = node::script(env, "listed.mjs", &[], &json!({ "servers": servers }));
    listed
        .as_array()
        .expect("one list a server")
        .iter()
        .map(|server| server["tools"].clone())
        .collect()
}

fn names(tools: &Value) -> BTreeSet<String> {
    let tools = tools.as_array().expect("tools");
    tools
        .iter()
        .map(|t| t["name"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn docs_agents_md_names_the_tools_as_the_server_lists_them() {
    let env = TestEnv::new();
    let lists = listed(
        &env,
        json!([["--toolsets", "all"], ["--toolsets", "all", "--read-only"]]),
    );
    let (all, read_only) = (names(&lists[0]), names(&lists[1]));
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let doc = std::fs::read_to_string(root.join("docs/agents.md")).expect("docs/agents.md");
    // The table of tools: one row each, every tool served.
    let rows: BTreeSet<String> = doc
        .lines()
        .filter_map(|line| line.strip_prefix("| `"))
        .filter_map(|rest| rest.split_once('`'))
        .map(|(name, _)| name.to_string())
        .filter(|name| name != "tool")
        .collect();
    assert_eq!(rows, all, "docs/agents.md's table of tools");
    // Every tool-like name in backticks is one the server lists.
    let prefixes = ["voyage_", "slate_", "artifact_", "interrupted_"];
    for name in doc.split('`').skip(1).step_by(2) {
        let tool_like = prefixes.iter().any(|p| name.starts_with(p))
            && name.chars().all(|c| c.is_ascii_lowercase() || c == '_');
        assert!(
            !tool_like || all.contains(name),
            "docs/agents.md names `{name}`, which no server lists"
        );
    }
    // The read-only servers' tools, as the Restricted servers section gives them.
    let bullet = doc
        .split("- `helm mcp --read-only` serves")
        .nth(1)
        .and_then(|rest| rest.split("\n- ").next())
        .expect("the --read-only bullet");
    let said: BTreeSet<String> = bullet
        .split('`')
        .skip(1)
        .step_by(2)
        .filter(|name| all.contains(*name))
        .map(str::to_string)
        .collect();
    assert_eq!(
        said, read_only,
        "docs/agents.md's --read-only list:\n{bullet}"
    );
    // A read-only `interrupted` offers list alone: neither its arguments nor its
    // result speak of settling or discarding.
    let interrupted = lists[1]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["name"] == "interrupted")
        .expect("interrupted is read-only served");
    let schemas = format!(
        "{} {}",
        interrupted["inputSchema"], interrupted["outputSchema"]
    );
    for word in ["settle", "discard", "outcome"] {
        assert!(
            !schemas.contains(word),
            "read-only interrupted offers {word}: {schemas}"
        );
    }
}

#[test]
fn a_tool_annotated_idempotent_succeeds_when_called_again() {
    let env = TestEnv::new();
    let voyage = env.new_voyage("Ended twice");
    let tools = &listed(&env, json!([[]]))[0];
    let end = tools
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["name"] == "voyage_end")
        .expect("voyage_end is served");
    let idempotent = end["annotations"]["idempotentHint"] == true;
    let call = json!({"tool": "voyage_end", "args": {"voyage": voyage, "status": "done"}});
    let seen = node::script(&env, "calls.mjs", &[], &json!({"calls": [call, call]}));
    assert_eq!(seen[0]["isError"], false, "{seen}");
    let again = seen[1]["isError"] == false;
    assert_eq!(
        idempotent, again,
        "voyage_end says idempotentHint {idempotent}, and a second call succeeded: {again} ({})",
        seen[1]
    );
}

#[test]
fn no_statuses_is_said_one_way_by_the_page_the_brief_and_the_story() {
    let (env, gh, _voyage) = github_voyage(REPO, "No statuses");
    let pr = gh.add_pr(REPO, "Fix widget crash", "fix-42", "main");
    let head = gh.head_sha(REPO, pr);
    gh.add_check_run(REPO, &head, "test", "completed", Some("success"));
    let number = pr.to_string();
    env.run(&["observe", "github-pr", &number, "--focus", "checks,reviews"])
        .ok();
    env.run(&steer_args(&[
        "comment",
        "--pr",
        &number,
        "--body",
        "Looks green.",
    ]))
    .ok();
    let story = env.run(&["voyage", "show"]).ok().stdout.clone();
    let brief = env.run(&["voyage", "brief"]).ok().stdout.clone();
    let page = env.run(&["voyage", "page"]).ok().stdout.clone();
    for (view, text) in [("story", &story), ("brief", &brief), ("page", &page)] {
        assert!(
            text.contains("statuses: none"),
            "the {view} does not say `statuses: none`:\n{text}"
        );
        for other in [
            "statuses pending",
            "no commit statuses",
            "combined status pending",
        ] {
            assert!(!text.contains(other), "the {view} says {other:?}:\n{text}");
        }
    }
}

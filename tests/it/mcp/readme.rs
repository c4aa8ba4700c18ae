//! The README's MCP section lists the tools `helm mcp` serves, toolset by
//! toolset: each line is held to the server's own `tools/list`, so a tool
//! added, renamed or moved fails here until the README says so too.

use std::collections::BTreeSet;

use super::Session;
use crate::support::env::TestEnv;

/// The README's lines `- SET: \`tool\`, \`tool\``, inside its MCP section.
fn readme_toolsets() -> Vec<(String, BTreeSet<String>)> {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md"))
        .expect("README.md");
    let section = readme
        .split("\n## MCP")
        .nth(1)
        .and_then(|rest| rest.split("\n## ").next())
        .expect("the README has an MCP section");
    section
        .lines()
        .filter_map(|line| {
            let (set, tools) = line.strip_prefix("- ")?.split_once(':')?;
            let tools: BTreeSet<String> = tools
                .split('`')
                .skip(1)
                .step_by(2)
                .map(str::to_string)
                .collect();
            (!tools.is_empty()).then(|| (set.trim().to_string(), tools))
        })
        .collect()
}

fn served(env: &TestEnv, options: &[&str]) -> BTreeSet<String> {
    Session::start_with(env, options)
        .tools()
        .iter()
        .map(|tool| tool.name.to_string())
        .collect()
}

#[test]
fn the_readme_lists_every_served_tool_in_its_toolset() {
    let env = TestEnv::new();
    let listed = readme_toolsets();
    let names: Vec<&str> = listed.iter().map(|(set, _)| set.as_str()).collect();
    assert_eq!(
        names,
        ["core", "sync", "lifecycle", "recovery", "approvals"],
        "{listed:?}"
    );
    for (set, tools) in &listed {
        assert_eq!(
            tools,
            &served(&env, &["--toolsets", set]),
            "README.md's {set} toolset differs from `helm mcp --toolsets {set}`"
        );
    }
    // `all` is every toolset but approvals, which is served only when named.
    let all: BTreeSet<String> = listed
        .into_iter()
        .filter(|(set, _)| set != "approvals")
        .flat_map(|(_, tools)| tools)
        .collect();
    assert_eq!(
        all,
        served(&env, &["--toolsets", "all"]),
        "README.md's MCP tools differ from `helm mcp --toolsets all`"
    );
    assert_eq!(
        served(&env, &[]),
        readme_toolsets()[0].1,
        "`helm mcp` serves the core toolset, as the README says"
    );
}

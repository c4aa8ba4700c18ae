//! Configuration where a host configurer looks (issue 43 item 1): every forge's API URL
//! and token variables, by the CLI contract's names, in `helm mcp --help` and in the
//! instructions the server gives a client at connection (read through the official
//! TypeScript SDK), not only in the man page and the README.

use serde_json::json;

use crate::support::env::TestEnv;
use crate::support::node;

/// The contract's variables ("Forges": which server and token), GitHub's first.
const VARIABLES: [&str; 10] = [
    "HELM_GITHUB_API_URL",
    "GH_TOKEN",
    "GITHUB_TOKEN",
    "GH_REPO",
    "HELM_GITLAB_API_URL",
    "GITLAB_TOKEN",
    "GL_TOKEN",
    "HELM_FORGEJO_API_URL",
    "FORGEJO_TOKEN",
    "GITEA_TOKEN",
];

#[test]
fn helm_mcp_help_and_the_instructions_name_every_forges_variables() {
    let env = TestEnv::new();
    let help = env.run(&["mcp", "--help"]).ok().stdout.clone();
    let told = node::script(&env, "instructions.mjs", &[], &json!(null));
    let instructions = told["instructions"].as_str().unwrap_or_default();
    for variable in VARIABLES {
        assert!(
            help.contains(variable),
            "helm mcp --help lacks {variable}:\n{help}"
        );
        assert!(
            instructions.contains(variable),
            "the instructions lack {variable}:\n{instructions}"
        );
    }
    // GitHub's default server; every forge is served, observed and steered.
    for text in [&help, &instructions.to_string()] {
        assert!(text.contains("https://api.github.com"), "{text}");
        assert!(!text.contains("not served by this build"), "{text}");
    }
    // `-h` stays short: the variables are the long help's.
    let short = env.run(&["mcp", "-h"]).ok().stdout.clone();
    assert!(!short.contains("HELM_FORGEJO_API_URL"), "{short}");
}

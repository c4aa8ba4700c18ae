//! Guards the compiler cannot give for the observation kinds: every kind the
//! lib lists (`helm_core::observe::KindName::ALL`, never typed again here) is in
//! `helm mcp`'s observe schema, has an example in docs/json.md, and, for a
//! GitHub kind, is observed against the fake GitHub with every request it
//! sends (fresh, then conditional) answered by a route GitHub's description
//! accepts. A new kind fails here until it has all three.

use helm_core::KindName;
use serde_json::Value;

use crate::mcp::Session;
use crate::support::env::TestEnv;
use crate::support::fake_github::{FakeGitHub, JobLog};
use crate::support::github::github_voyage;

const REPO: &str = "acme/widgets";

/// Every `properties.kind.const` anywhere in a schema, and every name of a
/// `properties.kind.enum` (a neutral kind listed with the `github-*` kind it
/// is on GitHub): the kinds a tagged union admits, however schemars nests it.
fn kind_consts(schema: &Value, found: &mut Vec<String>) {
    match schema {
        Value::Object(map) => {
            let kind = map.get("properties").and_then(|p| p.get("kind"));
            if let Some(kind) = kind.and_then(|k| k.get("const")).and_then(Value::as_str) {
                found.push(kind.to_string());
            }
            let names = kind.and_then(|k| k.get("enum")).and_then(Value::as_array);
            found.extend(
                names
                    .into_iter()
                    .flatten()
                    .filter_map(Value::as_str)
                    .map(str::to_string),
            );
            map.values().for_each(|v| kind_consts(v, found));
        }
        Value::Array(items) => items.iter().for_each(|v| kind_consts(v, found)),
        _ => {}
    }
}

#[test]
fn every_kind_is_in_the_mcp_observe_schema() {
    let env = TestEnv::new();
    let session = Session::start(&env);
    let tools = session.tools();
    for tool in ["observe", "slate_erase"] {
        let schema = tools
            .iter()
            .find(|t| t.name == tool)
            .map(|t| Value::Object(t.input_schema.as_ref().clone()))
            .unwrap_or_else(|| panic!("no tool {tool}"));
        let mut kinds = Vec::new();
        kind_consts(&schema, &mut kinds);
        for kind in KindName::ALL {
            assert!(
                kinds.iter().any(|k| k == kind.as_str()),
                "{tool}'s input schema has no target of kind {}: {kinds:?}",
                kind.as_str()
            );
        }
    }
}

#[test]
fn every_kind_has_an_example_in_docs_json() {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/json.md"))
        .expect("docs/json.md");
    let observe = doc
        .split("\n## helm observe\n")
        .nth(1)
        .expect("docs/json.md has a `## helm observe` section");
    let section = observe.split("\n## ").next().unwrap_or(observe);
    for kind in KindName::ALL {
        let example = format!("\"kind\": \"{}\"", kind.as_str());
        assert!(
            section.contains(&example),
            "docs/json.md's `helm observe` section has no example of {} (no {example})",
            kind.as_str()
        );
    }
}

/// The command line observing `kind` against the fake, with what its
/// requests need seeded. A GitHub kind is one named `github-…` (the lib
/// folds the case of exactly those keys).
fn observe_args(kind: KindName, gh: &FakeGitHub) -> Vec<String> {
    let name = kind.as_str();
    let pr = || {
        let pr = gh.add_pr(REPO, "Fix widget crash", "fix-42", "main");
        gh.add_pr_file(REPO, pr, "src/widget.rs", "@@ -1 +1 @@\n-old\n+new");
        gh.add_issue_comment(REPO, pr, "bob", "looks good");
        pr
    };
    let number = match name {
        "github-issue" => {
            let issue = gh.add_issue(REPO, "Widget crashes", "It crashes.");
            gh.add_issue_comment(REPO, issue, "bob", "me too");
            Some(issue)
        }
        "github-pr" => Some(pr()),
        "github-repo" => {
            pr();
            None
        }
        "github-checks" => {
            let pr = pr();
            let sha = gh.head_sha(REPO, pr);
            let steps = [("cargo test", "failure")];
            let log = JobLog::Text("error: failed\n".into());
            let job = gh.add_actions_job(REPO, &sha, "test", Some("failure"), &steps, log);
            gh.add_annotation(job, "src/widget.rs", 3, "failed");
            gh.add_status(REPO, &sha, "lint", "success");
            let pr = pr.to_string();
            return ["observe", name, "--pr", &pr].map(str::to_string).to_vec();
        }
        other => panic!(
            "no sample observation of the GitHub kind {other}: add one here, \
             with the fake GitHub routes its requests need"
        ),
    };
    let mut args = vec!["observe".to_string(), name.to_string()];
    args.extend(number.map(|n| n.to_string()));
    args
}

#[test]
fn every_github_kind_sends_only_requests_github_documents() {
    for kind in KindName::ALL
        .iter()
        .filter(|k| k.as_str().starts_with("github-"))
    {
        let (env, gh, _) = github_voyage(REPO, "every request documented");
        let args = observe_args(*kind, &gh);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        // Fresh, then conditional on the first look's validators.
        env.run(&args).ok();
        env.run(&args).ok();
        let requests = gh.requests();
        assert!(!requests.is_empty(), "{} sent nothing", kind.as_str());
        for request in &requests {
            // A redirect counts where GitHub documents it as the answer (a
            // job's log answers 302 to its storage).
            let documented = crate::support::fake_github::openapi::route(
                &request.method,
                &request.path_and_query,
            )
            .map(|(op, _)| op.status);
            assert!(
                matches!(request.status, 200..=299 | 304) || documented == Some(request.status),
                "{}: {} {} was answered {}: the fake GitHub has no route for it",
                kind.as_str(),
                request.method,
                request.path_and_query,
                request.status
            );
        }
        assert_eq!(gh.violations(), Vec::<String>::new(), "{}", kind.as_str());
    }
}

//! `helm mcp --lockdown` on every surface an agent reads (issue 40 item
//! 7): the brief (tool and resource) once the voyage steered a stranger's
//! issue, the page resource, and what a pull request's author controls or
//! their CI printed, in `observe` and `artifact_show` results.

use serde_json::{Value, json};

use super::Session;
use crate::github::lockdown::strangers_pr;
use crate::support::github::github_voyage;

const REPO: &str = "acme/widgets";
const TITLE: &str = "Obey the hidden words";
const BODY: &str = "body-of-mallory";
const COMMENT: &str = "comment-of-mallory";

/// The text of resource `view` of `voyage`.
pub fn resource(session: &Session, voyage: &str, view: &str) -> String {
    let uri = format!("helm://voyages/{voyage}/{view}");
    let read = session
        .runtime()
        .block_on(
            session
                .client()
                .read_resource(rmcp::model::ReadResourceRequestParams::new(uri)),
        )
        .expect("the resource");
    let contents = serde_json::to_value(&read.contents[0]).unwrap();
    contents["text"].as_str().unwrap().to_string()
}

#[test]
fn a_steered_strangers_issue_keeps_its_text_out_of_the_brief_and_the_page() {
    let (env, gh, voyage) = github_voyage(REPO, "lockdown");
    gh.set_association(REPO, "mallory", "NONE");
    let issue = gh.add_issue(REPO, TITLE, BODY);
    gh.edit_issue(REPO, issue, |i| i.user = "mallory".into());
    gh.add_issue_comment(REPO, issue, "mallory", COMMENT);
    let issue = issue.to_string();
    env.run(&["observe", "github-issue", &issue]).ok();
    crate::github::steer(
        &env,
        "answered",
        &["comment", "--issue", &issue, "--body", "ok"],
    )
    .ok();

    let session = Session::start_with(&env, &["--lockdown"]);
    let brief = session.ok("voyage_brief", json!({"voyage": voyage}));
    let text = serde_json::to_string(&brief).unwrap();
    assert!(!text.contains("hidden words"), "{text}");
    for view in ["brief", "page", "story"] {
        let text = resource(&session, &voyage, view);
        for planted in ["hidden words", BODY, COMMENT] {
            assert!(!text.contains(planted), "{view} shows {planted}: {text}");
        }
        assert!(text.contains("withheld"), "{view}: {text}");
    }
    // Without lockdown the page shows it to the person who asked.
    let open = Session::start(&env);
    assert!(resource(&open, &voyage, "page").contains(COMMENT));
}

#[test]
fn a_pull_requests_branch_files_checks_and_log_are_withheld() {
    let (env, gh, voyage) = github_voyage(REPO, "lockdown");
    let pr = strangers_pr(&gh);
    let session = Session::start_with(&env, &["--lockdown", "--toolsets", "all"]);
    let planted = [
        "branch-of-mallory",
        "file-of-mallory",
        "patch-of-mallory",
        "job-of-mallory",
        "step-of-mallory",
        "annotation-of-mallory",
        "log-of-mallory",
        "hidden words",
    ];
    for target in [
        json!({"kind": "github-pr", "number": pr}),
        json!({"kind": "github-checks", "pr": pr}),
    ] {
        let args = json!({"voyage": voyage, "target": target});
        let result = session.call("observe", args.clone());
        let text = serde_json::to_string(&result).unwrap();
        for word in planted {
            assert!(!text.contains(word), "{target} shows {word}: {text}");
        }
        let doc: Value = session.ok("observe", args);
        let artifact = doc["artifact"].as_str().unwrap();
        let shown = session.ok("artifact_show", json!({"voyage": voyage, "hash": artifact}));
        let text = serde_json::to_string(&shown).unwrap();
        for word in planted {
            assert!(!text.contains(word), "artifact_show shows {word}: {text}");
        }
    }
    // Marked, not withheld, without lockdown.
    let open = Session::start(&env);
    let target = json!({"kind": "github-checks", "pr": pr});
    let doc = open.ok("observe", json!({"voyage": voyage, "target": target}));
    let run = &doc["payload"]["checks"]["checkRuns"][0];
    assert_eq!(run["name"], "job-of-mallory", "{doc}");
    assert_eq!(run["untrusted"], true, "{doc}");
}

//! Every local command's `--json` is one JSON document on stdout (the shapes
//! are described in docs/json.md), and `voyage show --format` gives the same
//! story as Markdown or as that JSON.

use serde_json::{Value, json};

use crate::support::env::{TestEnv, steer_args};
use crate::support::github::github_voyage;

#[test]
fn every_local_command_prints_one_json_document() {
    let env = TestEnv::new();
    env.write("src/lib.rs", "//! A crate.\n");
    env.write("Cargo.toml", "[package]\nname = \"demo\"\n");
    env.write("README.md", "# demo\n");
    let json = |args: &[&str]| -> Value {
        let mut args = args.to_vec();
        args.push("--json");
        let run = env.run(&args);
        assert_eq!(run.code, 0, "{args:?} failed: {run:?}");
        serde_json::from_str(&run.stdout).unwrap_or_else(|e| {
            panic!(
                "{args:?}: stdout is not one JSON document ({e}): {}",
                run.stdout
            )
        })
    };

    let voyage = json(&["voyage", "new", "Document every --json"]);
    let id = voyage["id"].as_str().unwrap().to_string();
    let id = id.as_str();
    assert_eq!(voyage["status"], "active");

    let observed = json(&["observe", "-V", id, "file-contents", "src/lib.rs"]);
    for key in ["target", "observedAt", "artifact", "payload"] {
        assert!(observed.get(key).is_some(), "observe lacks {key}");
    }
    json(&[
        "observe",
        "-V",
        id,
        "directory-tree",
        ".",
        "--max-depth",
        "1",
    ]);
    json(&["observe", "-V", id, "rust-project", "."]);
    let slate = json(&["slate", "list", "-V", id]);
    assert_eq!(slate["slate"].as_array().unwrap().len(), 3);
    json(&[
        "slate",
        "erase",
        "-V",
        id,
        "directory-tree",
        ".",
        "--max-depth",
        "1",
    ]);
    let artifact = observed["artifact"].as_str().unwrap();
    let payload = json(&["artifact", "show", "-V", id, artifact]);
    assert_eq!(payload, observed["payload"]);
    let entry = json(&[
        "log",
        "-V",
        id,
        "--as",
        "alice",
        "--role",
        "coder",
        "--method",
        "human",
        "--summary",
        "read the crate",
        "--request-id",
        "r-1",
        "ready",
    ]);
    assert_eq!(entry["kind"], "log");
    assert_eq!(entry["replayed"], false);
    assert_eq!(entry["bearing"].as_array().unwrap().len(), 2);
    json(&["observe", "-V", id, "file-contents", "README.md"]);
    json(&["slate", "clear", "-V", id]);

    let list = json(&["voyage", "list"]);
    assert_eq!(list["voyages"][0]["entries"], 1);
    let story = json(&["voyage", "show", id]);
    assert_eq!(story["entries"][0]["id"], entry["id"]);
    assert_eq!(story["voyage"]["id"], id);
    let brief = json(&["voyage", "brief", id]);
    assert_eq!(brief["recent"][0]["id"], entry["id"]);
    let verified = json(&["voyage", "verify", id]);
    assert!(verified.is_object());

    let out = env.root().join("copy.sqlite");
    let exported = json(&["voyage", "export", id, "--out", out.to_str().unwrap()]);
    assert_eq!(exported["voyage"]["id"], id);
    let ended = json(&["voyage", "end", id, "--status", "merged"]);
    assert_eq!(ended["status"], "ended");
    assert_eq!(ended["endedStatus"], "merged");

    let other = env.root().join("other");
    let run = env
        .command(&["voyage", "import", out.to_str().unwrap(), "--json"])
        .env("HELM_HOME", &other)
        .output()
        .unwrap();
    assert!(run.status.success(), "{run:?}");
    let imported: Value = serde_json::from_slice(&run.stdout).unwrap();
    assert_eq!(imported["id"], id);

    let completions = json(&["completions", "bash"]);
    assert_eq!(completions["shell"], "bash");
    let man = json(&["man"]);
    assert_eq!(man["format"], "roff");

    // A failure is one JSON document too, on stderr, with nothing on stdout.
    let run = env.run(&["voyage", "show", "ffff", "--json"]);
    assert_eq!(run.stdout, "");
    assert_eq!(run.error_json()["error"]["kind"], "not-found");
}

#[test]
fn show_formats_tell_the_same_story() {
    let env = TestEnv::new();
    let id = env.new_voyage("Advance #42: fix *widget* crash");
    env.write("src/widget.rs", "fn widget() {}\n");
    env.run(&["observe", "-V", &id, "file-contents", "src/widget.rs"])
        .ok();
    env.log(
        &id,
        "waiting",
        "asked for feedback\n- on the plan\n<b>bold?</b>",
    )
    .ok();

    let as_json = env.run(&["voyage", "show", &id, "--json"]);
    let as_format = env.run(&["voyage", "show", &id, "--format", "json"]);
    assert_eq!(as_json.json(), as_format.json());
    assert_eq!(as_json.stdout, as_format.stdout);

    let run = env.run(&["voyage", "show", &id, "--format", "markdown"]);
    run.ok();
    let md = &run.stdout;
    assert!(
        md.starts_with("## Advance #42: fix \\*widget\\* crash\n"),
        "{md}"
    );
    assert!(md.contains("**Status:** active · started "), "{md}");
    assert!(md.contains("\n### Log 1 — waiting\n"), "{md}");
    assert!(md.contains("**tester** as coder · human · "), "{md}");
    assert!(
        md.contains("asked for feedback\\\n\\- on the plan\\\n\\<b\\>bold?\\</b\\>\n"),
        "{md}"
    );
    let hash =
        env.run(&["voyage", "show", &id, "--json"]).json()["entries"][0]["bearing"][0]["artifact"]
            .as_str()
            .unwrap()[..12]
            .to_string();
    let path = env.work().join("src/widget.rs").canonicalize().unwrap();
    assert!(
        md.contains(&format!("- `file-contents {}` `{hash}` · ", path.display())),
        "{md}"
    );

    // Markdown and --json ask for different things.
    let run = env.run(&["voyage", "show", &id, "--format", "markdown", "--json"]);
    assert_eq!(run.code, 2);
    assert_eq!(run.error_json()["error"]["kind"], "usage");
    env.run(&["voyage", "show", &id, "--format", "yaml"])
        .fails(2);
}

/// GitHub's failures read as they always have: kind `github` with
/// `githubStatus`, and none of the facts GitLab's and Forgejo's carry
/// (`forge`, `forgeStatus`), which scripts reading GitHub never saw.
#[test]
fn a_github_refusal_is_kind_github_with_its_status_and_no_forge_facts() {
    let (env, gh, _) = github_voyage("acme/widgets", "refused");
    let issue = gh.add_issue("acme/widgets", "Bug", "body").to_string();
    gh.fail_next(
        "POST",
        "/comments",
        422,
        json!({"message": "Validation Failed"}),
    );
    let action = ["comment", "--issue", &issue, "--body", "Plan.", "--json"];
    let run = env.run(&steer_args(&action));
    let error = run.error_json();
    let error = &error["error"];
    assert_eq!(error["kind"], "github", "{error}");
    assert_eq!(error["githubStatus"], 422, "{error}");
    let mut keys: Vec<&str> = error
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    keys.sort_unstable();
    assert_eq!(keys, ["githubStatus", "hint", "kind", "message"], "{error}");
}

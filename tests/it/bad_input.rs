//! The bad-input catalogue of docs/reliability.md, one test per row that is
//! not covered where its feature is tested.

use crate::support::env::{TestEnv, count, steer_args};

#[test]
fn a_home_that_cannot_be_created_is_a_clear_error() {
    let mut env = TestEnv::new();
    env.write("plain-file", "not a folder");
    let under_a_file = env.work().join("plain-file/helm");
    env.set("HELM_HOME", under_a_file.to_str().unwrap());
    let run = env.run(&["voyage", "new", "x"]);
    let stderr = run.fails(1);
    assert!(stderr.contains("cannot create"), "{stderr}");
    assert!(stderr.contains("hint:"), "{stderr}");
}

#[test]
fn a_missing_home_has_no_voyages() {
    let mut env = TestEnv::new();
    let nowhere = env.root().join("never-made");
    env.set("HELM_HOME", nowhere.to_str().unwrap());
    let list = env.run(&["voyage", "list", "--json"]).json();
    assert_eq!(list["voyages"].as_array().unwrap().len(), 0);
    let show = env.run(&["voyage", "show", "0123"]);
    assert!(show.fails(1).contains("no voyage matches"));
    assert!(!nowhere.exists(), "reading must not create the home");
}

#[test]
fn big_text_with_characters_across_chunk_edges_round_trips() {
    let env = TestEnv::new();
    let id = env.new_voyage("big");
    // 3- and 4-byte characters at every offset, well past the 1 MiB read chunk
    // and the 8 MiB threshold for compressing on several threads.
    let text: String = "é🚢ж\"\\\n\t\u{1}x".repeat(600_000);
    env.write("big.txt", &text);
    let doc = env
        .run(&["observe", "-V", &id, "file-contents", "big.txt", "--json"])
        .json();
    let file = &doc["payload"]["files"][0];
    assert_eq!(file["encoding"], "utf-8");
    assert_eq!(file["size"].as_u64().unwrap() as usize, text.len());
    assert!(file["content"].as_str().unwrap() == text, "content differs");
    let verified = env.run(&["voyage", "verify", &id, "--json"]).json();
    assert_eq!(verified["ok"], true);
}

#[cfg(unix)]
#[test]
fn non_utf8_file_names_are_listed_or_refused_clearly() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    let env = TestEnv::new();
    let id = env.new_voyage("names");
    let dir = env.work().join("odd");
    std::fs::create_dir_all(&dir).unwrap();
    let name = OsStr::from_bytes(b"caf\xe9.txt");
    std::fs::write(dir.join(name), "x").unwrap();
    std::fs::write(dir.join("plain.txt"), "y").unwrap();

    let doc = env
        .run(&["observe", "-V", &id, "directory-tree", "odd", "--json"])
        .json();
    assert_eq!(doc["payload"]["nonUtf8Names"], 1);
    assert_eq!(doc["payload"]["entries"].as_array().unwrap().len(), 2);

    let output = env
        .command(&["observe", "-V", &id, "file-contents"])
        .arg(dir.join(name))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("not valid UTF-8"));
}

#[test]
fn unknown_commands_and_targets_are_usage_errors() {
    let env = TestEnv::new();
    let id = env.new_voyage("unknown");
    for args in [
        steer_args(&["frobnicate"]),
        vec!["observe", "-V", id.as_str(), "github-wiki", "1"],
        vec!["observe", "-V", id.as_str(), "github-issue", "not-a-number"],
        vec![
            "observe",
            "-V",
            id.as_str(),
            "github-pr",
            "1",
            "--focus",
            "everything",
        ],
        steer_args(&["merge-pr", "--pr", "1", "--method", "fast-forward"]),
        steer_args(&["comment", "--issue", "1", "--pr", "2", "--body", "x"]),
        steer_args(&["request-review", "--pr", "1"]),
        steer_args(&["edit-issue", "--issue", "1"]),
        steer_args(&["merge-pr", "--pr", "1", "--sha", "abc"]),
    ] {
        let run = env.run(&args);
        assert_eq!(run.code, 2, "{args:?}: {run:?}");
        assert!(!run.stderr.contains("panicked"), "{args:?}: {run:?}");
    }
    assert_eq!(count(&env.sqlite(&id), "logbook"), 0);
}

#[test]
fn a_corrupt_voyage_file_is_reported_not_a_panic() {
    let env = TestEnv::new();
    let id = env.new_voyage("to be damaged");
    env.write("a.txt", "x");
    env.run(&["observe", "-V", &id, "file-contents", "a.txt"])
        .ok();
    // Scribble over the middle of the file, past the header.
    let path = env.voyage_file(&id);
    let mut bytes = std::fs::read(&path).unwrap();
    let len = bytes.len();
    for b in &mut bytes[len / 4..len / 2] {
        *b = 0xA5;
    }
    std::fs::write(&path, bytes).unwrap();
    for args in [
        vec!["voyage", "show", id.as_str()],
        vec!["slate", "list", "-V", id.as_str()],
    ] {
        let run = env.run(&args);
        assert_ne!(run.code, 0, "{args:?}");
        assert!(!run.stderr.contains("panicked"), "{run:?}");
        assert!(run.stderr.starts_with("error: "), "{run:?}");
    }
    let verify = env.run(&["voyage", "verify", &id]);
    assert_eq!(verify.code, 1, "{verify:?}");
    let list = env.run(&["voyage", "list", "--all"]);
    assert_eq!(list.code, 0, "{list:?}");
}

#[test]
fn a_missing_subcommand_under_json_says_which_ones_there_are() {
    let env = TestEnv::new();
    for (args, command, some) in [
        (vec!["--json", "slate"], "helm slate", "list, erase, clear"),
        (vec!["--json", "voyage"], "helm voyage", "new, list, show"),
        (vec!["--json", "artifact"], "helm artifact", "show, list"),
    ] {
        let run = env.run(&args);
        assert_eq!(run.code, 2, "{args:?}: {run:?}");
        let out = if run.stdout.trim().is_empty() {
            &run.stderr
        } else {
            &run.stdout
        };
        let error: serde_json::Value = serde_json::from_str(out.trim())
            .unwrap_or_else(|e| panic!("{args:?} is not one JSON error ({e}): {run:?}"));
        let message = error["error"]["message"].as_str().unwrap_or_default();
        assert!(
            message.starts_with(&format!("`{command}` needs a subcommand: {some}")),
            "{message}"
        );
        assert_eq!(error["error"]["kind"], "usage");
        assert_eq!(error["error"]["hint"], format!("see `{command} --help`"));
    }
}

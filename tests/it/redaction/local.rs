//! Local observations: file contents (small, and big enough to stream, a
//! token across the streaming's chunk boundary), names in a tree; then the
//! voyage file, an export and the git remote searched byte by byte.

use serde_json::Value;

use super::{
    assert_absent, assert_absent_from_git, assert_absent_from_voyage_file, line, needle, secrets,
};
use crate::support::env::TestEnv;
use crate::sync::Remote;

/// The rules named in a payload's record.
fn rules_in(payload: &Value) -> Vec<String> {
    payload["redacted"]
        .as_array()
        .unwrap_or_else(|| panic!("no record in {payload}"))
        .iter()
        .map(|r| r["rule"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn every_class_is_redacted_in_files_and_names_and_reaches_no_byte_stored_or_pushed() {
    let env = TestEnv::new();
    let voyage = env.new_voyage("secrets stay home");
    let all = secrets();
    let dotenv: String = all
        .iter()
        .map(|(rule, secret)| format!("{}\n", line(rule, secret)))
        .collect();
    env.write(".env", &dotenv);

    // A small file: every class replaced by its rule's marker, counted.
    let seen = env.run(&["observe", "-V", &voyage, "file-contents", ".env", "--json"]);
    let payload = seen.json()["payload"].clone();
    let content = payload["files"][0]["content"].as_str().unwrap();
    for (rule, secret) in &all {
        assert!(
            !content.contains(needle(secret)),
            "{rule} left in {content}"
        );
        assert!(
            content.contains(&format!("[redacted: {rule}]")),
            "{rule}: {content}"
        );
    }
    assert!(content.contains("DATABASE_PASSWORD=[redacted: generic-api-key]"));
    let record = &payload["redacted"];
    assert_eq!(record[0]["at"], "/files/0/content", "{record}");
    let total: u64 = record
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["count"].as_u64().unwrap())
        .sum();
    assert_eq!(total, all.len() as u64, "{record}");
    // The record says which rules and where, never what.
    let said = record.to_string();
    for (_, secret) in &all {
        assert!(!said.contains(needle(secret)));
    }
    // The size is still the file's, and the human output says it.
    assert_eq!(payload["files"][0]["size"], dotenv.len());
    let human = env.run(&["observe", "-V", &voyage, "file-contents", ".env"]);
    assert!(
        human.stderr.contains("11 secrets redacted"),
        "{}",
        human.stderr
    );

    // A big file streams: a token straddling the first MiB is still found.
    let token = &all[0].1;
    let mut big = "an ordinary line of a build log\n".repeat((1 << 20) / 32);
    big.truncate((1 << 20) - 10);
    big.push_str(&format!(" {token} tail\n"));
    big.push_str(&"more lines after it\n".repeat(10_000));
    env.write("big.log", &big);
    let seen = env.run(&[
        "observe",
        "-V",
        &voyage,
        "file-contents",
        "big.log",
        "--json",
    ]);
    let payload = seen.json()["payload"].clone();
    let content = payload["files"][0]["content"].as_str().unwrap();
    assert!(!content.contains(token.as_str()));
    assert!(content.contains(" [redacted: github-pat] tail\n"));
    assert_eq!(
        content.len(),
        big.len() - token.len() + "[redacted: github-pat]".len()
    );
    assert_eq!(rules_in(&payload), ["github-pat"]);

    // Names in a tree: a file named after a token.
    let aws = &all[6].1;
    env.write(&format!("tree/keys/{aws}.txt"), "x");
    let seen = env.run(&["observe", "-V", &voyage, "directory-tree", "tree", "--json"]);
    let payload = seen.json()["payload"].clone();
    assert!(!payload.to_string().contains(aws.as_str()), "{payload}");
    assert!(
        payload["entries"]
            .as_array()
            .unwrap()
            .iter()
            .any(|e| e == "keys/[redacted: aws-access-token].txt"),
        "{payload}"
    );
    assert_eq!(rules_in(&payload), ["aws-access-token"]);

    // The story says so too, once sealed.
    env.log(&voyage, "waiting", "looked at the config").ok();
    let story = env.run(&["voyage", "show", &voyage]);
    assert!(
        story.stdout.contains("secrets redacted"),
        "{}",
        story.stdout
    );
    assert!(
        story
            .stdout
            .contains("1 secret redacted (aws-access-token)"),
        "{}",
        story.stdout
    );

    // Nothing stored, exported or pushed holds a secret.
    let needles: Vec<&str> = all.iter().map(|(_, s)| needle(s)).collect();
    assert_absent_from_voyage_file(&env.voyage_file(&voyage), &needles);
    let out = env.root().join("export.sqlite");
    env.run(&["voyage", "export", &voyage, "--out", out.to_str().unwrap()])
        .ok();
    assert_absent_from_voyage_file(&out, &needles);
    let remote = Remote::new();
    env.run(&[
        "voyage",
        "push",
        &voyage,
        "--remote",
        &remote.arg(),
        "--json",
    ])
    .json();
    assert_absent_from_git(&remote.path(), &needles);
    assert_absent("the story", story.stdout.as_bytes(), &needles);
}

//! Secrets never stored and never posted (issue 34): what an observation
//! holds is redacted before it is hashed (file contents, names in a tree,
//! GitHub bodies, CI log tails), and no byte of a secret reaches the voyage
//! file, an export or the git remote; a steer carrying one is refused.

mod github;
mod local;
mod observed;
mod refused;

use std::path::Path;
use std::process::Command;

/// One secret of each class the issue names, with the gitleaks rule that
/// must name it. Built at run time, so this file holds none verbatim.
pub fn secrets() -> Vec<(&'static str, String)> {
    let tail = "Q9wLx3Tz7KpR2mVb8NcY4hJd6FsG1aEuWo5i";
    let key_body = "MIIEpAIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gun";
    vec![
        ("github-pat", format!("ghp_{tail}")),
        ("github-oauth", format!("gho_{tail}")),
        ("github-app-token", format!("ghu_{tail}")),
        ("github-app-token", format!("ghs_{tail}")),
        ("github-refresh-token", format!("ghr_{tail}")),
        (
            "github-fine-grained-pat",
            format!("github_pat_11AZQ7NWI0{tail}{tail}"),
        ),
        ("aws-access-token", format!("AKIA{}", "Z7QK3M2XW6PL4RTB")),
        (
            "private-key",
            format!(
                "-----BEGIN OPENSSH PRIVATE KEY-----\n{key_body}\n{key_body}\n-----END OPENSSH PRIVATE KEY-----"
            ),
        ),
        (
            "slack-bot-token",
            format!(
                "xoxb-{}-{}-{}",
                "2468013579", "1357924680135", "Zq8Wm3Kx7Lp2Vn9R"
            ),
        ),
        (
            "stripe-access-token",
            format!("sk_{}_{}", "live", "51Hq8ZtK3mP9xW2vL7nR4cY6"),
        ),
        ("generic-api-key", "Xk29fLq8Zr3Tw7Pm4Vb".to_string()),
    ]
}

/// A line holding `secret` as the rule would see it: a bare token, or for
/// the generic rule an assignment.
pub fn line(rule: &str, secret: &str) -> String {
    match rule {
        "generic-api-key" => format!("DATABASE_PASSWORD={secret}"),
        _ => format!("value: {secret}"),
    }
}

/// A part of `secret` long enough to be found wherever it was written and
/// specific enough to be found nowhere else (a key block's body line).
pub fn needle(secret: &str) -> &str {
    secret.lines().nth(1).unwrap_or(secret)
}

/// Asserts no needle is in `bytes`, nor in them zstd-decoded.
pub fn assert_absent(what: &str, bytes: &[u8], needles: &[&str]) {
    let decoded = zstd::stream::decode_all(bytes).ok();
    for form in [Some(bytes), decoded.as_deref()].into_iter().flatten() {
        for needle in needles {
            let needle = needle.as_bytes();
            assert!(
                !form.windows(needle.len()).any(|w| w == needle),
                "a secret is in {what}"
            );
        }
    }
}

/// Every artifact in a voyage file, decompressed, and the file's own bytes.
pub fn assert_absent_from_voyage_file(path: &Path, needles: &[&str]) {
    assert_absent(
        &path.display().to_string(),
        &std::fs::read(path).unwrap(),
        needles,
    );
    let conn = rusqlite::Connection::open(path).unwrap();
    let mut stmt = conn.prepare("SELECT hash, data FROM artifacts").unwrap();
    let rows = stmt
        .query_map([], |row| {
            Ok((row.get::<_, String>(0)?, row.get::<_, Vec<u8>>(1)?))
        })
        .unwrap();
    let mut seen = 0;
    for row in rows {
        let (hash, data) = row.unwrap();
        assert_absent(&format!("artifact {hash}"), &data, needles);
        seen += 1;
    }
    assert!(seen > 0, "no artifacts in {}", path.display());
}

/// Every object in a git repository, as git hands it out, and zstd-decoded.
pub fn assert_absent_from_git(repo: &Path, needles: &[&str]) {
    let out = Command::new("git")
        .arg("--git-dir")
        .arg(repo)
        .args([
            "cat-file",
            "--batch-all-objects",
            "--batch-check=%(objectname)",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let ids = String::from_utf8(out.stdout).unwrap();
    assert!(!ids.trim().is_empty(), "the remote holds nothing");
    for id in ids.lines() {
        let object = Command::new("git")
            .arg("--git-dir")
            .arg(repo)
            .args(["cat-file", "-p", id])
            .output()
            .unwrap();
        assert_absent(&format!("git object {id}"), &object.stdout, needles);
    }
}

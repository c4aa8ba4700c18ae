//! Signed sync: with git configured to sign (or `voyage push --sign`), every
//! commit helm pushes is signed by git with the user's ssh key, made here by
//! `ssh-keygen`; `voyage pull --verify-signatures` (or
//! `helm.verifySignatures`) refuses a commit that is unsigned or signed by a
//! key not in the allowed signers, leaving the voyage here untouched, and
//! `voyage show` says who signed each pushed entry.

use std::path::{Path, PathBuf};
use std::process::Command;

use super::{Machines, log_with_file, summaries, verified, voyage_with_an_entry};
use crate::support::env::TestEnv;

/// A new ed25519 key for `name` in `dir`: its private key's path and its
/// allowed-signers line.
fn key(dir: &Path, name: &str) -> (PathBuf, String) {
    let path = dir.join(format!("{name}_ed25519"));
    let made = Command::new("ssh-keygen")
        .args(["-q", "-t", "ed25519", "-N", "", "-C", name, "-f"])
        .arg(&path)
        .output()
        .expect("ssh-keygen is missing: run scripts/test-deps.sh, which installs it");
    assert!(
        made.status.success(),
        "{}",
        String::from_utf8_lossy(&made.stderr)
    );
    let public = std::fs::read_to_string(path.with_extension("pub")).unwrap();
    let mut fields = public.split_whitespace();
    let line = format!(
        "{name}@example.com {} {}\n",
        fields.next().unwrap(),
        fields.next().unwrap()
    );
    (path, line)
}

/// Writes `env`'s global git configuration (`$HOME/.gitconfig`).
fn gitconfig(env: &TestEnv, text: &str) {
    std::fs::write(env.root().join(".gitconfig"), text).unwrap();
}

fn signing(key: &Path, allowed: &Path) -> String {
    format!(
        "[user]\n\tsigningKey = {}\n[gpg]\n\tformat = ssh\n[gpg \"ssh\"]\n\tallowedSignersFile = {}\n",
        key.display(),
        allowed.display()
    )
}

fn pull_verifying(m: &Machines, env: &TestEnv, id: &str) -> crate::support::env::Run {
    env.run(&[
        "voyage",
        "pull",
        id,
        "--remote",
        &m.remote.arg(),
        "--verify-signatures",
        "--json",
    ])
}

/// git's verdict (`%G?`) on every commit of the voyage on the remote.
fn verdicts(m: &Machines, id: &str, allowed: &Path) -> String {
    let allowed = format!("gpg.ssh.allowedSignersFile={}", allowed.display());
    m.remote
        .git(&[
            "-c",
            &allowed,
            "log",
            "--format=%G?",
            &format!("refs/helm/voyages/{id}"),
        ])
        .split_whitespace()
        .collect()
}

#[test]
fn signed_pushes_verify_and_a_forged_unsigned_commit_is_refused() {
    let m = Machines::new();
    let keys = tempfile::tempdir().unwrap();
    let (alice, alice_line) = key(keys.path(), "alice");
    let allowed = keys.path().join("allowed_signers");
    std::fs::write(&allowed, &alice_line).unwrap();
    gitconfig(&m.a, &signing(&alice, &allowed));
    gitconfig(
        &m.b,
        &format!(
            "[gpg \"ssh\"]\n\tallowedSignersFile = {}\n",
            allowed.display()
        ),
    );

    let id = voyage_with_an_entry(&m.a, "Signed voyage");
    m.push(&m.a, &id).ok();
    assert_eq!(verdicts(&m, &id, &allowed), "G", "every commit is signed");
    pull_verifying(&m, &m.b, &id).ok();
    let story = m.b.run(&["voyage", "show", &id]);
    assert!(
        story
            .ok()
            .stdout
            .contains("pushed signed by alice@example.com"),
        "{}",
        story.stdout
    );
    // The JSON carries it as the story says it (issue 43 item 11).
    let json = m.b.run(&["voyage", "show", &id, "--json"]);
    let pushed = &json.json()["entries"][0]["pushed"];
    assert_eq!(pushed["signer"], "alice@example.com", "{pushed}");
    assert_eq!(pushed["verdict"], "signed", "{pushed}");
    assert_eq!(pushed["good"], true, "{pushed}");
    // The page a reviewer opens says it too, under the entry.
    let page = m.b.run(&["voyage", "page", &id]);
    assert!(
        page.ok()
            .stdout
            .contains("pushed signed by alice@example.com"),
        "the page names who signed"
    );

    // Alice's second entry, then someone with push access but no key
    // rewrites it with plain git: the same content, unsigned.
    log_with_file(&m.a, &id, "second.txt", "second look");
    m.push(&m.a, &id).ok();
    let tip = m.remote.tip(&id).unwrap();
    let entry = m
        .remote
        .git(&["show", &format!("{tip}:entry-00000002.json")]);
    m.remote
        .tamper(&id, "entry-00000002.json", Some(entry.as_bytes()));
    let forged = m.remote.tip(&id).unwrap();
    assert_ne!(forged, tip);

    let before = std::fs::read(m.b.voyage_file(&id)).unwrap();
    let err = pull_verifying(&m, &m.b, &id).error_json();
    assert_eq!(err["error"]["kind"], "bad-signature", "{err}");
    let message = err["error"]["message"].as_str().unwrap();
    assert!(message.contains(&forged), "{message}");
    assert!(
        message.contains("entry 2") && message.contains("unsigned"),
        "{message}"
    );
    assert_eq!(std::fs::read(m.b.voyage_file(&id)).unwrap(), before);
    verified(&m.b, &id);
    assert_eq!(summaries(&m.b, &id).len(), 1);

    // helm.verifySignatures in git's configuration asks the same.
    gitconfig(
        &m.b,
        &format!(
            "[gpg \"ssh\"]\n\tallowedSignersFile = {}\n[helm]\n\tverifySignatures = true\n",
            allowed.display()
        ),
    );
    let err = m.pull(&m.b, &id).error_json();
    assert_eq!(err["error"]["kind"], "bad-signature", "{err}");
    // Without asking, the same pull takes it; `voyage verify --signatures`
    // then finds the forged commit, and plain `voyage verify` does not look.
    gitconfig(
        &m.b,
        &format!(
            "[gpg \"ssh\"]\n\tallowedSignersFile = {}\n",
            allowed.display()
        ),
    );
    m.pull(&m.b, &id).ok();
    verified(&m.b, &id);
    let checked =
        m.b.run(&["voyage", "verify", &id, "--signatures", "--json"]);
    assert_eq!(checked.code, 1, "{checked:?}");
    let report: serde_json::Value = serde_json::from_str(&checked.stdout).unwrap();
    assert_eq!(report["ok"], false, "{report}");
    // It says how many synced commits it checked, not only what failed.
    assert!(
        report["voyages"][0]["signatures"].as_u64() > Some(1),
        "{report}"
    );
    let problems = report["voyages"][0]["problems"].to_string();
    assert!(
        problems.contains(&forged) && problems.contains("unsigned"),
        "{problems}"
    );
    assert!(
        !problems.contains(&tip),
        "alice's signed commits pass: {problems}"
    );

    // Verdicts are remembered only while the allowed signers stay the same.
    std::fs::write(&allowed, "").unwrap();
    let checked =
        m.b.run(&["voyage", "verify", &id, "--signatures", "--json"]);
    let report: serde_json::Value = serde_json::from_str(&checked.stdout).unwrap();
    let problems = report["voyages"][0]["problems"].to_string();
    assert!(problems.contains("no allowed signer holds"), "{problems}");
}

#[test]
fn a_key_no_allowed_signer_holds_is_refused_and_sign_asks_for_signing() {
    let m = Machines::new();
    let keys = tempfile::tempdir().unwrap();
    let (alice, alice_line) = key(keys.path(), "alice");
    let (mallory, _) = key(keys.path(), "mallory");
    let allowed = keys.path().join("allowed_signers");
    std::fs::write(&allowed, &alice_line).unwrap();
    // Mallory signs, with a key the allowed signers do not list.
    gitconfig(&m.a, &signing(&mallory, &allowed));
    gitconfig(
        &m.b,
        &format!(
            "[gpg \"ssh\"]\n\tallowedSignersFile = {}\n",
            allowed.display()
        ),
    );
    let id = voyage_with_an_entry(&m.a, "Whose key?");
    m.push(&m.a, &id).ok();
    assert_eq!(verdicts(&m, &id, &allowed), "U");
    let err = pull_verifying(&m, &m.b, &id).error_json();
    assert_eq!(err["error"]["kind"], "bad-signature", "{err}");
    let message = err["error"]["message"].as_str().unwrap();
    assert!(message.contains("no allowed signer holds"), "{message}");
    assert!(
        !m.b.voyage_file(&id).exists(),
        "a refused voyage is not made here"
    );

    // commit.gpgSign=false turns signing off; --sign asks for it anyway.
    let c = TestEnv::new();
    gitconfig(
        &c,
        &format!("{}[commit]\n\tgpgSign = false\n", signing(&alice, &allowed)),
    );
    let other = voyage_with_an_entry(&c, "Signed when asked");
    c.run(&["voyage", "push", &other, "--remote", &m.remote.arg()])
        .ok();
    assert_eq!(verdicts(&m, &other, &allowed), "N");
    log_with_file(&c, &other, "more.txt", "more");
    let pushed = c.run(&[
        "voyage",
        "push",
        &other,
        "--remote",
        &m.remote.arg(),
        "--sign",
    ]);
    pushed.ok();
    assert_eq!(verdicts(&m, &other, &allowed), "GN");
}

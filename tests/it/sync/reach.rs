//! What `--remote` may name (a remote of the repository here, a URL, a path)
//! and the errors when git is missing, the remote cannot be reached, or it
//! holds no helm voyage; and that a synced voyage keeps seed 002's schema.

use super::{Machines, git, story, voyage_with_an_entry};
use crate::support::env::TestEnv;

#[test]
fn a_file_url_names_the_remote_as_a_path_does() {
    let m = Machines::new();
    let id = voyage_with_an_entry(&m.a, "Reached by URL");
    let url = format!("file://{}", m.remote.arg());
    let pushed =
        m.a.run(&["voyage", "push", &id, "--remote", &url, "--json"])
            .json();
    assert_eq!(pushed["remote"], url.as_str());
    assert_eq!(pushed["ref"], format!("refs/helm/voyages/{id}").as_str());
    assert_eq!(pushed["head"].as_str(), m.remote.tip(&id).as_deref());
    // The same remote by path knows it as the same voyage.
    let pulled = m.pull(&m.b, &id).json();
    assert_eq!(
        pulled["pulled"],
        serde_json::json!({"entries": 1, "artifacts": 1})
    );
    assert_eq!(story(&m.b, &id), story(&m.a, &id));
    let listed =
        m.b.run(&["voyage", "list", "--remote", &url, "--json"])
            .json();
    assert_eq!(listed["voyages"][0]["id"], id.as_str());
    // Entry identity needs no schema change: both files stay at version 1.
    for env in [&m.a, &m.b] {
        let version: i64 = env
            .sqlite(&id)
            .query_row("PRAGMA user_version", [], |row| row.get(0))
            .unwrap();
        assert_eq!(version, 1);
    }
}

#[test]
fn without_git_sync_says_to_install_it() {
    let m = Machines::new();
    let id = voyage_with_an_entry(&m.a, "No git here");
    let empty = tempfile::tempdir().unwrap();
    for args in [
        vec!["voyage", "push", id.as_str()],
        vec!["voyage", "pull", id.as_str()],
        vec!["voyage", "list"],
    ] {
        let mut args = args.clone();
        let remote = m.remote.arg();
        args.extend(["--remote", remote.as_str(), "--json"]);
        let output =
            m.a.command(&args)
                .env("PATH", empty.path())
                .output()
                .unwrap();
        assert_eq!(output.status.code(), Some(1), "{args:?}");
        let err: serde_json::Value = serde_json::from_slice(&output.stderr).unwrap();
        assert_eq!(err["error"]["kind"], "config", "{err}");
        assert!(
            err["error"]["message"]
                .as_str()
                .unwrap()
                .contains("git is not installed"),
            "{err}"
        );
        assert!(
            err["error"]["hint"]
                .as_str()
                .unwrap()
                .contains("install git")
        );
    }
    assert_eq!(m.remote.tip(&id), None);
}

fn refused(env: &TestEnv, args: &[&str]) -> serde_json::Value {
    let err = env.run(args).error_json();
    assert_eq!(err["error"]["kind"], "io", "{err}");
    err
}

#[test]
fn an_unreachable_remote_is_an_error_that_says_how_to_check_it() {
    let env = TestEnv::new();
    let id = voyage_with_an_entry(&env, "Nowhere to go");
    let file = std::fs::read(env.voyage_file(&id)).unwrap();
    let nowhere = env.root().join("nowhere.git");
    let nowhere = nowhere.to_str().unwrap();
    let url = format!("file://{nowhere}");
    let not_git = env.root().join("not-git");
    std::fs::create_dir(&not_git).unwrap();
    let not_git = not_git.to_str().unwrap();

    let err = refused(&env, &["voyage", "pull", &id, "--remote", &url, "--json"]);
    let message = err["error"]["message"].as_str().unwrap();
    assert!(message.contains("git could not fetch from"), "{err}");
    assert!(
        message.contains("does not appear to be a git repository"),
        "{err}"
    );
    assert!(
        err["error"]["hint"]
            .as_str()
            .unwrap()
            .contains("git ls-remote"),
        "{err}"
    );
    for remote in [url.as_str(), not_git] {
        let err = refused(&env, &["voyage", "push", &id, "--remote", remote, "--json"]);
        assert!(
            err["error"]["message"].as_str().unwrap().contains(remote),
            "{err}"
        );
        refused(&env, &["voyage", "list", "--remote", remote, "--json"]);
    }
    // A path that does not exist is named as such.
    let err = env.run(&["voyage", "push", &id, "--remote", nowhere, "--json"]);
    assert_eq!(err.code, 1);
    assert!(err.stderr.contains(nowhere), "{err:?}");
    // Credentials in a URL are never repeated back.
    let err = refused(
        &env,
        &[
            "voyage",
            "list",
            "--remote",
            "https://user:s3cret@127.0.0.1:9/x.git",
            "--json",
        ],
    );
    assert!(!err.to_string().contains("s3cret"), "{err}");
    assert_eq!(std::fs::read(env.voyage_file(&id)).unwrap(), file);
}

#[test]
fn a_remote_without_helm_voyages_holds_none_to_pull() {
    let m = Machines::new();
    // An ordinary repository: a branch, a tag, no helm refs.
    let work = m.a.work();
    git(&work, &["init", "--quiet"]);
    std::fs::write(work.join("README"), "hello\n").unwrap();
    git(&work, &["add", "README"]);
    git(&work, &["commit", "--quiet", "-m", "first"]);
    git(&work, &["tag", "v1"]);
    git(
        &work,
        &[
            "push",
            "--quiet",
            &m.remote.arg(),
            "HEAD:refs/heads/main",
            "v1",
        ],
    );
    let refs = m.remote.refs();

    let listed =
        m.b.run(&[
            "voyage",
            "list",
            "--remote",
            &m.remote.arg(),
            "--all",
            "--json",
        ])
        .json();
    assert_eq!(listed, serde_json::json!({"voyages": [], "unreadable": []}));
    let id = "01234567-89ab-7def-8123-456789abcdef";
    let err = m.pull(&m.b, id).error_json();
    assert_eq!(err["error"]["kind"], "not-found", "{err}");
    assert!(
        err["error"]["message"]
            .as_str()
            .unwrap()
            .contains("is not on"),
        "{err}"
    );
    let all =
        m.b.run(&[
            "voyage",
            "pull",
            "--all",
            "--remote",
            &m.remote.arg(),
            "--json",
        ])
        .json();
    assert_eq!(all["voyages"], serde_json::json!([]));
    // A ref under refs/helm/voyages/ that is not a voyage is named, not read.
    let head = m.remote.git(&["rev-parse", "refs/heads/main"]);
    m.remote.git(&[
        "update-ref",
        &format!("refs/helm/voyages/{id}"),
        head.trim(),
    ]);
    let listed =
        m.b.run(&[
            "voyage",
            "list",
            "--remote",
            &m.remote.arg(),
            "--all",
            "--json",
        ])
        .json();
    assert_eq!(listed["voyages"], serde_json::json!([]));
    assert_eq!(
        listed["unreadable"][0]["path"],
        format!("refs/helm/voyages/{id}").as_str()
    );
    let err = m.pull(&m.b, id).error_json();
    assert_eq!(err["error"]["kind"], "bad-remote", "{err}");
    assert!(
        m.b.run(&["voyage", "list", "--all", "--json"]).json()["voyages"]
            .as_array()
            .unwrap()
            .is_empty()
    );
    // helm wrote nothing there.
    let mut now = m.remote.refs();
    now.retain(|r| !r.starts_with("refs/helm/"));
    assert_eq!(now, refs);
}

#[test]
fn the_users_git_defaults_do_not_change_helms_private_repository() {
    // A user whose git makes SHA-256 repositories by default (their remote,
    // like GitHub's, is SHA-1), signs every push, and reads logs in UTF-16.
    let m = Machines::new();
    for env in [&m.a, &m.b] {
        std::fs::write(
            env.root().join(".gitconfig"),
            "[init]\n\tdefaultObjectFormat = sha256\n\tdefaultBranch = trunk\n\
             [push]\n\tgpgSign = true\n\
             [i18n]\n\tlogOutputEncoding = utf-16\n\
             [log]\n\tshowSignature = true\n",
        )
        .unwrap();
    }
    let id = voyage_with_an_entry(&m.a, "Whatever the user's git prefers");
    let pushed = m.push(&m.a, &id).json();
    assert_eq!(pushed["pushed"]["entries"], 1);
    m.pull(&m.b, &id).ok();
    assert_eq!(story(&m.b, &id), story(&m.a, &id));
    m.remote.git(&["fsck", "--strict", "--no-progress"]);
}

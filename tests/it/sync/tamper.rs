//! A remote that fails helm's checks is refused before anything is
//! written: the voyage here stays byte for byte as it was, and a voyage not
//! here is not made.

use super::{Machines, log_with_file, verified, voyage_with_an_entry};
use crate::support::env::TestEnv;

/// A voyage on the remote one entry (with a new artifact) ahead of `b`.
fn one_entry_ahead(m: &Machines) -> (String, String) {
    let id = voyage_with_an_entry(&m.a, "Checked on arrival");
    m.push(&m.a, &id).ok();
    m.pull(&m.b, &id).ok();
    log_with_file(&m.a, &id, "new.txt", "a new look");
    m.push(&m.a, &id).ok();
    let story = super::story(&m.a, &id);
    let artifact = story["entries"][1]["bearing"][0]["artifact"]
        .as_str()
        .unwrap()
        .to_string();
    (id, artifact)
}

fn refused(m: &Machines, env: &TestEnv, id: &str) -> String {
    let err = m.pull(env, id).error_json();
    assert_eq!(err["error"]["kind"], "bad-remote", "{err}");
    assert!(
        err["error"]["hint"]
            .as_str()
            .unwrap()
            .contains("nothing was written"),
        "{err}"
    );
    err["error"]["message"].as_str().unwrap().to_string()
}

#[test]
fn a_tampered_payload_is_refused_and_the_voyage_here_is_untouched() {
    let m = Machines::new();
    let (id, artifact) = one_entry_ahead(&m);
    m.remote.tamper(
        &id,
        &format!("artifact-{artifact}.json"),
        Some(br#"{"files":[]}"#),
    );

    let before = std::fs::read(m.b.voyage_file(&id)).unwrap();
    let message = refused(&m, &m.b, &id);
    assert!(
        message.contains(&artifact) && message.contains("altered"),
        "{message}"
    );
    assert_eq!(std::fs::read(m.b.voyage_file(&id)).unwrap(), before);
    verified(&m.b, &id);

    // A home without the voyage does not get it, not even half of it.
    let c = TestEnv::new();
    refused(&m, &c, &id);
    let left: Vec<_> = std::fs::read_dir(c.home().join("voyages"))
        .map(|d| d.filter_map(|e| e.ok()).map(|e| e.file_name()).collect())
        .unwrap_or_default();
    assert!(left.is_empty(), "{left:?}");
}

#[test]
fn foreign_files_misnumbered_entries_missing_payloads_and_rewritten_history_are_refused() {
    let m = Machines::new();
    let (id, artifact) = one_entry_ahead(&m);
    let good = m.remote.tip(&id).unwrap();
    let before = std::fs::read(m.b.voyage_file(&id)).unwrap();
    let name = format!("refs/helm/voyages/{id}");
    let cases: Vec<(&str, Option<&[u8]>, &str)> = vec![
        ("README.md", Some(b"hello\n".as_slice()), "README.md"),
        (
            "entry-00000002.json",
            Some(b"{\"recordedAt\": \"2026-01-01T00:00:00Z\"}\n".as_slice()),
            "entry 2",
        ),
        (
            "entry-00000003.json",
            Some(b"{}\n".as_slice()),
            "entry 3 where entry 2 comes next",
        ),
        ("artifact", None, "does not hold"),
        ("history", None, "rewritten"),
    ];
    for (path, contents, said) in cases {
        match path {
            "artifact" => m
                .remote
                .tamper(&id, &format!("artifact-{artifact}.json"), None),
            "history" => m.remote.rewrite(&id),
            "entry-00000003.json" => {
                m.remote.tamper(&id, "entry-00000002.json", None);
                m.remote.tamper(&id, path, contents);
            }
            _ => m.remote.tamper(&id, path, contents),
        }
        let message = refused(&m, &m.b, &id);
        assert!(message.contains(said), "{path}: {message}");
        assert_eq!(
            std::fs::read(m.b.voyage_file(&id)).unwrap(),
            before,
            "{path}"
        );
        m.remote.git(&["update-ref", &name, &good]);
    }
    // The remote as it was pulls cleanly.
    m.pull(&m.b, &id).ok();
    assert_eq!(super::story(&m.b, &id), super::story(&m.a, &id));
}

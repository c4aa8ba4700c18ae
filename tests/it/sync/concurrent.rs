//! First syncs side by side: the home's private repository
//! (`$HELM_HOME/sync.git`) does not exist yet, and several syncs make it at
//! once, threads of one `helm mcp` or separate helm processes. Each makes
//! its own under a name of its own and one wins the rename; every sync
//! succeeds, and what they pushed is whole.

use std::process::Stdio;

use serde_json::json;

use super::{Machines, story, verified, voyage_with_an_entry};
use crate::mcp::Session;

const SIDE_BY_SIDE: usize = 4;

/// Voyages on `a`, none ever synced, so the first sync makes `sync.git`.
fn fresh_voyages(m: &Machines) -> Vec<String> {
    let ids: Vec<String> = (0..SIDE_BY_SIDE)
        .map(|i| voyage_with_an_entry(&m.a, &format!("First sync number {i}")))
        .collect();
    assert!(!m.a.home().join("sync.git").exists(), "no sync yet");
    ids
}

/// Every voyage arrives whole on `b` from the remote, and no temporary
/// repository is left in the home.
fn all_arrived(m: &Machines, ids: &[String]) {
    for id in ids {
        assert!(m.remote.tip(id).is_some(), "{id} is on the remote");
        m.pull(&m.b, id).ok();
        assert_eq!(story(&m.a, id), story(&m.b, id));
        let integrity: String =
            m.b.sqlite(id)
                .query_row("PRAGMA integrity_check", [], |row| row.get(0))
                .unwrap();
        assert_eq!(integrity, "ok");
        verified(&m.a, id);
        verified(&m.b, id);
    }
    let left: Vec<String> = std::fs::read_dir(m.a.home())
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|name| name.starts_with(".sync.git"))
        .collect();
    assert!(left.is_empty(), "temporary repositories left: {left:?}");
    m.remote.git(&["fsck", "--strict", "--no-progress"]);
}

#[test]
fn concurrent_first_pushes_inside_one_helm_mcp_all_succeed() {
    let m = Machines::new();
    let ids = fresh_voyages(&m);
    let session = Session::start(&m.a);
    let remote = m.remote.arg();
    let pending: Vec<_> = ids
        .iter()
        .map(|id| session.begin("voyage_push", json!({"voyage": id, "remote": remote})))
        .collect();
    for (id, pending) in ids.iter().zip(pending) {
        let pushed = session.finish(pending);
        assert_eq!(pushed["voyage"]["id"], id.as_str());
        assert_eq!(pushed["pushed"]["entries"], 1, "{pushed}");
    }
    all_arrived(&m, &ids);
}

#[test]
fn concurrent_first_pushes_from_several_processes_all_succeed() {
    let m = Machines::new();
    let ids = fresh_voyages(&m);
    let remote = m.remote.arg();
    let children: Vec<_> = ids
        .iter()
        .map(|id| {
            m.a.command(&["voyage", "push", id, "--remote", &remote, "--json"])
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .expect("helm starts")
        })
        .collect();
    for child in children {
        let output = child.wait_with_output().unwrap();
        assert!(output.status.success(), "a first push failed: {output:?}");
        let pushed: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
        assert_eq!(pushed["pushed"]["entries"], 1, "{pushed}");
    }
    all_arrived(&m, &ids);
}

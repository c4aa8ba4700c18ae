//! Writers and searchers side by side: no `database is locked`, ever, and
//! every search sees at least what was committed before it began.

use std::process::Command;

use super::found;
use crate::support::env::TestEnv;

#[test]
fn searches_beside_a_writer_loop_never_see_busy() {
    let env = TestEnv::new();
    let voyage = env.new_voyage("busy");
    let home = env.home();
    let writer = {
        let mut cmd = Command::new("sh");
        let helm = env!("CARGO_BIN_EXE_helm");
        cmd.arg("-c")
            .arg(format!(
                "for i in $(seq 1 25); do {helm} log -V {voyage} --as w --role r --method m \
                 --summary \"loop$i kestrel\" waiting >/dev/null || exit 1; done"
            ))
            .env("HELM_HOME", &home);
        cmd.spawn().unwrap()
    };
    let searchers: Vec<_> = (0..2)
        .map(|_| {
            let mut cmd = Command::new("sh");
            let helm = env!("CARGO_BIN_EXE_helm");
            cmd.arg("-c")
                .arg(format!(
                    "for i in $(seq 1 15); do {helm} search kestrel --json >/dev/null || exit 1; done"
                ))
                .env("HELM_HOME", &home)
                .stderr(std::process::Stdio::piped());
            cmd.spawn().unwrap()
        })
        .collect();
    let mut writer = writer;
    assert!(writer.wait().unwrap().success(), "the writer failed");
    for searcher in searchers {
        let out = searcher.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "a search failed: {stderr}");
        assert!(!stderr.contains("locked"), "{stderr}");
    }
    let doc = env
        .run(&["search", "kestrel", "--limit", "100", "--json"])
        .json();
    assert_eq!(found(&doc).len(), 25, "every entry, once: {doc}");
}

//! The crash hooks the tests in `crash.rs` and `leftovers.rs` use
//! (`HELM_SYNC_KILL_AT`) exist only in the tests' build: helm-sync reads the
//! variable only with its `test-hooks` feature, which only the root crate's
//! dev-dependency turns on. `cargo build`, `cargo install` and a release
//! resolve helm-sync without it, as `cargo tree` shows.

use std::process::Command;

/// helm-sync's features as a build of `helm` resolves them: without the
/// dev-dependencies (`edges` `normal,build`), or with them (`all`).
fn helm_sync_features(edges: &str) -> String {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
    let output = Command::new(cargo)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["tree", "--offline", "--locked", "-p", "helm", "-e", edges])
        .args(["-i", "helm-sync", "--depth", "0", "-f", "{p} [{f}]"])
        .output()
        .expect("cargo runs");
    assert!(
        output.status.success(),
        "cargo tree failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout).trim().to_string()
}

#[test]
fn a_build_without_the_tests_has_no_kill_hook() {
    let release = helm_sync_features("normal,build");
    assert!(release.starts_with("helm-sync "), "{release}");
    assert!(!release.contains("test-hooks"), "{release}");
    let tests = helm_sync_features("all");
    assert!(tests.contains("test-hooks"), "{tests}");
}

//! A voyage written by helm before the workspace split (issue 30) reads,
//! shows and syncs exactly as it did: its story in every format, its layout
//! on a git remote blob for blob, and every entry's stored JSON written again
//! byte for byte by a pull. The fixture and how it was made:
//! tests/fixtures/main-voyages/README.md.

use std::path::{Path, PathBuf};

use crate::support::env::TestEnv;
use crate::sync::Remote;

const VOYAGE: &str = "01a21af2-757c-70fa-aa6f-6be4199db0b4";

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/main-voyages")
}

fn pinned(name: &str) -> String {
    std::fs::read_to_string(fixtures().join(name)).unwrap()
}

/// A home holding the fixture voyage, as `voyage import` would leave it.
fn home() -> TestEnv {
    let env = TestEnv::new();
    let dir = env.home().join("voyages");
    std::fs::create_dir_all(&dir).unwrap();
    let to = dir.join(format!("{VOYAGE}.sqlite"));
    std::fs::copy(fixtures().join(format!("{VOYAGE}.sqlite")), &to).unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&to, std::fs::Permissions::from_mode(0o600)).unwrap();
    env
}

/// Every row of the voyage's JSON-bearing columns, as stored.
fn stored(conn: &rusqlite::Connection) -> Vec<String> {
    let mut rows = Vec::new();
    for sql in [
        "SELECT id || ' ' || recorded_at || ' ' || identity || ' ' || role || ' ' || method \
         || ' ' || summary || ' ' || action FROM logbook ORDER BY id",
        "SELECT logbook_id || ' ' || target || ' ' || artifact_hash || ' ' || observed_at \
         FROM bearing_observations ORDER BY logbook_id, target",
        "SELECT hash || ' ' || status FROM artifacts ORDER BY hash",
    ] {
        let mut statement = conn.prepare(sql).unwrap();
        let found = statement
            .query_map([], |row| row.get::<_, String>(0))
            .unwrap();
        rows.extend(found.map(Result::unwrap));
    }
    rows
}

#[test]
fn a_voyage_written_before_the_split_verifies_and_tells_the_same_story() {
    let env = home();
    let verified = env.run(&["voyage", "verify", VOYAGE]);
    assert!(
        verified.ok().stdout.contains("16 entries"),
        "{}",
        verified.stdout
    );
    let json = env.run(&["voyage", "show", VOYAGE, "--json"]);
    assert_eq!(json.ok().stdout, pinned("show.json"));
    let story = env.run(&["voyage", "show", VOYAGE]);
    assert_eq!(story.ok().stdout, pinned("show.txt"));
    let markdown = env.run(&["voyage", "show", VOYAGE, "--format", "markdown"]);
    assert_eq!(markdown.ok().stdout, pinned("show.md"));
}

#[test]
fn a_voyage_written_before_the_split_syncs_blob_for_blob_and_pulls_byte_for_byte() {
    let env = home();
    let remote = Remote::new();
    env.run(&["voyage", "push", VOYAGE, "--remote", &remote.arg()])
        .ok();
    let commits = remote.git(&[
        "rev-list",
        "--reverse",
        &format!("refs/helm/voyages/{VOYAGE}"),
    ]);
    let mut layout = String::new();
    for commit in commits.lines() {
        let subject = remote.git(&["log", "-1", "--format=%s", commit]);
        layout.push_str(&format!("== {}\n", subject.trim_end()));
        layout.push_str(&remote.git(&["ls-tree", "-r", commit]));
    }
    assert_eq!(layout, pinned("layout.txt"));

    let other = TestEnv::new();
    other
        .run(&["voyage", "pull", VOYAGE, "--remote", &remote.arg()])
        .ok();
    other.assert_sound(VOYAGE);
    let fixture = rusqlite::Connection::open(fixtures().join(format!("{VOYAGE}.sqlite"))).unwrap();
    assert_eq!(stored(&other.sqlite(VOYAGE)), stored(&fixture));
}

//! Pages of voyages helm did not write today: helm's own from before the
//! workspace split (every action and kind, reduced and jettisoned
//! artifacts), pinned whole as a snapshot, and the original helm's two.

use std::path::Path;

use super::structure::assert_safe_page;
use crate::support::env::TestEnv;

fn home_with(_folder: &str) -> TestEnv {
    super::fixtures_home()
}

#[test]
fn the_page_of_a_voyage_written_before_the_split() {
    let env = home_with("main-voyages");
    let voyage = "01a21af2-757c-70fa-aa6f-6be4199db0b4";
    let (_, html) = super::page(&env, voyage);
    assert_safe_page(&html, Some("https://github.com"));
    // Every entry has its section and its mark on the timeline.
    for id in 1..=16 {
        assert!(html.contains(&format!(" id=\"e{id}\">")), "entry {id}");
        assert!(
            html.contains(&format!("<a href=\"#e{id}\"><title>")),
            "mark {id}"
        );
    }
    for shown in [
        // The header: status, who took part, the PR as last observed.
        "<dt>Status</dt><dd>ended",
        "<td><b>claude-agent</b></td>",
        "href=\"https://github.com/acme/widgets/pull/3\">PR acme/widgets#3</a>",
        // A reduced artifact's summary and a jettisoned one.
        "the rust project, summarised",
        "jettisoned: only its hash is kept",
        // A conversation and a check run.
        "<article class=\"msg\"><header><b>bob</b> reviewed: commented",
        "<b>test</b> completed success",
    ] {
        assert!(html.contains(shown), "missing {shown:?}");
    }
    let mut settings = insta::Settings::clone_current();
    settings
        .set_snapshot_path(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/it/page/snapshots"));
    settings.bind(|| insta::assert_snapshot!("main_voyage_page", html));
}

#[test]
fn the_pages_of_the_original_helms_voyages() {
    let env = home_with("upstream-voyages");
    let (_, ended) = super::page(&env, "9c54720f");
    // The original helm recorded no GitHub addresses: nothing links out.
    assert_safe_page(&ended, None);
    for shown in [
        "<dt>Status</dt><dd>ended: <b>merged</b>",
        "waiting on review",
        "ready for merge",
        "<section class=\"entry steer\" id=\"e1\">",
        "<section class=\"entry log\" id=\"e4\">",
    ] {
        assert!(ended.contains(shown), "missing {shown:?}");
    }
    let (_, active) = super::page(&env, "5fabe0ec");
    assert_safe_page(&active, None);
    assert!(active.contains("The logbook is empty."));
    assert!(active.contains("On the slate, not yet sealed into an entry: 3 observation(s)."));
}

#[test]
fn the_page_goes_to_stdout_or_to_the_file_named() {
    let env = home_with("upstream-voyages");
    let stdout = env.run(&["voyage", "page", "9c54720f"]);
    assert!(stdout.ok().stdout.starts_with("<!DOCTYPE html>"));
    let out = env.root().join("p.html");
    let json = env.run(&[
        "--json",
        "voyage",
        "page",
        "9c54720f",
        "--out",
        out.to_str().unwrap(),
    ]);
    let doc = json.ok().json();
    assert_eq!(doc["path"], out.to_str().unwrap());
    assert_eq!(doc["voyage"]["status"], "ended");
    assert_eq!(doc["bytes"], stdout.stdout.len());
    assert_eq!(std::fs::read_to_string(&out).unwrap(), stdout.stdout);
    let whole = env
        .run(&["--json", "voyage", "page", "9c54720f"])
        .ok()
        .json();
    assert_eq!(whole["html"], stdout.stdout.as_str());
    assert_eq!(
        whole["voyage"]["id"],
        "9c54720f-6d86-4341-a73e-bcb8c1b39322"
    );
    assert_eq!(whole["bytes"], stdout.stdout.len());
    let missing = env.run(&["voyage", "page", "ffffffff"]);
    assert!(missing.fails(1).contains("ffffffff"));
    let nowhere = env.run(&[
        "voyage",
        "page",
        "9c54720f",
        "--out",
        "/nonexistent/dir/p.html",
    ]);
    assert!(
        nowhere
            .fails(1)
            .contains("cannot write /nonexistent/dir/p.html")
    );
}

/// A file name JSON cannot carry (not UTF-8, as a Linux name may be): the
/// page is written, and the `--json` document that would name it is a
/// clear error, never a panic.
#[test]
fn a_page_written_to_a_path_json_cannot_carry_says_so() {
    use std::os::unix::ffi::OsStrExt;
    let env = home_with("upstream-voyages");
    let name = std::ffi::OsStr::from_bytes(b"p\xff.html");
    let out = env.root().join(name);
    let mut command = env.command(&["--json", "voyage", "page", "9c54720f", "--out"]);
    let run = command.arg(&out).output().expect("helm runs");
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert_eq!(run.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("invalid UTF-8"), "{stderr}");
    assert!(
        std::fs::read_to_string(&out)
            .unwrap()
            .starts_with("<!DOCTYPE html>")
    );
}

//! `scripts/tour.sh`, the README's first command, run against this crate's server with
//! the helm built beside it: its whole output pinned, ids, hashes, times and the port
//! made placeholders. It lives here, not in helm's tests, because only this package's
//! tests are sure to have the `fake-github` binary built (`CARGO_BIN_EXE_fake-github`);
//! `cargo test` at the workspace root builds helm's binary beside it.
//!
//! The tour ends by writing its voyage's page, which is then opened in headless
//! Chromium: no console message, no network request, every timeline mark links to
//! its entry, and a screenshot that is not blank. `HELM_BLESS=1` writes that
//! screenshot to docs/voyage-page.png, the one the README shows.

#[path = "../../../tests/it/page/chromium.rs"]
mod chromium;
#[path = "tour/told.rs"]
mod told;

use std::path::Path;
use std::process::Command;

#[test]
fn the_tour_walks_the_seed_flow_offline() {
    let fake = Path::new(env!("CARGO_BIN_EXE_fake-github"));
    let helm = fake.with_file_name(format!("helm{}", std::env::consts::EXE_SUFFIX));
    assert!(
        helm.exists(),
        "{} is missing: run the tour test from the workspace root (`cargo test`), which builds helm",
        helm.display()
    );
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let temp = tempfile::tempdir().expect("a temp dir");
    let home = temp.path();
    let output = Command::new("bash")
        .arg(root.join("scripts/tour.sh"))
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("HOME", home)
        .env("HELM_HOME", home.join("helm"))
        .env("TMPDIR", home)
        .env("NO_COLOR", "1")
        .env("HELM_BIN", &helm)
        .env("FAKE_GITHUB_BIN", fake)
        .env("TOUR_PAGE", home.join("voyage.html"))
        .output()
        .expect("bash runs the tour");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "the tour failed:\n{stdout}\n{stderr}"
    );
    assert_eq!(stderr, "", "the tour writes nothing to stderr");
    // The flow's landmarks, beside the snapshot: what a newcomer must see.
    for landmark in [
        "── Steer 1 ── comment on issue #1",
        // observe's screen: the conversation, and the ids the steers take.
        "conversation (2 comments)",
        "review threads (1): reply-inline --comment-id ID, resolve-thread --thread THREAD",
        "── Steer 5 ── reply inline on PR #2",
        "error: PR #2 changed since you observed it",
        "(refused: exit 1; nothing acted, nothing recorded)",
        "── Steer 6 ── merge PR #2",
        "State: ended: merged",
        // The same on GitLab, told with its forge.
        "observed issue gitlab.com/acme/widgets#1",
        "on GitLab at gitlab.com",
    ] {
        assert!(stdout.contains(landmark), "missing {landmark:?}:\n{stdout}");
    }
    let mut settings = insta::Settings::clone_current();
    settings.add_filter(&regex_escape(&home.display().to_string()), "[HOME]");
    for (pattern, replacement) in [
        (
            r"\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b",
            "[VOYAGE]",
        ),
        (r"\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC", "[TIME]"),
        (r"127\.0\.0\.1:\d+", "[FAKE-GITHUB]"),
        (r"\b[0-9a-f]{7,64}\b", "[HASH]"),
    ] {
        settings.add_filter(pattern, replacement);
    }
    settings.bind(|| insta::assert_snapshot!("tour", stdout));
    told::the_json_carries_what_the_story_shows(&helm, home);
    the_page_reads_in_a_browser(&home.join("voyage.html"), &root);
}

/// `text` with every regex metacharacter escaped.
fn regex_escape(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        if "\\.+*?()|[]{}^$".contains(c) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// The tour's page in a real browser, as a reviewer would open it.
fn the_page_reads_in_a_browser(page: &Path, root: &Path) {
    let loaded = chromium::load(page);
    assert!(loaded.console.is_empty(), "console: {:#?}", loaded.console);
    assert!(
        loaded.requests.is_empty(),
        "requests: {:#?}",
        loaded.requests
    );
    let dom = &loaded.dom;
    let svg = &dom[dom.find("<svg").expect("a timeline")..dom.find("</svg>").unwrap()];
    let marks = svg.matches("<a href=\"#e").count();
    assert_eq!(marks, 6, "one mark per entry");
    for id in 1..=6 {
        assert!(svg.contains(&format!("<a href=\"#e{id}\">")), "mark {id}");
        assert!(dom.contains(&format!("id=\"e{id}\"")), "entry {id}");
    }
    let shot = chromium::screenshot(page, 1200, 1400);
    let (ink, colours) = chromium::ink(&shot);
    assert!(
        ink > 0.03 && colours > 16,
        "a blank page? {ink:.3} of pixels inked, {colours} colours"
    );
    if std::env::var_os("HELM_BLESS").is_some() {
        std::fs::write(root.join("docs/voyage-page.png"), &shot).expect("docs/ is writable");
    }
}

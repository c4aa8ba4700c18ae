//! Pages opened in a real headless Chromium: they load without a console
//! message or a network request, hostile content neither runs nor loads
//! anything, and the timeline's marks link to their entries.

use super::chromium::{self, Loaded};
use super::{Listener, hostile_voyage};
use crate::support::env::TestEnv;

/// A page as a reviewer's browser must find it: silent and offline.
fn assert_quiet(loaded: &Loaded) {
    assert!(loaded.console.is_empty(), "console: {:#?}", loaded.console);
    assert!(
        loaded.requests.is_empty(),
        "requests: {:#?}",
        loaded.requests
    );
}

/// Every mark on the timeline links to an entry that is on the page.
fn assert_marks_link_to_entries(dom: &str) {
    let svg = &dom[dom.find("<svg").expect("a timeline")..dom.find("</svg>").unwrap()];
    let marks: Vec<&str> = svg
        .split("<a href=\"#")
        .skip(1)
        .map(|rest| &rest[..rest.find('"').unwrap()])
        .collect();
    assert!(!marks.is_empty(), "no marks");
    for mark in marks {
        assert!(
            dom.contains(&format!("id=\"{mark}\"")),
            "mark #{mark} links nowhere"
        );
    }
}

/// The page of a voyage kept on another forge, as a reviewer's browser
/// finds it: every link inside the page or to that forge's own `origin`,
/// nothing loaded or run, each timeline mark leading to its entry, and the
/// forge named as `on_forge` says.
pub(crate) fn assert_forge_page_is_quiet(
    env: &TestEnv,
    voyage: &str,
    origin: &str,
    on_forge: &str,
) {
    let (path, html) = super::page(env, voyage);
    super::structure::assert_safe_page(&html, Some(origin));
    assert!(
        !html.contains("github.com"),
        "GitHub named on {origin}'s page"
    );
    let loaded = chromium::load(&path);
    assert_quiet(&loaded);
    assert_marks_link_to_entries(&loaded.dom);
    assert!(loaded.dom.contains(on_forge), "{on_forge}: {}", loaded.dom);
}

#[test]
fn a_hostile_voyage_is_inert_in_a_browser() {
    let listener = Listener::new();
    let (env, _gh, voyage) = hostile_voyage(listener.port());
    let (path, html) = super::page(&env, &voyage);
    super::structure::assert_safe_page(&html, Some("https://github.com"));
    let loaded = chromium::load(&path);
    assert_quiet(&loaded);
    assert!(!loaded.dom.contains("data-pwned=\""), "hostile script ran");
    assert!(
        !loaded.dom.contains("<iframe"),
        "hostile markup became elements"
    );
    assert!(
        !loaded.dom.contains("<img"),
        "hostile markup became elements"
    );
    // The hostile text is there, as text, in every place it was put.
    let shown = loaded
        .dom
        .matches("data-pwned','script')&lt;/script&gt;")
        .count();
    assert!(shown >= 15, "the hostile text shows {shown} times");
    assert_marks_link_to_entries(&loaded.dom);
    assert_eq!(listener.connections(), 0, "the page reached the listener");
}

#[test]
fn the_check_proves_a_page_that_runs_or_loads_would_be_caught() {
    let listener = Listener::new();
    let scratch = tempfile::tempdir().unwrap();
    let path = scratch.path().join("bad.html");
    // What the page would be without escaping and without its policy.
    std::fs::write(
        &path,
        format!(
            "<!DOCTYPE html><body>{}</body>",
            super::hostile(listener.port())
        ),
    )
    .unwrap();
    let loaded = chromium::load(&path);
    assert!(loaded.dom.contains("data-pwned=\""), "{}", loaded.dom);
    assert!(!loaded.requests.is_empty());
    assert!(listener.connections() > 0);
}

#[test]
fn the_pinned_voyages_load_quietly() {
    let env = super::fixtures_home();
    for voyage in ["01a21af2", "9c54720f", "5fabe0ec"] {
        let path = env.root().join(format!("{voyage}.html"));
        env.run(&["voyage", "page", voyage, "--out", path.to_str().unwrap()])
            .ok();
        let loaded = chromium::load(&path);
        assert_quiet(&loaded);
        if voyage != "5fabe0ec" {
            assert_marks_link_to_entries(&loaded.dom);
        }
    }
}

#[test]
fn the_page_of_a_voyage_is_not_blank_on_screen() {
    let env = super::fixtures_home();
    let path = env.root().join("page.html");
    env.run(&[
        "voyage",
        "page",
        "01a21af2",
        "--out",
        path.to_str().unwrap(),
    ])
    .ok();
    let (ink, colours) = chromium::ink(&chromium::screenshot(&path, 1000, 1200));
    assert!(
        ink > 0.03 && colours > 16,
        "{ink:.3} of pixels inked, {colours} colours"
    );
    // A page with nothing on it is what the check calls blank.
    let blank = env.root().join("blank.html");
    std::fs::write(&blank, "<!DOCTYPE html><body></body>").unwrap();
    let (ink, _) = chromium::ink(&chromium::screenshot(&blank, 1000, 1200));
    assert!(ink < 0.001, "{ink}");
}

/// A proposal's body by an agent is the least trusted text a page shows: it
/// is shown in the proposal, the fate of each proposal links to the entry
/// that decided it and that entry links back, and none of it runs or loads.
#[test]
fn proposals_their_fates_and_hostile_bodies_are_inert_and_linked_in_a_browser() {
    use crate::proposals::{REPO, approve, entry_of, propose};
    let listener = Listener::new();
    let (env, gh, voyage) = crate::proposals::setup();
    let issue = gh
        .add_issue(REPO, "Widget crash", "It crashes.")
        .to_string();
    env.run(&["observe", "github-issue", &issue]).ok();
    let body = format!("ship it {}", super::hostile(listener.port()));
    let proposed = propose(&env, &["comment", "--issue", &issue, "--body", &body]);
    let first = entry_of(proposed.ok());
    let approval = approve(&env, "alice", first, &[]);
    let approved = entry_of(approval.ok());
    let proposed = propose(&env, &["comment", "--issue", &issue, "--body", "again"]);
    let second = entry_of(proposed.ok());
    let args = [
        "reject",
        "--as",
        "bob",
        "--role",
        "maintainer",
        "--method",
        "human",
        "--summary",
        "not needed",
        "--json",
    ];
    let second_text = second.to_string();
    let mut args = args.to_vec();
    args.insert(1, &second_text);
    let rejection = env.run(&args);
    let rejected = entry_of(rejection.ok());

    let (path, html) = super::page(&env, &voyage);
    super::structure::assert_safe_page(&html, Some("https://github.com"));
    let loaded = chromium::load(&path);
    assert_quiet(&loaded);
    let dom = &loaded.dom;
    assert!(!dom.contains("data-pwned=\""), "hostile script ran");
    assert!(
        !dom.contains("<iframe") && !dom.contains("<img"),
        "markup became elements"
    );
    assert!(dom.contains("ship it"), "the proposed body is shown");
    assert!(dom.contains("performed, approved by alice in"), "{dom}");
    assert!(dom.contains("rejected by bob in"), "{dom}");
    // Each fate links to the entry that decided it, and that entry is on the page.
    for decided in [approved, rejected] {
        assert!(
            dom.contains(&format!("href=\"#e{decided}\"")),
            "no link to entry {decided}"
        );
        assert!(
            dom.contains(&format!("id=\"e{decided}\"")),
            "entry {decided} is not on the page"
        );
    }
    assert!(
        dom.contains(&format!(
            "performs proposal {first} by agent-1, approved by alice"
        )),
        "{dom}"
    );
    assert_marks_link_to_entries(dom);
    assert_eq!(listener.connections(), 0, "the page reached the listener");
}

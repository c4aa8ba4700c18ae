//! The page's HTML from voyages built in memory: hostile text in every field
//! a remote author or an agent controls stays text, links stay on the
//! recorded GitHub host, the CSP admits only the stylesheet, payloads are
//! cut to their budget, and annotations appear under their entry.

use std::collections::HashMap;

use super::html::{Links, escaped};
use super::payload::{ARTIFACT_BUDGET, Payloads};
use super::{Annotation, Annotations, render};
use crate::model::{Provenance, Voyage, VoyageStatus};
use crate::storage::artifact::ArtifactStatus;
use crate::storage::logbook::Entry;
use crate::storage::slate::Observation;
use crate::storage::store::{Payload, Snapshot};
use helm_core::Changes;
use helm_core::Story;
use helm_core::Target;

#[path = "../../../tests/it/page/structure.rs"]
mod structure;

/// What a hostile author writes: markup, script, a javascript: link, an image
/// that runs code on error, SVG with script, CSS that closes the stylesheet,
/// a terminal escape and a bidirectional override.
const HOSTILE: &str = "<script>document.title='PWNED'</script>\
    <img src=x onerror=\"alert(1)\"><a href=\"javascript:alert(2)\">x</a>\
    <svg onload=alert(3)><script>alert(4)</script></svg>\
    </style><style>body{background:url(https://evil.example/x)}</style>\
    \u{1b}[31mred\u{1b}[0m \u{202e}txt.exe \" ' & end";

fn observation(target: &str, artifact: &str) -> Observation {
    Observation {
        target: target.into(),
        artifact: artifact.into(),
        observed_at: "2026-11-21T22:41:00.000000Z".into(),
        stored_bytes: 10,
        status: Some(ArtifactStatus::Stowed),
    }
}

fn entry(id: i64, action: serde_json::Value, bearing: Vec<Observation>) -> Entry {
    Entry::new(
        id,
        format!("2026-11-21T22:4{id}:03.123456Z"),
        Provenance {
            identity: format!("alice{HOSTILE}"),
            role: HOSTILE.into(),
            method: HOSTILE.into(),
            summary: HOSTILE.into(),
        },
        action.to_string(),
        bearing,
    )
}

const ISSUE: &str =
    r#"{"kind":"github-issue","repo":"acme/widgets","number":42,"focus":["comments","summary"]}"#;
const PR: &str = r#"{"kind":"github-pr","repo":"acme/widgets","number":45}"#;
const FILE: &str = r#"{"kind":"file-contents","paths":["/src/<b>.rs"]}"#;

/// A voyage whose every field a remote author or an agent writes is hostile.
fn hostile() -> (Story, Payloads) {
    let voyage = Voyage {
        id: uuid::Uuid::nil(),
        intent: HOSTILE.into(),
        created_at: "2026-11-21T22:40:00.000000Z".into(),
        status: VoyageStatus::Ended {
            ended_at: "2026-11-22T10:00:00.000000Z".into(),
            ended_status: Some(HOSTILE.into()),
        },
    };
    let entries = vec![
        entry(
            1,
            serde_json::json!({"kind": "steer", "steer": "comment", "repo": "acme/widgets",
                "issue": 42, "commentId": 7, "body": HOSTILE, "actor": HOSTILE,
                "url": "https://github.com/acme/widgets/issues/42#issuecomment-7",
                "freshness": {"verdict": "stale", "changed": [HOSTILE]}}),
            vec![observation(ISSUE, "aa11"), observation(FILE, "bb22")],
        ),
        entry(
            2,
            serde_json::json!({"kind": "steer", "steer": "merge-pr", "repo": "acme/widgets",
                "pr": 45, "url": "javascript:alert(5)", "mergeMethod": "squash",
                "mergeSha": "\"><script>alert(6)</script>", "override": HOSTILE}),
            vec![observation(PR, "cc33")],
        ),
        entry(
            3,
            serde_json::json!({"kind": "log", "status": HOSTILE}),
            vec![],
        ),
        // A repository name that would make a link somewhere else.
        entry(
            4,
            serde_json::json!({"kind": "steer", "steer": "comment", "repo": "evil.example/../x",
                "issue": 1, "url": "https://evil.example/a"}),
            vec![],
        ),
    ];
    let comment = serde_json::json!({"author": HOSTILE, "createdAt": HOSTILE, "body": HOSTILE});
    let issue = serde_json::json!({"repo": "acme/widgets", "number": 42,
        "summary": {"title": HOSTILE, "state": "open", "author": HOSTILE, "body": HOSTILE},
        "comments": [comment]});
    let pr = serde_json::json!({"repo": "acme/widgets", "number": 45,
        "summary": {"title": HOSTILE, "state": "open", "merged": false, "body": HOSTILE,
            "head": {"ref": HOSTILE, "sha": HOSTILE}, "base": {"ref": HOSTILE, "sha": "x"}},
        "files": [{"filename": HOSTILE, "status": HOSTILE, "additions": 1, "deletions": 1}],
        "diff": {"format": "unified", "text": format!("@@ -1 +1 @@\n-{HOSTILE}\n+{HOSTILE}\n")},
        "reviews": {"reviews": [{"author": HOSTILE, "state": "APPROVED", "body": HOSTILE}],
            "threads": [{"path": HOSTILE, "line": 1, "comments": [comment]}]},
        "checks": {"headSha": HOSTILE, "combinedState": HOSTILE, "statuses": [],
            "checkRuns": [{"name": HOSTILE, "status": "completed", "conclusion": "failure",
                "annotations": [{"path": HOSTILE, "startLine": 1, "message": HOSTILE}],
                "job": {"steps": [{"name": HOSTILE, "conclusion": "failure"}],
                    "log": {"tail": [HOSTILE, HOSTILE]}}}]}});
    let file = serde_json::json!({"files": [{"path": HOSTILE, "content": HOSTILE}]});
    let mut payloads = Payloads::default();
    for (hash, target, value) in [
        ("aa11", ISSUE, issue),
        ("cc33", PR, pr),
        ("bb22", FILE, file),
    ] {
        let json = serde_json::to_vec(&value).unwrap();
        let target = Target::from_key(target);
        payloads.add(hash, target.as_ref(), &Payload::Stowed(Some(json)));
    }
    let mut digests = HashMap::new();
    digests.insert("aa11".to_string(), HOSTILE.to_string());
    let story = Story {
        snapshot: Snapshot {
            voyage,
            entries,
            slate: vec![],
        },
        interrupted: vec![],
        digests,
        changes: Changes::new(),
        signers: Default::default(),
        forge_web: Some("https://github.com".into()),
    };
    (story, payloads)
}

#[test]
fn hostile_text_in_every_field_stays_text() {
    let (story, payloads) = hostile();
    let page = render(&story, &payloads, &Annotations::default());
    structure::assert_safe_page(&page, Some("https://github.com"));
    for raw in [
        "<script",
        "<img",
        "<svg onload",
        "</style><style>",
        "\u{1b}",
        "\u{202e}",
    ] {
        assert!(!page.contains(raw), "{raw:?} reached the page raw");
    }
    assert!(page.contains("&lt;script&gt;document.title=&#39;PWNED&#39;&lt;/script&gt;"));
    assert!(
        page.contains("\u{fffd}[31mred"),
        "terminal escapes show as U+FFFD"
    );
    // The issue body, a comment, a CI log line and a diff line are all on the page.
    assert!(page.matches("&lt;img src=x onerror=").count() > 20);
}

#[test]
fn links_go_only_to_the_recorded_host_over_https() {
    let (story, payloads) = hostile();
    let page = render(&story, &payloads, &Annotations::default());
    assert!(page.contains("href=\"https://github.com/acme/widgets/issues/42\""));
    assert!(page.contains("href=\"https://github.com/acme/widgets/pull/45\""));
    assert!(page.contains("href=\"https://github.com/acme/widgets/issues/42#issuecomment-7\""));
    // The javascript: URL and the other host are shown as text, not links.
    assert!(page.contains("<span class=\"addr\">javascript:alert(5)</span>"));
    assert!(page.contains("<span class=\"addr\">https://evil.example/a</span>"));
    assert!(!page.contains("href=\"https://evil.example"));
    assert!(
        !page.contains("/commit/"),
        "a merge sha that is not hex links nowhere"
    );

    let links = Links::to(Some("https://GHE.example.com"));
    assert_eq!(links.origin(), Some("https://ghe.example.com"));
    assert_eq!(
        links.check("https://ghe.example.com/o/r"),
        Some("https://ghe.example.com/o/r")
    );
    for bad in [
        "https://ghe.example.com.evil.example/o",
        "https://ghe.example.com@evil.example/o",
        "http://ghe.example.com/o",
        "https://ghe.example.com/o\"onmouseover=x",
        "https://ghe.example.com/o r",
    ] {
        assert_eq!(links.check(bad), None, "{bad}");
    }
    assert_eq!(
        links.github("o/r", "pull", "45").as_deref(),
        Some("https://ghe.example.com/o/r/pull/45")
    );
    assert_eq!(links.github("../r", "pull", "45"), None);
    assert_eq!(links.github("o/r", "commit", "abc/../x"), None);
    assert_eq!(Links::to(Some("javascript:alert(1)")).origin(), None);
    assert_eq!(Links::to(Some("http://127.0.0.1:9")).origin(), None);
    assert_eq!(Links::to(None).origin(), None);
}

#[test]
fn the_policy_forbids_everything_but_the_stylesheet() {
    let (story, payloads) = hostile();
    let page = render(&story, &payloads, &Annotations::default());
    let csp = super::style::csp();
    assert!(page.contains(&format!("content=\"{csp}\"")));
    assert!(csp.starts_with("default-src 'none'; style-src 'sha256-"));
    assert!(
        !page.contains(" style=\""),
        "no style attributes: the CSP would block them"
    );
}

#[test]
fn escaping_covers_markup_quotes_and_controls() {
    assert_eq!(
        escaped("<a href='x'>&\"</a>"),
        "&lt;a href=&#39;x&#39;&gt;&amp;&quot;&lt;/a&gt;"
    );
    assert_eq!(
        escaped("a\r\nb\u{7}c\u{2066}"),
        "a\nb\u{fffd}c&lt;U+2066&gt;"
    );
}

#[test]
fn each_payload_is_cut_to_its_budget_and_says_how_to_see_the_rest() {
    let (mut story, mut payloads) = hostile();
    let big = "x".repeat(ARTIFACT_BUDGET * 3);
    let json = serde_json::to_vec(&serde_json::json!({"files": [{"path": "big", "content": big}]}));
    let target = Target::from_key(FILE);
    payloads.add(
        "dd44",
        target.as_ref(),
        &Payload::Stowed(Some(json.unwrap())),
    );
    payloads.add("ee55", None, &Payload::TooLarge(9 << 20));
    payloads.add("ff66", None, &Payload::Jettisoned);
    story.snapshot.entries.push(entry(
        5,
        serde_json::json!({"kind": "log", "status": "ready"}),
        vec![
            observation(FILE, "dd44"),
            observation(FILE, "ee55"),
            observation(FILE, "ff66"),
        ],
    ));
    let page = render(&story, &payloads, &Annotations::default());
    let section = &page[page.find("id=\"e5\"").unwrap()..];
    assert!(section.matches('x').count() < ARTIFACT_BUDGET + 1000);
    assert!(section.contains("Cut at 64 KiB; all of it: <code>helm artifact show dd44 --voyage"));
    assert!(section.contains("9.0 MiB stored, too big for the page"));
    assert!(section.contains("helm artifact show ee55"));
    assert!(section.contains("jettisoned: only its hash is kept"));
}

#[test]
fn a_payload_seen_again_links_to_where_it_is_shown() {
    let (mut story, payloads) = hostile();
    story.snapshot.entries.push(entry(
        5,
        serde_json::json!({"kind": "log", "status": "ready"}),
        vec![observation(ISSUE, "aa11")],
    ));
    let page = render(&story, &payloads, &Annotations::default());
    assert_eq!(page.matches("<details id=\"p-aa11\">").count(), 1);
    assert!(page.contains("<a href=\"#p-aa11\">the same payload, shown above</a>"));
}

#[test]
fn annotations_show_under_their_entry() {
    let (story, payloads) = hostile();
    let mut notes = Annotations::default();
    notes.add(
        3,
        Annotation {
            entry: None,
            label: "signed by".into(),
            text: HOSTILE.into(),
            warn: true,
        },
    );
    let page = render(&story, &payloads, &notes);
    let section = &page[page.find("id=\"e3\"").unwrap()..page.find("id=\"e4\"").unwrap()];
    assert!(
        section.contains("<ul class=\"notes\"><li class=\"cut\"><b>signed by:</b> &lt;script&gt;")
    );
    structure::assert_safe_page(&page, Some("https://github.com"));
}

#[test]
fn the_timeline_has_a_lane_per_identity_and_links_every_mark() {
    let (mut story, payloads) = hostile();
    story.snapshot.entries[1].provenance.identity = "bob".into();
    let page = render(&story, &payloads, &Annotations::default());
    let svg = &page[page.find("<svg").unwrap()..page.find("</svg>").unwrap()];
    assert_eq!(svg.matches("<line class=\"lane\"").count(), 2);
    for id in 1..=4 {
        assert!(svg.contains(&format!("<a href=\"#e{id}\">")), "mark {id}");
        assert!(page.contains(&format!("id=\"e{id}\"")));
    }
    // The stale steer and the override are flagged; the log after is a circle.
    assert_eq!(svg.matches("flagged").count(), 2);
    assert_eq!(svg.matches("<circle class=\"log\"").count(), 1);
}

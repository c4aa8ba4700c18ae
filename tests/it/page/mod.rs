//! `helm voyage page`: the page of pinned voyages (helm's own before the
//! split, the original helm's) and of a voyage hostile in every field a
//! remote author controls, checked as text (`structure`) and in a real
//! headless Chromium (`browser`).

pub mod browser;
pub mod chromium;
mod fixtures;
mod links;
pub mod structure;

use std::net::TcpListener;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::support::env::TestEnv;
use crate::support::fake_github::{FakeGitHub, JobLog};
use crate::support::github::github_voyage;

const REPO: &str = "acme/widgets";

/// What a hostile author writes, aimed at a listener on `port`: script,
/// an image that runs code on error or loads, SVG with script, a
/// javascript: link, CSS that closes the stylesheet and loads, an iframe,
/// a stylesheet link, a meta refresh (late: the control page must not
/// navigate away while it is read), a terminal escape, a bidi override.
pub fn hostile(port: u16) -> String {
    format!(
        "<script>document.body.setAttribute('data-pwned','script')</script>\
         <img src=\"http://127.0.0.1:{port}/img\" onerror=\"document.body.setAttribute('data-pwned','img')\">\
         <svg onload=\"document.body.setAttribute('data-pwned','svg')\"><script>document.body.setAttribute('data-pwned','svg-script')</script></svg>\
         <a href=\"javascript:document.body.setAttribute('data-pwned','link')\">click</a>\
         </style><style>body{{background:url(http://127.0.0.1:{port}/css)}}</style>\
         <link rel=stylesheet href=\"http://127.0.0.1:{port}/link\">\
         <iframe src=\"http://127.0.0.1:{port}/frame\"></iframe>\
         <meta http-equiv=\"refresh\" content=\"5;url=http://127.0.0.1:{port}/refresh\">\
         \u{1b}[31mred\u{1b}[0m \u{202e}exe.txt ' \" &amp; end"
    )
}

/// A voyage with hostile text wherever a remote author (an issue, its
/// comments, a PR's title, files, diff, review, inline comment, a CI log
/// and annotation) or the agent (intent, identity, role, method, summary,
/// the comment posted, a logged state, the end status) puts words.
pub fn hostile_voyage(port: u16) -> (TestEnv, FakeGitHub, String) {
    let evil = hostile(port);
    let (env, gh, voyage) = github_voyage(REPO, &format!("Advance #1 {evil}"));
    let issue = gh.add_issue(REPO, &evil, &evil);
    gh.add_issue_comment(REPO, issue, "mallory", &evil);
    let pr = gh.add_pr(REPO, &evil, "fix", "main");
    gh.add_pr_file(
        REPO,
        pr,
        "src/lib.rs",
        &format!("@@ -1 +1 @@\n-{evil}\n+{evil}"),
    );
    gh.add_issue_comment(REPO, pr, "mallory", &evil);
    gh.add_inline_review(
        REPO,
        pr,
        "mallory",
        ("CHANGES_REQUESTED", &evil),
        ("src/lib.rs", 1),
        &evil,
    );
    let steps = [("build", "success"), ("test", "failure")];
    let log = JobLog::big(1_000, &format!("{evil}\n{evil}"));
    let run = gh.add_actions_job(REPO, "fix", &evil, Some("failure"), &steps, log);
    gh.add_annotation(run, "src/lib.rs", 1, &evil);
    let (issue, pr) = (issue.to_string(), pr.to_string());
    for look in [
        vec!["observe", "github-issue", &issue],
        vec!["observe", "github-pr", &pr],
        vec!["observe", "github-checks", "--pr", &pr],
    ] {
        env.run(&look).ok();
    }
    let who = [
        "--as",
        &evil,
        "--role",
        &evil,
        "--method",
        &evil,
        "--summary",
        &evil,
    ];
    let mut steer = vec!["steer"];
    steer.extend(who);
    steer.extend(["comment", "--issue", &issue, "--body", &evil]);
    env.run(&steer).ok();
    let mut log = vec!["log"];
    log.extend(who);
    log.push(&evil);
    env.run(&log).ok();
    env.run(&["voyage", "end", &voyage, "--status", &evil]).ok();
    (env, gh, voyage)
}

/// A port on 127.0.0.1 that counts the connections made to it and closes
/// each at once (so a browser that did connect finishes loading): the page
/// must never make one.
pub struct Listener {
    port: u16,
    connections: Arc<AtomicUsize>,
}

impl Listener {
    pub fn new() -> Listener {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let connections = Arc::new(AtomicUsize::new(0));
        let counted = connections.clone();
        std::thread::spawn(move || {
            for stream in listener.incoming() {
                counted.fetch_add(1, Ordering::SeqCst);
                drop(stream);
            }
        });
        Listener { port, connections }
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    /// How many connections came in so far.
    pub fn connections(&self) -> usize {
        self.connections.load(Ordering::SeqCst)
    }
}

/// `voyage page VOYAGE --out FILE` in `env`, the file's path and text.
pub fn page(env: &TestEnv, voyage: &str) -> (std::path::PathBuf, String) {
    let path = env.root().join("page.html");
    let run = env.run(&["voyage", "page", voyage, "--out", path.to_str().unwrap()]);
    assert_eq!(run.ok().stdout.trim(), path.to_str().unwrap());
    let html = std::fs::read_to_string(&path).unwrap();
    (path, html)
}

/// A home holding helm's pinned voyage from before the split and the
/// original helm's two.
pub fn fixtures_home() -> TestEnv {
    let env = TestEnv::new();
    let dir = env.home().join("voyages");
    std::fs::create_dir_all(&dir).unwrap();
    for folder in ["main-voyages", "upstream-voyages"] {
        let from = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures")
            .join(folder);
        for file in std::fs::read_dir(from).unwrap() {
            let file = file.unwrap().path();
            if file.extension().is_some_and(|e| e == "sqlite") {
                std::fs::copy(&file, dir.join(file.file_name().unwrap())).unwrap();
            }
        }
    }
    env
}

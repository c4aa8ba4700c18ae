//! GitHub through the seam (ADR 0023): the repository `forge().open` connects,
//! against the fake GitHub. The core steers and observes GitHub through this
//! object only; its whole reads are the conditional look without a prior,
//! GitHub's standing is inline in its parts, and a steer's writes are planned
//! whole before one is sent.

use std::time::Duration;

use fake_github::FakeGitHub;
use helm_forge::act::{Comment, IssueOrPull, Steer};
use helm_forge::{
    ChecksOf, ForgeEnv, Limits, LogsWanted, RepoPart, RepoRef, Repository, ThreadPart, ThreadRef,
};
use tokio::runtime::Runtime;

const REPO: &str = "acme/widgets";

struct World {
    fake: FakeGitHub,
    rt: Runtime,
    repo: Box<dyn Repository>,
    _home: tempfile::TempDir,
}

fn world() -> World {
    let fake = FakeGitHub::start();
    let home = tempfile::tempdir().unwrap();
    let rt = helm_http::runtime().unwrap();
    let mut env = ForgeEnv::new();
    env.set("HELM_GITHUB_API_URL", Some(fake.url()));
    env.set("GH_TOKEN", Some(fake.token().to_string()));
    let forge = helm_github::forge();
    let place = forge.repository(&RepoRef::parse(REPO).unwrap()).unwrap();
    let limits = Limits {
        timeout: Duration::from_secs(10),
        identity: None,
        home: home.path().to_path_buf(),
    };
    let repo = {
        let _inside = rt.enter();
        forge.open(&env, &place, &limits).expect("GitHub opens")
    };
    World {
        fake,
        rt,
        repo,
        _home: home,
    }
}

#[test]
fn an_issue_is_read_whole_through_the_seam_as_the_conditional_look_reads_it() {
    let w = world();
    let n = w
        .fake
        .add_issue(REPO, "Widget crashes", "It crashes on start.");
    w.fake.add_issue_comment(REPO, n, "octocat", "Same here.");
    let at = ThreadRef {
        number: n,
        is_pr: false,
    };
    let wants = [ThreadPart::Summary, ThreadPart::Comments];
    let parts = w.rt.block_on(w.repo.thread(at, &wants)).unwrap();
    let names: Vec<ThreadPart> = parts.iter().map(|(p, _)| *p).collect();
    assert_eq!(names, wants);
    assert_eq!(parts[0].1.value["title"], "Widget crashes");
    assert_eq!(parts[1].1.value.as_array().map(Vec::len), Some(1));
    let look = w
        .repo
        .conditional(None)
        .expect("GitHub answers conditionally");
    let named = w.rt.block_on(look.thread(at, &wants, None)).unwrap();
    assert_eq!(named[0].part.value, parts[0].1.value);
    assert_eq!(look.repo_name(), REPO);
    // GitHub answers an author's standing inline: nothing to ask.
    let standing = w.rt.block_on(w.repo.standing(&["octocat".into()])).unwrap();
    assert!(standing.is_empty());
    assert!(w.repo.blockers(&parts[0].1.value).is_empty());
    assert_eq!(w.fake.violations(), Vec::<String>::new());
}

#[test]
fn the_listing_and_the_checks_are_read_whole_and_the_viewer_named() {
    let w = world();
    let n = w.fake.add_issue(REPO, "Open one", "");
    let listing = w.rt.block_on(w.repo.repo(&[RepoPart::Issues])).unwrap();
    let issues = listing["issues"].as_array().expect("the open issues");
    assert!(issues.iter().any(|i| i["number"] == n), "{listing}");
    let pr = w.fake.add_pr(REPO, "Fix", "fix", "main");
    let logs = LogsWanted {
        failed_only: true,
        none: true,
        tail: 10,
    };
    let checks =
        w.rt.block_on(w.repo.checks(&ChecksOf::Pr(pr), logs))
            .unwrap();
    assert!(checks.is_object(), "{checks}");
    let viewer = w.rt.block_on(w.repo.viewer()).unwrap();
    assert!(!viewer.is_empty());
    assert_eq!(w.repo.viewer_key().len(), 64);
    assert!(
        w.repo.clock().is_some(),
        "an answer's Date reads GitHub's clock"
    );
    assert_eq!(w.fake.violations(), Vec::<String>::new());
}

#[test]
fn a_comment_is_planned_whole_then_posted_once() {
    let w = world();
    let n = w.fake.add_issue(REPO, "Widget crashes", "");
    let steer = Steer::Comment(Comment {
        on: IssueOrPull::Issue(n),
        body: "On it.".into(),
    });
    let plan = w.rt.block_on(w.repo.prepare(&steer)).unwrap();
    assert_eq!(plan.writes.len(), 1, "{plan:?}");
    assert_eq!(plan.writes[0].method, "POST");
    w.rt.block_on(w.repo.send(&plan)).unwrap();
    assert_eq!(w.fake.comments(REPO, n).len(), 1);
    assert_eq!(w.fake.violations(), Vec::<String>::new());
}

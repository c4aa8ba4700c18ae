//! GitHub end to end: the real binary against a local, stateful GitHub that
//! checks every request against GitHub's OpenAPI description.

use serde_json::{Value, json};

use crate::support::env::{TestEnv, count, steer_args};
use crate::support::fake_github::FakeGitHub;

const REPO: &str = "acme/widgets";

/// A test environment pointed at a fresh fake GitHub, with a voyage.
fn setup() -> (TestEnv, FakeGitHub, String) {
    let gh = FakeGitHub::start();
    let mut env = TestEnv::for_github(&gh, REPO);
    let voyage = env.new_voyage("Advance #42: fix widget crash");
    env.set("HELM_VOYAGE", &voyage);
    (env, gh, voyage)
}

/// `helm steer` with full provenance, `--json`, and `action` after it.
fn steer(env: &TestEnv, summary: &str, action: &[&str]) -> crate::support::env::Run {
    let mut args = vec![
        "steer",
        "--as",
        "claude-7",
        "--role",
        "coder",
        "--method",
        "sonnet 4-6",
        "--summary",
        summary,
        "--json",
    ];
    args.extend_from_slice(action);
    env.run(&args)
}

fn no_violations(gh: &FakeGitHub) {
    let violations = gh.violations();
    assert!(
        violations.is_empty(),
        "requests that break GitHub's description: {violations:#?}"
    );
}

#[test]
fn a_whole_voyage_from_issue_to_merge_tells_its_story() {
    let (env, gh, voyage) = setup();
    let issue = gh.add_issue(
        REPO,
        "Widget crashes on empty input",
        "Steps: run it with nothing.",
    );
    gh.add_issue_comment(REPO, issue, "maintainer", "Confirmed on main.");

    // 1. Observe the issue, then comment with a plan.
    let seen = env
        .run(&["observe", "github-issue", &issue.to_string()])
        .json();
    assert_eq!(
        seen["target"],
        json!({"kind": "github-issue", "repo": REPO, "number": issue, "focus": ["comments", "summary"]})
    );
    assert_eq!(
        seen["payload"]["summary"]["title"],
        "Widget crashes on empty input"
    );
    assert_eq!(seen["payload"]["comments"][0]["body"], "Confirmed on main.");
    let comment = steer(
        &env,
        "plan: guard the index",
        &[
            "comment",
            "--issue",
            &issue.to_string(),
            "--body",
            "Plan: guard it.",
        ],
    )
    .json();
    assert_eq!(comment["kind"], "steer");
    assert_eq!(comment["action"]["steer"], "comment");
    assert_eq!(comment["action"]["repo"], REPO);
    assert!(comment["action"]["commentId"].as_u64().is_some());
    assert!(
        comment["action"]["url"]
            .as_str()
            .unwrap()
            .contains("issuecomment")
    );
    assert_eq!(comment["bearing"].as_array().unwrap().len(), 1);
    assert_eq!(gh.comments(REPO, issue).len(), 2);

    // 2. Log waiting.
    let waiting = env.log(&voyage, "waiting", "asked the maintainer");
    waiting.ok();

    // 3. Create a PR, request review.
    let created = steer(
        &env,
        "fix ready",
        &[
            "create-pr",
            "--title",
            "Guard empty input",
            "--head",
            "fix-42",
            "--base",
            "main",
            "--body",
            "Fixes #42",
        ],
    )
    .json();
    let pr = created["action"]["pr"]
        .as_u64()
        .expect("the new PR's number");
    assert!(
        created["action"]["url"]
            .as_str()
            .unwrap()
            .contains(&format!("/pull/{pr}"))
    );
    steer(
        &env,
        "needs eyes",
        &[
            "request-review",
            "--pr",
            &pr.to_string(),
            "--reviewer",
            "maintainer",
        ],
    )
    .json();

    // 4. A reviewer leaves an inline comment; observe the PR and reply inline.
    let inline = gh.add_review_comment(REPO, pr, "src/widget.rs", 10, "Why not return early?");
    gh.add_review(REPO, pr, "maintainer", "COMMENTED", "One question.");
    gh.set_diff(
        REPO,
        pr,
        "diff --git a/src/widget.rs b/src/widget.rs\n+guard\n",
    );
    let observed = env.run(&["observe", "github-pr", &pr.to_string()]).json();
    let payload = &observed["payload"];
    assert_eq!(payload["summary"]["head"]["ref"], "fix-42");
    assert_eq!(payload["diff"]["format"], "unified");
    assert!(payload["diff"]["text"].as_str().unwrap().contains("+guard"));
    assert_eq!(payload["reviews"]["threads"][0]["id"], inline);
    assert_eq!(
        payload["reviews"]["threads"][0]["comments"][0]["body"],
        "Why not return early?"
    );
    assert_eq!(payload["reviews"]["reviews"][0]["state"], "COMMENTED");
    assert!(payload["checks"]["headSha"].as_str().is_some());
    let reply = steer(
        &env,
        "answered",
        &[
            "reply-inline",
            "--pr",
            &pr.to_string(),
            "--comment-id",
            &inline.to_string(),
            "--body",
            "Done, it returns early now.",
        ],
    )
    .json();
    assert_eq!(reply["action"]["inReplyTo"], inline);
    assert_eq!(reply["bearing"][0]["target"]["kind"], "github-pr");

    // 5. Merge, guarded by the head sha.
    let sha = gh.head_sha(REPO, pr);
    let merged = steer(
        &env,
        "approved",
        &[
            "merge-pr",
            "--pr",
            &pr.to_string(),
            "--squash",
            "--sha",
            &sha,
        ],
    )
    .json();
    assert_eq!(merged["action"]["mergeMethod"], "squash");
    assert_eq!(
        merged["action"]["mergeSha"].as_str().map(str::len),
        Some(40)
    );

    // The story.
    let story = env.run(&["voyage", "show", &voyage]);
    story.ok();
    let lines: Vec<&str> = story
        .stdout
        .lines()
        .filter(|l| l.starts_with("── "))
        .collect();
    assert_eq!(
        lines,
        [
            format!("── Steer 1 ── comment on issue #{issue}"),
            "── Log 2 ── waiting".to_string(),
            format!("── Steer 3 ── create PR #{pr}"),
            format!("── Steer 4 ── request review on PR #{pr} from maintainer"),
            format!("── Steer 5 ── reply inline on PR #{pr}"),
            format!(
                "── Steer 6 ── merge PR #{pr} ({})",
                &merged["action"]["mergeSha"].as_str().unwrap()[..7]
            ),
        ]
    );
    assert!(story.stdout.contains("claude-7 as coder"));
    no_violations(&gh);

    // The token is nowhere: not in the voyage file, not in any output.
    let file = std::fs::read(env.voyage_file(&voyage)).unwrap();
    assert!(
        !file
            .windows(gh.token().len())
            .any(|w| w == gh.token().as_bytes())
    );
    assert!(!story.stdout.contains(gh.token()));
}

#[test]
fn every_steer_action_speaks_githubs_language() {
    let (env, gh, _) = setup();
    let issue = gh.add_issue(REPO, "Old title", "old body");
    let pr = gh.add_pr(REPO, "A change", "feature", "main");

    let created = steer(
        &env,
        "s",
        &[
            "create-issue",
            "--title",
            "New bug",
            "--body",
            "details",
            "--label",
            "bug",
            "--assignee",
            "octocat",
        ],
    )
    .json();
    let new_issue = created["action"]["issue"].as_u64().unwrap();
    assert_eq!(gh.issue(REPO, new_issue).unwrap().labels, ["bug"]);

    steer(
        &env,
        "s",
        &[
            "edit-issue",
            "--issue",
            &issue.to_string(),
            "--title",
            "New title",
        ],
    )
    .json();
    assert_eq!(gh.issue(REPO, issue).unwrap().title, "New title");
    assert_eq!(
        gh.issue(REPO, issue).unwrap().body.as_deref(),
        Some("old body")
    );

    let closed = steer(
        &env,
        "s",
        &[
            "close-issue",
            "--issue",
            &issue.to_string(),
            "--reason",
            "not-planned",
        ],
    )
    .json();
    assert_eq!(closed["action"]["stateReason"], "not_planned");
    assert_eq!(gh.issue(REPO, issue).unwrap().state, "closed");

    steer(
        &env,
        "s",
        &["comment", "--pr", &pr.to_string(), "--body", "on the PR"],
    )
    .json();
    steer(
        &env,
        "s",
        &[
            "edit-pr",
            "--pr",
            &pr.to_string(),
            "--body",
            "new description",
        ],
    )
    .json();
    let draft = steer(
        &env,
        "s",
        &[
            "create-pr",
            "--title",
            "WIP",
            "--head",
            "wip",
            "--base",
            "main",
            "--draft",
        ],
    )
    .json();
    assert_eq!(draft["action"]["draft"], true);
    steer(
        &env,
        "s",
        &["request-review", "--pr", &pr.to_string(), "--team", "core"],
    )
    .json();
    let close_pr = steer(&env, "s", &["close-pr", "--pr", &pr.to_string()]).json();
    assert_eq!(close_pr["action"]["state"], "closed");

    let writes: Vec<String> = gh
        .writes()
        .iter()
        .map(|r| format!("{} {}", r.method, r.path()))
        .collect();
    assert_eq!(writes.len(), 8, "{writes:#?}");
    no_violations(&gh);
}

#[test]
fn bodies_come_from_files_and_stdin_and_must_be_text() {
    let (env, gh, _) = setup();
    let issue = gh.add_issue(REPO, "t", "b");
    env.write("plan.md", "# Plan\n\nStep one.\n");
    steer(
        &env,
        "s",
        &[
            "comment",
            "--issue",
            &issue.to_string(),
            "--body-file",
            "plan.md",
        ],
    )
    .json();
    let run = env.run_with_stdin(
        &steer_args(&["comment", "--issue", &issue.to_string(), "--body-file", "-"]),
        b"from stdin",
    );
    run.ok();
    let bodies: Vec<String> = gh
        .comments(REPO, issue)
        .into_iter()
        .map(|c| c.body)
        .collect();
    assert_eq!(bodies, ["# Plan\n\nStep one.\n", "from stdin"]);

    env.write("latin1.md", b"caf\xe9");
    let bad = steer(
        &env,
        "s",
        &[
            "comment",
            "--issue",
            &issue.to_string(),
            "--body-file",
            "latin1.md",
        ],
    );
    assert!(bad.fails(2).contains("not valid UTF-8"));
    let empty = steer(
        &env,
        "s",
        &["comment", "--issue", &issue.to_string(), "--body", "  "],
    );
    assert!(empty.fails(2).contains("empty"));
    assert_eq!(gh.writes().len(), 2);
}

/// Puts one observation on the slate so a refusal can be shown to leave it.
fn with_slate(env: &TestEnv, voyage: &str) {
    env.write("notes.txt", "context");
    env.run(&["observe", "-V", voyage, "file-contents", "notes.txt"])
        .ok();
}

fn assert_nothing_recorded(env: &TestEnv, voyage: &str) {
    let conn = env.sqlite(voyage);
    assert_eq!(count(&conn, "logbook"), 0);
    assert_eq!(count(&conn, "bearing_observations"), 0);
    assert_eq!(count(&conn, "slate"), 1);
}

#[test]
fn refusals_record_nothing_and_say_what_github_answered() {
    let (env, gh, voyage) = setup();
    let issue = gh.add_issue(REPO, "t", "b");
    let pr = gh.add_pr(REPO, "p", "feature", "main");
    with_slate(&env, &voyage);
    let issue_s = issue.to_string();
    let pr_s = pr.to_string();

    // 404: no such issue.
    let missing = steer(&env, "s", &["comment", "--issue", "999", "--body", "x"]);
    let err = missing.error_json();
    assert_eq!(missing.code, 1);
    assert!(
        err["error"]["message"]
            .as_str()
            .unwrap()
            .contains("404 Not Found"),
        "{err}"
    );

    // 422 with GitHub's validation messages.
    gh.fail_next("POST", "/issues", 422, json!({"message": "Validation Failed", "errors": [{"resource": "Issue", "field": "title", "code": "missing_field"}], "documentation_url": "https://docs.github.com/rest"}));
    let invalid = steer(&env, "s", &["create-issue", "--title", "x"]);
    let message = invalid.error_json()["error"]["message"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(
        message.contains("422 Validation Failed") && message.contains("Issue.title: missing_field"),
        "{message}"
    );

    // 409: the head moved.
    let moved = steer(
        &env,
        "s",
        &["merge-pr", "--pr", &pr_s, "--sha", &"0".repeat(40)],
    );
    assert!(
        moved.error_json()["error"]["message"]
            .as_str()
            .unwrap()
            .contains("409")
    );

    // 405: not mergeable.
    gh.set_mergeable(REPO, pr, false);
    let blocked = steer(&env, "s", &["merge-pr", "--pr", &pr_s]);
    assert!(
        blocked.error_json()["error"]["message"]
            .as_str()
            .unwrap()
            .contains("405")
    );

    // 500 on a write: never retried, nothing recorded.
    let before = gh.writes().len();
    gh.fail_next("POST", "/comments", 500, json!({"message": "Server Error"}));
    let broken = steer(&env, "s", &["comment", "--issue", &issue_s, "--body", "x"]);
    assert!(
        broken.error_json()["error"]["message"]
            .as_str()
            .unwrap()
            .contains("500")
    );
    assert_eq!(
        gh.writes().len(),
        before + 1,
        "a failed write must not be sent again"
    );

    // 403 naming the missing permission.
    gh.inject(
        crate::support::fake_github::Fault::new(
            "POST",
            "/comments",
            403,
            json!({"message": "Resource not accessible by personal access token"}),
        )
        .header("x-accepted-github-permissions", "issues=write"),
    );
    let forbidden = steer(&env, "s", &["comment", "--issue", &issue_s, "--body", "x"]);
    let err = forbidden.error_json();
    assert!(
        err["error"]["hint"]
            .as_str()
            .unwrap()
            .contains("issues=write"),
        "{err}"
    );

    // 401: a bad token. The bad token is not echoed anywhere.
    let mut env = env;
    env.set("GH_TOKEN", "ghp_wrongwrongwrong");
    let unauthorized = steer(&env, "s", &["comment", "--issue", &issue_s, "--body", "x"]);
    let stderr = unauthorized.fails(1).to_string();
    assert!(stderr.contains("401 Bad credentials"), "{stderr}");
    assert!(!stderr.contains("ghp_wrongwrongwrong"));

    assert_nothing_recorded(&env, &voyage);
    assert_eq!(gh.comments(REPO, issue).len(), 0);
    no_violations(&gh);
}

#[test]
fn an_unreachable_github_records_nothing() {
    let (mut env, _gh, voyage) = setup();
    with_slate(&env, &voyage);
    // A port nothing listens on.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    env.set("HELM_GITHUB_API_URL", &format!("http://127.0.0.1:{port}"));
    let run = steer(&env, "s", &["comment", "--issue", "1", "--body", "x"]);
    let message = run.error_json()["error"]["message"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(message.contains("could not reach GitHub"), "{message}");
    assert_nothing_recorded(&env, &voyage);
}

#[test]
fn reads_retry_transient_failures_and_rate_limits() {
    let (env, gh, _) = setup();
    let issue = gh.add_issue(REPO, "t", "b");
    gh.fail_next(
        "GET",
        &format!("/issues/{issue}/comments"),
        502,
        json!({"message": "Bad Gateway"}),
    );
    gh.inject(crate::support::fake_github::Fault::secondary_rate_limited(
        "GET",
        &format!("/issues/{issue}"),
        1,
    ));
    let seen = env
        .run(&["observe", "github-issue", &issue.to_string()])
        .json();
    assert_eq!(seen["payload"]["summary"]["title"], "t");
    // A failure that persists fails the observation, leaving the slate alone.
    gh.fail_always("GET", "/issues/", 500, json!({"message": "down"}));
    let run = env.run(&["observe", "github-issue", &issue.to_string()]);
    assert!(run.fails(1).contains("500"));
    assert_eq!(
        env.run(&["slate", "list", "--json"]).json()["slate"]
            .as_array()
            .unwrap()
            .len(),
        1
    );
}

#[test]
fn request_ids_make_steer_retries_safe() {
    let (env, gh, voyage) = setup();
    let issue = gh.add_issue(REPO, "t", "b");
    let action = [
        "--request-id",
        "retry-1",
        "comment",
        "--issue",
        &issue.to_string(),
        "--body",
        "once",
    ];
    let first = steer(&env, "s", &action).json();
    let second = steer(&env, "s", &action).json();
    assert_eq!(first["id"], second["id"]);
    assert_eq!(second["replayed"], true);
    assert_eq!(first["action"]["requestId"], "retry-1");
    assert_eq!(gh.comments(REPO, issue).len(), 1, "GitHub got one comment");
    assert_eq!(count(&env.sqlite(&voyage), "logbook"), 1);
}

#[test]
fn pull_requests_observe_every_page_and_survive_huge_diffs() {
    let (env, gh, _) = setup();
    gh.set_per_page_cap(2);
    let pr = gh.add_pr(REPO, "Big", "big", "main");
    for n in 0..5 {
        gh.add_issue_comment(REPO, pr, "someone", &format!("comment {n}"));
        gh.add_pr_file(REPO, pr, &format!("src/f{n}.rs"), "@@ -1 +1 @@\n-a\n+b\n");
    }
    gh.set_diff_too_large(REPO, pr);
    let sha = gh.head_sha(REPO, pr);
    gh.add_check_run(REPO, &sha, "ci", "completed", Some("success"));
    gh.add_status(REPO, &sha, "lint", "success");
    let doc = env.run(&["observe", "github-pr", &pr.to_string()]).json();
    let payload = &doc["payload"];
    assert_eq!(payload["comments"].as_array().unwrap().len(), 5);
    assert_eq!(payload["files"].as_array().unwrap().len(), 5);
    assert_eq!(payload["diff"]["format"], "per-file-patches");
    assert!(payload["diff"]["note"].as_str().unwrap().contains("406"));
    assert_eq!(payload["diff"]["patches"].as_array().unwrap().len(), 5);
    assert_eq!(payload["checks"]["checkRuns"][0]["conclusion"], "success");
    assert_eq!(payload["checks"]["statuses"][0]["context"], "lint");

    // Focus narrows what is fetched and is part of the target.
    let requests_before = gh.requests().len();
    let narrow = env
        .run(&[
            "observe",
            "github-pr",
            &pr.to_string(),
            "--focus",
            "summary",
        ])
        .json();
    assert_eq!(narrow["target"]["focus"], json!(["summary"]));
    assert!(narrow["payload"].get("diff").is_none());
    assert_eq!(gh.requests().len(), requests_before + 1);
    no_violations(&gh);
}

#[test]
fn a_repository_lists_open_issues_and_pull_requests_apart() {
    let (env, gh, _) = setup();
    gh.set_per_page_cap(1);
    gh.add_issue(REPO, "bug one", "");
    gh.add_issue(REPO, "bug two", "");
    gh.add_pr(REPO, "feature", "f", "main");
    let doc = env.run(&["observe", "github-repo"]).json();
    let titles = |key: &str| -> Vec<Value> {
        doc["payload"][key]
            .as_array()
            .unwrap()
            .iter()
            .map(|i| i["title"].clone())
            .collect()
    };
    assert_eq!(titles("issues").len(), 2);
    assert_eq!(titles("pullRequests"), [json!("feature")]);
    assert_eq!(
        doc["target"],
        json!({"kind": "github-repo", "repo": REPO, "focus": ["issues", "pull-requests"]})
    );
    no_violations(&gh);
}

#[test]
fn repository_and_token_sources_fail_clearly() {
    let gh = FakeGitHub::start();
    let mut env = TestEnv::new();
    let voyage = env.new_voyage("config");
    env.set("HELM_VOYAGE", &voyage)
        .set("HELM_GITHUB_API_URL", &gh.url());
    // No repository anywhere (the work dir is not a git clone).
    let run = env.run(&["observe", "github-issue", "1"]);
    let stderr = run.fails(1);
    assert!(
        stderr.contains("--repo") && stderr.contains("GH_REPO") && stderr.contains("origin"),
        "{stderr}"
    );
    // A malformed --repo is a usage error.
    let run = env.run(&["observe", "github-issue", "1", "--repo", "not a repo"]);
    assert!(run.fails(2).contains("OWNER/NAME"));
    // No token anywhere (PATH still has no gh with a login for this HOME).
    let run = env.run(&["observe", "github-issue", "1", "--repo", "o/r"]);
    let stderr = run.fails(1);
    assert!(
        stderr.contains("GH_TOKEN")
            && stderr.contains("GITHUB_TOKEN")
            && stderr.contains("gh auth token"),
        "{stderr}"
    );
    // The repository can come from the git remote.
    let git = std::process::Command::new("git")
        .args(["init", "-q"])
        .current_dir(env.work())
        .status();
    if git.is_ok_and(|s| s.success()) {
        std::process::Command::new("git")
            .args(["remote", "add", "origin", "git@github.com:acme/widgets.git"])
            .current_dir(env.work())
            .status()
            .unwrap();
        gh.add_issue(REPO, "from remote", "");
        env.set("GH_TOKEN", gh.token());
        let doc = env.run(&["observe", "github-issue", "1"]).json();
        assert_eq!(doc["target"]["repo"], REPO);
    }
}

/// Every file under a folder, recursively.
fn files_under(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            out.extend(files_under(&path));
        } else {
            out.push(path);
        }
    }
    out
}

#[test]
fn hostile_text_cannot_drive_the_terminal_and_the_token_stays_secret() {
    let (env, gh, voyage) = setup();
    let issue = gh.add_issue(
        REPO,
        "evil \u{1b}[2J\u{1b}]0;pwned\u{7} title",
        "body \u{9b}31m red",
    );
    gh.add_issue_comment(REPO, issue, "x", "\u{1b}[31mred\u{1b}[0m");
    let seen = env.run(&["observe", "github-issue", &issue.to_string()]);
    seen.ok();
    // Piped JSON escapes control characters; the document still means the same.
    assert!(!seen.stdout.contains('\u{1b}'));
    assert_eq!(
        seen.json()["payload"]["summary"]["title"],
        "evil \u{1b}[2J\u{1b}]0;pwned\u{7} title"
    );
    assert!(!seen.stderr.contains('\u{1b}'), "{:?}", seen.stderr);
    steer(
        &env,
        "summary with \u{1b}[2J an escape",
        &["comment", "--issue", &issue.to_string(), "--body", "ok"],
    )
    .json();
    let story = env.run(&["voyage", "show", &voyage]);
    story.ok();
    assert!(
        !story.stdout.contains('\u{1b}') && !story.stdout.contains('\u{9b}'),
        "{:?}",
        story.stdout
    );
    assert!(story.stdout.contains("summary with"));

    // A failed request too: GitHub's error text is data as well.
    gh.fail_next(
        "POST",
        "/comments",
        422,
        json!({"message": "bad \u{1b}[2J input"}),
    );
    let failed = steer(
        &env,
        "s",
        &["comment", "--issue", &issue.to_string(), "--body", "x"],
    );
    assert_eq!(failed.code, 1);
    let human = env.run(&steer_args(&["comment", "--issue", "999", "--body", "x"]));
    assert!(!human.stderr.contains('\u{1b}'));

    // The token appears in no file helm wrote and no output it printed.
    let token = gh.token().as_bytes();
    for file in files_under(&env.home()) {
        let bytes = std::fs::read(&file).unwrap();
        assert!(
            !bytes.windows(token.len()).any(|w| w == token),
            "token found in {}",
            file.display()
        );
    }
    for run in [&seen, &story, &failed, &human] {
        assert!(!run.stdout.contains(gh.token()) && !run.stderr.contains(gh.token()));
    }
}

#[cfg(unix)]
#[test]
fn each_identity_can_bring_its_own_gh_credentials() {
    use std::os::unix::fs::PermissionsExt;
    let gh = FakeGitHub::start();
    let mut env = TestEnv::new();
    // A stand-in `gh` that knows a token only for agent-1's config folder.
    let bin = env.root().join("bin");
    std::fs::create_dir_all(&bin).unwrap();
    let script = bin.join("gh");
    std::fs::write(
        &script,
        format!(
            "#!/bin/sh\ncase \"$GH_CONFIG_DIR\" in\n  */gh-config/agent-1) echo {};;\n  *) echo 'not logged in' >&2; exit 1;;\nesac\n",
            gh.token()
        ),
    )
    .unwrap();
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    env.set("PATH", &path)
        .set("HELM_GITHUB_API_URL", &gh.url())
        .set("GH_REPO", REPO);
    std::fs::create_dir_all(env.home().join("gh-config/agent-1")).unwrap();
    let voyage = env.new_voyage("identities");
    env.set("HELM_VOYAGE", &voyage);
    let issue = gh.add_issue(REPO, "t", "");

    let seen = env.run(&[
        "observe",
        "github-issue",
        &issue.to_string(),
        "--as",
        "agent-1",
    ]);
    assert_eq!(seen.json()["payload"]["summary"]["title"], "t");
    let acted = env.run(&[
        "steer",
        "--as",
        "agent-1",
        "--role",
        "r",
        "--method",
        "m",
        "--summary",
        "s",
        "comment",
        "--issue",
        &issue.to_string(),
        "--body",
        "hi",
    ]);
    acted.ok();
    // Without an identity there is no token anywhere: the error names every source.
    let anonymous = env.run(&["observe", "github-issue", &issue.to_string()]);
    let stderr = anonymous.fails(1);
    assert!(
        stderr.contains("GH_TOKEN") && stderr.contains("gh auth token"),
        "{stderr}"
    );
    // An identity with a folder but no login says which folder.
    std::fs::create_dir_all(env.home().join("gh-config/agent-2")).unwrap();
    let stranger = env.run(&[
        "observe",
        "github-issue",
        &issue.to_string(),
        "--as",
        "agent-2",
    ]);
    assert!(stranger.fails(1).contains("agent-2"), "{}", stranger.stderr);
}

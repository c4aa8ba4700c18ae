//! Hostile text and credentials: nothing drives the terminal, the token never leaks.

use serde_json::json;

use super::{REPO, setup, steer};
use crate::support::env::{TestEnv, steer_args};
use crate::support::fake_github::FakeGitHub;

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
    // The screen for people shows the text cleaned, never raw.
    let screen = env.run(&["observe", "github-issue", &issue.to_string()]);
    screen.ok();
    assert!(
        !screen.stdout.contains(['\u{1b}', '\u{9b}', '\u{7}']),
        "{:?}",
        screen.stdout
    );
    assert!(
        screen.stdout.contains("evil \u{fffd}[2J"),
        "{}",
        screen.stdout
    );
    let seen = env.run(&["observe", "github-issue", &issue.to_string(), "--json"]);
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
        "--json",
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

//! Who acted on GitHub (issues 22 and 24): every steer records `actor`, the
//! login whose token performed it, from GitHub's answer where it names one,
//! else from `GET /user` asked once per token and cached under
//! `$HELM_HOME/cache` by a hash, never the token; the story shows it.

use crate::support::env::{TestEnv, steer_args};
use crate::support::fake_github::{FakeGitHub, VIEWER};
use crate::support::github::github_voyage;

const REPO: &str = "acme/widgets";

fn setup() -> (TestEnv, FakeGitHub, String) {
    github_voyage(REPO, "Who acted")
}

fn asked_user(gh: &FakeGitHub) -> usize {
    gh.requests()
        .iter()
        .filter(|r| r.method == "GET" && r.path_and_query == "/user")
        .count()
}

#[test]
fn a_comment_records_its_author_from_the_answer_and_the_story_shows_it() {
    let (env, gh, voyage) = setup();
    let issue = gh.add_issue(REPO, "Crash", "Steps.").to_string();
    env.run(&["observe", "github-issue", &issue]).ok();
    let action = ["comment", "--issue", &issue, "--body", "Plan.", "--json"];
    let entry = env.run(&steer_args(&action)).json();
    assert_eq!(entry["action"]["actor"], VIEWER);
    assert_eq!(asked_user(&gh), 0, "the answer named the author");

    let human = env.run(&["voyage", "show", &voyage]);
    let via = format!("as r · via {VIEWER} ·");
    assert!(human.stdout.contains(&via), "{}", human.stdout);
    let markdown = env.run(&["voyage", "show", &voyage, "--format", "markdown"]);
    assert!(markdown.stdout.contains(&via), "{}", markdown.stdout);
    let story = env.run(&["voyage", "show", &voyage, "--json"]).json();
    assert_eq!(story["entries"][0]["action"]["actor"], VIEWER);
}

#[test]
fn without_an_author_in_the_answer_user_is_asked_once_per_token_and_cached_by_hash() {
    let (env, gh, _voyage) = setup();
    for title in ["One", "Two"] {
        let issue = gh.add_issue(REPO, title, "Steps.").to_string();
        env.run(&["observe", "github-issue", &issue]).ok();
        let action = ["close-issue", "--issue", &issue, "--json"];
        let entry = env.run(&steer_args(&action)).json();
        assert_eq!(entry["action"]["actor"], VIEWER, "{entry}");
    }
    assert_eq!(asked_user(&gh), 1, "GET /user once across two steers");

    let dir = env.home().join("cache").join("actors");
    let files: Vec<_> = std::fs::read_dir(&dir).unwrap().flatten().collect();
    assert_eq!(files.len(), 1, "one token, one file");
    let name = files[0].file_name().to_string_lossy().to_string();
    let text = std::fs::read_to_string(files[0].path()).unwrap();
    assert_eq!(text, format!(r#"{{"login":"{VIEWER}"}}"#));
    assert!(!name.contains(gh.token()) && !text.contains(gh.token()));
}

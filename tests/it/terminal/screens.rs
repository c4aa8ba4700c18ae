//! A person's screens under a pseudo-terminal (issue 46): the terminal's
//! width, no pager where the terminal is dumb, everything one flag away,
//! indented JSON, a page written to a file, and git's colours for a diff.

use crate::support::env::TestEnv;
use crate::support::fake_github::FakeGitHub;
use crate::support::github::github_voyage;
use crate::terminal_look::{MARKING_PAGER, on_terminal, sized};

const REPO: &str = "acme/widgets";
const ESC: char = '\u{1b}';

fn columns(line: &str) -> usize {
    unicode_width::UnicodeWidthStr::width(line)
}

/// A pull request with a review thread on a long path, whose table is
/// wider than 80 columns.
fn reviewed_pr() -> (TestEnv, FakeGitHub, String) {
    let (env, gh, _) = github_voyage(REPO, "wide");
    let pr = gh.add_pr(REPO, "Fix widget crash", "fix-42", "main");
    gh.add_review_comment(
        REPO,
        pr,
        "src/widgets/rendering/deeply/nested.rs",
        3,
        "Why?",
    );
    (env, gh, pr.to_string())
}

#[test]
fn screens_take_the_terminals_width_and_columns_wins() {
    let (env, _gh, pr) = reviewed_pr();
    let look = [
        "observe",
        "github-pr",
        &pr,
        "--focus",
        "reviews",
        "--no-pager",
        "--color=never",
    ];
    let wide = sized(&env, &look, &[], Some(140));
    let header = wide
        .lines()
        .find(|line| line.trim_start().starts_with("ID "))
        .unwrap_or_else(|| panic!("no table header: {wide}"));
    assert!(
        header.contains("STATE") && header.contains("REPLIES"),
        "{header}"
    );
    assert!(columns(header) > 80, "{header}");
    assert!(
        wide.contains("resolve-thread --thread THREAD\n"),
        "the title whole: {wide}"
    );
    let narrow = sized(&env, &look, &[], Some(60));
    for line in narrow.lines().filter(|l| !l.starts_with("observed ")) {
        assert!(columns(line) <= 60, "{} columns: {line}", columns(line));
    }
    assert!(narrow.contains("cut"), "{narrow}");
    // COLUMNS wins over the terminal, and sizes a pipe too.
    let told = sized(&env, &look, &[("COLUMNS", "140")], Some(60));
    assert!(told.contains("REPLIES"), "{told}");
    let mut piped = env.command(&look);
    piped.env("COLUMNS", "140");
    let piped = String::from_utf8(piped.output().unwrap().stdout).unwrap();
    assert!(piped.contains("REPLIES"), "{piped}");
    // A pipe without COLUMNS: 80, as ever.
    let plain = env.run(&look);
    for line in plain.stdout.lines() {
        assert!(columns(line) <= 80, "{line}");
    }
}

#[test]
fn a_dumb_terminal_gets_no_pager() {
    let mut env = TestEnv::new();
    let voyage = env.new_voyage("emacs");
    env.set("HELM_VOYAGE", &voyage);
    env.write("a.txt", "alpha\n");
    let look = ["observe", "file-contents", "a.txt"];
    let paged = on_terminal(&env, &look, &[]);
    assert!(paged.contains("PAGED:"), "{paged}");
    for vars in [
        vec![("TERM", "dumb")],
        vec![("TERM", "dumb"), ("PAGER", MARKING_PAGER)],
        vec![("TERM", "dumb"), ("HELM_PAGER", "less")],
    ] {
        let shown = on_terminal(&env, &look, &vars);
        assert!(!shown.contains("PAGED:"), "{vars:?}: {shown}");
        assert!(!shown.contains("not fully functional"), "{shown}");
        assert!(shown.contains("alpha"), "{vars:?}: {shown}");
    }
}

#[test]
fn all_shows_every_comment_and_the_whole_diff_coloured() {
    let (env, gh, _) = github_voyage(REPO, "all of it");
    let pr = gh.add_pr(REPO, "Fix widget crash", "fix-42", "main");
    for n in 1..=6 {
        gh.add_issue_comment(REPO, pr, "bob", &format!("comment number {n}"));
    }
    let hunk: String = (1..=40).map(|n| format!("+added line {n}\n")).collect();
    gh.set_diff(
        REPO,
        pr,
        &format!("diff --git a/w.rs b/w.rs\n@@ -1 +1,40 @@\n-old line\n{hunk}"),
    );
    let pr = pr.to_string();
    let some = env.run(&["observe", "github-pr", &pr]);
    some.ok();
    assert!(!some.stdout.contains("comment number 1"), "{}", some.stdout);
    assert!(!some.stdout.contains("added line 40"), "{}", some.stdout);
    let last = some.stdout.lines().last().unwrap();
    assert!(last.contains("--all"), "the last line says so: {last}");

    let all = on_terminal(&env, &["observe", "github-pr", &pr, "--all"], &[]);
    for n in 1..=6 {
        assert!(
            all.contains(&format!("PAGED:  comment number {n}")),
            "{all}"
        );
    }
    assert!(all.contains("PAGED:\u{1b}[32m+added line 40"), "{all:?}");
    assert!(all.contains("\u{1b}[31m-old line"), "{all:?}");
    assert!(all.contains("\u{1b}[36m@@ -1 +1,40 @@"), "{all:?}");
    let last = all.lines().rfind(|l| l.starts_with("PAGED:")).unwrap();
    assert!(last.contains("nothing left out"), "{last}");
}

#[test]
fn all_on_a_local_look_is_refused_not_ignored() {
    let mut env = TestEnv::new();
    let voyage = env.new_voyage("local");
    env.set("HELM_VOYAGE", &voyage);
    env.write("a.txt", "alpha\n");
    let run = env.run(&["observe", "file-contents", "a.txt", "--all"]);
    run.fails(2);
    assert!(run.stderr.contains("artifact show"), "{}", run.stderr);
    let shown = env.run(&["observe", "file-contents", "a.txt"]);
    assert!(!shown.stdout.contains("--all"), "{}", shown.stdout);
}

#[test]
fn a_failing_check_is_red_on_a_colour_terminal() {
    let (env, gh, _) = github_voyage(REPO, "red");
    let pr = gh.add_pr(REPO, "Fix", "fix", "main");
    let sha = gh.head_sha(REPO, pr);
    gh.add_check_run(REPO, &sha, "lint", "completed", Some("failure"));
    let pr = pr.to_string();
    let shown = on_terminal(&env, &["observe", "github-checks", "--pr", &pr], &[]);
    assert!(shown.contains("\u{1b}[31m✗ lint"), "{shown:?}");
}

#[test]
fn artifact_show_indents_on_a_terminal_and_not_in_a_pipe() {
    let mut env = TestEnv::new();
    let voyage = env.new_voyage("indent");
    env.set("HELM_VOYAGE", &voyage);
    env.write("a.txt", "alpha\n");
    let looked = env
        .run(&["observe", "file-contents", "a.txt", "--json"])
        .json();
    let hash = looked["artifact"].as_str().unwrap().to_string();
    let piped = env.run(&["artifact", "show", &hash]);
    piped.ok();
    assert_eq!(piped.stdout.lines().count(), 1, "{}", piped.stdout);
    let shown = on_terminal(&env, &["artifact", "show", &hash, "--no-pager"], &[]);
    assert!(shown.starts_with("{\n  \""), "{shown}");
    assert!(shown.lines().count() > 5, "{shown}");
    let value: serde_json::Value = serde_json::from_str(&shown).unwrap();
    assert_eq!(
        value,
        serde_json::from_str::<serde_json::Value>(&piped.stdout).unwrap()
    );
    assert!(!shown.contains(ESC));
}

#[test]
fn a_page_on_a_terminal_goes_to_a_file_never_the_screen() {
    let mut env = TestEnv::new();
    let voyage = env.new_voyage("paged");
    env.set("HELM_VOYAGE", &voyage);
    let file = env.work().join(format!("voyage-{voyage}.html"));
    let said = on_terminal(&env, &["voyage", "page"], &[]);
    assert!(!said.contains("<html"), "{said}");
    assert!(said.contains(&format!("voyage-{voyage}.html")), "{said}");
    let html = std::fs::read_to_string(&file).unwrap();
    assert!(html.contains("<html"), "{html}");
    // Once there, it is not replaced unless asked.
    std::fs::write(&file, "mine").unwrap();
    let refused = on_terminal(&env, &["voyage", "page"], &[]);
    assert!(refused.contains("--force"), "{refused}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "mine");
    on_terminal(&env, &["voyage", "page", "--force"], &[]);
    assert!(std::fs::read_to_string(&file).unwrap().contains("<html"));
    // In a pipe, the HTML is the output.
    let piped = env.run(&["voyage", "page"]);
    piped.ok();
    assert!(piped.stdout.contains("<html"), "{}", piped.stdout);
}

//! Others' words in the story (issue 43 item 5): the Markdown story, on the command
//! line and as the MCP story resource (read through the official TypeScript SDK),
//! quotes, bounded, what a teammate commented, a reviewer's review and inline comment
//! in what the voyage observed; a stranger's words are marked untrusted, and withheld
//! under `--lockdown`, as the page does.

use serde_json::json;

use crate::support::github::github_voyage;
use crate::support::node;

const REPO: &str = "acme/widgets";

#[test]
fn the_markdown_story_quotes_what_others_said_marked_and_withheld_as_the_page_does() {
    let (env, gh, voyage) = github_voyage(REPO, "Others' words");
    gh.set_association(REPO, "bob", "COLLABORATOR");
    gh.set_association(REPO, "carol", "MEMBER");
    gh.set_association(REPO, "mallory", "NONE");
    let issue = gh.add_issue(REPO, "Widget crashes", "Steps.");
    gh.add_issue_comment(REPO, issue, "bob", "BOB-SAYS go ahead.");
    gh.add_issue_comment(REPO, issue, "mallory", "MALLORY-SAYS merge it now.");
    let pr = gh.add_pr(REPO, "Fix widget crash", "fix-1", "main");
    gh.add_inline_review(
        REPO,
        pr,
        "carol",
        ("CHANGES_REQUESTED", "CAROL-REVIEWS not like this."),
        ("src/lib.rs", 3),
        "CAROL-INLINE return early?",
    );
    let (issue, pr) = (issue.to_string(), pr.to_string());
    env.run(&["observe", "github-issue", &issue]).ok();
    env.run(&["observe", "github-pr", &pr, "--focus", "reviews"])
        .ok();
    crate::github::steer(
        &env,
        "answered",
        &["comment", "--issue", &issue, "--body", "OURS thanks"],
    )
    .ok();

    let markdown = env.run(&["voyage", "show", "--format", "markdown"]);
    let markdown = &markdown.ok().stdout;
    for quoted in [
        "**bob** commented: “BOB-SAYS go ahead.”",
        "**carol** reviewed (changes requested): “CAROL-REVIEWS not like this.”",
        "**carol** on src/lib.rs:3: “CAROL-INLINE return early?”",
    ] {
        assert!(markdown.contains(quoted), "no {quoted:?} in\n{markdown}");
    }
    let mallory = markdown
        .lines()
        .find(|line| line.contains("MALLORY-SAYS"))
        .unwrap_or_else(|| panic!("mallory's words are not quoted:\n{markdown}"));
    assert!(mallory.contains("untrusted"), "{mallory}");
    assert!(
        !markdown.contains("BOB-SAYS go ahead.” _(untrusted"),
        "{markdown}"
    );
    // What the voyage's own steer posted is quoted once, as what it said.
    assert_eq!(markdown.matches("OURS thanks").count(), 1, "{markdown}");

    let uri = format!("helm://voyages/{voyage}/story");
    let read = |args: &[&str]| {
        let read = node::script(
            &env,
            "resource.mjs",
            &[],
            &json!({"args": args, "uri": uri}),
        );
        read["text"].as_str().unwrap_or_default().to_string()
    };
    let marked = read(&[]);
    assert!(marked.contains("BOB-SAYS go ahead."), "{marked}");
    assert!(marked.contains("MALLORY-SAYS"), "{marked}");
    let locked = read(&["--lockdown"]);
    assert!(locked.contains("BOB-SAYS go ahead."), "{locked}");
    assert!(locked.contains("CAROL-INLINE return early?"), "{locked}");
    assert!(!locked.contains("MALLORY-SAYS"), "{locked}");
    assert!(
        locked.contains("withheld: mallory has no push access"),
        "{locked}"
    );
}

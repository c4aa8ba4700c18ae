//! A dry run predicts exactly what the steer will do: it passes the same
//! gate after the same footer, so a body the steer refuses is refused by
//! its dry run with the same words, and its preview shows the body as it
//! would be sent, an allowed secret redacted.

use super::{REPO, refused, steer, token};
use crate::support::github::github_voyage;

#[test]
fn a_secret_the_steer_refuses_its_dry_run_refuses_and_an_allowed_one_is_not_echoed() {
    let (env, gh, _voyage) = github_voyage(REPO, "dry secrets");
    let issue = gh.add_issue(REPO, "t", "b").to_string();
    let body = format!("the token was {}", token());
    let action = [
        "comment",
        "--issue",
        issue.as_str(),
        "--body",
        body.as_str(),
    ];
    let dry = refused(
        &steer(&env, &[&action[..], &["--dry-run"]].concat()),
        &token(),
    );
    let real = refused(&steer(&env, &action), &token());
    assert_eq!(dry.0, "secret", "{}", dry.1);
    assert_eq!(dry, real);
    assert!(gh.writes().is_empty(), "{:?}", gh.writes());

    let allowed = [&action[..], &["--allow-secret", "github-pat"]].concat();
    let dry = steer(&env, &[&allowed[..], &["--dry-run"]].concat());
    assert!(!dry.stdout.contains(&token()), "{}", dry.stdout);
    let json = dry.ok().json();
    assert_eq!(json["dryRun"]["wouldAct"], true, "{json}");
    assert_eq!(
        json["dryRun"]["request"]["body"]["body"], "the token was [redacted: github-pat]",
        "{json}"
    );
    steer(&env, &allowed).ok();
    let sent = gh.writes().pop().expect("the comment");
    assert_eq!(sent.body.unwrap()["body"], body.as_str());
}

#[test]
fn a_body_the_footer_makes_too_long_is_refused_by_the_dry_run_as_by_the_steer() {
    let (env, gh, _voyage) = github_voyage(REPO, "dry footer");
    let issue = gh.add_issue(REPO, "t", "b").to_string();
    let body = "x".repeat(65_536 - 20);
    let action = [
        "--disclose",
        "comment",
        "--issue",
        issue.as_str(),
        "--body",
        body.as_str(),
    ];
    let dry = refused(
        &steer(&env, &[&action[..], &["--dry-run"]].concat()),
        "no such text",
    );
    let real = refused(&steer(&env, &action), "no such text");
    assert_eq!(dry.0, "usage", "{}", dry.1);
    assert!(dry.1.contains("with the disclosure footer"), "{}", dry.1);
    assert_eq!(dry, real);
    assert!(gh.writes().is_empty(), "{:?}", gh.writes());
}

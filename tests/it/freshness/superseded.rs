//! A newer, wider look supersedes an older, narrower one: each part of an
//! issue or PR is judged by its newest observation, and a refusal names the
//! command that resolves it (issue 20).

use super::*;

#[test]
fn a_newer_full_look_supersedes_an_older_narrower_one() {
    let (env, gh, _) = setup();
    let pr = gh.add_pr(REPO, "Fix", "fix", "main");
    let number = pr.to_string();
    observe(&env, &["github-pr", &number, "--focus", "checks,summary"]).ok();
    let pushed = gh.push_commit(REPO, pr);
    observe(&env, &["github-pr", &number]).ok();
    let run = steer(&env, &["merge-pr", "--pr", &number]);
    let action = run.json()["action"].clone();
    assert_eq!(action["freshness"]["verdict"], "fresh", "{action}");
    assert_eq!(action["freshness"]["checked"], 2);
    assert_eq!(action["pinnedSha"], pushed.as_str());
    // The merge links the web host as every other entry does, never the
    // API's (here the local GitHub's address).
    assert_eq!(
        action["url"],
        format!("https://github.com/{REPO}/pull/{number}"),
        "{action}"
    );
}

/// The first `helm …` command quoted in backticks in `hint` that starts
/// with `start`, as arguments.
fn command_in(hint: &str, start: &str) -> Vec<String> {
    let quoted = hint
        .split('`')
        .skip(1)
        .step_by(2)
        .find(|c| c.starts_with(start))
        .unwrap_or_else(|| panic!("{hint} names no `{start} …`"));
    quoted
        .split_whitespace()
        .skip(1)
        .map(str::to_string)
        .collect()
}

#[test]
fn a_refusal_names_the_commands_that_resolve_it() {
    let (env, gh, voyage) = setup();
    let pr = gh.add_pr(REPO, "Fix", "fix", "main");
    let number = pr.to_string();
    observe(&env, &["github-pr", &number, "--focus", "checks"]).ok();
    observe(&env, &["github-pr", &number, "--focus", "summary,comments"]).ok();
    let sha = gh.head_sha(REPO, pr);
    gh.add_check_run(REPO, &sha, "build", "completed", Some("failure"));
    let comment = ["comment", "--pr", number.as_str(), "--body", "Looking."];
    let run = steer(&env, &comment);
    assert_refused(&env, &gh, &voyage, &run, "build");
    let hint = run.error_json()["error"]["hint"]
        .as_str()
        .unwrap()
        .to_string();
    let target = format!("github-pr {number} --focus checks --repo {REPO}");
    let observe_again = command_in(&hint, "helm observe");
    assert_eq!(
        observe_again.join(" "),
        format!("observe --voyage {voyage} {target}"),
        "{hint}"
    );
    let erase = command_in(&hint, "helm slate erase");
    assert_eq!(
        erase.join(" "),
        format!("slate erase --voyage {voyage} {target}"),
        "{hint}"
    );

    // Taking the older look off the slate, as the hint says, resolves it.
    let erase: Vec<&str> = erase.iter().map(String::as_str).collect();
    env.run(&erase).ok();
    let fresh = freshness(&steer(&env, &comment));
    assert_eq!(fresh["verdict"], "fresh", "{fresh}");
    assert_eq!(fresh["checked"], 1);
}

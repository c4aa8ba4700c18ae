//! An observation whose payload was reduced or jettisoned cannot be checked:
//! the steer is refused unless `--allow-stale`, and a merge is pinned to a
//! stowed observation or not made at all (issue 20).

use super::*;

/// The hash of the artifact an observation stored.
fn artifact(run: &Run) -> String {
    run.json()["artifact"].as_str().unwrap().to_string()
}

#[test]
fn a_jettisoned_observation_is_unchecked_and_refused() {
    let (env, gh, voyage) = setup();
    let pr = gh.add_pr(REPO, "Fix", "fix", "main");
    let number = pr.to_string();
    let hash = artifact(&observe(&env, &["github-pr", &number]));
    env.run(&["artifact", "jettison", &hash]).ok();

    let comment = ["comment", "--pr", number.as_str(), "--body", "Plan."];
    let run = steer(&env, &comment);
    let error = run.error_json();
    assert_eq!(error["error"]["kind"], "stale", "{error}");
    let message = error["error"]["message"].as_str().unwrap();
    assert!(message.contains("jettisoned"), "{message}");
    let hint = error["error"]["hint"].as_str().unwrap();
    let again = format!("helm observe --voyage {voyage} github-pr {number} --repo {REPO}");
    assert!(hint.contains(&again), "{hint} should name {again}");
    assert!(gh.writes().is_empty());

    // Nothing on the bearing saw a head that can still be read: no merge.
    let merge = ["merge-pr", "--pr", number.as_str(), "--allow-stale"];
    let run = steer(&env, &merge);
    let error = run.error_json();
    assert_eq!(error["error"]["kind"], "stale", "{error}");
    assert!(
        error["error"]["message"].as_str().unwrap().contains("pin"),
        "{error}"
    );
    assert!(error["error"]["hint"].as_str().unwrap().contains(&again));
    assert!(gh.writes().is_empty(), "nothing merged: {:?}", gh.writes());
    assert_eq!(count(&env.sqlite(&voyage), "logbook"), 0);

    let mut allowed = comment.to_vec();
    allowed.push("--allow-stale");
    let recorded = freshness(&steer(&env, &allowed));
    assert_eq!(recorded["verdict"], "unchecked", "{recorded}");
    assert!(recorded["changed"].to_string().contains("jettisoned"));
}

#[test]
fn a_reduced_observation_pins_a_merge_to_the_stowed_one_before_it() {
    let (env, gh, _) = setup();
    let pr = gh.add_pr(REPO, "Fix", "fix", "main");
    let number = pr.to_string();
    let seen = gh.head_sha(REPO, pr);
    observe(&env, &["github-pr", &number, "--focus", "checks"]).ok();
    let hash = artifact(&observe(&env, &["github-pr", &number]));
    env.write("summary.txt", "A PR, looked at.");
    env.run(&[
        "artifact",
        "reduce",
        &hash,
        "--method",
        "human",
        "--summary-file",
        "summary.txt",
    ])
    .ok();

    // The newest look at its checks is reduced, so readiness cannot be
    // judged: the override takes that on, the freshness guard still runs.
    let merge = [
        "merge-pr",
        "--pr",
        number.as_str(),
        "--override",
        "read by hand",
    ];
    let run = steer(&env, &merge);
    assert_eq!(run.error_json()["error"]["kind"], "stale");
    assert!(run.stderr.contains("reduced"), "{}", run.stderr);

    let mut allowed = merge.to_vec();
    allowed.push("--allow-stale");
    let action = steer(&env, &allowed).json()["action"].clone();
    assert_eq!(action["freshness"]["verdict"], "unchecked", "{action}");
    assert_eq!(action["pinnedSha"], seen.as_str());
    let sent = gh.writes().pop().unwrap();
    assert_eq!(sent.body.unwrap()["sha"], seen.as_str());
}

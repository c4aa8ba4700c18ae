//! A re-observation after a change uses the answers its conditional
//! requests brought (issue 22): a part that answered 200 is not asked for
//! again, and a listing that changed keeps its pages that answered 304.

use super::*;

/// A pull request with `comments` comments by erin, a file, an inline
/// review comment and a check run.
fn pr_with_comments(gh: &FakeGitHub, comments: usize) -> u64 {
    let pr = gh.add_pr(REPO, "Fix crash", "fix", "main");
    for i in 0..comments {
        gh.add_issue_comment(REPO, pr, "erin", &format!("Note {i}."));
    }
    gh.add_pr_file(REPO, pr, "src/lib.rs", "@@ -1 +1 @@\n-a\n+b");
    gh.add_review_comment(REPO, pr, "src/lib.rs", 1, "Why?");
    let sha = gh.head_sha(REPO, pr);
    gh.add_check_run(REPO, &sha, "build", "completed", Some("success"));
    pr
}

/// Two payloads hold the same parts (a kept part keeps the validators it
/// was seen with, whose dates may differ from a fresh look's). Says which
/// parts differ, not the whole payloads.
fn assert_same_parts(again: &Value, fresh: &Value) {
    let parts = |payload: &Value| {
        let mut parts = payload.as_object().unwrap().clone();
        parts.remove("validators");
        parts
    };
    let (again, fresh) = (parts(again), parts(fresh));
    let differ: Vec<&String> = fresh
        .keys()
        .filter(|k| again.get(*k) != fresh.get(*k))
        .collect();
    assert!(differ.is_empty(), "parts that differ: {differ:?}");
    assert_eq!(again.len(), fresh.len());
}

/// The pages a part's validators name, with their item counts.
fn pages(payload: &Value, part: &str) -> Vec<(Value, Value)> {
    let list = payload["validators"][part].as_array().unwrap();
    list.iter()
        .map(|v| (v["path"].clone(), v["items"].clone()))
        .collect()
}

/// Observes the pull request again after bob comments: the GETs it sent,
/// and its payload beside a fresh full observation's (another voyage).
fn reobserved_after_a_comment(comments: usize) -> (Vec<String>, Value, Value) {
    reobserved_after(comments, |gh, pr| {
        gh.add_issue_comment(REPO, pr, "bob", "Hold on.");
    })
}

/// Observes the pull request again after `change`: as above.
fn reobserved_after(
    comments: usize,
    change: impl FnOnce(&FakeGitHub, u64),
) -> (Vec<String>, Value, Value) {
    let (mut env, gh, _) = setup();
    let pr = pr_with_comments(&gh, comments);
    let number = pr.to_string();
    observe(&env, &["github-pr", &number]).ok();
    change(&gh, pr);
    let seen = gh.requests().len();
    let again = observe(&env, &["github-pr", &number]).json()["payload"].clone();
    let asked = gh.requests()[seen..]
        .iter()
        .map(|r| format!("{} {} {}", r.method, r.path_and_query, r.status))
        .collect();
    let other = env.new_voyage("Look afresh");
    env.set("HELM_VOYAGE", &other);
    let fresh = observe(&env, &["github-pr", &number]).json()["payload"].clone();
    (asked, again, fresh)
}

#[test]
fn a_new_comment_costs_one_round_and_nothing_more() {
    let (asked, again, fresh) = reobserved_after_a_comment(1);
    // Summary, comments, diff, files, check runs, statuses, reviews and
    // review comments, each asked once; the summary and the comments
    // answered 200, and their answers are the new parts. The review
    // threads' state has no validator (resolving a thread changes no REST
    // answer), so its one GraphQL query is always asked.
    assert_eq!(asked.len(), 9, "{asked:#?}");
    let rest: Vec<_> = asked.iter().filter(|a| *a != "POST /graphql 200").collect();
    assert_eq!(rest.len(), 8, "{asked:#?}");
    assert!(rest.iter().all(|a| a.starts_with("GET ")), "{asked:#?}");
    assert_eq!(rest.iter().filter(|a| a.ends_with(" 200")).count(), 2);
    assert_same_parts(&again, &fresh);
    assert_eq!(again["comments"][1]["author"], "bob");
}

#[test]
fn a_listing_that_changed_keeps_its_pages_that_did_not() {
    let (asked, again, fresh) = reobserved_after_a_comment(150);
    // The round asks both pages of the comments; only the second changed,
    // and the first is not asked for again. (Nine REST requests, and the
    // review threads' GraphQL query.)
    assert_eq!(asked.len(), 10, "{asked:#?}");
    let comments: Vec<&String> = asked.iter().filter(|a| a.contains("/issues/")).collect();
    assert_eq!(comments.len(), 2, "{asked:#?}");
    assert!(
        comments
            .iter()
            .any(|a| a.contains("page=2") && a.ends_with(" 200"))
    );
    assert!(
        comments
            .iter()
            .any(|a| !a.contains("page=2") && a.ends_with(" 304"))
    );
    assert_same_parts(&again, &fresh);
    assert_eq!(pages(&again, "comments"), pages(&fresh, "comments"));
    assert_eq!(again["comments"].as_array().map(Vec::len), Some(151));
    assert_eq!(again["comments"][150]["author"], "bob");
}

#[test]
fn a_comment_that_fills_the_last_page_reads_the_page_after() {
    let (asked, again, fresh) = reobserved_after_a_comment(199);
    // Page 2 now holds 100: the page after it is read (empty), as a
    // fresh look would, so the next comment is seen there. (Ten REST
    // requests, and the review threads' GraphQL query.)
    assert_eq!(asked.len(), 11, "{asked:#?}");
    let comments: Vec<&String> = asked.iter().filter(|a| a.contains("/issues/")).collect();
    assert_eq!(comments.len(), 3, "{asked:#?}");
    assert!(comments.iter().any(|a| a.contains("page=3")), "{asked:#?}");
    assert_same_parts(&again, &fresh);
    assert_eq!(pages(&again, "comments"), pages(&fresh, "comments"));
    assert_eq!(again["comments"].as_array().map(Vec::len), Some(200));
}

#[test]
fn an_edit_on_the_first_page_keeps_the_second() {
    let (asked, again, fresh) = reobserved_after(150, |gh, pr| {
        let early = gh.comments(REPO, pr)[3].id;
        gh.edit_issue_comment(REPO, early, "Actually, no.");
    });
    // Page 1 answered 200 and is read from that answer; page 2 answered
    // 304 and keeps its 50 comments. (Nine REST requests, and the review
    // threads' GraphQL query.)
    assert_eq!(asked.len(), 10, "{asked:#?}");
    let comments: Vec<&String> = asked.iter().filter(|a| a.contains("/issues/")).collect();
    assert!(
        comments
            .iter()
            .any(|a| a.contains("page=2") && a.ends_with(" 304")),
        "{asked:#?}"
    );
    assert_same_parts(&again, &fresh);
    assert_eq!(pages(&again, "comments"), pages(&fresh, "comments"));
    assert_eq!(again["comments"][3]["body"], "Actually, no.");
    assert_eq!(again["comments"].as_array().map(Vec::len), Some(150));
}

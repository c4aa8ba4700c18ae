//! A request id names one whole request: reused for a request that differs
//! in any field the entry records, it is refused (kind `conflict`, exit 1)
//! naming that field, and nothing is performed or replayed.

use super::*;

/// One request recorded under `id`, then requests that differ from it in
/// one field each, with the field the refusal must name.
struct Case {
    id: &'static str,
    first: Vec<String>,
    others: Vec<(Vec<String>, &'static str)>,
}

fn words(text: &str) -> Vec<String> {
    text.split(' ').map(str::to_string).collect()
}

fn case(id: &'static str, first: &str, others: &[(&str, &'static str)]) -> Case {
    Case {
        id,
        first: words(first),
        others: others
            .iter()
            .map(|(text, field)| (words(text), *field))
            .collect(),
    }
}

#[test]
fn a_request_id_reused_for_a_request_differing_in_any_field_is_refused() {
    let (gh, env, voyage) = sea(0);
    let issue = gh.add_issue(REPO, "Crash", "Steps.");
    let other = gh.add_issue(REPO, "Other", "");
    let to_close = gh.add_issue(REPO, "Stale", "");
    let pr = gh.add_pr(REPO, "Fix", "fix", "main");
    let to_merge = gh.add_pr(REPO, "Merge me", "merge-me", "main");
    let pinned = gh.add_pr(REPO, "Pin me", "pin-me", "main");
    let head = gh.head_sha(REPO, pinned);
    let thread = gh.add_review_comment(REPO, pr, "src/lib.rs", 1, "Why?");
    let thread2 = gh.add_review_comment(REPO, pr, "src/lib.rs", 2, "And this?");
    let cases = [
        case(
            "comment",
            &format!("comment --issue {issue} --body a"),
            &[
                (&format!("comment --issue {issue} --body b"), "body"),
                (&format!("comment --issue {other} --body a"), "issue"),
            ],
        ),
        case(
            "create-issue",
            "create-issue --title T --body x --label bug --assignee alice",
            &[
                (
                    "create-issue --title U --body x --label bug --assignee alice",
                    "title",
                ),
                (
                    "create-issue --title T --body y --label bug --assignee alice",
                    "body",
                ),
                (
                    "create-issue --title T --body x --label docs --assignee alice",
                    "labels",
                ),
                (
                    "create-issue --title T --body x --label bug --assignee bob",
                    "assignees",
                ),
            ],
        ),
        case(
            "edit-issue",
            &format!("edit-issue --issue {issue} --title A"),
            &[
                (&format!("edit-issue --issue {issue} --title B"), "title"),
                (
                    &format!("edit-issue --issue {issue} --title A --body new"),
                    "body",
                ),
            ],
        ),
        case(
            "close-issue",
            &format!("close-issue --issue {to_close} --reason completed"),
            &[(
                &format!("close-issue --issue {to_close} --reason not-planned"),
                "reason",
            )],
        ),
        case(
            "create-pr",
            "create-pr --title P --head feature --base main --body x",
            &[
                (
                    "create-pr --title Q --head feature --base main --body x",
                    "title",
                ),
                (
                    "create-pr --title P --head other --base main --body x",
                    "head",
                ),
                (
                    "create-pr --title P --head feature --base dev --body x",
                    "base",
                ),
                (
                    "create-pr --title P --head feature --base main --body x --draft",
                    "draft",
                ),
                (
                    "create-pr --title P --head feature --base main --body y",
                    "body",
                ),
            ],
        ),
        case(
            "edit-pr",
            &format!("edit-pr --pr {pr} --body one"),
            &[
                (&format!("edit-pr --pr {pr} --body two"), "body"),
                (
                    &format!("edit-pr --pr {pr} --body one --title New"),
                    "title",
                ),
            ],
        ),
        case(
            "request-review",
            &format!("request-review --pr {pr} --reviewer alice --team core"),
            &[
                (
                    &format!("request-review --pr {pr} --reviewer bob --team core"),
                    "reviewers",
                ),
                (
                    &format!("request-review --pr {pr} --reviewer alice --team ops"),
                    "teams",
                ),
            ],
        ),
        case(
            "reply-inline",
            &format!("reply-inline --pr {pr} --comment-id {thread} --body ok"),
            &[
                (
                    &format!("reply-inline --pr {pr} --comment-id {thread2} --body ok"),
                    "comment replied to",
                ),
                (
                    &format!("reply-inline --pr {pr} --comment-id {thread} --body no"),
                    "body",
                ),
            ],
        ),
        case(
            "merge",
            &format!("merge-pr --pr {to_merge} --squash --override o"),
            &[
                (
                    &format!("merge-pr --pr {to_merge} --rebase --override o"),
                    "merge method",
                ),
                (
                    &format!("merge-pr --pr {to_merge} --squash --override p"),
                    "override",
                ),
            ],
        ),
        case(
            "pinned",
            &format!("merge-pr --pr {pinned} --sha {head} --override o"),
            &[(
                &format!(
                    "merge-pr --pr {pinned} --sha {} --override o",
                    "0".repeat(40)
                ),
                "sha",
            )],
        ),
    ];
    for case in &cases {
        let first: Vec<&str> = case.first.iter().map(String::as_str).collect();
        steer(&env, Some(case.id), &first).json();
        let writes = gh.writes().len();
        for (other, field) in &case.others {
            let other: Vec<&str> = other.iter().map(String::as_str).collect();
            let refused = steer(&env, Some(case.id), &other);
            assert_eq!(refused.code, 1, "{other:?}: {refused:?}");
            let error = refused.error_json();
            assert_eq!(error["error"]["kind"], "conflict", "{other:?}: {error}");
            let message = error["error"]["message"].as_str().unwrap();
            assert!(
                message.contains(&format!("the {field} differs")),
                "{other:?}: {message}"
            );
        }
        assert_eq!(gh.writes().len(), writes, "{}: nothing performed", case.id);
        // The same request again is still a replay.
        let again = steer(&env, Some(case.id), &first).json();
        assert_eq!(again["replayed"], true, "{}", case.id);
    }
    assert_eq!(logbook(&env, &voyage), cases.len() as i64);
    assert!(gh.violations().is_empty(), "{:?}", gh.violations());
}

//! Self-tests of the OpenAPI fixture and the request validator.

use super::*;

#[test]
fn fixture_names_its_source_and_every_operation_helm_uses() {
    let spec = openapi::spec();
    assert!(
        spec.version.starts_with("23."),
        "fixture from @octokit/openapi {}",
        spec.version
    );
    assert_eq!(spec.operations.len(), 28);
    assert_eq!(
        openapi::operation("POST", "/repos/{owner}/{repo}/issues").map(|op| op.status),
        Some(201)
    );
    assert_eq!(
        openapi::example("PUT", "/repos/{owner}/{repo}/pulls/{pull_number}/merge")["merged"],
        true
    );
}

/// Proves the response validator against GitHub's own examples. The few places where
/// GitHub's examples contradict its schemas are listed (the fake fills those fields in).
#[test]
fn fixture_examples_fit_their_own_schemas() {
    let mut problems = Vec::new();
    // A redirect (a job's log, 302) has no body, so no example.
    let answered = openapi::spec()
        .operations
        .iter()
        .filter(|op| op.status / 100 != 3);
    for op in answered {
        let example = op
            .example()
            .unwrap_or_else(|| panic!("{} has no example", op.id));
        let found = openapi::validate_response(&op.method, &op.template, example);
        problems.extend(found.into_iter().map(|p| format!("{}: {p}", op.id)));
    }
    problems.retain(|p| !p.ends_with("teams[0]: missing required property `type`"));
    problems.retain(|p| {
        !p.ends_with("get-job-for-workflow-run: response: missing required property `created_at`")
    });
    problems.retain(|p| !p.starts_with("repos/get: response") || !p.ends_with("`language`"));
    assert_eq!(problems, Vec::<String>::new());
}

#[test]
fn validator_accepts_documented_requests() {
    let ok = |method, path, body: Option<Value>| openapi::validate(method, path, body.as_ref());
    assert_eq!(ok("GET", "/repos/o/r/issues/7", None), Ok("issues/get"));
    assert_eq!(
        ok(
            "GET",
            "/repos/o/r/issues?state=open&per_page=100&page=2",
            None
        ),
        Ok("issues/list-for-repo")
    );
    assert_eq!(
        ok(
            "GET",
            "/repos/o/r/commits/refs%2Fheads%2Fmain/check-runs?per_page=100",
            None
        ),
        Ok("checks/list-for-ref")
    );
    assert_eq!(
        ok(
            "POST",
            "/repos/o/r/issues",
            Some(json!({"title": "t", "labels": ["bug"], "assignees": []}))
        ),
        Ok("issues/create")
    );
    assert_eq!(
        ok(
            "PATCH",
            "/repos/o/r/issues/3",
            Some(json!({"state": "closed", "state_reason": null}))
        ),
        Ok("issues/update")
    );
    assert_eq!(
        ok(
            "PUT",
            "/repos/o/r/pulls/3/merge",
            Some(json!({"merge_method": "squash", "sha": "abc"}))
        ),
        Ok("pulls/merge")
    );
    assert_eq!(
        ok("PUT", "/repos/o/r/pulls/3/merge", None),
        Ok("pulls/merge")
    );
    assert_eq!(
        ok(
            "POST",
            "/repos/o/r/pulls/3/comments/9/replies",
            Some(json!({"body": "b"}))
        ),
        Ok("pulls/create-reply-for-review-comment")
    );
}

fn problems(method: &str, path: &str, body: Option<Value>) -> String {
    openapi::validate(method, path, body.as_ref())
        .expect_err("should be flagged")
        .join("\n")
}

#[test]
fn validator_flags_a_missing_required_field() {
    let found = problems(
        "POST",
        "/repos/o/r/issues",
        Some(json!({"body": "no title"})),
    );
    assert!(
        found.contains("missing required property `title`"),
        "{found}"
    );
    let found = problems("POST", "/repos/o/r/issues/1/comments", None);
    assert!(found.contains("missing required request body"), "{found}");
}

#[test]
fn validator_flags_a_wrong_enum() {
    let found = problems(
        "PUT",
        "/repos/o/r/pulls/1/merge",
        Some(json!({"merge_method": "fast-forward"})),
    );
    assert!(
        found.contains("body.merge_method: \"fast-forward\" is not one of [merge, squash, rebase]"),
        "{found}"
    );
}

#[test]
fn validator_flags_an_undeclared_property() {
    let found = problems(
        "POST",
        "/repos/o/r/pulls",
        Some(json!({"title": "t", "head": "h", "base": "main", "reviewers": []})),
    );
    assert!(found.contains("undeclared property `reviewers`"), "{found}");
}

#[test]
fn validator_flags_an_unknown_operation() {
    assert!(problems("GET", "/repos/o/r/branches", None).contains("unknown operation"));
    assert!(problems("DELETE", "/repos/o/r/issues/1", None).contains("unknown operation"));
    assert!(
        problems("GET", "/repos/o//issues/1", None).contains("unknown operation"),
        "empty segment"
    );
}

#[test]
fn validator_flags_bad_types_query_and_nulls() {
    let found = problems(
        "GET",
        "/repos/o/r/pulls?state=merged&per_page=lots&sort_by=x",
        None,
    );
    assert!(
        found.contains("`state`: \"merged\" is not one of"),
        "{found}"
    );
    assert!(
        found.contains("`per_page`: \"lots\" is not a valid"),
        "{found}"
    );
    assert!(
        found.contains("undeclared query parameter `sort_by`"),
        "{found}"
    );
    assert!(
        problems("GET", "/repos/o/r/issues/seven", None).contains("path parameter `issue_number`")
    );
    let found = problems(
        "PATCH",
        "/repos/o/r/pulls/1",
        Some(json!({"body": null, "title": 5})),
    );
    assert!(found.contains("body.body: null is not allowed"), "{found}");
    assert!(
        found.contains("body.title: expected string, got 5"),
        "{found}"
    );
    let found = problems(
        "POST",
        "/repos/o/r/pulls/1/requested_reviewers",
        Some(json!({"reviewers": "octocat"})),
    );
    assert!(found.contains("body.reviewers: expected array"), "{found}");
    let found = problems("GET", "/repos/o/r/issues/1", Some(json!({})));
    assert!(found.contains("takes none"), "{found}");
}

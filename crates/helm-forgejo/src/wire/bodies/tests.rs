//! Every request body helm sends, held to Forgejo's own `swagger.v1.json`
//! (its operations as the committed fixture lists them): each field sent is
//! one the operation documents, and each field it requires is sent, both
//! for the fullest body helm makes and for the barest.

use serde_json::Value;

use super::*;

const OPERATIONS: &str =
    include_str!("../../../../../tests/fixtures/openapi/forgejo-operations.json");

/// The documented body fields and the required ones of `method template`.
fn documented(method: &str, template: &str) -> (Vec<String>, Vec<String>) {
    let doc: Value = serde_json::from_str(OPERATIONS).unwrap();
    let op = doc["operations"]
        .as_array()
        .unwrap()
        .iter()
        .find(|op| op["method"] == method && op["template"] == format!("/api/v1{template}"))
        .unwrap_or_else(|| panic!("Forgejo's swagger has no {method} {template}"));
    let names = |v: &Value| -> Vec<String> {
        v.as_array()
            .into_iter()
            .flatten()
            .map(|n| n.as_str().unwrap().to_string())
            .collect()
    };
    (names(&op["body"]), names(&op["required"]))
}

fn holds(method: &str, template: &str, body: impl Serialize) {
    let (fields, required) = documented(method, template);
    let sent = serde_json::to_value(body).unwrap();
    let sent: Vec<&String> = sent.as_object().unwrap().keys().collect();
    for name in &sent {
        assert!(
            fields.contains(name),
            "{method} {template} sends `{name}`, which the swagger does not document (it has {fields:?})"
        );
    }
    for name in &required {
        assert!(
            sent.contains(&name),
            "{method} {template} leaves out `{name}`, which the swagger requires"
        );
    }
}

const ISSUE: &str = "/repos/{owner}/{repo}/issues/{index}";
const PULL: &str = "/repos/{owner}/{repo}/pulls/{index}";

#[test]
fn every_body_is_documented_in_forgejos_swagger() {
    let names = ["ana".to_string()];
    holds(
        "POST",
        &format!("{ISSUE}/comments"),
        ForgejoCommentBody { body: "b" },
    );
    for (body, labels, assignees) in [(Some("b"), vec![1], &names[..]), (None, vec![], &[][..])] {
        holds(
            "POST",
            "/repos/{owner}/{repo}/issues",
            ForgejoCreateIssueBody {
                title: "t",
                body,
                labels,
                assignees,
            },
        );
    }
    for (title, body, state) in [(Some("t"), Some("b"), Some("closed")), (None, None, None)] {
        holds("PATCH", ISSUE, ForgejoEditBody { title, body, state });
        holds("PATCH", PULL, ForgejoEditBody { title, body, state });
    }
    for body in [Some("b"), None] {
        holds(
            "POST",
            "/repos/{owner}/{repo}/pulls",
            ForgejoCreatePullBody {
                head: "h",
                base: "main",
                title: "t",
                body,
            },
        );
    }
    for teams in [&names[..], &[][..]] {
        holds(
            "POST",
            &format!("{PULL}/requested_reviewers"),
            ForgejoReviewersBody {
                reviewers: &names,
                team_reviewers: teams,
            },
        );
    }
    holds(
        "POST",
        &format!("{PULL}/merge"),
        ForgejoMergeBody {
            how: "squash",
            head_commit_id: "abc",
        },
    );
    holds(
        "POST",
        &format!("{ISSUE}/labels"),
        ForgejoLabelsBody { labels: vec![1, 2] },
    );
}

#[test]
fn a_field_outside_the_swagger_is_caught() {
    #[derive(Serialize)]
    struct Draft {
        title: &'static str,
        draft: bool,
    }
    let caught = std::panic::catch_unwind(|| {
        holds(
            "POST",
            "/repos/{owner}/{repo}/pulls",
            Draft {
                title: "t",
                draft: true,
            },
        )
    });
    assert!(caught.is_err(), "CreatePullRequestOption has no `draft`");
    let caught = std::panic::catch_unwind(|| {
        holds(
            "POST",
            &format!("{ISSUE}/comments"),
            ForgejoEditBody {
                title: Some("t"),
                body: None,
                state: None,
            },
        )
    });
    assert!(caught.is_err(), "a comment requires `body`");
}

//! What every action's `performed` shares: the refusal of a forge's answer of
//! the wrong kind. A forge reached through the seam names what its writes made
//! as one `helm_forge::Produced`, and each action takes only its own kind; any
//! other is a fault of the forge crate, said with the forge's name and never
//! recorded, because an entry must not hold what the action did not make.

use helm_forge::{ForgeName, Produced};

use crate::error::Error;

/// `produced` is not what `doing` makes on `forge`.
pub(super) fn unexpected(forge: ForgeName, doing: &str, produced: &Produced) -> Error {
    let kind = match produced {
        Produced::Posted { .. } => "a posted comment",
        Produced::Opened { .. } => "an opened issue or pull request",
        Produced::Edited { .. } => "an edit",
        Produced::State { .. } => "a state change",
        Produced::Reviewers { .. } => "requested reviewers",
        Produced::Merged { .. } => "a merge",
        Produced::Labelled { .. } => "labels",
        Produced::Thread { .. } => "a thread's state",
    };
    Error::new(
        forge.failure_kind(),
        format!("{forge} answered {kind} to {doing}, which that action does not make"),
    )
    .hint(
        "nothing was recorded from this answer; look at the target on the forge and report this to helm's maintainers",
    )
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use helm_forge::{ForgeName, Produced};
    use serde_json::{Value, json};

    use crate::actions::{ActionArgs, Dispatch, Steer, samples};
    use crate::error::Kind;
    use crate::inputs::Stdin;

    fn steer(sample: Value) -> Steer {
        serde_json::from_value::<ActionArgs>(sample)
            .unwrap()
            .resolve(Path::new("/"), Stdin::Ours)
            .unwrap()
    }

    fn action(record: &crate::model::SteerRecord) -> Value {
        serde_json::to_value(record).unwrap()
    }

    /// Each action's own kind of `Produced`, in the registry's order.
    fn own(kind: &str) -> Produced {
        let url = Some("https://gitlab.example/g/p/-/issues/5".to_string());
        match kind {
            "comment" | "reply-inline" => Produced::Posted {
                id: 77,
                url,
                author: Some("ada".into()),
            },
            "create-issue" | "create-pr" => Produced::Opened {
                number: 9,
                url,
                author: Some("ada".into()),
                labels: vec!["bug".into()],
                assignees: vec!["bo".into()],
                title: None,
                draft: None,
            },
            "edit-issue" | "edit-pr" => Produced::Edited {
                title: Some("T".into()),
                body: None,
                url,
            },
            "close-issue" | "reopen-issue" | "close-pr" => Produced::State {
                state: "closed".into(),
                reason: None,
                url,
            },
            "request-review" => Produced::Reviewers {
                users: vec!["bo".into()],
                teams: vec![],
                url,
            },
            "merge-pr" => Produced::Merged {
                sha: Some("abc".into()),
                url,
            },
            "label" => Produced::Labelled {
                now: vec!["bug".into()],
                not_present: vec!["gone".into()],
                url,
            },
            "resolve-thread" | "unresolve-thread" => Produced::Thread {
                resolved: true,
                url,
            },
            other => panic!("no Produced for {other}"),
        }
    }

    #[test]
    fn every_action_records_its_own_kind_and_refuses_any_other_naming_the_forge() {
        let merged = || Produced::Merged {
            sha: Some("abc".into()),
            url: None,
        };
        for sample in samples() {
            let kind = sample["kind"].as_str().unwrap().to_string();
            let steer = steer(sample);
            let record = steer
                .performed("g/sub/p", own(&kind), ForgeName::GitLab)
                .unwrap_or_else(|e| panic!("{kind}: {e:?}"));
            assert_eq!(record.repo, "g/sub/p", "{kind}");
            assert_eq!(
                record.url.as_deref(),
                Some("https://gitlab.example/g/p/-/issues/5"),
                "{kind}"
            );
            let wrong = match kind.as_str() {
                "merge-pr" => Produced::Thread {
                    resolved: true,
                    url: None,
                },
                _ => merged(),
            };
            let err = steer
                .performed("g/p", wrong, ForgeName::Forgejo)
                .expect_err(&kind);
            assert_eq!(err.kind(), Kind::Forge, "{kind}");
            assert!(
                err.to_string().contains("Forgejo answered"),
                "{kind}: {err}"
            );
        }
    }

    #[test]
    fn a_comment_records_the_note_its_author_and_its_page() {
        let steer = steer(json!({"kind": "comment", "issue": 5, "body": "b"}));
        let record = steer
            .performed("g/p", own("comment"), ForgeName::GitLab)
            .unwrap();
        let action = action(&record);
        assert_eq!(action["commentId"], 77);
        assert_eq!(action["body"], "b");
        assert_eq!(action["issue"], 5);
        assert_eq!(record.actor.as_deref(), Some("ada"));
    }

    #[test]
    fn a_merge_records_the_commit_and_a_label_what_the_thread_has_after() {
        let merge = steer(json!({"kind": "merge-pr", "pr": 7, "sha": "a".repeat(40)}));
        let record = merge
            .performed("g/p", own("merge-pr"), ForgeName::GitLab)
            .unwrap();
        assert_eq!(action(&record)["mergeSha"], "abc");
        assert_eq!(action(&record)["pinnedSha"], "a".repeat(40));
        let label = steer(json!({"kind": "label", "pr": 7, "add": ["bug"], "remove": ["gone"]}));
        let record = label
            .performed("g/p", own("label"), ForgeName::Forgejo)
            .unwrap();
        assert_eq!(
            action(&record)["applied"],
            json!({"labels": ["bug"], "notPresent": ["gone"]})
        );
    }

    #[test]
    fn a_created_issue_records_its_number_and_what_the_forge_applied() {
        let create = steer(
            json!({"kind": "create-issue", "title": "T", "body": "b", "labels": ["bug"], "assignees": ["bo"]}),
        );
        let record = create
            .performed("g/p", own("create-issue"), ForgeName::GitLab)
            .unwrap();
        assert_eq!(record.issue, Some(9));
        assert_eq!(
            action(&record)["applied"],
            json!({"labels": ["bug"], "assignees": ["bo"]})
        );
    }

    #[test]
    fn a_created_pr_records_the_title_and_draft_the_forge_answered_else_those_asked() {
        let create = steer(json!({"kind": "create-pr", "title": "T", "head": "h", "base": "main"}));
        let answered = Produced::Opened {
            number: 3,
            url: None,
            author: None,
            labels: vec![],
            assignees: vec![],
            title: Some("T (as GitHub keeps it)".into()),
            draft: Some(true),
        };
        let record = create
            .performed("o/r", answered, ForgeName::GitHub)
            .unwrap();
        assert_eq!(action(&record)["title"], "T (as GitHub keeps it)");
        assert_eq!(action(&record)["draft"], true);
        let record = create
            .performed("g/p", own("create-pr"), ForgeName::GitLab)
            .unwrap();
        assert_eq!(action(&record)["title"], "T");
        assert_eq!(action(&record)["draft"], false);
    }

    #[test]
    fn a_closed_pr_records_the_reason_the_forge_names_and_none_it_does_not() {
        let close = steer(json!({"kind": "close-pr", "pr": 7}));
        let closed = |reason: Option<&str>| Produced::State {
            state: "closed".into(),
            reason: reason.map(str::to_string),
            url: None,
        };
        let record = close
            .performed("o/r", closed(Some("completed")), ForgeName::GitHub)
            .unwrap();
        assert_eq!(action(&record)["stateReason"], "completed");
        let record = close
            .performed("g/p", closed(None), ForgeName::GitLab)
            .unwrap();
        assert_eq!(action(&record).get("stateReason"), None);
        assert_eq!(action(&record)["state"], "closed");
    }
}

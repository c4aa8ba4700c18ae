//! Whether a repeated request id names the same request: a recorded steer
//! compared with a new one on every field the entry records of what was
//! asked (ADR 0012).

use super::part::first_differing;
use super::{Dispatch, Meaning, Steer};
use crate::model::{Repo, SteerRecord};

/// A steer compared with a recorded one (a trait because [`Steer`] is
/// helm-forge's).
pub(crate) trait Replay {
    /// The first field in which a recorded steer is not this request, named
    /// for messages (`title`, `reviewers`, …); `None` when it is the same
    /// request. Every field the entry records of what was asked is compared:
    /// kind, repository and number here, the rest by the action's part
    /// ([`super::part::RecordPart::differs`]), in the order they have always been
    /// compared in (the comment replied to, body, title, head, base, draft,
    /// labels added and removed, assignees, reviewers, teams, close reason,
    /// merge method, pinned sha, override's reason, review thread).
    /// Lists compare as sets. A field every entry of the kind carries (a
    /// comment's body, a close reason) but this entry lacks was recorded by
    /// an older helm and is not held against it; a field that is only there
    /// when asked (an edit's title) must be absent on both or equal.
    fn differs(&self, repo: &Repo, recorded: &SteerRecord) -> Option<&'static str>;
}

impl Replay for Steer {
    fn differs(&self, repo: &Repo, recorded: &SteerRecord) -> Option<&'static str> {
        let asked = self.asked(repo);
        // The actions that create their subject record its number only
        // once GitHub gave it.
        let created = self.thread().is_none();
        let shared = first_differing([
            ("action", asked.steer == recorded.steer),
            (
                "repository",
                asked.repo.eq_ignore_ascii_case(&recorded.repo),
            ),
            ("issue", created || asked.issue == recorded.issue),
            ("pull request", created || asked.pr == recorded.pr),
        ]);
        shared.or_else(|| asked.steer.part().differs(&asked, recorded))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Repo;
    use helm_forge::act::{
        CloseIssue, CloseReason, Comment, EditIssue, IssueOrPull, LabelChange, MergeMethod,
        MergePr, RequestReview,
    };

    #[test]
    fn a_request_is_the_same_only_with_the_same_target_and_text() {
        let repo = Repo::parse("o/r").unwrap();
        let comment = |n, body: &str| {
            Steer::Comment(Comment {
                on: IssueOrPull::Issue(n),
                body: body.into(),
            })
        };
        let recorded = comment(42, "hi").asked(&repo);
        assert!(comment(42, "hi").differs(&repo, &recorded).is_none());
        assert!(comment(43, "hi").differs(&repo, &recorded).is_some());
        assert!(comment(42, "bye").differs(&repo, &recorded).is_some());
        let other = Repo::parse("o/other").unwrap();
        assert!(comment(42, "hi").differs(&other, &recorded).is_some());
        // An entry recorded before bodies were kept matches on what it has.
        let mut old = recorded.clone();
        old.part.remove("body");
        assert!(comment(42, "bye").differs(&repo, &old).is_none());
        // GitHub spells repositories case-insensitively.
        let respelled = Repo::parse("O/R").unwrap();
        assert!(comment(42, "hi").differs(&respelled, &recorded).is_none());
    }

    #[test]
    fn a_request_differs_in_any_field_its_entry_records_and_says_which() {
        let repo = Repo::parse("o/r").unwrap();
        let edit = |title: Option<&str>, body: Option<&str>| {
            Steer::EditIssue(EditIssue {
                issue: 5,
                title: title.map(str::to_string),
                body: body.map(str::to_string),
            })
        };
        let recorded = edit(Some("A"), None).asked(&repo);
        assert_eq!(edit(Some("A"), None).differs(&repo, &recorded), None);
        assert_eq!(
            edit(Some("B"), None).differs(&repo, &recorded),
            Some("title")
        );
        assert_eq!(
            edit(Some("A"), Some("x")).differs(&repo, &recorded),
            Some("body")
        );
        assert_eq!(edit(None, None).differs(&repo, &recorded), Some("title"));

        let review = |reviewers: &[&str], teams: &[&str]| {
            Steer::RequestReview(RequestReview {
                pr: 7,
                reviewers: reviewers.iter().map(|r| r.to_string()).collect(),
                teams: teams.iter().map(|t| t.to_string()).collect(),
            })
        };
        let recorded = review(&["alice", "bob"], &["core"]).asked(&repo);
        // The same people in another order, or spelt in other case.
        assert_eq!(
            review(&["Bob", "alice"], &["core"]).differs(&repo, &recorded),
            None
        );
        assert_eq!(
            review(&["alice"], &["core"]).differs(&repo, &recorded),
            Some("reviewers")
        );
        assert_eq!(
            review(&["alice", "bob"], &[]).differs(&repo, &recorded),
            Some("teams")
        );

        let close = |reason| Steer::CloseIssue(CloseIssue { issue: 5, reason });
        let mut recorded = close(CloseReason::Completed).asked(&repo);
        assert_eq!(
            close(CloseReason::NotPlanned).differs(&repo, &recorded),
            Some("reason")
        );
        // Every close records its reason: one without was written by an
        // older helm and is not held against the request.
        recorded.part.remove("closeReason");
        assert_eq!(
            close(CloseReason::NotPlanned).differs(&repo, &recorded),
            None
        );

        let merge = |method, sha: Option<&str>| {
            Steer::MergePr(MergePr {
                pr: 9,
                method,
                sha: sha.map(str::to_string),
                override_reason: None,
            })
        };
        let pinned = merge(MergeMethod::Squash, Some("abc")).asked(&repo);
        assert_eq!(
            merge(MergeMethod::Squash, None).differs(&repo, &pinned),
            None
        );
        assert_eq!(
            merge(MergeMethod::Squash, Some("def")).differs(&repo, &pinned),
            Some("sha")
        );
        assert_eq!(
            merge(MergeMethod::Rebase, None).differs(&repo, &pinned),
            Some("merge method")
        );

        let label = |add: &[&str], remove: &[&str]| {
            Steer::Label(LabelChange {
                on: IssueOrPull::Issue(5),
                add: add.iter().map(|l| l.to_string()).collect(),
                remove: remove.iter().map(|l| l.to_string()).collect(),
            })
        };
        let recorded = label(&["bug"], &["old", "wontfix"]).asked(&repo);
        assert_eq!(
            label(&["Bug"], &["wontfix", "OLD"]).differs(&repo, &recorded),
            None
        );
        assert_eq!(
            label(&["bug"], &["old"]).differs(&repo, &recorded),
            Some("remove")
        );
        assert_eq!(
            label(&["docs"], &["old", "wontfix"]).differs(&repo, &recorded),
            Some("labels")
        );
    }

    /// Every field an action's entry records of what was asked is compared:
    /// for one request of each action, changing any field of its recorded
    /// request makes it another request. A field added to an entry but not
    /// to [`Steer::differs`] fails here.
    #[test]
    fn every_field_any_action_records_of_what_was_asked_is_compared() {
        use crate::actions::{ActionArgs, ActionKind};
        use crate::inputs::Stdin;
        use serde_json::{Value, json};

        let repo = Repo::parse("o/r").unwrap();
        let samples = crate::actions::samples();
        let mut covered = Vec::new();
        for sample in samples {
            let args: ActionArgs = serde_json::from_value(sample.clone()).unwrap();
            let steer = args
                .resolve(std::path::Path::new("/"), Stdin::Ours)
                .unwrap();
            covered.push(steer.kind());
            let asked = serde_json::to_value(steer.asked(&repo)).unwrap();
            let Value::Object(fields) = &asked else {
                panic!("{asked}")
            };
            for (name, value) in fields {
                let other = match value {
                    Value::String(_) if name == "steer" => {
                        json!(if *value == "comment" {
                            "label"
                        } else {
                            "comment"
                        })
                    }
                    Value::String(text) => json!(format!("{text}-other")),
                    Value::Number(n) => json!(n.as_u64().unwrap_or_default() + 1),
                    Value::Bool(b) => json!(!b),
                    Value::Array(_) => json!(["another"]),
                    Value::Object(_) if name == "override" => {
                        json!({"reason": "another", "notReady": []})
                    }
                    _ => panic!("{name}: {value}"),
                };
                let mut changed = asked.clone();
                changed[name] = other;
                let recorded: SteerRecord = serde_json::from_value(changed).unwrap();
                assert!(
                    steer.differs(&repo, &recorded).is_some(),
                    "{}: a different {name} is taken for the same request",
                    steer.kind().as_str()
                );
            }
        }
        assert_eq!(covered, ActionKind::ALL, "one sample per action");
    }
}

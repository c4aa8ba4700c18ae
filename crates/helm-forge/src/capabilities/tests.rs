use super::*;
use crate::act::{CloseIssue, Comment, IssueOrPull, ReplyInline, RequestReview, ResolveThread};

fn close(reason: CloseReason) -> Steer {
    Steer::CloseIssue(CloseIssue { issue: 5, reason })
}

fn review(teams: &[&str]) -> Steer {
    Steer::RequestReview(RequestReview {
        pr: 7,
        reviewers: vec!["ana".into()],
        teams: teams.iter().map(|t| t.to_string()).collect(),
    })
}

fn refused(forge: ForgeName, steer: &Steer) -> Option<&'static str> {
    refuses(forge, forge.capabilities(), steer).map(|no| no.part.name)
}

#[test]
fn every_forge_lists_every_action_once() {
    for forge in ForgeName::ALL {
        let listed: Vec<ActionKind> = forge
            .capabilities()
            .actions
            .iter()
            .map(|(k, _)| *k)
            .collect();
        assert_eq!(listed, ActionKind::ALL, "{forge}");
    }
}

/// A part a table names without the rule knowing it would refuse every
/// steer of the action; each one named is one the rule reads.
#[test]
fn every_part_a_table_leaves_out_is_one_a_steer_can_leave_out() {
    let plain = [close(CloseReason::Completed), review(&[])];
    for forge in ForgeName::ALL {
        for (kind, support) in forge.capabilities().actions {
            if let Support::Without(parts) = support {
                let steer = plain
                    .iter()
                    .find(|s| s.kind() == *kind)
                    .expect("a plain steer");
                for part in *parts {
                    assert!(!asks(steer, *part), "{forge} {kind:?} {}", part.name);
                }
            }
        }
    }
}

#[test]
fn github_does_everything() {
    assert_eq!(
        refused(ForgeName::GitHub, &close(CloseReason::NotPlanned)),
        None
    );
    assert_eq!(refused(ForgeName::GitHub, &review(&["core"])), None);
}

#[test]
fn gitlab_has_no_close_reason_and_no_team_reviewers() {
    assert_eq!(
        refused(ForgeName::GitLab, &close(CloseReason::Completed)),
        None
    );
    assert_eq!(
        refused(ForgeName::GitLab, &close(CloseReason::NotPlanned)),
        Some("reason")
    );
    assert_eq!(refused(ForgeName::GitLab, &review(&[])), None);
    assert_eq!(
        refused(ForgeName::GitLab, &review(&["core"])),
        Some("teams")
    );
    let reply = Steer::ReplyInline(ReplyInline {
        pr: 7,
        comment_id: 9,
        body: "ok".into(),
    });
    assert_eq!(refused(ForgeName::GitLab, &reply), None);
}

#[test]
fn forgejo_has_no_reply_inline_and_no_thread_resolution() {
    let reply = Steer::ReplyInline(ReplyInline {
        pr: 7,
        comment_id: 9,
        body: "ok".into(),
    });
    assert_eq!(refused(ForgeName::Forgejo, &reply), Some("reply"));
    let resolve = Steer::ResolveThread(ResolveThread {
        pr: 7,
        thread: "1".into(),
        seen: None,
    });
    assert_eq!(refused(ForgeName::Forgejo, &resolve), Some("resolution"));
    assert_eq!(refused(ForgeName::Forgejo, &review(&["core"])), None);
    assert_eq!(
        refused(ForgeName::Forgejo, &close(CloseReason::NotPlanned)),
        Some("reason")
    );
}

#[test]
fn an_action_a_table_leaves_out_is_refused_whole() {
    static NOTHING: Capabilities = Capabilities { actions: &[] };
    let comment = Steer::Comment(Comment {
        on: IssueOrPull::Issue(1),
        body: "b".into(),
    });
    let no = refuses(ForgeName::GitHub, &NOTHING, &comment).expect("refused");
    assert_eq!((no.action, no.part.name), (ActionKind::Comment, "comment"));
}

#[test]
fn a_refusal_is_an_unsupported_error_naming_forge_action_and_part() {
    let no = refuses(
        ForgeName::GitLab,
        ForgeName::GitLab.capabilities(),
        &review(&["core"]),
    )
    .unwrap();
    let err = Error::from(no);
    assert_eq!(err.kind(), Kind::Unsupported);
    assert_eq!(err.kind().exit_code(), 1);
    let message = err.message().to_string();
    assert!(
        message.contains("GitLab has no team reviewers"),
        "{message}"
    );
    assert!(message.contains("request-review"), "{message}");
    assert!(err.hint_text().unwrap().contains("without its teams part"));
    let whole = refuses(
        ForgeName::Forgejo,
        ForgeName::Forgejo.capabilities(),
        &Steer::ResolveThread(ResolveThread {
            pr: 1,
            thread: "1".into(),
            seen: None,
        }),
    )
    .unwrap();
    assert!(
        Error::from(whole)
            .hint_text()
            .unwrap()
            .contains("Forgejo's own interface")
    );
}

/// A program reads the refusal from the JSON error document's `forge`,
/// `action` and `missing`, not from the sentence.
#[test]
fn a_refusal_carries_forge_action_and_missing_as_facts() {
    let no = refuses(
        ForgeName::Forgejo,
        ForgeName::Forgejo.capabilities(),
        &close(CloseReason::NotPlanned),
    )
    .unwrap();
    assert_eq!(
        Error::from(no).facts(),
        [Fact::Unsupported {
            forge: "forgejo".into(),
            action: ActionKind::CloseIssue,
            missing: "reason".into(),
        }]
    );
}

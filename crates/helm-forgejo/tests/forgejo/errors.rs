//! Forgejo's failures as data (ADR 0023): what GitHub's would call `github`
//! is `forge` here, every failure Forgejo answered or did not names Forgejo
//! and its status (`forge`, `forgeStatus` in the JSON error document), and
//! what Forgejo cannot do names the forge, the action and the missing part
//! (`forge`, `action`, `missing`), from `prepare` and `send` alike.

use fake_github::Fault;
use helm_forge::act::{
    CloseIssue, CloseReason, Comment, IssueOrPull, LabelChange, MergeMethod, MergePr, ReplyInline,
    ResolveThread, Steer,
};
use helm_forge::{ForgeError, WriteOutcome, WritePlan};
use helm_model::ActionKind;
use helm_model::error::{Fact, Kind};

use super::support::{REPO, World};

fn forgejo(status: Option<u16>) -> Fact {
    Fact::Forge {
        forge: "forgejo".into(),
        status,
    }
}

fn lacks(action: ActionKind, missing: &str) -> Fact {
    Fact::Unsupported {
        forge: "forgejo".into(),
        action,
        missing: missing.into(),
    }
}

fn comment(on: u64, body: &str) -> Steer {
    Steer::Comment(Comment {
        on: IssueOrPull::Issue(on),
        body: body.into(),
    })
}

fn kind_and_facts(err: &ForgeError) -> (Kind, Vec<Fact>) {
    (err.error.kind(), err.error.facts().to_vec())
}

#[test]
fn a_refusal_is_kind_forge_naming_forgejo_and_its_status() {
    let w = World::new();
    let n = w.fake.forgejo().add_issue(REPO, "Broken", "");
    let err = w.send(&w.prepare(comment(n, "  "))).unwrap_err();
    assert_eq!(err.outcome, WriteOutcome::NotDone);
    assert_eq!(
        kind_and_facts(&err),
        (Kind::Forge, vec![forgejo(Some(422))])
    );
    w.no_violations();
}

/// A permission Forgejo withholds is its refusal, not GitHub's.
#[test]
fn a_403_is_kind_forge_with_forgejos_status() {
    let w = World::new();
    let n = w.fake.forgejo().add_issue(REPO, "Issue", "");
    let plan = w.prepare(comment(n, "hello"));
    let denied =
        serde_json::json!({ "message": "user should have permission", "url": "/api/swagger" });
    w.fake.inject(Fault::new(
        "POST",
        &format!("/issues/{n}/comments"),
        403,
        denied,
    ));
    let err = w.send(&plan).unwrap_err();
    assert_eq!(
        kind_and_facts(&err),
        (Kind::Forge, vec![forgejo(Some(403))])
    );
    w.no_violations();
}

/// A write that got no answer names Forgejo, and no status it never gave.
#[test]
fn a_write_without_an_answer_names_forgejo_without_a_status() {
    let w = World::new();
    let n = w.fake.forgejo().add_issue(REPO, "Issue", "");
    let plan = w.prepare(comment(n, "hello"));
    w.fake.inject(Fault::drop_after_acting(
        "POST",
        &format!("/issues/{n}/comments"),
    ));
    let err = w.send(&plan).unwrap_err();
    assert_eq!(err.outcome, WriteOutcome::Unknown);
    assert_eq!(
        kind_and_facts(&err),
        (Kind::UnknownOutcome, vec![forgejo(None)])
    );
    w.no_violations();
}

/// A label change that fails half way is unknown, and still names what
/// Forgejo answered to the request that failed.
#[test]
fn a_change_that_fails_half_way_keeps_forgejos_answer() {
    let w = World::new();
    let n = w.fake.forgejo().add_issue(REPO, "Issue", "");
    let label = |add: &[&str], remove: &[&str]| {
        Steer::Label(LabelChange {
            on: IssueOrPull::Issue(n),
            add: add.iter().map(|s| s.to_string()).collect(),
            remove: remove.iter().map(|s| s.to_string()).collect(),
        })
    };
    w.steer(label(&["bug"], &[]));
    let plan = w.prepare(label(&["ready"], &["bug"]));
    let body = serde_json::json!({ "message": "boom", "url": "/api/swagger" });
    w.fake.inject(Fault::new("DELETE", "/labels/", 500, body));
    let err = w.send(&plan).unwrap_err();
    assert_eq!(err.outcome, WriteOutcome::Unknown);
    assert_eq!(
        kind_and_facts(&err),
        (Kind::UnknownOutcome, vec![forgejo(Some(500))])
    );
    w.no_violations();
}

#[test]
fn a_moved_head_names_forgejos_409() {
    let w = World::new();
    let pr = w.fake.forgejo().add_pull(REPO, "Pull", "topic", "main");
    let seen = w.fake.forgejo().push(REPO, pr);
    let plan = w.prepare(Steer::MergePr(MergePr {
        pr,
        method: MergeMethod::Merge,
        sha: Some(seen),
        override_reason: None,
    }));
    w.fake.forgejo().push(REPO, pr);
    let err = w.send(&plan).unwrap_err();
    assert_eq!(
        kind_and_facts(&err),
        (Kind::Stale, vec![forgejo(Some(409))])
    );
    w.no_violations();
}

/// `prepare` refuses from the table and `send` from its own match; both
/// name the same missing part, so a plan made elsewhere reads the same.
#[test]
fn what_forgejo_cannot_do_names_forge_action_and_missing_part() {
    let w = World::new();
    let refused = [
        (
            Steer::ReplyInline(ReplyInline {
                pr: 1,
                comment_id: 2,
                body: "b".into(),
            }),
            lacks(ActionKind::ReplyInline, "reply"),
        ),
        (
            Steer::ResolveThread(ResolveThread {
                pr: 1,
                thread: "t".into(),
                seen: None,
            }),
            lacks(ActionKind::ResolveThread, "resolution"),
        ),
    ];
    for (steer, fact) in refused {
        let prepared = w.run(w.forgejo.prepare(&steer)).unwrap_err();
        let plan = WritePlan {
            steer,
            writes: vec![],
            read: serde_json::Value::Null,
        };
        let sent = w.send(&plan).unwrap_err();
        for err in [prepared, sent] {
            assert_eq!(
                kind_and_facts(&err),
                (Kind::Unsupported, vec![fact.clone()])
            );
        }
    }
    let close = Steer::CloseIssue(CloseIssue {
        issue: 1,
        reason: CloseReason::NotPlanned,
    });
    let err = w.run(w.forgejo.prepare(&close)).unwrap_err();
    assert_eq!(
        kind_and_facts(&err),
        (
            Kind::Unsupported,
            vec![lacks(ActionKind::CloseIssue, "reason")]
        )
    );
    assert!(w.fake.requests().is_empty(), "nothing was asked");
    w.no_violations();
}

/// A merge method is a value the repository allows or not: its refusal
/// names `method` as what is missing.
#[test]
fn a_merge_method_the_repository_does_not_allow_names_the_method_as_missing() {
    let w = World::new();
    let pr = w.fake.forgejo().add_pull(REPO, "Pull", "topic", "main");
    let head = w.fake.forgejo().push(REPO, pr);
    w.fake.forgejo().allow_merge_styles(REPO, &["merge"]);
    let squash = Steer::MergePr(MergePr {
        pr,
        method: MergeMethod::Squash,
        sha: Some(head),
        override_reason: None,
    });
    let err = w.run(w.forgejo.prepare(&squash)).unwrap_err();
    assert_eq!(
        kind_and_facts(&err),
        (
            Kind::Unsupported,
            vec![lacks(ActionKind::MergePr, "method")]
        )
    );
    w.no_violations();
}

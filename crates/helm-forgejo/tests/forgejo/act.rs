//! Each action's plan (the exact writes, final before anything leaves) and
//! what sending it produced; and what Forgejo cannot do, refused before any
//! request.

use helm_forge::act::{
    CloseIssue, ClosePr, CloseReason, Comment, CreateIssue, CreatePr, EditIssue, EditPr,
    IssueOrPull, ReopenIssue, ReplyInline, RequestReview, ResolveThread, Steer, UnresolveThread,
};
use helm_forge::{Produced, WriteOutcome, WritePlan};
use helm_model::error::Kind;

use super::support::{REPO, World, write};

const ISSUES: &str = "/repos/acme/widgets/issues";

#[test]
fn a_comment_is_one_post_and_names_the_comment_made() {
    let w = World::new();
    let n = w.fake.forgejo().add_issue(REPO, "Broken", "");
    let plan = w.prepare(Steer::Comment(Comment {
        on: IssueOrPull::Issue(n),
        body: "On it".into(),
    }));
    let path = format!("{ISSUES}/{n}/comments");
    assert_eq!(
        plan.writes,
        [write("POST", &path, Some(r#"{"body":"On it"}"#))]
    );
    assert!(w.writes().is_empty(), "prepare only reads");
    let Produced::Posted { author, url, .. } = w.send(&plan).unwrap() else {
        panic!("a comment posts")
    };
    assert_eq!(author.as_deref(), Some("helm-bot"));
    assert!(url.unwrap().contains(&format!("/issues/{n}#issuecomment-")));
    assert_eq!(w.fake.forgejo().item(REPO, n).2, ["On it"]);
    w.no_violations();
}

#[test]
fn a_new_issue_sends_label_ids_and_names_what_forgejo_applied() {
    let w = World::new();
    let bug = w.fake.forgejo().label_id(REPO, "bug");
    let plan = w.prepare(Steer::CreateIssue(CreateIssue {
        title: "New".into(),
        body: Some("Body".into()),
        labels: vec!["bug".into()],
        assignees: vec![],
    }));
    let body = format!(r#"{{"title":"New","body":"Body","labels":[{bug}]}}"#);
    assert_eq!(plan.writes, [write("POST", ISSUES, Some(&body))]);
    let Produced::Opened {
        number,
        labels,
        author,
        ..
    } = w.send(&plan).unwrap()
    else {
        panic!("an issue opens")
    };
    assert_eq!(
        (labels, author.as_deref()),
        (vec!["bug".to_string()], Some("helm-bot"))
    );
    assert_eq!(w.fake.forgejo().item(REPO, number).1, ["bug"]);
    // A label the repository has not is refused before anything is sent.
    let steer = Steer::CreateIssue(CreateIssue {
        title: "Other".into(),
        body: None,
        labels: vec!["nope".into()],
        assignees: vec![],
    });
    let err = w.run(w.forgejo.prepare(&steer)).unwrap_err();
    assert_eq!(err.error.kind(), Kind::NotFound);
    assert_eq!(w.writes().len(), 1);
    w.no_violations();
}

#[test]
fn edits_closes_and_reopens_are_patches_of_the_issue_or_pull_request() {
    let w = World::new();
    let n = w.fake.forgejo().add_issue(REPO, "Old", "old");
    let edit = w.prepare(Steer::EditIssue(EditIssue {
        issue: n,
        title: Some("New".into()),
        body: None,
    }));
    let path = format!("{ISSUES}/{n}");
    assert_eq!(
        edit.writes,
        [write("PATCH", &path, Some(r#"{"title":"New"}"#))]
    );
    let Produced::Edited { title, body, .. } = w.send(&edit).unwrap() else {
        panic!("an edit")
    };
    assert_eq!(
        (title.as_deref(), body.as_deref()),
        (Some("New"), Some("old"))
    );
    let closed = w.steer(Steer::CloseIssue(CloseIssue {
        issue: n,
        reason: CloseReason::Completed,
    }));
    assert!(matches!(closed, Produced::State { ref state, .. } if state == "closed"));
    let reopened = w.steer(Steer::ReopenIssue(ReopenIssue { issue: n }));
    assert!(matches!(reopened, Produced::State { ref state, .. } if state == "open"));
    let pr = w.fake.forgejo().add_pull(REPO, "Pull", "topic", "main");
    let edited = w.steer(Steer::EditPr(EditPr {
        pr,
        title: None,
        body: Some("why".into()),
    }));
    assert!(matches!(edited, Produced::Edited { ref body, .. } if body.as_deref() == Some("why")));
    let closed = w.prepare(Steer::ClosePr(ClosePr { pr }));
    let path = format!("/repos/acme/widgets/pulls/{pr}");
    assert_eq!(
        closed.writes,
        [write("PATCH", &path, Some(r#"{"state":"closed"}"#))]
    );
    assert!(
        matches!(w.send(&closed).unwrap(), Produced::State { ref state, .. } if state == "closed")
    );
    assert_eq!(w.fake.forgejo().item(REPO, pr).0, "closed");
    w.no_violations();
}

#[test]
fn a_new_pull_request_reads_the_default_base_and_a_draft_is_a_wip_title() {
    let w = World::new();
    let plan = w.prepare(Steer::CreatePr(CreatePr {
        title: "Feature".into(),
        head: "topic".into(),
        base: None,
        body: None,
        draft: true,
    }));
    let body = r#"{"head":"topic","base":"main","title":"WIP: Feature"}"#;
    assert_eq!(
        plan.writes,
        [write("POST", "/repos/acme/widgets/pulls", Some(body))]
    );
    let Steer::CreatePr(kept) = &plan.steer else {
        panic!()
    };
    assert_eq!(kept.base.as_deref(), Some("main"), "the base read is kept");
    let Produced::Opened { number, author, .. } = w.send(&plan).unwrap() else {
        panic!("a pull request opens")
    };
    assert_eq!(author.as_deref(), Some("helm-bot"));
    assert_eq!(w.fake.forgejo().item(REPO, number).0, "open");
    w.no_violations();
}

#[test]
fn a_review_request_names_who_is_asked() {
    let w = World::new();
    w.fake.forgejo().add_collaborator(REPO, "ana", "write");
    let pr = w.fake.forgejo().add_pull(REPO, "Pull", "topic", "main");
    let plan = w.prepare(Steer::RequestReview(RequestReview {
        pr,
        reviewers: vec!["ana".into()],
        teams: vec![],
    }));
    let path = format!("/repos/acme/widgets/pulls/{pr}/requested_reviewers");
    assert_eq!(
        plan.writes,
        [write("POST", &path, Some(r#"{"reviewers":["ana"]}"#))]
    );
    let Produced::Reviewers { users, teams, .. } = w.send(&plan).unwrap() else {
        panic!("reviewers")
    };
    assert_eq!((users, teams), (vec!["ana".to_string()], vec![]));
    w.no_violations();
}

#[test]
fn a_reply_and_thread_resolution_are_refused_before_any_request() {
    let w = World::new();
    let refused = [
        Steer::ReplyInline(ReplyInline {
            pr: 1,
            comment_id: 2,
            body: "b".into(),
        }),
        Steer::ResolveThread(ResolveThread {
            pr: 1,
            thread: "t".into(),
            seen: None,
        }),
        Steer::UnresolveThread(UnresolveThread {
            pr: 1,
            thread: "t".into(),
            seen: None,
        }),
        Steer::CloseIssue(CloseIssue {
            issue: 1,
            reason: CloseReason::NotPlanned,
        }),
    ];
    for steer in refused {
        // A plan made elsewhere is refused by send too, and sends nothing.
        let plan = WritePlan {
            steer: steer.clone(),
            writes: vec![],
            read: serde_json::Value::Null,
        };
        if !matches!(steer, Steer::CloseIssue(_)) {
            let err = w.send(&plan).unwrap_err();
            assert_eq!(err.error.kind(), Kind::Unsupported, "{steer:?}");
        }
        let err = w.run(w.forgejo.prepare(&steer)).unwrap_err();
        assert_eq!(err.error.kind(), Kind::Unsupported, "{steer:?}");
        assert_eq!(err.outcome, WriteOutcome::NotDone);
        assert!(
            err.error.to_string().contains("Forgejo has no"),
            "{}",
            err.error
        );
    }
    assert!(w.fake.requests().is_empty(), "nothing was asked");
    w.no_violations();
}

#[test]
fn a_refusal_says_what_forgejo_answered_and_that_nothing_was_done() {
    let w = World::new();
    let n = w.fake.forgejo().add_issue(REPO, "Broken", "");
    let plan = w.prepare(Steer::Comment(Comment {
        on: IssueOrPull::Issue(n),
        body: "  ".into(),
    }));
    let err = w.send(&plan).unwrap_err();
    assert_eq!(err.outcome, WriteOutcome::NotDone);
    let said = err.error.to_string();
    assert!(
        said.starts_with("Forgejo answered 422: [Body]: Required"),
        "{said}"
    );
    assert!(err.error.hint_text().is_some());
    w.no_violations();
}

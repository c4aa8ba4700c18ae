//! Each action planned (`prepare`: its final writes) and sent (`send`:
//! exactly those), with what it produced; what GitLab cannot do exactly is
//! refused before any request.

use helm_forge::Produced;
use helm_forge::act::*;
use helm_model::error::Kind;

use crate::support::{Lab, PROJECT};

#[test]
fn comments_on_an_issue_and_a_merge_request_are_notes() {
    let lab = Lab::new();
    let gl = lab.fake.gitlab();
    let issue = gl.add_issue(PROJECT, "Widget crashes", "");
    let mr = gl.add_mr(PROJECT, "Add more", "feature", "main");
    let steer = Steer::Comment(Comment {
        on: IssueOrPull::Issue(issue),
        body: "On it.".into(),
    });
    let plan = lab.plan(&steer);
    assert_eq!(plan.writes.len(), 1);
    assert_eq!(plan.writes[0].method, "POST");
    assert_eq!(
        plan.writes[0].path,
        "/projects/group%2Fsub%2Fproject/issues/1/notes"
    );
    assert_eq!(plan.writes[0].body.as_deref(), Some(r#"{"body":"On it."}"#));
    let Produced::Posted { id, url, author } = lab.run(lab.repo.send(&plan)).unwrap() else {
        panic!("a comment posts")
    };
    assert_eq!(author.as_deref(), Some("helm-bot"));
    assert!(
        url.unwrap()
            .ends_with(&format!("/group/sub/project/-/issues/1#note_{id}"))
    );
    assert_eq!(gl.item(PROJECT, false, issue).2, ["On it."]);
    let on_mr = Steer::Comment(Comment {
        on: IssueOrPull::PullRequest(mr),
        body: "Reviewing.".into(),
    });
    assert!(matches!(lab.act(&on_mr), Produced::Posted { .. }));
    assert_eq!(gl.item(PROJECT, true, mr).2, ["Reviewing."]);
    lab.done();
}

#[test]
fn an_issue_is_created_edited_closed_and_reopened() {
    let lab = Lab::new();
    let gl = lab.fake.gitlab();
    gl.add_member(PROJECT, "alice", 30);
    let create = Steer::CreateIssue(CreateIssue {
        title: "New bug".into(),
        body: Some("Steps.".into()),
        labels: vec!["bug".into(), "p1".into()],
        assignees: vec!["alice".into()],
    });
    let plan = lab.plan(&create);
    assert_eq!(
        plan.writes[0].body.as_deref(),
        Some(r#"{"title":"New bug","description":"Steps.","labels":"bug,p1","assignee_ids":[2]}"#)
    );
    let Produced::Opened {
        number,
        labels,
        author,
        ..
    } = lab.run(lab.repo.send(&plan)).unwrap()
    else {
        panic!("an issue opens")
    };
    assert_eq!(
        (labels, author.as_deref()),
        (vec!["bug".to_string(), "p1".into()], Some("helm-bot"))
    );
    let edit = Steer::EditIssue(EditIssue {
        issue: number,
        title: Some("Renamed bug".into()),
        body: None,
    });
    let Produced::Edited { title, body, .. } = lab.act(&edit) else {
        panic!("an edit edits")
    };
    assert_eq!(
        (title.as_deref(), body.as_deref()),
        (Some("Renamed bug"), Some("Steps."))
    );
    let close = Steer::CloseIssue(CloseIssue {
        issue: number,
        reason: CloseReason::Completed,
    });
    let Produced::State { state, reason, .. } = lab.act(&close) else {
        panic!("a close closes")
    };
    assert_eq!((state.as_str(), reason), ("closed", None));
    let reopen = Steer::ReopenIssue(ReopenIssue { issue: number });
    let Produced::State { state, .. } = lab.act(&reopen) else {
        panic!("a reopen opens")
    };
    assert_eq!(state, "open");
    let unknown = Steer::CreateIssue(CreateIssue {
        title: "x".into(),
        body: None,
        labels: Vec::new(),
        assignees: vec!["nobody-here".into()],
    });
    let err = lab.run(lab.repo.prepare(&unknown)).unwrap_err();
    assert_eq!(err.error.kind(), Kind::NotFound);
    lab.done();
}

#[test]
fn what_gitlab_cannot_do_exactly_is_refused_before_any_request() {
    let lab = Lab::new();
    let before = lab.fake.requests().len();
    let reason = Steer::CloseIssue(CloseIssue {
        issue: 1,
        reason: CloseReason::NotPlanned,
    });
    let err = lab.run(lab.repo.prepare(&reason)).unwrap_err();
    assert_eq!(err.error.kind(), Kind::Unsupported);
    assert!(
        err.error.to_string().contains("close reason"),
        "{}",
        err.error
    );
    let teams = Steer::RequestReview(RequestReview {
        pr: 1,
        reviewers: Vec::new(),
        teams: vec!["core".into()],
    });
    let err = lab.run(lab.repo.prepare(&teams)).unwrap_err();
    assert_eq!(err.error.kind(), Kind::Unsupported);
    assert_eq!(
        lab.fake.requests().len(),
        before,
        "nothing was read or sent"
    );
    lab.done();
}

#[test]
fn a_merge_request_is_created_as_a_draft_into_the_default_branch_and_closed() {
    let lab = Lab::new();
    let create = Steer::CreatePr(CreatePr {
        title: "Add the thing".into(),
        head: "thing".into(),
        base: None,
        body: Some("Why.".into()),
        draft: true,
    });
    let plan = lab.plan(&create);
    let Steer::CreatePr(planned) = &plan.steer else {
        panic!()
    };
    assert_eq!(
        planned.base.as_deref(),
        Some("main"),
        "the project's default branch"
    );
    assert_eq!(
        plan.writes[0].body.as_deref(),
        Some(
            r#"{"source_branch":"thing","target_branch":"main","title":"Draft: Add the thing","description":"Why."}"#
        )
    );
    let Produced::Opened { number, .. } = lab.run(lab.repo.send(&plan)).unwrap() else {
        panic!("a merge request opens")
    };
    let edit = Steer::EditPr(EditPr {
        pr: number,
        title: None,
        body: Some("Because.".into()),
    });
    let Produced::Edited { body, .. } = lab.act(&edit) else {
        panic!()
    };
    assert_eq!(body.as_deref(), Some("Because."));
    let close = Steer::ClosePr(ClosePr { pr: number });
    let Produced::State { state, .. } = lab.act(&close) else {
        panic!()
    };
    assert_eq!(state, "closed");
    lab.done();
}

#[test]
fn reviewers_are_asked_by_id_keeping_those_already_asked() {
    let lab = Lab::new();
    let gl = lab.fake.gitlab();
    gl.add_member(PROJECT, "alice", 30);
    gl.add_member(PROJECT, "bob", 30);
    let mr = gl.add_mr(PROJECT, "Add more", "feature", "main");
    let ask = |who: &str| {
        Steer::RequestReview(RequestReview {
            pr: mr,
            reviewers: vec![who.into()],
            teams: Vec::new(),
        })
    };
    lab.act(&ask("alice"));
    let plan = lab.plan(&ask("bob"));
    assert_eq!(
        plan.writes[0].body.as_deref(),
        Some(r#"{"reviewer_ids":[2,3]}"#)
    );
    let Produced::Reviewers { users, teams, .. } = lab.run(lab.repo.send(&plan)).unwrap() else {
        panic!("reviewers are asked")
    };
    assert_eq!(
        (users, teams),
        (vec!["alice".to_string(), "bob".into()], Vec::new())
    );
    lab.done();
}

#[test]
fn a_reply_goes_into_the_notes_discussion_and_a_thread_is_resolved_and_reopened() {
    let lab = Lab::new();
    let gl = lab.fake.gitlab();
    let mr = gl.add_mr(PROJECT, "Add more", "feature", "main");
    let thread = gl.open_thread(PROJECT, mr, "alice", "src/lib.rs", 2);
    let first = lab.run(lab.repo.thread(
        helm_forge::ThreadRef {
            number: mr,
            is_pr: true,
        },
        &[helm_forge::ThreadPart::Reviews],
    ));
    let first = first.unwrap()[0].1.value["threads"][0]["id"]
        .as_u64()
        .unwrap();
    let reply = Steer::ReplyInline(ReplyInline {
        pr: mr,
        comment_id: first,
        body: "Fixed.".into(),
    });
    let plan = lab.plan(&reply);
    assert_eq!(
        plan.writes[0].path,
        format!("/projects/group%2Fsub%2Fproject/merge_requests/{mr}/discussions/{thread}/notes")
    );
    assert!(matches!(
        lab.run(lab.repo.send(&plan)).unwrap(),
        Produced::Posted { .. }
    ));
    let resolve = Steer::ResolveThread(ResolveThread {
        pr: mr,
        thread: thread.clone(),
        seen: None,
    });
    let plan = lab.plan(&resolve);
    let Steer::ResolveThread(planned) = &plan.steer else {
        panic!()
    };
    assert_eq!(
        planned.seen.as_ref().map(|s| s.resolved),
        Some(false),
        "the state seen is kept"
    );
    assert_eq!(plan.writes[0].body.as_deref(), Some(r#"{"resolved":true}"#));
    let thread_url = Some(format!(
        "{}/group/sub/project/-/merge_requests/{mr}#note_{first}",
        lab.fake.url()
    ));
    assert_eq!(
        lab.run(lab.repo.send(&plan)).unwrap(),
        Produced::Thread {
            resolved: true,
            url: thread_url.clone()
        }
    );
    assert!(gl.thread_resolved(PROJECT, &thread));
    let unresolve = Steer::UnresolveThread(UnresolveThread {
        pr: mr,
        thread: thread.clone(),
        seen: None,
    });
    assert_eq!(
        lab.act(&unresolve),
        Produced::Thread {
            resolved: false,
            url: thread_url
        }
    );
    assert!(!gl.thread_resolved(PROJECT, &thread));
    let missing = Steer::ReplyInline(ReplyInline {
        pr: mr,
        comment_id: 424242,
        body: "x".into(),
    });
    assert_eq!(
        lab.run(lab.repo.prepare(&missing))
            .unwrap_err()
            .error
            .kind(),
        Kind::NotFound
    );
    lab.done();
}

#[test]
fn labels_are_added_and_removed_in_one_request() {
    let lab = Lab::new();
    let gl = lab.fake.gitlab();
    let issue = gl.add_issue(PROJECT, "Widget crashes", "");
    let first = Steer::Label(LabelChange {
        on: IssueOrPull::Issue(issue),
        add: vec!["bug".into(), "triage".into()],
        remove: Vec::new(),
    });
    lab.act(&first);
    let writes_before = lab.writes().len();
    let change = Steer::Label(LabelChange {
        on: IssueOrPull::Issue(issue),
        add: vec!["ready".into()],
        remove: vec!["triage".into(), "never-there".into()],
    });
    let plan = lab.plan(&change);
    assert_eq!(plan.writes.len(), 1, "one request: never half done");
    assert_eq!(
        plan.writes[0].body.as_deref(),
        Some(r#"{"add_labels":"ready","remove_labels":"triage,never-there"}"#)
    );
    let Produced::Labelled {
        now, not_present, ..
    } = lab.run(lab.repo.send(&plan)).unwrap()
    else {
        panic!("labels change")
    };
    assert_eq!(now, ["bug", "ready"]);
    assert_eq!(not_present, ["never-there"]);
    assert_eq!(lab.writes().len(), writes_before + 1);
    let comma = Steer::Label(LabelChange {
        on: IssueOrPull::Issue(issue),
        add: vec!["a,b".into()],
        remove: Vec::new(),
    });
    assert_eq!(
        lab.run(lab.repo.prepare(&comma)).unwrap_err().error.kind(),
        Kind::Usage
    );
    lab.done();
}

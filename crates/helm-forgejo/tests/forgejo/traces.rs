//! After a lost answer, a look finds exactly the attempt's own trace: made
//! by the token's account after the attempt began, never an older one nor
//! one by another user; and says when nothing was done.

use fake_github::Fault;
use helm_forge::act::{
    CloseIssue, CloseReason, Comment, CreateIssue, CreatePr, EditIssue, IssueOrPull, LabelChange,
    MergeMethod, MergePr, ReopenIssue, RequestReview, Steer,
};
use helm_forge::{Produced, Traced, WriteOutcome};

use super::support::{REPO, World};

/// Sends `steer` with its answer lost after Forgejo acted, and looks.
fn lost(w: &World, steer: Steer, path: &str) -> Traced {
    let plan = w.prepare(steer.clone());
    let began = w.began();
    let method = plan.writes[0].method;
    w.fake.inject(Fault::drop_after_acting(method, path));
    let err = w.send(&plan).unwrap_err();
    assert_eq!(err.outcome, WriteOutcome::Unknown, "{}", err.error);
    let window = w.run(w.forgejo.window(&began)).unwrap().unwrap();
    assert_eq!(window.viewer, "helm-bot");
    w.run(w.forgejo.look(&steer, &window)).unwrap()
}

#[test]
fn a_lost_comment_is_found_and_not_an_older_one_nor_another_users() {
    let w = World::new();
    let n = w.fake.forgejo().add_issue(REPO, "Issue", "");
    let same = "Same words";
    let steer = Steer::Comment(Comment {
        on: IssueOrPull::Issue(n),
        body: same.into(),
    });
    // The viewer said it before the attempt; the clock then moves on.
    w.steer(steer.clone());
    w.fake.set_clock_offset(120);
    w.fake.forgejo().comment(REPO, n, "ana", same);
    let before = w.run(w.forgejo.window(&w.began())).unwrap().unwrap();
    assert!(
        matches!(
            w.run(w.forgejo.look(&steer, &before)).unwrap(),
            Traced::NotDone
        ),
        "neither the older comment nor ana's is this attempt's"
    );
    let Traced::Found(found) = lost(&w, steer, "/comments") else {
        panic!("the lost comment is found")
    };
    assert_eq!(found.len(), 1);
    let Produced::Posted { author, .. } = &found[0] else {
        panic!()
    };
    assert_eq!(author.as_deref(), Some("helm-bot"));
    assert_eq!(w.fake.forgejo().item(REPO, n).2.len(), 3);
    w.no_violations();
}

#[test]
fn a_lost_merge_is_found_at_the_pinned_head() {
    let w = World::new();
    let pr = w.fake.forgejo().add_pull(REPO, "Pull", "topic", "main");
    let head = w.fake.forgejo().push(REPO, pr);
    let steer = Steer::MergePr(MergePr {
        pr,
        method: MergeMethod::Merge,
        sha: Some(head),
        override_reason: None,
    });
    let Traced::Found(found) = lost(&w, steer, "/merge") else {
        panic!("the lost merge is found")
    };
    assert!(matches!(
        &found[..],
        [Produced::Merged { sha: Some(_), .. }]
    ));
    w.no_violations();
}

#[test]
fn a_lost_close_and_a_lost_label_are_found_on_the_timeline() {
    let w = World::new();
    let n = w.fake.forgejo().add_issue(REPO, "Issue", "");
    let close = Steer::CloseIssue(CloseIssue {
        issue: n,
        reason: CloseReason::Completed,
    });
    let Traced::Found(found) = lost(&w, close, &format!("/issues/{n}")) else {
        panic!("the lost close is found")
    };
    assert!(matches!(&found[..], [Produced::State { state, .. }] if state == "closed"));
    let label = Steer::Label(LabelChange {
        on: IssueOrPull::Issue(n),
        add: vec!["bug".into()],
        remove: vec!["nope".into()],
    });
    let Traced::Found(found) = lost(&w, label, "/labels") else {
        panic!("the lost label is found")
    };
    let [
        Produced::Labelled {
            now, not_present, ..
        },
    ] = &found[..]
    else {
        panic!()
    };
    assert_eq!(
        (now, not_present),
        (&vec!["bug".to_string()], &vec!["nope".to_string()])
    );
    w.no_violations();
}

#[test]
fn a_half_done_label_change_is_what_helm_cannot_tell() {
    let w = World::new();
    let n = w.fake.forgejo().add_issue(REPO, "Issue", "");
    w.steer(Steer::Label(LabelChange {
        on: IssueOrPull::Issue(n),
        add: vec!["bug".into()],
        remove: vec![],
    }));
    let steer = Steer::Label(LabelChange {
        on: IssueOrPull::Issue(n),
        add: vec!["ready".into()],
        remove: vec!["bug".into()],
    });
    let plan = w.prepare(steer.clone());
    w.fake.set_clock_offset(120);
    let began = w.began();
    let body = serde_json::json!({ "message": "boom", "url": "/api/swagger" });
    w.fake.inject(Fault::new("DELETE", "/labels/", 500, body));
    assert_eq!(w.send(&plan).unwrap_err().outcome, WriteOutcome::Unknown);
    let window = w.run(w.forgejo.window(&began)).unwrap().unwrap();
    let Traced::CannotTell(words) = w.run(w.forgejo.look(&steer, &window)).unwrap() else {
        panic!("half done is not done")
    };
    assert!(words.to_string().contains("added [ready]"), "{words}");
    w.no_violations();
}

#[test]
fn a_lost_issue_is_found_by_title_and_an_edit_body_without_a_trace_cannot_be_told() {
    let w = World::new();
    let create = Steer::CreateIssue(CreateIssue {
        title: "Fresh".into(),
        body: None,
        labels: vec![],
        assignees: vec![],
    });
    let Traced::Found(found) = lost(&w, create, "/issues") else {
        panic!("the lost issue is found")
    };
    let [Produced::Opened { number, .. }] = &found[..] else {
        panic!()
    };
    // A body edit leaves no event: equal and untouched since is unknown.
    let edit = Steer::EditIssue(EditIssue {
        issue: *number,
        title: None,
        body: Some(String::new()),
    });
    w.fake.set_clock_offset(120);
    let window = w.run(w.forgejo.window(&w.began())).unwrap().unwrap();
    assert!(matches!(
        w.run(w.forgejo.look(&edit, &window)).unwrap(),
        Traced::CannotTell(_)
    ));
    w.no_violations();
}

#[test]
fn a_lost_review_request_and_a_lost_pull_request_are_found() {
    let w = World::new();
    w.fake.forgejo().add_collaborator(REPO, "ana", "write");
    let pr = w.fake.forgejo().add_pull(REPO, "Pull", "topic", "main");
    let ask = Steer::RequestReview(RequestReview {
        pr,
        reviewers: vec!["ana".into()],
        teams: vec![],
    });
    // Another reviewer asked in the window is not this attempt's trace.
    w.fake.forgejo().add_collaborator(REPO, "bob", "write");
    let window = w.run(w.forgejo.window(&w.began())).unwrap().unwrap();
    w.steer(Steer::RequestReview(RequestReview {
        pr,
        reviewers: vec!["bob".into()],
        teams: vec![],
    }));
    assert!(matches!(
        w.run(w.forgejo.look(&ask, &window)).unwrap(),
        Traced::NotDone
    ));
    let Traced::Found(found) = lost(&w, ask, "/requested_reviewers") else {
        panic!("the lost review request is found")
    };
    assert!(matches!(&found[..], [Produced::Reviewers { users, .. }] if users == &["ana"]));
    let create = Steer::CreatePr(CreatePr {
        title: "Mine".into(),
        head: "mine".into(),
        base: Some("main".into()),
        body: None,
        draft: false,
    });
    let Traced::Found(found) = lost(&w, create, "/pulls") else {
        panic!("the lost pull request is found")
    };
    let [Produced::Opened { number, author, .. }] = &found[..] else {
        panic!()
    };
    assert_eq!((author.as_deref(), *number > pr), (Some("helm-bot"), true));
    // The seeded one, by another author, was never this attempt's.
    let reopen = Steer::ReopenIssue(ReopenIssue { issue: pr });
    let window = w.run(w.forgejo.window(&w.began())).unwrap().unwrap();
    assert!(matches!(
        w.run(w.forgejo.look(&reopen, &window)).unwrap(),
        Traced::NotDone
    ));
    w.no_violations();
}

#[test]
fn a_lost_title_edit_is_found_by_its_change_title_event() {
    let w = World::new();
    let n = w.fake.forgejo().add_issue(REPO, "Old", "");
    let edit = Steer::EditIssue(EditIssue {
        issue: n,
        title: Some("New".into()),
        body: None,
    });
    let Traced::Found(found) = lost(&w, edit, &format!("/issues/{n}")) else {
        panic!("the lost title edit is found")
    };
    assert!(matches!(&found[..], [Produced::Edited { title: Some(t), .. }] if t == "New"));
    w.no_violations();
}

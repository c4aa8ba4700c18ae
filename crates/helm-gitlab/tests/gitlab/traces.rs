//! After a lost answer (the fake acts, then answers 502 or nothing in time),
//! `window` and `look` find exactly the attempt's own trace: made by the
//! token's account, after the attempt began on GitLab's clock; never an older
//! one of the same account, nor one by another user.

use std::time::Duration;

use fake_github::Fault;
use helm_forge::act::*;
use helm_forge::{Produced, TraceWindow, Traced, WriteOutcome};
use helm_model::clock::Began;

use crate::support::{Lab, PROJECT};

/// Begins an attempt as the core does: its start on this machine's clock,
/// and GitLab's clock as last read.
fn began(lab: &Lab) -> Began {
    Began {
        started_at: jiff::Timestamp::now().to_string(),
        clock: lab.repo.clock(),
    }
}

/// Sends `steer` with its answer lost, and looks for its trace.
fn lost(lab: &Lab, steer: &Steer, fault: Fault) -> (Traced, TraceWindow) {
    let plan = lab.plan(steer);
    let began = began(lab);
    lab.fake.inject(fault);
    let err = lab.run(lab.repo.send(&plan)).unwrap_err();
    assert_eq!(err.outcome, WriteOutcome::Unknown, "{}", err.error);
    let window = lab.run(lab.repo.window(&began)).unwrap().unwrap();
    assert_eq!(window.viewer, "helm-bot");
    (
        lab.run(lab.repo.look(&plan.steer, &window)).unwrap(),
        window,
    )
}

fn found(traced: Traced) -> Vec<Produced> {
    match traced {
        Traced::Found(found) => found,
        other => panic!("expected a trace, got {other:?}"),
    }
}

#[test]
fn a_lost_comment_is_found_as_its_own_note_not_an_older_one_or_another_users() {
    let lab = Lab::new();
    let gl = lab.fake.gitlab();
    // An hour ago on GitLab's clock: the issue and the same words by the
    // same account, which the attempt must not take for its own.
    lab.fake.set_clock_offset(-3600);
    let issue = gl.add_issue(PROJECT, "Widget crashes", "");
    let older = gl.comment_on_issue(PROJECT, issue, "helm-bot", "On it.");
    lab.fake.set_clock_offset(0);
    let steer = Steer::Comment(Comment {
        on: IssueOrPull::Issue(issue),
        body: "On it.".into(),
    });
    let plan = lab.plan(&steer);
    let began = began(&lab);
    gl.comment_on_issue(PROJECT, issue, "alice", "On it.");
    lab.fake
        .inject(Fault::bad_gateway_after_acting("POST", "/notes"));
    let err = lab.run(lab.repo.send(&plan)).unwrap_err();
    assert_eq!(err.outcome, WriteOutcome::Unknown);
    let window = lab.run(lab.repo.window(&began)).unwrap().unwrap();
    let traces = found(lab.run(lab.repo.look(&steer, &window)).unwrap());
    assert_eq!(traces.len(), 1, "{traces:?}");
    let Produced::Posted { id, author, .. } = &traces[0] else {
        panic!()
    };
    assert_ne!(*id, older);
    assert_eq!(author.as_deref(), Some("helm-bot"));
    assert_eq!(gl.item(PROJECT, false, issue).2.len(), 3);
    // An attempt that never left leaves no trace.
    let unsent = Steer::Comment(Comment {
        on: IssueOrPull::Issue(issue),
        body: "Never sent.".into(),
    });
    assert!(matches!(
        lab.run(lab.repo.look(&unsent, &window)).unwrap(),
        Traced::NotDone
    ));
    lab.done();
}

#[test]
fn a_lost_merge_is_found_merged_by_the_viewer_at_the_pinned_head() {
    let lab = Lab::new();
    let gl = lab.fake.gitlab();
    let mr = gl.add_mr(PROJECT, "Add more", "feature", "main");
    let head = gl.push(PROJECT, mr);
    let steer = Steer::MergePr(MergePr {
        pr: mr,
        method: MergeMethod::Merge,
        sha: Some(head),
        override_reason: None,
    });
    let (traced, window) = lost(
        &lab,
        &steer,
        Fault::bad_gateway_after_acting("PUT", "/merge"),
    );
    assert!(matches!(
        found(traced)[..],
        [Produced::Merged { sha: Some(_), .. }]
    ));
    // Merged, but not as this account: helm cannot tell it was this attempt.
    let other = TraceWindow {
        viewer: "someone-else".into(),
        ..window
    };
    assert!(matches!(
        lab.run(lab.repo.look(&steer, &other)).unwrap(),
        Traced::CannotTell(_)
    ));
    lab.done();
}

#[test]
fn a_lost_label_change_is_found_by_its_label_events() {
    let lab = Lab::with_timeout(Duration::from_secs(2));
    let gl = lab.fake.gitlab();
    let issue = gl.add_issue(PROJECT, "Widget crashes", "");
    let steer = Steer::Label(LabelChange {
        on: IssueOrPull::Issue(issue),
        add: vec!["bug".into()],
        remove: vec!["never-there".into()],
    });
    // The answer comes after helm stopped waiting.
    let fault = Fault::hang_after_acting("PUT", "/issues/1", Duration::from_secs(5));
    let (traced, _) = lost(&lab, &steer, fault);
    let traces = found(traced);
    assert_eq!(
        traces,
        [Produced::Labelled {
            now: vec!["bug".into()],
            not_present: vec!["never-there".into()],
            url: Some(format!("{}/group/sub/project/-/issues/1", lab.fake.url())),
        }]
    );
    lab.done();
}

#[test]
fn lost_state_edit_and_creations_are_found_as_their_own() {
    let lab = Lab::new();
    let gl = lab.fake.gitlab();
    lab.fake.set_clock_offset(-3600);
    gl.add_issue(PROJECT, "Same title", "an hour old, by someone else");
    lab.fake.set_clock_offset(0);
    let create = Steer::CreateIssue(CreateIssue {
        title: "Same title".into(),
        body: None,
        labels: Vec::new(),
        assignees: Vec::new(),
    });
    let (traced, _) = lost(
        &lab,
        &create,
        Fault::bad_gateway_after_acting("POST", "/issues"),
    );
    let traces = found(traced);
    assert!(
        matches!(traces[..], [Produced::Opened { number: 2, .. }]),
        "{traces:?}"
    );
    let close = Steer::CloseIssue(CloseIssue {
        issue: 2,
        reason: CloseReason::Completed,
    });
    let (traced, _) = lost(
        &lab,
        &close,
        Fault::bad_gateway_after_acting("PUT", "/issues/2"),
    );
    assert!(matches!(&found(traced)[..], [Produced::State { state, .. }] if state == "closed"));
    let edit = Steer::EditIssue(EditIssue {
        issue: 2,
        title: Some("Better title".into()),
        body: None,
    });
    let (traced, _) = lost(
        &lab,
        &edit,
        Fault::bad_gateway_after_acting("PUT", "/issues/2"),
    );
    assert!(
        matches!(&found(traced)[..], [Produced::Edited { title: Some(t), .. }] if t == "Better title")
    );
    let pr = Steer::CreatePr(CreatePr {
        title: "Add the thing".into(),
        head: "thing".into(),
        base: Some("main".into()),
        body: None,
        draft: false,
    });
    let (traced, _) = lost(
        &lab,
        &pr,
        Fault::bad_gateway_after_acting("POST", "/merge_requests"),
    );
    assert!(matches!(
        found(traced)[..],
        [Produced::Opened { number: 1, .. }]
    ));
    lab.done();
}

#[test]
fn a_lost_reply_and_a_lost_resolve_are_found_in_their_discussion() {
    let lab = Lab::new();
    let gl = lab.fake.gitlab();
    let mr = gl.add_mr(PROJECT, "Add more", "feature", "main");
    let thread = gl.open_thread(PROJECT, mr, "alice", "src/lib.rs", 2);
    let reviews = lab.run(lab.repo.thread(
        helm_forge::ThreadRef {
            number: mr,
            is_pr: true,
        },
        &[helm_forge::ThreadPart::Reviews],
    ));
    let first = reviews.unwrap()[0].1.value["threads"][0]["id"]
        .as_u64()
        .unwrap();
    let reply = Steer::ReplyInline(ReplyInline {
        pr: mr,
        comment_id: first,
        body: "Fixed.".into(),
    });
    let (traced, _) = lost(
        &lab,
        &reply,
        Fault::bad_gateway_after_acting("POST", "/discussions/"),
    );
    assert!(matches!(found(traced)[..], [Produced::Posted { .. }]));
    let resolve = Steer::ResolveThread(ResolveThread {
        pr: mr,
        thread: thread.clone(),
        seen: None,
    });
    let (traced, _) = lost(
        &lab,
        &resolve,
        Fault::bad_gateway_after_acting("PUT", "/discussions/"),
    );
    let traces = found(traced);
    assert!(
        matches!(&traces[..], [Produced::Thread { resolved: true, url: Some(url) }] if url.ends_with(&format!("#note_{first}"))),
        "{traces:?}"
    );
    lab.done();
}

#[test]
fn a_lost_review_request_is_found_by_gitlabs_system_note() {
    let lab = Lab::new();
    let gl = lab.fake.gitlab();
    gl.add_member(PROJECT, "alice", 30);
    let mr = gl.add_mr(PROJECT, "Add more", "feature", "main");
    let ask = Steer::RequestReview(RequestReview {
        pr: mr,
        reviewers: vec!["alice".into()],
        teams: Vec::new(),
    });
    let fault = Fault::bad_gateway_after_acting("PUT", "/merge_requests/1");
    let (traced, window) = lost(&lab, &ask, fault);
    assert!(
        matches!(&found(traced)[..], [Produced::Reviewers { users, .. }] if users == &["alice"]),
    );
    // Asked, but GitLab shows no note of this account asking: helm cannot
    // tell the attempt did it.
    let other = TraceWindow {
        viewer: "someone-else".into(),
        ..window
    };
    let Traced::CannotTell(words) = lab.run(lab.repo.look(&ask, &other)).unwrap() else {
        panic!("expected cannot tell")
    };
    assert!(words.to_string().contains("alice"), "{words}");
    lab.done();
}

#[test]
fn a_look_reads_the_notes_newest_first_only_until_they_are_older_than_the_attempt() {
    let lab = Lab::new();
    let gl = lab.fake.gitlab();
    lab.fake.set_clock_offset(-3600);
    let issue = gl.add_issue(PROJECT, "Busy issue", "");
    for n in 0..150 {
        gl.comment_on_issue(PROJECT, issue, "alice", &format!("old note {n}"));
    }
    lab.fake.set_clock_offset(0);
    let steer = Steer::Comment(Comment {
        on: IssueOrPull::Issue(issue),
        body: "New.".into(),
    });
    let (traced, _) = lost(
        &lab,
        &steer,
        Fault::bad_gateway_after_acting("POST", "/notes"),
    );
    assert!(matches!(found(traced)[..], [Produced::Posted { .. }]));
    let pages: Vec<String> = lab
        .fake
        .requests()
        .into_iter()
        .filter(|r| r.method == "GET" && r.path().ends_with("/notes"))
        .map(|r| r.path_and_query)
        .collect();
    assert_eq!(pages.len(), 1, "{pages:?}");
    lab.done();
}

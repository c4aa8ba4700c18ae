//! The merge: pinned to the head seen, refused by GitLab when the head moved
//! (`stale`, naming both heads) or when it is not ready, and a method the
//! project does not allow refused before anything is sent.

use helm_forge::act::*;
use helm_forge::{Produced, WriteOutcome};
use helm_model::error::Kind;

use crate::support::{Lab, PROJECT};

fn merge(pr: u64, method: MergeMethod, sha: Option<String>) -> Steer {
    Steer::MergePr(MergePr {
        pr,
        method,
        sha,
        override_reason: None,
    })
}

#[test]
fn a_merge_is_pinned_to_the_head_seen() {
    let lab = Lab::new();
    let gl = lab.fake.gitlab();
    let mr = gl.add_mr(PROJECT, "Add more", "feature", "main");
    let head = gl.push(PROJECT, mr);
    let plan = lab.plan(&merge(mr, MergeMethod::Merge, Some(head.clone())));
    assert_eq!(
        plan.writes[0].body.as_deref(),
        Some(format!(r#"{{"sha":"{head}","squash":false}}"#).as_str())
    );
    let Produced::Merged { sha, url } = lab.run(lab.repo.send(&plan)).unwrap() else {
        panic!("it merges")
    };
    assert!(sha.is_some());
    assert!(
        url.as_deref()
            .unwrap()
            .ends_with(&format!("-/merge_requests/{mr}"))
    );
    assert_eq!(gl.item(PROJECT, true, mr).0, "merged");
    // Sent again (a plan kept from before): GitLab refuses, and helm says why.
    let err = lab.run(lab.repo.send(&plan)).unwrap_err();
    assert_eq!(err.error.kind(), Kind::AlreadyMerged);
    assert_eq!(err.outcome, WriteOutcome::NotDone);
    assert!(
        err.error.to_string().contains(sha.as_deref().unwrap()),
        "{}",
        err.error
    );
    lab.done();
}

#[test]
fn a_moved_head_is_refused_as_stale_naming_both_heads() {
    let lab = Lab::new();
    let gl = lab.fake.gitlab();
    let mr = gl.add_mr(PROJECT, "Add more", "feature", "main");
    let seen = gl.push(PROJECT, mr);
    let plan = lab.plan(&merge(mr, MergeMethod::Merge, Some(seen.clone())));
    let now = gl.push(PROJECT, mr);
    let err = lab.run(lab.repo.send(&plan)).unwrap_err();
    assert_eq!(err.error.kind(), Kind::Stale);
    assert_eq!(err.outcome, WriteOutcome::NotDone);
    let text = err.error.to_string();
    assert!(text.contains(&seen) && text.contains(&now), "{text}");
    assert_eq!(gl.item(PROJECT, true, mr).0, "opened");
    lab.done();
}

#[test]
fn any_refusal_while_the_head_moved_is_stale_not_only_a_409() {
    let lab = Lab::new();
    let gl = lab.fake.gitlab();
    let mr = gl.add_mr(PROJECT, "Add more", "feature", "main");
    let seen = gl.push(PROJECT, mr);
    let plan = lab.plan(&merge(mr, MergeMethod::Merge, Some(seen.clone())));
    let now = gl.push(PROJECT, mr);
    let body = serde_json::from_str(r#"{"message":"Branch cannot be merged"}"#).unwrap();
    lab.fake.fail_next("PUT", "/merge", 406, body);
    let err = lab.run(lab.repo.send(&plan)).unwrap_err();
    assert_eq!(err.error.kind(), Kind::Stale);
    let text = err.error.to_string();
    assert!(
        text.contains(&seen) && text.contains(&now) && text.contains("406"),
        "{text}"
    );
    lab.done();
}

#[test]
fn a_merge_gitlab_will_not_do_now_is_not_ready() {
    let lab = Lab::new();
    let gl = lab.fake.gitlab();
    let mr = gl.add_mr(PROJECT, "Add more", "feature", "main");
    gl.set_pipeline(PROJECT, mr, "failed", "boom\n");
    let err = lab
        .run(
            lab.repo
                .send(&lab.plan(&merge(mr, MergeMethod::Merge, None))),
        )
        .unwrap_err();
    assert_eq!(err.error.kind(), Kind::NotReady);
    assert_eq!(err.outcome, WriteOutcome::NotDone);
    lab.done();
}

#[test]
fn a_method_the_project_does_not_allow_is_refused_before_any_write() {
    let lab = Lab::new();
    let gl = lab.fake.gitlab();
    let mr = gl.add_mr(PROJECT, "Add more", "feature", "main");
    let err = lab
        .run(lab.repo.prepare(&merge(mr, MergeMethod::Rebase, None)))
        .unwrap_err();
    assert_eq!(err.error.kind(), Kind::Unsupported);
    assert!(
        err.error.to_string().contains("merge_method is merge"),
        "{}",
        err.error
    );
    assert!(
        err.error
            .hint_text()
            .unwrap()
            .contains("--merge or --squash")
    );
    gl.set_merge_method(PROJECT, "ff");
    let err = lab
        .run(lab.repo.prepare(&merge(mr, MergeMethod::Merge, None)))
        .unwrap_err();
    assert_eq!(err.error.kind(), Kind::Unsupported);
    let plan = lab.plan(&merge(mr, MergeMethod::Squash, None));
    assert!(
        plan.writes[0]
            .body
            .as_deref()
            .unwrap()
            .ends_with(r#""squash":true}"#)
    );
    assert_eq!(lab.writes(), Vec::<String>::new(), "nothing was sent");
    lab.done();
}

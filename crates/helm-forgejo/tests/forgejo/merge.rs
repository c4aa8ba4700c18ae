//! The merge: pinned to the observed head, refused as stale when Forgejo
//! says the head moved, tried again while Forgejo computes mergeability,
//! and a method the repository does not allow refused before any write.

use helm_forge::act::{MergeMethod, MergePr, Steer};
use helm_forge::{Produced, WriteOutcome};
use helm_model::error::Kind;

use super::support::{REPO, World, write};

fn merge(pr: u64, method: MergeMethod, sha: Option<String>) -> Steer {
    Steer::MergePr(MergePr {
        pr,
        method,
        sha,
        override_reason: None,
    })
}

/// A pull request and its head sha as observed.
fn observed(w: &World) -> (u64, String) {
    let pr = w.fake.forgejo().add_pull(REPO, "Pull", "topic", "main");
    let head = w.fake.forgejo().push(REPO, pr);
    (pr, head)
}

fn merge_posts(w: &World) -> usize {
    w.writes().iter().filter(|r| r.ends_with("/merge")).count()
}

#[test]
fn a_merge_is_pinned_to_the_observed_head() {
    let w = World::new();
    let (pr, head) = observed(&w);
    let plan = w.prepare(merge(pr, MergeMethod::Squash, Some(head.clone())));
    let path = format!("/repos/acme/widgets/pulls/{pr}/merge");
    let body = format!(r#"{{"Do":"squash","head_commit_id":"{head}"}}"#);
    assert_eq!(plan.writes, [write("POST", &path, Some(&body))]);
    let Produced::Merged { sha, .. } = w.send(&plan).unwrap() else {
        panic!("merged")
    };
    assert!(sha.is_some_and(|s| !s.is_empty()));
    assert_eq!(w.fake.forgejo().item(REPO, pr).0, "merged");
    // Merged already: prepare says so, and sends nothing.
    let again = w.run(
        w.forgejo
            .prepare(&merge(pr, MergeMethod::Merge, Some(head))),
    );
    assert_eq!(again.unwrap_err().error.kind(), Kind::AlreadyMerged);
    assert_eq!(merge_posts(&w), 1);
    w.no_violations();
}

#[test]
fn a_moved_head_is_refused_as_stale_naming_both_heads() {
    let w = World::new();
    let (pr, seen) = observed(&w);
    let plan = w.prepare(merge(pr, MergeMethod::Merge, Some(seen.clone())));
    let moved = w.fake.forgejo().push(REPO, pr);
    let err = w.send(&plan).unwrap_err();
    assert_eq!(err.error.kind(), Kind::Stale);
    assert_eq!(err.outcome, WriteOutcome::NotDone);
    let said = err.error.to_string();
    assert!(said.contains(&seen) && said.contains(&moved), "{said}");
    assert_eq!(w.fake.forgejo().item(REPO, pr).0, "open");
    w.no_violations();
}

#[test]
fn a_merge_forgejo_is_still_computing_is_tried_again_then_merged() {
    let w = World::new();
    let (pr, head) = observed(&w);
    w.fake.forgejo().keep_checking(REPO, pr, 2);
    let plan = w.prepare(merge(pr, MergeMethod::Merge, Some(head)));
    assert!(matches!(w.send(&plan).unwrap(), Produced::Merged { .. }));
    assert_eq!(merge_posts(&w), 3, "two 405s, then the merge");
    assert_eq!(w.fake.forgejo().item(REPO, pr).0, "merged");
    w.no_violations();
}

#[test]
fn a_merge_forgejo_refuses_otherwise_is_not_ready_with_its_words() {
    let w = World::new();
    let (pr, head) = observed(&w);
    w.fake.forgejo().require_approvals(REPO, pr, 1);
    let plan = w.prepare(merge(pr, MergeMethod::Merge, Some(head)));
    let err = w.send(&plan).unwrap_err();
    assert_eq!(err.error.kind(), Kind::NotReady);
    assert!(
        err.error
            .to_string()
            .contains("Does not have enough approvals"),
        "{}",
        err.error
    );
    assert_eq!(merge_posts(&w), 1, "a refusal is not tried again");
    w.no_violations();
}

#[test]
fn a_method_the_repository_does_not_allow_is_unsupported_before_any_write() {
    let w = World::new();
    let (pr, head) = observed(&w);
    w.fake.forgejo().allow_merge_styles(REPO, &["merge"]);
    let err = w
        .run(
            w.forgejo
                .prepare(&merge(pr, MergeMethod::Squash, Some(head))),
        )
        .unwrap_err();
    assert_eq!(err.error.kind(), Kind::Unsupported);
    assert!(err.error.hint_text().unwrap().contains("merge"));
    assert!(w.writes().is_empty());
    w.no_violations();
}

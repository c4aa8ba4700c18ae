//! A commit that fails after GitHub acted (a full disk): what is kept and said.

use super::{World, comment, entries, fixture, records, run};
use crate::steering::Live;

/// The commit fails after GitHub acted: a full disk, say.
fn fail_commits(f: &super::Fixture) {
    f.store
        .connection()
        .execute_batch(
            "CREATE TEMP TRIGGER full BEFORE INSERT ON logbook
             BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END;",
        )
        .unwrap();
}

#[test]
fn when_the_commit_fails_after_github_acted_the_answer_is_kept_and_said() {
    let mut f = fixture();
    let mut world = World::default();
    fail_commits(&f);
    let err = run(&mut f, &mut world, &mut Live, Some("r1"), &comment("hi")).unwrap_err();
    assert!(
        err.message()
            .to_string()
            .contains("GitHub did comment on issue #1"),
        "{}",
        err.message()
    );
    assert!(
        err.message().to_string().contains("comment 1"),
        "{}",
        err.message()
    );
    assert!(
        err.message().to_string().contains("issuecomment-1"),
        "{}",
        err.message()
    );
    assert!(err.hint_text().unwrap().contains("answer is saved"));
    assert_eq!((entries(&mut f), records(&f).len()), (0, 1));
    // Once the disk has room, the retry records the saved answer.
    f.store
        .connection()
        .execute_batch("DROP TRIGGER full")
        .unwrap();
    run(&mut f, &mut world, &mut Live, Some("r1"), &comment("hi")).unwrap();
    assert_eq!((world.acts, entries(&mut f), records(&f).len()), (1, 1, 0));
}

#[test]
fn when_neither_the_answer_nor_the_entry_can_be_saved_the_error_says_what_github_did() {
    let mut f = fixture();
    let mut world = World {
        break_records: Some(f.home.root().join("pending")),
        ..World::default()
    };
    fail_commits(&f);
    let err = run(&mut f, &mut world, &mut Live, Some("r1"), &comment("hi")).unwrap_err();
    assert!(
        err.message().to_string().contains("issuecomment-1"),
        "{}",
        err.message()
    );
    let hint = err.hint_text().unwrap();
    assert!(hint.contains("could not be saved either"), "{hint}");
    assert!(!hint.contains("answer is saved"), "{hint}");
}

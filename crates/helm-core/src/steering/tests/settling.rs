//! Settling under the voyage's lock (ADR 0012): a retry cannot run between
//! a settle's look and its decision, a second settle finds the first's
//! entry, an effect another entry names is not claimed again, and an ended
//! voyage still records what GitHub did but is never acted on.

use std::cell::RefCell;
use std::rc::Rc;

use super::*;
use crate::steering::Steered;
use crate::storage::VoyageStore;

fn settle(f: &mut Fixture, world: &mut World, attempt: &str) -> Result<Settlement> {
    let home = f.home.root().to_path_buf();
    super::super::settle(&mut f.store, &home, attempt, world, None)
}

/// Every comment GitHub holds is recorded by an entry or has a pending
/// record: nothing GitHub did is left where no retry can find it.
fn nothing_stranded(f: &mut Fixture, world: &World) {
    let accounted = entries(f) + records(f).len();
    assert!(
        world.comments.len() <= accounted,
        "{} comments, {accounted} entries and records",
        world.comments.len()
    );
}

#[test]
fn a_retry_cannot_run_while_a_settle_looks_so_its_record_is_never_deleted() {
    let mut f = fixture();
    let mut world = World::default();
    dies_at(
        &mut f,
        &mut world,
        SteerKillPoint::BeforeRequest,
        Some("r1"),
        &comment("hi"),
    );
    // While the settle's look is answering, a retry of the same id runs in
    // another process (here: another connection that will not wait).
    let other = VoyageStore::open(f.home.resolve(&f.store.id().to_string()).unwrap()).unwrap();
    other
        .connection()
        .pragma_update(None, "busy_timeout", 0)
        .unwrap();
    let retried: Rc<RefCell<Option<Result<Steered>>>> = Rc::default();
    let (home, who, seen) = (f.home.root().to_path_buf(), f.who.clone(), retried.clone());
    world.meanwhile = Some(Box::new(move |world: &mut World| {
        let mut other = other;
        world.then_fail = Some(Outcome::Unknown);
        let repo = repo();
        let attempt = Attempt {
            home: &home,
            provenance: &who,
            request_id: Some("r1"),
            repo: &repo,
            elsewhere: None,
            steer: &comment("hi"),
            cancel: &crate::cancel::Cancel::default(),

            id: None,
            allowed_secrets: &[],
            approval: None,
            trace: None,
        };
        *seen.borrow_mut() = Some(super::super::steer(&mut other, &attempt, world, &mut Live));
    }));
    let settled = settle(&mut f, &mut world, "r1").unwrap();
    assert!(matches!(settled, Settlement::NothingHappened(_)));
    let retried = retried.borrow_mut().take().expect("the retry ran");
    assert_eq!(
        retried.unwrap_err().kind(),
        Kind::Busy,
        "it waited for the lock"
    );
    nothing_stranded(&mut f, &world);

    world.then_fail = None;
    run(&mut f, &mut world, &mut Live, Some("r1"), &comment("hi")).unwrap();
    assert_eq!((world.comments.len(), entries(&mut f)), (1, 1));
    assert!(records(&f).is_empty());
}

#[test]
fn a_second_settle_of_one_attempt_finds_the_first_ones_entry() {
    let mut f = fixture();
    let mut world = World {
        then_fail: Some(Outcome::Unknown),
        ..World::default()
    };
    run(&mut f, &mut world, &mut Live, None, &comment("hi")).unwrap_err();
    let attempt = records(&f)[0].attempt().to_string();
    // The first settle dies after its commit, leaving the record behind.
    let dir = f.home.root().join("pending");
    let file = std::fs::read_dir(&dir).unwrap().next().unwrap().unwrap();
    let kept = std::fs::read(file.path()).unwrap();
    assert!(matches!(
        settle(&mut f, &mut world, &attempt).unwrap(),
        Settlement::Recorded(_)
    ));
    std::fs::write(file.path(), kept).unwrap();

    match settle(&mut f, &mut world, &attempt).unwrap() {
        Settlement::AlreadyRecorded(entry) => assert_eq!(entry.id, 1),
        other => panic!("{other:?}"),
    }
    assert_eq!((entries(&mut f), records(&f).len()), (1, 0));
    // A retry naming the attempt replays that entry too.
    let again = run(
        &mut f,
        &mut world,
        &mut Live,
        Some(&attempt),
        &comment("hi"),
    )
    .unwrap();
    assert!(again.sealed.replayed);
    assert_eq!(
        (world.acts, world.comments.len(), entries(&mut f)),
        (1, 1, 1)
    );
}

#[test]
fn an_effect_another_entry_names_is_not_claimed_again() {
    let mut f = fixture();
    let mut world = World::default();
    run(&mut f, &mut world, &mut Live, Some("r1"), &comment("hi")).unwrap();
    dies_at(
        &mut f,
        &mut world,
        SteerKillPoint::BeforeRequest,
        Some("r2"),
        &comment("hi"),
    );
    let second = run(&mut f, &mut world, &mut Live, Some("r2"), &comment("hi")).unwrap();
    let Some(EntryAction::Steer(record)) = second.sealed.entry.parsed_action() else {
        panic!("a steer entry");
    };
    assert_eq!(crate::actions::comment(record), Some(2), "its own comment");
    assert_eq!(record.settled, None, "acted, not found");
    assert_eq!((world.comments.len(), entries(&mut f)), (2, 2));
}

#[test]
fn an_ended_voyage_records_what_github_did_and_is_never_acted_on() {
    let mut f = fixture();
    let mut world = World::default();
    dies_at(
        &mut f,
        &mut world,
        SteerKillPoint::WhileAnswering,
        Some("done"),
        &comment("hi"),
    );
    dies_at(
        &mut f,
        &mut world,
        SteerKillPoint::BeforeRequest,
        Some("never"),
        &comment("bye"),
    );
    f.store
        .connection()
        .execute(
            "UPDATE voyage SET status = 'ended', ended_at = '2026-01-02T00:00:00.000000Z'",
            [],
        )
        .unwrap();

    run(&mut f, &mut world, &mut Live, Some("done"), &comment("hi")).unwrap();
    assert_eq!(settled(&mut f).as_deref(), Some("found-on-github"));
    let refused = run(
        &mut f,
        &mut world,
        &mut Live,
        Some("never"),
        &comment("bye"),
    )
    .unwrap_err();
    assert_eq!(refused.kind(), Kind::Ended);
    assert!(
        refused.message().to_string().contains("did not act"),
        "{}",
        refused.message()
    );
    assert_eq!(
        (world.acts, world.comments.len(), entries(&mut f)),
        (1, 1, 1)
    );
    // Settling it (which never acts) clears its record.
    assert!(matches!(
        settle(&mut f, &mut world, "never").unwrap(),
        Settlement::NothingHappened(_)
    ));
    assert!(records(&f).is_empty());
}

#[test]
fn finishing_an_attempt_leaves_a_retrys_fresh_record_of_the_same_id() {
    let mut f = fixture();
    let mut world = World::default();
    dies_at(
        &mut f,
        &mut world,
        SteerKillPoint::BeforeRequest,
        Some("r1"),
        &comment("hi"),
    );
    let old = Pending::find(f.home.root(), &f.store.id(), "r1")
        .unwrap()
        .unwrap();
    // A retry writes its own record at the same path, then dies too.
    std::thread::sleep(std::time::Duration::from_millis(2));
    dies_at(
        &mut f,
        &mut world,
        SteerKillPoint::BeforeRequest,
        Some("r1"),
        &comment("hi"),
    );
    let fresh = records(&f)[0].started_at.clone();
    assert_ne!(fresh, old.record().started_at);
    old.finish();
    assert_eq!(records(&f).len(), 1, "the fresh record stays");
    assert_eq!(records(&f)[0].started_at, fresh);
}

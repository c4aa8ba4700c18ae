//! The protocol against a real voyage file and an actor that keeps GitHub's
//! state in memory: every kill point of DESIGN.md, each outcome of a failed
//! request, and the retries that settle them.

mod disk;
mod pinned;
mod settling;

use std::path::Path;

use super::pending::{self, Pending};
use super::{ActError, Actor, Attempt, Effect, Live, Outcome, Probe, Settlement, SteerKillPoint};
use crate::actions::{Dispatch, Steer};
use crate::error::{Error, Kind, Result};
use crate::model::clock::Began;
use crate::model::{EntryAction, Provenance, Repo, SteerRecord};
use crate::storage::artifact::Packer;
use crate::storage::{Home, VoyageStore, voyage};
use helm_forge::act::{Comment, IssueOrPull};

/// GitHub as a list of comments; what `act` does next is scripted.
#[derive(Default)]
struct World {
    comments: Vec<String>,
    acts: usize,
    looks: usize,
    /// The next act posts the comment and then fails like this.
    then_fail: Option<Outcome>,
    /// The next act is refused without posting.
    refuse: bool,
    /// Looks cannot tell.
    unclear: bool,
    /// Acting also breaks the place pending records are saved.
    break_records: Option<std::path::PathBuf>,
    /// Runs once while a look is answering, after it has seen GitHub: what
    /// another process does meanwhile.
    meanwhile: Option<Meanwhile>,
}

/// What another process does while a look answers.
type Meanwhile = Box<dyn FnOnce(&mut World)>;

impl Actor for World {
    fn act(&mut self, steer: &Steer) -> std::result::Result<SteerRecord, ActError> {
        self.acts += 1;
        let Steer::Comment(Comment { body, .. }) = steer else {
            unreachable!("these tests comment")
        };
        if std::mem::take(&mut self.refuse) {
            return Err(ActError {
                outcome: Outcome::NotDone,
                error: Error::new(Kind::GitHub, "GitHub refused: 422"),
            });
        }
        self.comments.push(body.clone());
        if let Some(dir) = self.break_records.take() {
            // Every record becomes a folder with something in it: a
            // rename onto it fails, as a full disk would.
            for entry in std::fs::read_dir(&dir).unwrap() {
                let path = entry.unwrap().path();
                std::fs::remove_file(&path).unwrap();
                std::fs::create_dir_all(path.join("x")).unwrap();
            }
        }
        if let Some(outcome) = self.then_fail.take() {
            return Err(ActError {
                outcome,
                error: Error::new(Kind::GitHub, "timed out"),
            });
        }
        Ok(record(steer, self.comments.len() as u64))
    }

    fn look(&mut self, steer: &Steer, _began: &Began) -> Result<Effect> {
        self.looks += 1;
        if self.unclear {
            return Ok(Effect::CannotTell(crate::error::Words::of(
                "GitHub did not answer",
            )));
        }
        let Steer::Comment(Comment { body, .. }) = steer else {
            unreachable!("these tests comment")
        };
        let found = Effect::Found(
            self.comments
                .iter()
                .enumerate()
                .filter(|(_, c)| *c == body)
                .map(|(at, _)| record(steer, at as u64 + 1))
                .collect(),
        );
        if let Some(meanwhile) = self.meanwhile.take() {
            meanwhile(self);
        }
        Ok(found)
    }
}

fn record(steer: &Steer, id: u64) -> SteerRecord {
    let mut record = steer.asked(&repo());
    record.part.insert("commentId".into(), id.into());
    record.url = Some(format!("https://github.com/o/r/issues/1#issuecomment-{id}"));
    record
}

fn repo() -> Repo {
    Repo::parse("o/r").unwrap()
}

/// Dies at one point, once.
struct DieAt(Option<SteerKillPoint>);

impl Probe for DieAt {
    fn dies_at(&mut self, point: SteerKillPoint) -> bool {
        if self.0 == Some(point) {
            self.0 = None;
            return true;
        }
        false
    }
}

struct Fixture {
    _dir: tempfile::TempDir,
    home: Home,
    store: VoyageStore,
    who: Provenance,
}

fn fixture() -> Fixture {
    let dir = tempfile::tempdir().unwrap();
    let home = Home::new(dir.path());
    let created = voyage::create(&home, "steering", "2026-01-01T00:00:00.000000Z").unwrap();
    let file = home.resolve(&created.id.to_string()).unwrap();
    let mut store = VoyageStore::open(file).unwrap();
    let packed = Packer::pack(&serde_json::Value::Bool(true)).unwrap();
    store
        .put_observation(
            &crate::model::SlateKey::exact("target"),
            &packed,
            "2026-01-01T00:00:01.000000Z",
        )
        .unwrap();
    let who = Provenance {
        identity: "agent".into(),
        role: "r".into(),
        method: "m".into(),
        summary: "s".into(),
    };
    Fixture {
        _dir: dir,
        home,
        store,
        who,
    }
}

fn comment(body: &str) -> Steer {
    Steer::Comment(Comment {
        on: IssueOrPull::Issue(1),
        body: body.into(),
    })
}

/// Runs `steer` with the process dying at `point`, which must fail it.
fn dies_at(
    f: &mut Fixture,
    world: &mut World,
    point: SteerKillPoint,
    request_id: Option<&str>,
    steer: &Steer,
) {
    let died = run(f, world, &mut DieAt(Some(point)), request_id, steer);
    assert!(died.is_err(), "dying at {point:?} failed the steer");
}

fn run(
    f: &mut Fixture,
    world: &mut World,
    probe: &mut dyn Probe,
    request_id: Option<&str>,
    steer: &Steer,
) -> Result<super::Steered> {
    let repo = repo();
    let attempt = Attempt {
        home: f.home.root(),
        provenance: &f.who,
        request_id,
        repo: &repo,
        elsewhere: None,
        steer,
        cancel: &crate::cancel::Cancel::default(),

        id: None,
        allowed_secrets: &[],
        approval: None,
        trace: None,
    };
    super::steer(&mut f.store, &attempt, world, probe)
}

fn entries(f: &mut Fixture) -> usize {
    f.store.snapshot().unwrap().entries.len()
}

fn records(f: &Fixture) -> Vec<pending::Record> {
    pending::list(f.home.root(), &f.store.id())
}

fn settled(f: &mut Fixture) -> Option<String> {
    let snapshot = f.store.snapshot().unwrap();
    match snapshot.entries.last()?.parsed_action()? {
        EntryAction::Steer(record) => record.settled.clone(),
        _ => None,
    }
}

#[test]
fn a_clean_steer_records_once_and_leaves_no_record() {
    let mut f = fixture();
    let mut world = World::default();
    let steered = run(&mut f, &mut world, &mut Live, Some("r1"), &comment("hi")).unwrap();
    assert!(!steered.sealed.replayed);
    assert_eq!(steered.sealed.entry.bearing.len(), 1);
    let again = run(&mut f, &mut world, &mut Live, Some("r1"), &comment("hi")).unwrap();
    assert!(again.sealed.replayed);
    assert_eq!((world.acts, entries(&mut f)), (1, 1));
    assert!(records(&f).is_empty());
}

#[test]
fn killed_before_the_request_left_the_retry_looks_and_acts_once() {
    let mut f = fixture();
    let mut world = World::default();
    dies_at(
        &mut f,
        &mut world,
        SteerKillPoint::BeforeRequest,
        Some("r1"),
        &comment("hi"),
    );
    assert_eq!((world.acts, entries(&mut f), records(&f).len()), (0, 0, 1));
    assert_eq!(f.store.slate().unwrap().len(), 1, "the slate is kept");
    run(&mut f, &mut world, &mut Live, Some("r1"), &comment("hi")).unwrap();
    assert_eq!((world.looks, world.acts, world.comments.len()), (1, 1, 1));
    assert_eq!((entries(&mut f), records(&f).len()), (1, 0));
}

#[test]
fn killed_while_github_answered_the_retry_finds_the_comment_and_does_not_post_again() {
    let mut f = fixture();
    let mut world = World::default();
    dies_at(
        &mut f,
        &mut world,
        SteerKillPoint::WhileAnswering,
        Some("r1"),
        &comment("hi"),
    );
    assert_eq!((world.comments.len(), entries(&mut f)), (1, 0));
    run(&mut f, &mut world, &mut Live, Some("r1"), &comment("hi")).unwrap();
    assert_eq!(
        (world.acts, world.comments.len(), entries(&mut f)),
        (1, 1, 1)
    );
    assert_eq!(settled(&mut f).as_deref(), Some("found-on-github"));
    assert!(records(&f).is_empty());
}

#[test]
fn killed_before_the_commit_the_retry_records_the_saved_answer_without_github() {
    let mut f = fixture();
    let mut world = World::default();
    dies_at(
        &mut f,
        &mut world,
        SteerKillPoint::BeforeCommit,
        Some("r1"),
        &comment("hi"),
    );
    assert!(records(&f)[0].answer.is_some());
    run(&mut f, &mut world, &mut Live, Some("r1"), &comment("hi")).unwrap();
    assert_eq!((world.acts, world.looks, entries(&mut f)), (1, 0, 1));
    assert_eq!(settled(&mut f).as_deref(), Some("saved-answer"));
    assert!(records(&f).is_empty());
}

#[test]
fn killed_after_the_commit_the_retry_replays_and_clears_the_record() {
    let mut f = fixture();
    let mut world = World::default();
    dies_at(
        &mut f,
        &mut world,
        SteerKillPoint::AfterCommit,
        Some("r1"),
        &comment("hi"),
    );
    assert_eq!((entries(&mut f), records(&f).len()), (1, 1));
    let again = run(&mut f, &mut world, &mut Live, Some("r1"), &comment("hi")).unwrap();
    assert!(again.sealed.replayed);
    assert_eq!((world.acts, entries(&mut f)), (1, 1));
    assert!(
        records(&f).is_empty(),
        "the replay removed the left-over record"
    );
}

#[test]
fn an_unknown_outcome_keeps_the_record_and_never_posts_twice() {
    let mut f = fixture();
    let mut world = World {
        then_fail: Some(Outcome::Unknown),
        ..World::default()
    };
    let err = run(&mut f, &mut world, &mut Live, Some("r1"), &comment("hi")).unwrap_err();
    assert!(
        err.message().to_string().contains("may have acted"),
        "{}",
        err.message()
    );
    assert!(err.hint_text().unwrap().contains("--request-id r1"));
    assert_eq!((entries(&mut f), records(&f).len()), (0, 1));
    run(&mut f, &mut world, &mut Live, Some("r1"), &comment("hi")).unwrap();
    assert_eq!(
        (world.acts, world.comments.len(), entries(&mut f)),
        (1, 1, 1)
    );
}

#[test]
fn a_refusal_records_nothing_and_leaves_nothing_pending() {
    let mut f = fixture();
    let mut world = World {
        refuse: true,
        ..World::default()
    };
    assert!(run(&mut f, &mut world, &mut Live, Some("r1"), &comment("hi")).is_err());
    assert_eq!((entries(&mut f), records(&f).len()), (0, 0));
    assert_eq!(f.store.slate().unwrap().len(), 1);
    run(&mut f, &mut world, &mut Live, Some("r1"), &comment("hi")).unwrap();
    assert_eq!((world.looks, world.comments.len()), (0, 1));
}

#[test]
fn when_github_cannot_tell_the_retry_refuses_and_keeps_the_record() {
    let mut f = fixture();
    let mut world = World::default();
    dies_at(
        &mut f,
        &mut world,
        SteerKillPoint::BeforeRequest,
        Some("r1"),
        &comment("hi"),
    );
    world.unclear = true;
    let err = run(&mut f, &mut world, &mut Live, Some("r1"), &comment("hi")).unwrap_err();
    assert_eq!(err.kind(), Kind::UnknownOutcome);
    assert!(
        err.message().to_string().contains("cannot tell"),
        "{}",
        err.message()
    );
    assert_eq!((world.acts, records(&f).len()), (0, 1));
}

#[test]
fn the_same_id_for_another_request_is_refused() {
    let mut f = fixture();
    let mut world = World::default();
    run(&mut f, &mut world, &mut Live, Some("r1"), &comment("hi")).unwrap();
    let err = run(&mut f, &mut world, &mut Live, Some("r1"), &comment("bye")).unwrap_err();
    assert_eq!(err.kind(), Kind::Conflict);
    // And for a pending attempt, too.
    dies_at(
        &mut f,
        &mut world,
        SteerKillPoint::BeforeRequest,
        Some("r2"),
        &comment("a"),
    );
    let err = run(&mut f, &mut world, &mut Live, Some("r2"), &comment("b")).unwrap_err();
    assert_eq!(err.kind(), Kind::Conflict);
    assert_eq!(world.acts, 1);
}

#[test]
fn without_a_request_id_the_attempt_is_settled_explicitly() {
    let mut f = fixture();
    let mut world = World {
        then_fail: Some(Outcome::Unknown),
        ..World::default()
    };
    let err = run(&mut f, &mut world, &mut Live, None, &comment("hi")).unwrap_err();
    let attempt = records(&f)[0].attempt().to_string();
    assert!(attempt.starts_with("attempt-"));
    assert!(err.hint_text().unwrap().contains(&attempt));
    let home = f.home.root().to_path_buf();
    match super::settle(&mut f.store, &home, &attempt, &mut world, None).unwrap() {
        Settlement::Recorded(sealed) => assert_eq!(sealed.entry.bearing.len(), 1),
        other => panic!("{other:?}"),
    }
    assert_eq!((world.acts, entries(&mut f), records(&f).len()), (1, 1, 0));
}

#[test]
fn settling_an_attempt_github_never_saw_discards_it_without_acting() {
    let mut f = fixture();
    let mut world = World::default();
    dies_at(
        &mut f,
        &mut world,
        SteerKillPoint::BeforeRequest,
        None,
        &comment("hi"),
    );
    let attempt = records(&f)[0].attempt().to_string();
    let home = f.home.root().to_path_buf();
    let home: &Path = &home;
    let settled = super::settle(&mut f.store, home, &attempt, &mut world, None).unwrap();
    assert!(matches!(settled, Settlement::NothingHappened(_)));
    assert_eq!((world.acts, entries(&mut f), records(&f).len()), (0, 0, 0));
    let gone = super::discard(&mut f.store, home, &attempt).unwrap_err();
    assert_eq!(gone.kind(), Kind::NotFound);
    assert!(
        Pending::find(home, &f.store.id(), &attempt)
            .unwrap()
            .is_none()
    );
}

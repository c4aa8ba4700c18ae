//! A merge the actor pins to the head it saw: the pending record keeps the
//! steer as performed, a retry with the same request id is still the same
//! request, and the look for its effect is asked about the pinned merge.

use super::*;
use crate::actions::Dispatch;
use crate::steering::Preflight;
use crate::storage::slate::Observation;
use helm_forge::act::{MergeMethod, MergePr};

const SEEN: &str = "6dcb09b5b57875f334f61aebed695e2e4193db5e";

/// Pins every merge to `SEEN`; remembers what it was asked to do and look for.
#[derive(Default)]
struct Merges {
    acted: Vec<Steer>,
    looked: Vec<Steer>,
}

impl Actor for Merges {
    fn preflight(&mut self, steer: &Steer, _bearing: &[Observation]) -> Result<Preflight> {
        Ok(Preflight {
            freshness: None,
            steer: Some(pinned(steer)),
            not_ready: Vec::new(),
        })
    }

    fn act(&mut self, steer: &Steer) -> std::result::Result<SteerRecord, ActError> {
        self.acted.push(steer.clone());
        Ok(steer.asked(&repo()))
    }

    fn look(&mut self, steer: &Steer, _began: &Began) -> Result<Effect> {
        self.looked.push(steer.clone());
        Ok(Effect::Found(vec![steer.asked(&repo())]))
    }
}

fn merge(sha: Option<&str>) -> Steer {
    Steer::MergePr(MergePr {
        pr: 45,
        method: MergeMethod::Squash,
        sha: sha.map(str::to_string),
        override_reason: None,
    })
}

fn pinned(steer: &Steer) -> Steer {
    match steer {
        Steer::MergePr(MergePr { sha: None, .. }) => merge(Some(SEEN)),
        other => other.clone(),
    }
}

#[test]
fn a_pinned_merge_killed_while_github_answered_is_settled_as_pinned() {
    let mut f = fixture();
    let mut actor = Merges::default();
    let asked = merge(None);
    let repo = repo();
    let attempt = Attempt {
        home: f.home.root(),
        provenance: &f.who,
        request_id: Some("m1"),
        repo: &repo,
        elsewhere: None,
        steer: &asked,
        cancel: &crate::cancel::Cancel::default(),

        id: None,
        allowed_secrets: &[],
        approval: None,
        trace: None,
    };
    let mut killed = DieAt(Some(SteerKillPoint::WhileAnswering));
    assert!(super::super::steer(&mut f.store, &attempt, &mut actor, &mut killed).is_err());
    assert_eq!(actor.acted, [merge(Some(SEEN))], "acted pinned");
    let kept = &records(&f)[0];
    assert_eq!(kept.request.as_ref().unwrap().steer, merge(Some(SEEN)));

    let steered = super::super::steer(&mut f.store, &attempt, &mut actor, &mut Live).unwrap();
    assert_eq!(
        actor.looked,
        [merge(Some(SEEN))],
        "looked for the pinned merge"
    );
    assert_eq!(actor.acted.len(), 1, "not acted again");
    let Some(EntryAction::Steer(record)) = steered.sealed.entry.parsed_action() else {
        panic!("a steer entry");
    };
    assert_eq!(
        record.part.get("pinnedSha").and_then(|sha| sha.as_str()),
        Some(SEEN)
    );
}

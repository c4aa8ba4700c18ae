//! What an approval acts through: the outbound gate that lets the forge have
//! the proposed bytes or nothing, and the steer's actor (GitHub's or a
//! forge's) that judges the proposal's bearing rather than the approver's
//! slate, its freshness check sent alongside the look for an earlier write.

use std::sync::Arc;

use super::super::forge_actor::ForgeActor;
use super::digest;
use crate::actions::{Effect, Steer};
use crate::egress::outbound::Outbound;
use crate::error::{Error, Kind, Result};
use crate::model::SteerRecord;
use crate::model::clock::{Began, GitHubClock};
use crate::model::proposal::ProposedRequest;
use crate::steering::{ActError, Actor, Preflight};
use crate::storage::slate::Observation;
use helm_http::client::gate::{Outgoing, WriteGate};

/// The actor of an approval, from the forge's plain one: the steer's own
/// secret check on every write, and the first write of every plan it makes
/// (the one proposed) withheld unless it has the proposal's digest, so the
/// forge gets the proposed bytes or nothing.
pub(super) fn exact(actor: ForgeActor, steer: &Steer, expected: &str) -> ForgeActor {
    let expected = expected.to_string();
    let proposed: WriteGate = Arc::new(move |outgoing: &Outgoing<'_>| {
        let sending = digest(&ProposedRequest {
            method: outgoing.method.to_string(),
            path: outgoing.path.to_string(),
            body: outgoing.body.cloned(),
        });
        if sending == expected {
            return Ok(());
        }
        Err(Error::new(
            Kind::BadProposal,
            format!(
                "the request about to be sent ({} {}) is not the one proposed: its digest is {sending}, the proposal's {expected}; nothing was sent or recorded",
                outgoing.method, outgoing.path
            ),
        )
        .hint("the proposal's stored action was changed, or the forge changed what it would send; propose again"))
    });
    actor
        .gated(Outbound::new(&[], steer).gate())
        .first_write(proposed)
}

/// The steer's actor (GitHub's or a forge's), its freshness guard run on
/// the proposal's bearing (what the proposer saw), not on the approver's
/// slate. Since that bearing is known before the protocol asks, the
/// check is made alongside the look for an earlier write of the proposal,
/// and its verdict kept for the `preflight` that follows.
pub(super) struct Approving {
    pub(super) inner: ForgeActor,
    pub(super) bearing: Vec<Observation>,
    /// The verdict of the check made beside the look, and the steer it
    /// judged.
    pub(super) judged: Option<(Steer, Result<Preflight>)>,
}

impl Actor for Approving {
    fn preflight(&mut self, steer: &Steer, _slate: &[Observation]) -> Result<Preflight> {
        match self.judged.take() {
            Some((judged, verdict)) if judged == *steer => verdict,
            _ => self.inner.preflight(steer, &self.bearing),
        }
    }

    fn clock(&mut self) -> Option<GitHubClock> {
        self.inner.clock()
    }

    fn act(&mut self, steer: &Steer) -> std::result::Result<SteerRecord, ActError> {
        self.inner.act(steer)
    }

    fn look(&mut self, steer: &Steer, began: &Began) -> Result<Effect> {
        let (effect, verdict) = self
            .inner
            .look_beside_preflight(steer, began, &self.bearing);
        self.judged = Some((steer.clone(), verdict));
        effect
    }

    fn warnings(&self) -> Vec<String> {
        self.inner.warnings()
    }
}

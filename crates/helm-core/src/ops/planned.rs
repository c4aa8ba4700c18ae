//! What both actors, GitHub's and any forge's behind the seam, do with the
//! forge's plan of writes: every write passes the steer's outbound gate at
//! preflight, before the pending record is written, so a refusal leaves
//! nothing pending; `act` sends only the plan made for the very steer it is
//! asked to perform; and a dry run shows the plan's first write as the
//! preview shows any request. One place, so neither actor can gate or keep
//! its plan differently.

use helm_forge::{ForgeError, ForgeWrite, WriteOutcome, WritePlan};
use serde_json::Value;

use crate::actions::Steer;
use crate::error::{Error, Kind, Result};
use crate::steering::{ActError, Outcome};
use helm_http::client::gate::{Outgoing, WriteGate};

/// The write a dry run kept instead of sending: the plan's first.
#[derive(Clone, Debug)]
pub struct Unsent {
    /// `POST`, `PUT`, `PATCH` or `DELETE`.
    pub method: String,
    /// The path under the API base URL (`/repos/o/r/pulls/45/merge`, or
    /// GitHub's GraphQL endpoint for a mutation).
    pub path: String,
    /// The JSON body, with every field it would have carried.
    pub body: Option<serde_json::Value>,
}

/// Each write as it would leave, through the steer's gate; none passes
/// without one. `first`, when given, is what the plan's first write must
/// pass besides (an approval's: the proposal's digest), on every plan made.
pub(super) fn gate(
    gate: Option<&WriteGate>,
    first: Option<&WriteGate>,
    writes: &[ForgeWrite],
) -> Result<()> {
    let Some(gate) = gate else {
        return Err(Error::new(
            Kind::Conflict,
            "helm does not send a write without its outbound gate",
        ));
    };
    for (at, write) in writes.iter().enumerate() {
        let method = http::Method::from_bytes(write.method.as_bytes())
            .map_err(|err| Error::new(Kind::Corrupt, format!("a write's method: {err}")))?;
        let body: Option<Value> = match &write.body {
            Some(text) => Some(serde_json::from_str(text).map_err(|err| {
                Error::new(Kind::Corrupt, format!("a write's body is not JSON: {err}"))
            })?),
            None => None,
        };
        let outgoing = Outgoing {
            method: &method,
            path: &write.path,
            body: body.as_ref(),
        };
        gate(&outgoing)?;
        if let (0, Some(first)) = (at, first) {
            first(&outgoing)?;
        }
    }
    Ok(())
}

/// The plan kept at preflight, if it was made for `steer`: a steer that is
/// not the planned one is refused, with nothing sent.
pub(super) fn take(kept: &mut Option<WritePlan>, steer: &Steer) -> Result<WritePlan> {
    kept.take().filter(|p| p.steer == *steer).ok_or_else(|| {
        Error::new(
            Kind::Conflict,
            format!("helm has no prepared writes to {}", steer.doing()),
        )
    })
}

/// What a dry run makes of the plan instead of sending it: its first
/// write, kept, with the refusal that says a dry run does not act. A plan
/// without a write (labels to take off that are all absent) sends nothing,
/// so it goes on as a steer's does and shows no request (`None`).
pub(super) fn rehearsed(plan: &WritePlan, steer: &Steer) -> Option<(ForgeWrite, ActError)> {
    let first = plan.writes.first()?.clone();
    let refused = ActError {
        outcome: Outcome::NotDone,
        error: Error::new(
            Kind::Conflict,
            format!("a dry run does not {}", steer.doing()),
        ),
    };
    Some((first, refused))
}

/// A forge's failure to act, already in its words, as the steer protocol
/// reads it: whether the forge may have acted decides if the attempt stays
/// pending.
pub(super) fn act_error(err: ForgeError) -> ActError {
    ActError {
        outcome: match err.outcome {
            WriteOutcome::NotDone => Outcome::NotDone,
            WriteOutcome::Unknown => Outcome::Unknown,
        },
        error: err.error,
    }
}

/// A write a dry run kept, as its preview shows a request.
pub(super) fn unsent(write: &ForgeWrite) -> Unsent {
    Unsent {
        method: write.method.to_string(),
        path: write.path.clone(),
        body: write
            .body
            .as_deref()
            .and_then(|b| serde_json::from_str(b).ok()),
    }
}

//! `helm approve`: performs exactly what a proposal stored, or nothing.
//! Refused, with nothing sent or recorded: a rejected proposal
//! (`conflict`), an expired one (`expired`), the proposer approving their
//! own (`same-identity`, unless `--allow-self`), a stored request that no
//! longer has its digest or an action that would send another request
//! (`bad-proposal`, checked by the outbound gate on the bytes about to
//! leave), a target changed since the proposal (`stale`, the freshness
//! guard on the proposal's bearing) and a merge not ready (`not-ready`,
//! unless the approver's `--override`).
//!
//! The write goes through the steer protocol under a request id made from
//! the proposal (`proposal-KEY`), so a second approval replays the entry
//! and two at once make one write. Before it acts, the approval looks on
//! the forge as a retry would, for a trace made since the proposal by the
//! acting account and named by no entry here: a body posted for the
//! proposal ends with its marker, and a merge is found merged at its pin,
//! so an approval made on another machine is recorded, not repeated.
//!
//! A proposal on GitLab or Forgejo (its `forge` and `host`) is performed through
//! the forge's seam (`ForgeActor`), under the same rules: its pending
//! record names the forge and host, and the forge's `window` and `look`
//! settle a lost answer or find an approval made elsewhere.

use helm_forge::{ForgeName, ForgeRepo, RepoPath};

use super::super::rehearsal::Rehearsal;
use super::super::{Helm, Located};
use super::approving::{Approving, exact};
use super::{approval_request_id, digest, proposal_in, state_of};
use crate::actions::Dispatch;
use crate::actions::Steer;
use crate::cancel::Cancel;
use crate::error::{Error, Kind, Result, arg, cmd};
use crate::model::proposal::{Approval, ProposalRecord, ProposalState};
use crate::model::{Provenance, Repo, words};
use crate::steering::Actor;
use crate::steering::pending::{Pending, Record, Request};
use crate::steering::{self, Attempt, Live, Steered};
use crate::storage::logbook::{Entry, Sealed};

/// An approval as a front end asks for it.
pub struct ApproveRequest<'a> {
    /// The approver: the entry's identity.
    pub provenance: &'a Provenance,
    /// Approve a proposal of one's own; the entry records it.
    pub allow_self: bool,
    /// Merge although the PR is not ready: the approver's reason.
    pub override_reason: Option<&'a str>,
    pub cancel: &'a Cancel,
}

/// A proposal checked for approval: what would be performed, by whom.
struct Approvable {
    proposal: Entry,
    record: ProposalRecord,
    steer: Steer,
    /// The repository as the steer protocol carries it (`at`'s path).
    repo: Repo,
    /// Where it acts: GitHub's repository, or a place on another forge.
    at: Located,
    approval: Approval,
}

/// What the checks decided before anything is sent.
enum Checked {
    /// Performed already: its entry, to print again.
    Performed(Box<Entry>),
    Approvable(Box<Approvable>),
}

impl Helm {
    /// Approves proposal `number` of `voyage`: performs its stored request
    /// once and records a steer naming it, or refuses with nothing sent.
    pub fn approve(
        &self,
        voyage: &str,
        number: i64,
        request: &ApproveRequest<'_>,
    ) -> Result<Steered> {
        let file = self.voyage_file(voyage)?;
        let approvable = match self.check(voyage, number, request)? {
            Checked::Performed(entry) => {
                return Ok(Steered {
                    sealed: Sealed {
                        entry: *entry,
                        replayed: true,
                    },
                    warnings: Vec::new(),
                });
            }
            Checked::Approvable(approvable) => *approvable,
        };
        let request_id = approval_request_id(&approvable.record.key);
        let mut store = crate::storage::VoyageStore::open(file.clone())?;
        let identity = Some(request.provenance.identity.as_str());
        // Built before the record below: a forge this machine cannot reach
        // (no token) refuses with nothing written.
        let actor = self.forge_actor(&approvable.at, identity)?;
        let inner =
            exact(actor, &approvable.steer, &approvable.record.digest).guarded(self.guard(&file));
        let mut actor = Approving {
            inner,
            bearing: approvable.proposal.bearing.clone(),
            judged: None,
        };
        let elsewhere = approvable.at.elsewhere();
        // As if an attempt had begun when the proposal was made: the
        // protocol looks for its trace before it acts (see the module doc).
        let earlier = self.begun(&store, &approvable, request, &request_id)?;
        let attempt = Attempt {
            home: self.home.root(),
            provenance: request.provenance,
            request_id: Some(&request_id),
            repo: &approvable.repo,
            elsewhere: elsewhere.as_ref(),
            steer: &approvable.steer,
            cancel: request.cancel,
            id: Some(&request_id),
            allowed_secrets: &[],
            approval: Some(&approvable.approval),
            trace: self.trace.as_ref(),
        };
        let steered = steering::steer(&mut store, &attempt, &mut actor, &mut Live);
        if steered.is_err()
            && let Some(earlier) = earlier
        {
            // Refused before acting: the look's record is not an attempt.
            earlier.finish();
        }
        let mut steered = steered?;
        steered.warnings.extend(
            actor
                .inner
                .warnings()
                .into_iter()
                .map(crate::error::Words::of),
        );
        Ok(steered)
    }

    /// `approve --dry-run`: every check, and the request it would send,
    /// kept instead of sent; nothing is recorded.
    pub fn rehearse_approval(
        &self,
        voyage: &str,
        number: i64,
        request: &ApproveRequest<'_>,
    ) -> Result<Rehearsal> {
        let file = self.voyage_file(voyage)?;
        let approvable = match self.check(voyage, number, request)? {
            Checked::Performed(entry) => {
                return Ok(Rehearsal {
                    settles: None,
                    doing: format!("approve proposal {number}"),
                    repo: String::new(),
                    forge: helm_forge::ForgeName::GitHub,
                    replays: Some(entry.id),
                    freshness: None,
                    pinned_sha: None,
                    not_ready: Vec::new(),
                    request: None,
                    warnings: Vec::new(),
                });
            }
            Checked::Approvable(approvable) => *approvable,
        };
        crate::storage::VoyageStore::open(file.clone())?.ensure_active()?;
        let identity = Some(request.provenance.identity.as_str());
        let rehearsing = self.forge_actor(&approvable.at, identity)?.rehearsing();
        let mut actor = exact(rehearsing, &approvable.steer, &approvable.record.digest)
            .guarded(self.guard(&file));
        let preflight = actor.preflight(&approvable.steer, &approvable.proposal.bearing)?;
        let acting = preflight.steer.as_ref().unwrap_or(&approvable.steer);
        let acted = actor.act(acting);
        let unsent = actor.unsent();
        if unsent.is_none()
            && let Err(failed) = acted
        {
            return Err(failed.error);
        }
        Ok(Rehearsal {
            settles: None,
            doing: format!("{} in {}", acting.doing(), approvable.repo),
            repo: approvable.repo.to_string(),
            forge: match &approvable.at {
                Located::Forge(place) => place.forge,
                Located::GitHub(_) => helm_forge::ForgeName::GitHub,
            },
            replays: None,
            pinned_sha: acting.pinned_to().map(str::to_string),
            not_ready: preflight.not_ready,
            freshness: preflight.freshness,
            request: unsent,
            warnings: Vec::new(),
        })
    }

    fn guard(&self, file: &crate::storage::VoyageFile) -> super::super::fresh::Guard {
        super::super::fresh::Guard {
            file: file.clone(),
            allow_stale: false,
            require_observed: false,
        }
    }

    /// Every check that needs no forge, in the contract's order.
    fn check(&self, voyage: &str, number: i64, request: &ApproveRequest<'_>) -> Result<Checked> {
        let mut store = self.open(voyage)?;
        let entries = store.snapshot()?.entries;
        let (proposal, record) = proposal_in(&entries, number)?;
        let request_id = approval_request_id(&record.key);
        let interrupted = Pending::find(self.home.root(), &store.id(), &request_id)?.is_some();
        let later: Vec<Entry> = entries.iter().filter(|e| e.id > number).cloned().collect();
        let (state, decided) = state_of(&record, &later, interrupted, &crate::model::now());
        match state {
            ProposalState::Performed => {
                let by = decided.map(|d| d.entry).unwrap_or_default();
                let entry = entries.iter().find(|e| e.id == by).cloned();
                return entry
                    .map(|e| Checked::Performed(Box::new(e)))
                    .ok_or_else(|| {
                        Error::new(
                            Kind::Storage,
                            "the performing entry vanished (a bug in helm)",
                        )
                    });
            }
            ProposalState::Rejected => {
                let by = decided.map(|d| format!(" by {} in entry {}", d.identity, d.entry));
                return Err(Error::new(
                    Kind::Conflict,
                    format!("proposal {number} was rejected{}: nothing was sent", by.unwrap_or_default()),
                )
                .hint("a rejected proposal stays rejected; propose the steer again if it should happen"));
            }
            ProposalState::Expired => {
                return Err(Error::new(
                    Kind::Expired,
                    format!(
                        "proposal {number} expired at {}: nothing was sent or recorded",
                        record.expires_at
                    ),
                )
                .hint(
                    "propose the steer again (observe its target first) if it should still happen",
                ));
            }
            ProposalState::Pending | ProposalState::UnknownOutcome => {}
        }
        let proposer = proposal.provenance.identity.clone();
        let approver = request.provenance.identity.clone();
        let same = proposer.trim().eq_ignore_ascii_case(approver.trim());
        if same && !request.allow_self {
            return Err(Error::new(
                Kind::SameIdentity,
                format!(
                    "{approver} proposed entry {number}: a proposal is approved by someone else; nothing was sent or recorded"
                ),
            )
            .hint(words![
                "approve as another identity, or pass ",
                arg("allow-self"),
                " to approve your own (the entry records it)"
            ]));
        }
        if digest(&record.request) != record.digest {
            return Err(bad_proposal(
                number,
                "its stored request no longer has its digest: the voyage file was changed",
            ));
        }
        let mut checked = record.checked.clone();
        if let Some(reason) = request.override_reason
            && let Some(fields) = checked.as_object_mut()
        {
            fields.insert("override".to_string(), reason.trim().into());
        }
        let steer: Steer = serde_json::from_value(checked).map_err(|err| {
            bad_proposal(number, &format!("its stored action cannot be read: {err}"))
        })?;
        if steer.kind() != record.steer {
            return Err(bad_proposal(
                number,
                "its stored action is not the one it names",
            ));
        }
        if request.override_reason.is_some() && !steer.needs_ready() {
            return Err(Error::usage(format!(
                "{} does not wait for readiness, so there is nothing to override",
                steer.doing()
            ))
            .hint(words!["leave out ", arg("override")]));
        }
        let at = located(number, &record)?;
        if let Located::Forge(place) = &at {
            self.trusts(place, &format!("proposal {number}"))?;
        }
        Ok(Checked::Approvable(Box::new(Approvable {
            approval: Approval {
                proposal: number,
                key: record.key.clone(),
                proposer,
                approver,
                allowed_self: same,
            },
            proposal: proposal.clone(),
            record,
            steer,
            repo: at.repo(),
            at,
        })))
    }

    /// Writes the record of an attempt begun when the proposal was made,
    /// unless one is there or an entry records the approval: the protocol
    /// then settles it (looks on the forge) before acting.
    fn begun(
        &self,
        store: &crate::storage::VoyageStore,
        approvable: &Approvable,
        request: &ApproveRequest<'_>,
        request_id: &str,
    ) -> Result<Option<Pending>> {
        let voyage = store.id();
        if store.entry_by_request_id(request_id)?.is_some()
            || Pending::find(self.home.root(), &voyage, request_id)?.is_some()
        {
            return Ok(None);
        }
        let record = Record {
            voyage,
            request_id: Some(request_id.to_string()),
            doing: format!("{} in {}", approvable.steer.doing(), approvable.repo),
            identity: request.provenance.identity.clone(),
            started_at: approvable.proposal.recorded_at.clone(),
            answer: None,
            request: Some(Request {
                provenance: request.provenance.clone(),
                repo: approvable.repo.clone(),
                elsewhere: approvable.at.elsewhere(),
                steer: approvable.steer.clone(),
                request_id: Some(request_id.to_string()),
            }),
            clock: None,
        };
        Pending::begin(self.home.root(), record).map(Some)
    }
}

/// Where proposal `number` acts, as its record names it: GitHub's
/// `owner/name`, or a path on the `forge` and `host` beside it.
fn located(number: i64, record: &ProposalRecord) -> Result<Located> {
    let (forge, host) = match (&record.forge, &record.host) {
        (None, None) => {
            return Repo::parse(&record.repo)
                .map(Located::GitHub)
                .ok_or_else(|| {
                    bad_proposal(
                        number,
                        &format!("its repository '{}' cannot be read", record.repo),
                    )
                });
        }
        (Some(forge), Some(host)) if !host.trim().is_empty() => (forge, host),
        _ => return Err(bad_proposal(number, "it names a forge without its host")),
    };
    let forge = ForgeName::parse(forge)
        .filter(|forge| *forge != ForgeName::GitHub)
        .ok_or_else(|| {
            bad_proposal(
                number,
                &format!("its forge '{forge}' is not one helm knows"),
            )
        })?;
    let repo = RepoPath::new(&record.repo)
        .map_err(|why| bad_proposal(number, &format!("its repository {why}")))?;
    Ok(Located::Forge(ForgeRepo {
        forge,
        host: host.clone(),
        repo,
    }))
}

fn bad_proposal(number: i64, why: &str) -> Error {
    Error::new(
        Kind::BadProposal,
        format!("proposal {number} cannot be approved: {why}; nothing was sent or recorded"),
    )
    .hint(words![
        cmd("voyage verify"),
        " checks the voyage file; propose the steer again from a voyage you trust"
    ])
}

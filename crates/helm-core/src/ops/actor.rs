//! The GitHub side of the steer protocol: performing a steer and looking for
//! an earlier attempt's effect, within a time budget that keeps the voyage's
//! write lock (held meanwhile) shorter than other writers will wait. As
//! `ForgeActor` does, it plans at preflight (helm-github's `act::plan`: the
//! reads, then every write final), passes each planned write through the
//! steer's gate before the pending record is written (`planned::gate`, the
//! one both actors share), keeps the plan, and `act` sends exactly it
//! (`act::send`); a dry run keeps the plan's first write instead. GitHub's
//! client still checks each write as it leaves. What the writes produced
//! becomes the entry through the action's `performed`, as on every forge.

use std::time::Duration;

use helm_forge::{ForgeError, ForgeName, ForgeWrite, Produced, Traced, WritePlan};
use helm_http::client::gate::WriteGate;

use crate::actions::{Dispatch, Effect, Steer};
use crate::error::{Error, Kind, Result};
use crate::github;
use crate::model::SteerRecord;
use crate::model::clock::{Began, GitHubClock};
use crate::steering::{ActError, Actor, Outcome, Preflight};
use crate::storage::slate::Observation;

use super::fresh::beside::Beside;
use super::login::Logins;

/// All GitHub work one steer does under the voyage's lock must end within
/// this: other helm processes wait 300 s for the lock (`storage::BUSY_TIMEOUT`).
pub(crate) const LOCK_BUDGET: Duration = Duration::from_secs(240);

pub(crate) struct GitHubActor {
    session: github::Session,
    deadline: tokio::time::Instant,
    /// The freshness guard, for steers (settling never acts).
    guard: Option<super::fresh::Guard>,
    /// Who the token acts as, recorded in every steer's `actor`.
    logins: Option<Logins>,
    /// The steer's outbound gate (an approval's also holds the first write
    /// to the proposal's digest); an actor without one sends no write.
    gate: Option<WriteGate>,
    /// What `act::plan` returned for the steer the preflight settled on.
    plan: Option<WritePlan>,
    /// A dry run's: `act` keeps the plan's first write instead of sending.
    rehearsing: bool,
    /// The write a dry run kept.
    unsent: Option<ForgeWrite>,
}

impl GitHubActor {
    pub(crate) fn new(session: github::Session) -> GitHubActor {
        let deadline = {
            let _entered = session.runtime.enter();
            tokio::time::Instant::now() + LOCK_BUDGET
        };
        GitHubActor {
            session,
            deadline,
            guard: None,
            logins: None,
            gate: None,
            plan: None,
            rehearsing: false,
            unsent: None,
        }
    }

    /// Passes every planned write through `gate` (the steer's outbound
    /// gate) at preflight, and every write its client sends as it leaves;
    /// an actor without one sends no write.
    pub(crate) fn gated(mut self, gate: WriteGate) -> GitHubActor {
        let session = self.session;
        self.session = github::Session {
            client: session.client.gated(gate.clone()),
            ..session
        };
        self.gate = Some(gate);
        self
    }

    /// An actor for a dry run: it plans and gates as a steer does, and
    /// keeps the plan's first write instead of sending anything.
    pub(crate) fn rehearsing(mut self) -> GitHubActor {
        self.rehearsing = true;
        self
    }

    /// Records the login the token acts as in what it performs and finds.
    pub(crate) fn acting_as(mut self, logins: Logins) -> GitHubActor {
        self.logins = Some(logins);
        self
    }

    /// `record` with its `actor`: the login GitHub's answer named, else the
    /// token's (cached, else `GET /user`).
    fn with_actor(&mut self, mut record: SteerRecord) -> SteerRecord {
        let Some(logins) = self.logins.as_mut() else {
            return record;
        };
        if let Some(named) = &record.actor {
            logins.learnt(named);
            return record;
        }
        let client = &self.session.client;
        let deadline = self.deadline;
        record.actor = self.session.runtime.block_on(async {
            tokio::time::timeout_at(deadline, logins.login(async { client.viewer().await.ok() }))
                .await
                .ok()
                .flatten()
        });
        record
    }

    /// Checks the bearing's observations of the target before acting.
    pub(crate) fn guarded(mut self, guard: super::fresh::Guard) -> GitHubActor {
        self.guard = Some(guard);
        self
    }

    /// What to tell the user about the repository, e.g. that GitHub moved it.
    pub(crate) fn warnings(&self) -> Vec<String> {
        self.session
            .client
            .moved()
            .map(|moved| moved.warning())
            .into_iter()
            .collect()
    }

    /// The write a dry run kept instead of sending, as the preview shows it.
    pub(crate) fn unsent(&self) -> Option<super::rehearsal::Unsent> {
        self.unsent.as_ref().map(super::planned::unsent)
    }

    fn repo(&self) -> String {
        self.session.client.repo.to_string()
    }
}

impl Actor for GitHubActor {
    /// The freshness guard, then the action's plan (its reads, then its
    /// writes final) on the steer the guard settled on, each write through
    /// the steer's gate; the plan is kept for `act`.
    fn preflight(&mut self, steer: &Steer, bearing: &[Observation]) -> Result<Preflight> {
        let nothing = Beside::new(Box::pin(std::future::ready(())));
        let (planned, _) = self.preflight_beside(steer, bearing, nothing);
        self.kept(planned)
    }

    fn act(&mut self, steer: &Steer) -> std::result::Result<SteerRecord, ActError> {
        let doing = steer.doing();
        let plan = super::planned::take(&mut self.plan, steer).map_err(|error| ActError {
            outcome: Outcome::NotDone,
            error,
        })?;
        if self.rehearsing
            && let Some((first, refused)) = super::planned::rehearsed(&plan, steer)
        {
            self.unsent = Some(first);
            return Err(refused);
        }
        let client = &self.session.client;
        let deadline = self.deadline;
        let answer = self.session.runtime.block_on(async {
            tokio::time::timeout_at(deadline, github::act::send(client, &plan)).await
        });
        match answer {
            Ok(Ok(produced)) => {
                let record = self.performed(steer, produced).map_err(|error| ActError {
                    // GitHub acted; what it said of it does not read.
                    outcome: Outcome::Unknown,
                    error,
                })?;
                Ok(self.with_actor(record))
            }
            // Worded by helm-github, with whether GitHub may have acted.
            Ok(Err(err)) => Err(super::planned::act_error(err)),
            Err(_elapsed) => Err(ActError {
                outcome: Outcome::Unknown,
                error: Error::new(
                    Kind::GitHub,
                    format!(
                        "GitHub did not answer to {doing} within {} s",
                        LOCK_BUDGET.as_secs()
                    ),
                ),
            }),
        }
    }

    /// The clock of the latest answer, or of `GET /user` when GitHub has
    /// not answered yet (a steer whose bearing needed no freshness check).
    /// Not reading it is no reason to refuse the steer: the look then reads
    /// GitHub's clock itself.
    fn clock(&mut self) -> Option<GitHubClock> {
        let client = &self.session.client;
        if let Some(clock) = client.clock() {
            return Some(clock);
        }
        let deadline = self.deadline;
        let viewer = self
            .session
            .runtime
            .block_on(async { tokio::time::timeout_at(deadline, client.viewer()).await });
        // The same answer names the token's login: no second request later.
        let login = viewer.ok().and_then(Result::ok);
        if let (Some(login), Some(logins)) = (login, self.logins.as_mut()) {
            logins.learnt(&login);
        }
        client.clock()
    }

    fn warnings(&self) -> Vec<String> {
        GitHubActor::warnings(self)
    }

    fn look(&mut self, steer: &Steer, began: &Began) -> Result<Effect> {
        let client = &self.session.client;
        let deadline = self.deadline;
        let seen = self.session.runtime.block_on(async {
            tokio::time::timeout_at(deadline, github::act::look(client, steer, began)).await
        });
        self.looked(steer, seen)
    }
}

/// What a look brought back, or that it ran out of time.
type Seen =
    std::result::Result<std::result::Result<Traced, ForgeError>, tokio::time::error::Elapsed>;

/// A preflight's verdict with the plan it made.
type Planned = Result<(Preflight, WritePlan)>;

impl GitHubActor {
    /// The verdict of a preflight, its plan kept for `act`.
    fn kept(&mut self, planned: Planned) -> Result<Preflight> {
        self.plan = None;
        let (preflight, plan) = planned?;
        self.plan = Some(plan);
        Ok(preflight)
    }

    /// The freshness guard and the action's plan, its writes through the
    /// steer's gate, with `other` sent alongside the guard's requests; its
    /// output comes back beside the verdict.
    fn preflight_beside<'a, T>(
        &'a self,
        steer: &Steer,
        bearing: &[Observation],
        other: Beside<'a, T>,
    ) -> (Planned, Option<T>) {
        let (judged, other) = match &self.guard {
            Some(guard) => {
                // One remembering client for every observation: a request
                // they share is sent once.
                let client = self.session.client.remembering();
                let conditional = super::fresh::Conditional {
                    look: &client,
                    runtime: &self.session.runtime,
                    repo: &self.session.client.repo,
                    timeout: self.session.timeout,
                };
                super::fresh::preflight_beside(guard, &conditional, steer, bearing, other)
            }
            None => (
                Ok(Preflight::default()),
                other.finish(&self.session.runtime),
            ),
        };
        let mut preflight = match judged {
            Ok(preflight) => preflight,
            Err(err) => return (Err(err), other),
        };
        let acting = preflight.steer.as_ref().unwrap_or(steer);
        let client = &self.session.client;
        let deadline = self.deadline;
        let planned = self
            .session
            .runtime
            .block_on(async {
                tokio::time::timeout_at(deadline, github::act::plan(client, acting)).await
            })
            .map_err(|_elapsed| {
                Error::new(
                    Kind::GitHub,
                    format!(
                        "GitHub did not answer within {} s before helm could {}",
                        LOCK_BUDGET.as_secs(),
                        steer.doing()
                    ),
                )
                .hint("nothing was acted on or recorded; retry later")
            });
        let plan = match planned {
            Ok(Ok(plan)) => plan,
            Ok(Err(err)) => return (Err(err.error), other),
            Err(err) => return (Err(err), other),
        };
        if let Err(err) = super::planned::gate(self.gate.as_ref(), &plan.writes) {
            return (Err(err), other);
        }
        if plan.steer != *steer {
            preflight.steer = Some(plan.steer.clone());
        }
        (Ok((preflight, plan)), other)
    }

    /// An approval's look for an earlier write of it, sent alongside the
    /// freshness check it makes next (neither needs the other's answers),
    /// so the two cost one round of requests (issue 45, goal 4). The
    /// check's verdict comes back for the protocol's `preflight`.
    pub(crate) fn look_beside_preflight(
        &mut self,
        steer: &Steer,
        began: &Began,
        bearing: &[Observation],
    ) -> (Result<Effect>, Result<Preflight>) {
        let client = &self.session.client;
        let deadline = self.deadline;
        let look = Beside::new(Box::pin(async move {
            tokio::time::timeout_at(deadline, github::act::look(client, steer, began)).await
        }));
        let (planned, seen) = self.preflight_beside(steer, bearing, look);
        let preflight = self.kept(planned);
        let effect = match seen {
            Some(seen) => self.looked(steer, seen),
            None => Ok(Effect::CannotTell(crate::error::Words::of(
                "the look for an earlier approval did not run",
            ))),
        };
        (effect, preflight)
    }

    /// The record of what GitHub produced for `steer`, made by the action's
    /// `performed` as every forge's is.
    fn performed(&self, steer: &Steer, produced: Produced) -> Result<SteerRecord> {
        steer.performed(&self.repo(), produced, ForgeName::GitHub)
    }

    /// What a look's answer says, each trace found made into the steer's
    /// record, with its actor.
    fn looked(&mut self, steer: &Steer, seen: Seen) -> Result<Effect> {
        match seen {
            Ok(Ok(Traced::Found(found))) => {
                let mut records = Vec::with_capacity(found.len());
                for produced in found {
                    let record = self.performed(steer, produced)?;
                    records.push(self.with_actor(record));
                }
                Ok(Effect::Found(records))
            }
            Ok(Ok(Traced::NotDone)) => Ok(Effect::NotDone),
            Ok(Ok(Traced::CannotTell(why))) => Ok(Effect::CannotTell(why)),
            Ok(Err(err)) => Ok(Effect::CannotTell(err.error.message().clone())),
            Err(_elapsed) => Ok(Effect::CannotTell(crate::error::Words::of(format!(
                "GitHub did not answer within {} s",
                LOCK_BUDGET.as_secs()
            )))),
        }
    }
}

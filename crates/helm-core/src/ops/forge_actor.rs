//! The steer protocol's [`Actor`] on every forge, GitHub's among them,
//! reached through the seam (ADR 0023, "The core's side of the seam"): the
//! forge's refusal of what it cannot do first (nothing read), the freshness
//! guard (by conditional requests where the repository offers them,
//! `fresh/mod.rs`; else each observation read again whole, `fresh::forge`),
//! the forge's `prepare` (its reads, and its writes final), the egress gate
//! over every write's method, path and body, then `send` and the action's
//! `performed`. A write whose answer was lost keeps the pending record, and a
//! retry or `interrupted settle` asks the forge's `window` and `look`.

use std::path::Path;

use helm_forge::{ForgeRepo, ForgeWrite, Traced, WritePlan};

use super::forge_look::OpenedForge;
use super::fresh::beside::Beside;
use super::login::Logins;
use super::{Helm, Located};
use crate::actions::{Dispatch, Effect, Steer};
use crate::error::{Error, Kind, Result, Words};
use crate::model::clock::{Began, GitHubClock};
use crate::model::{Repo, SteerRecord};
use crate::steering::{ActError, Actor, Outcome, Preflight};
use crate::storage::slate::Observation;
use helm_http::client::gate::WriteGate;

/// All the forge work one steer does under the voyage's lock must end
/// within this: other helm processes wait 300 s for the lock
/// (`storage::BUSY_TIMEOUT`).
pub(crate) const LOCK_BUDGET: std::time::Duration = std::time::Duration::from_secs(240);

pub(crate) struct ForgeActor {
    opened: OpenedForge,
    place: ForgeRepo,
    /// `place`'s path as entries spell the repository.
    repo: String,
    deadline: tokio::time::Instant,
    /// The freshness guard, for steers (settling never acts).
    guard: Option<super::fresh::Guard>,
    /// The steer's outbound gate (an approval's also holds the first write
    /// to the proposal's digest); an actor without one sends no write.
    gate: Option<WriteGate>,
    /// What each plan's first write must pass besides (`first_write`).
    first: Option<WriteGate>,
    /// What `prepare` returned for the steer the preflight settled on.
    plan: Option<WritePlan>,
    /// Who the token acts as: known, cached under `$HELM_HOME`, or asked
    /// once (`Repository::viewer`).
    logins: Logins,
    /// A dry run's: `act` keeps the plan's first write instead of sending.
    rehearsing: bool,
    /// The write a dry run kept.
    unsent: Option<ForgeWrite>,
}

impl Helm {
    /// The steer protocol's actor on the repository `at` names, recording
    /// who acts from the login cache (ADR 0020).
    pub(crate) fn forge_actor(&self, at: &Located, identity: Option<&str>) -> Result<ForgeActor> {
        let place = match at {
            Located::GitHub(repo) => self.github_place(repo)?,
            Located::Forge(place) => place.clone(),
        };
        let opened = self.open_forge(&place, identity)?;
        Ok(ForgeActor::new(opened, place, self.home.root()))
    }
}

impl ForgeActor {
    /// An actor on `place`, recording the account its token acts as from
    /// the cache under `home` (ADR 0020).
    pub(crate) fn new(opened: OpenedForge, place: ForgeRepo, home: &Path) -> ForgeActor {
        let logins = Logins::new(home, opened.repo.viewer_key());
        let deadline = {
            let _entered = opened.runtime.enter();
            tokio::time::Instant::now() + LOCK_BUDGET
        };
        ForgeActor {
            repo: place.repo.to_string(),
            opened,
            place,
            deadline,
            guard: None,
            gate: None,
            first: None,
            plan: None,
            logins,
            rehearsing: false,
            unsent: None,
        }
    }

    /// An actor for a dry run: it prepares and gates as a steer does, and
    /// keeps the first write instead of sending anything.
    pub(crate) fn rehearsing(mut self) -> ForgeActor {
        self.rehearsing = true;
        self
    }

    /// The write a dry run kept, as the preview shows a request.
    pub(crate) fn unsent(&self) -> Option<super::planned::Unsent> {
        self.unsent.as_ref().map(super::planned::unsent)
    }

    /// Passes every write of the plan through `gate` before it leaves.
    /// Holds the first write of every plan to `check` besides the gate:
    /// an approval's, which the proposal's digest must match.
    pub(crate) fn first_write(mut self, check: WriteGate) -> ForgeActor {
        self.first = Some(check);
        self
    }

    pub(crate) fn gated(mut self, gate: WriteGate) -> ForgeActor {
        self.gate = Some(gate);
        self
    }

    /// Checks the bearing's observations of the target before acting.
    pub(crate) fn guarded(mut self, guard: super::fresh::Guard) -> ForgeActor {
        self.guard = Some(guard);
        self
    }

    /// Runs one of the forge's futures within the lock's budget.
    fn within<T>(
        &self,
        doing: &str,
        future: helm_forge::Io<'_, T>,
    ) -> std::result::Result<T, helm_forge::ForgeError> {
        let deadline = self.deadline;
        self.opened
            .runtime
            .block_on(async { tokio::time::timeout_at(deadline, future).await })
            .unwrap_or_else(|_elapsed| {
                Err(helm_forge::ForgeError::unknown(Error::new(
                    self.place.forge.failure_kind(),
                    format!(
                        "{} did not answer within {} s to {doing}",
                        self.place.forge,
                        LOCK_BUDGET.as_secs()
                    ),
                )))
            })
    }

    /// `record` with where it acted (the forge and its host, which GitHub's
    /// entries leave unsaid) and its `actor`: the author the forge named,
    /// else the account the token acts as.
    fn with_actor(&mut self, mut record: SteerRecord) -> SteerRecord {
        if self.place.forge.entries_name_place() {
            record.forge = Some(self.place.forge.as_str().to_string());
            record.host = Some(self.place.host.clone());
        }
        let logins = &mut self.logins;
        if let Some(named) = &record.actor {
            logins.learnt(named);
            return record;
        }
        let repo = self.opened.repo.as_ref();
        let deadline = self.deadline;
        record.actor = self.opened.runtime.block_on(async {
            let asked = async { repo.viewer().await.ok() };
            tokio::time::timeout_at(deadline, logins.login(asked))
                .await
                .ok()
                .flatten()
        });
        record
    }
}

impl ForgeActor {
    /// What the forge cannot do, refused before anything is read; then the
    /// freshness guard, with `other`'s reads sent alongside its own, and
    /// `prepare` on the steer it settled on, whose writes pass the gate.
    fn judged_beside<'a, T>(
        &'a self,
        steer: &Steer,
        bearing: &[Observation],
        other: Beside<'a, T>,
    ) -> (Result<(Preflight, WritePlan)>, Option<T>) {
        let capabilities = self.place.forge.capabilities();
        if let Some(refusal) = helm_forge::refuses(self.place.forge, capabilities, steer) {
            return (Err(refusal.into()), other.finish(&self.opened.runtime));
        }
        let conditional = self.opened.repo.conditional(None);
        let (judged, other) = match (&self.guard, &conditional) {
            // A forge that answers conditional requests (GitHub) is asked
            // only what changed since each observation, through one look
            // that remembers its answers.
            (Some(guard), Some(look)) => match Repo::parse(self.place.repo.as_str()) {
                Some(repo) => {
                    let conditional = super::fresh::Conditional {
                        look: look.as_ref(),
                        runtime: &self.opened.runtime,
                        repo: &repo,
                        timeout: self.opened.timeout,
                    };
                    super::fresh::preflight_beside(guard, &conditional, steer, bearing, other)
                }
                None => (
                    Err(Error::new(
                        Kind::Corrupt,
                        format!("'{}' is not an OWNER/NAME repository", self.place.repo),
                    )),
                    other.finish(&self.opened.runtime),
                ),
            },
            (Some(guard), None) => super::fresh::forge::preflight_beside(
                guard,
                &self.opened,
                &self.place,
                steer,
                bearing,
                other,
            ),
            (None, _) => (Ok(Preflight::default()), other.finish(&self.opened.runtime)),
        };
        let prepared = judged.and_then(|mut preflight| {
            let acting = preflight.steer.clone().unwrap_or_else(|| steer.clone());
            let plan = self
                .within(&acting.doing(), self.opened.repo.prepare(&acting))
                .map_err(|err| err.error)?;
            super::planned::gate(self.gate.as_ref(), self.first.as_ref(), &plan.writes)?;
            if plan.steer != *steer {
                preflight.steer = Some(plan.steer.clone());
            }
            Ok((preflight, plan))
        });
        (prepared, other)
    }

    /// An approval's look for an earlier write of it, sent alongside the
    /// freshness check it makes next (neither needs the other's answers),
    /// so the two cost one round of reads, as on GitHub (issue 45, goal 4).
    /// The check's verdict comes back for the protocol's `preflight`.
    pub(crate) fn look_beside_preflight(
        &mut self,
        steer: &Steer,
        began: &Began,
        bearing: &[Observation],
    ) -> (Result<Effect>, Result<Preflight>) {
        let look = Beside::new(Box::pin(self.looking(steer, began)));
        let (judged, seen) = self.judged_beside(steer, bearing, look);
        let preflight = judged.map(|(preflight, plan)| {
            self.plan = Some(plan);
            preflight
        });
        let effect = match seen {
            Some(seen) => self.effect(steer, seen),
            None => Ok(Effect::CannotTell(Words::of(
                "the look for an earlier approval did not run",
            ))),
        };
        (effect, preflight)
    }

    /// The look after a lost answer: the window the forge places the attempt
    /// in, then its traces there, within the lock's budget.
    fn looking<'a>(
        &'a self,
        steer: &'a Steer,
        began: &'a Began,
    ) -> impl std::future::Future<Output = Seen> + 'a {
        let repo = self.opened.repo.as_ref();
        let deadline = self.deadline;
        async move {
            let looked = async {
                match repo.window(began).await? {
                    Ok(window) => repo.look(steer, &window).await.map(Ok),
                    Err(why) => Ok(Err(why)),
                }
            };
            tokio::time::timeout_at(deadline, looked).await
        }
    }

    /// What a look's answer says, each trace found made into the steer's
    /// record, with where it acted and its actor.
    fn effect(&mut self, steer: &Steer, seen: Seen) -> Result<Effect> {
        let forge = self.place.forge;
        let traced = match seen {
            Ok(Ok(Ok(traced))) => traced,
            Ok(Ok(Err(why))) => return Ok(Effect::CannotTell(Words::of(why))),
            Ok(Err(err)) => return Ok(Effect::CannotTell(err.error.message().clone())),
            Err(_elapsed) => {
                return Ok(Effect::CannotTell(Words::of(format!(
                    "{forge} did not answer within {} s to look for an earlier attempt to {}",
                    LOCK_BUDGET.as_secs(),
                    steer.doing()
                ))));
            }
        };
        match traced {
            Traced::Found(found) => {
                let mut records = Vec::with_capacity(found.len());
                for produced in found {
                    let record = steer.performed(&self.repo, produced, forge)?;
                    records.push(self.with_actor(record));
                }
                Ok(Effect::Found(records))
            }
            Traced::NotDone => Ok(Effect::NotDone),
            Traced::CannotTell(words) => Ok(Effect::CannotTell(words)),
        }
    }
}

/// What a look beside the check brought back: the traces, or why the
/// attempt cannot be placed, or the forge's failure, or that time ran out.
type Seen = std::result::Result<
    std::result::Result<std::result::Result<Traced, String>, helm_forge::ForgeError>,
    tokio::time::error::Elapsed,
>;

impl Actor for ForgeActor {
    /// What the forge cannot do, refused before anything is read; then the
    /// freshness guard, and `prepare` on the steer it settled on, whose
    /// writes pass the gate before the pending record is written.
    fn preflight(&mut self, steer: &Steer, bearing: &[Observation]) -> Result<Preflight> {
        let nothing = Beside::new(Box::pin(std::future::ready(())));
        let (judged, _) = self.judged_beside(steer, bearing, nothing);
        let (preflight, plan) = judged?;
        self.plan = Some(plan);
        Ok(preflight)
    }

    /// The forge's clock as its latest answer showed it, or as `GET /user`
    /// shows it when the forge has not answered yet (a steer whose bearing
    /// needed no check): the attempt's start is then placed on the forge's
    /// clock, and the same answer names who acts. Not reading it is no
    /// reason to refuse the steer: the look then reads the clock itself.
    fn clock(&mut self) -> Option<GitHubClock> {
        if let Some(clock) = self.opened.repo.clock() {
            return Some(clock);
        }
        let repo = self.opened.repo.as_ref();
        let deadline = self.deadline;
        let viewer = self
            .opened
            .runtime
            .block_on(async { tokio::time::timeout_at(deadline, repo.viewer()).await });
        if let Ok(Ok(login)) = viewer {
            self.logins.learnt(&login);
        }
        self.opened.repo.clock()
    }

    fn warnings(&self) -> Vec<String> {
        self.opened.repo.warnings()
    }

    fn act(&mut self, steer: &Steer) -> std::result::Result<SteerRecord, ActError> {
        let not_done = |error| ActError {
            outcome: Outcome::NotDone,
            error,
        };
        let plan = super::planned::take(&mut self.plan, steer).map_err(not_done)?;
        let doing = steer.doing();
        if self.rehearsing
            && let Some((first, refused)) = super::planned::rehearsed(&plan, steer)
        {
            self.unsent = Some(first);
            return Err(refused);
        }
        match self.within(&doing, self.opened.repo.send(&plan)) {
            Ok(produced) => {
                let record = steer
                    .performed(&self.repo, produced, self.place.forge)
                    .map_err(|error| ActError {
                        // The forge acted; what it said of it does not read.
                        outcome: Outcome::Unknown,
                        error,
                    })?;
                Ok(self.with_actor(record))
            }
            Err(err) => Err(super::planned::act_error(err)),
        }
    }

    fn look(&mut self, steer: &Steer, began: &Began) -> Result<Effect> {
        let seen = self.opened.runtime.block_on(self.looking(steer, began));
        self.effect(steer, seen)
    }
}

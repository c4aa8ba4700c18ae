//! The GitHub side of the steer protocol: performing a steer and looking for
//! an earlier attempt's effect, within a time budget that keeps the voyage's
//! write lock (held meanwhile) shorter than other writers will wait. GitHub's
//! requests are helm-github's (`act::prepare`, `send`, `look`); what they
//! produced becomes the entry through the action's `performed`, as on every
//! forge.

use std::time::Duration;

use helm_forge::{ForgeName, Produced, Traced};

use crate::actions::{Dispatch, Effect, Steer};
use crate::error::{Error, Kind, Result};
use crate::github;
use crate::github::error::Failure;
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
        }
    }

    /// Passes every write its client sends through `gate` (the steer's
    /// outbound gate); an actor without one sends no write.
    pub(crate) fn gated(mut self, gate: helm_http::client::gate::WriteGate) -> GitHubActor {
        let session = self.session;
        self.session = github::Session {
            client: session.client.gated(gate),
            ..session
        };
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

    /// The write a dry run's client kept instead of sending.
    pub(crate) fn unsent(&self) -> Option<helm_http::client::rehearsal::Unsent> {
        self.session.client.unsent()
    }

    fn repo(&self) -> String {
        self.session.client.repo.to_string()
    }
}

impl Actor for GitHubActor {
    /// The freshness guard, then what the action reads before acting
    /// (`Steer::prepare`), on the steer the guard settled on.
    fn preflight(&mut self, steer: &Steer, bearing: &[Observation]) -> Result<Preflight> {
        let nothing = Beside::new(Box::pin(std::future::ready(())));
        self.preflight_beside(steer, bearing, nothing).0
    }

    fn act(&mut self, steer: &Steer) -> std::result::Result<SteerRecord, ActError> {
        let client = &self.session.client;
        let deadline = self.deadline;
        let answer = self.session.runtime.block_on(async {
            tokio::time::timeout_at(deadline, github::act::send(client, steer)).await
        });
        let doing = steer.doing();
        match answer {
            Ok(Ok(produced)) => {
                let record = self.performed(steer, produced).map_err(|error| ActError {
                    // GitHub acted; what it said of it does not read.
                    outcome: Outcome::Unknown,
                    error,
                })?;
                Ok(self.with_actor(record))
            }
            // Whatever the last request's failure, an earlier one changed
            // GitHub: the attempt stays pending for a look to record it.
            Ok(Err(err)) if err.failure == Failure::Partial => Err(ActError {
                outcome: Outcome::Unknown,
                error: Error::new(
                    Kind::UnknownOutcome,
                    format!("GitHub acted in part to {doing}: {}", err.message),
                ),
            }),
            Ok(Err(err)) if err.may_have_acted() => Err(ActError {
                outcome: Outcome::Unknown,
                error: Error::new(
                    Kind::GitHub,
                    match err.status {
                        Some(status) => {
                            format!("GitHub answered {status} {} to {doing}", err.message)
                        }
                        None => format!("no answer from GitHub to {doing}: {}", err.message),
                    },
                ),
            }),
            Ok(Err(err))
                if err.status == Some(409)
                    && steer.pinned_to().is_some() =>
            {
                Err(ActError {
                    outcome: Outcome::NotDone,
                    error: Error::new(
                        Kind::Stale,
                        format!(
                            "GitHub refused to {doing} (409): the PR's head moved since you observed it; observe it again"
                        ),
                    )
                    .hint("nothing was merged or recorded; observe the PR again to see the new commits, then merge"),
                })
            }
            Ok(Err(err)) => Err(ActError {
                outcome: Outcome::NotDone,
                error: err.into_error(
                    &doing,
                    &self.repo(),
                    "nothing was recorded and the slate is unchanged",
                ),
            }),
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
type Seen = std::result::Result<
    std::result::Result<Traced, crate::github::error::GitHubError>,
    tokio::time::error::Elapsed,
>;

impl GitHubActor {
    /// The freshness guard and the action's reads before acting, with
    /// `other` sent alongside the guard's requests; its output comes back
    /// beside the verdict.
    fn preflight_beside<'a, T>(
        &'a self,
        steer: &Steer,
        bearing: &[Observation],
        other: Beside<'a, T>,
    ) -> (Result<Preflight>, Option<T>) {
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
        let prepared = self
            .session
            .runtime
            .block_on(async {
                tokio::time::timeout_at(deadline, github::act::prepare(client, acting)).await
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
        match prepared {
            Ok(Ok(Some(prepared))) => preflight.steer = Some(prepared),
            Ok(Ok(None)) => {}
            Ok(Err(err)) => return (Err(err), other),
            Err(err) => return (Err(err), other),
        }
        (Ok(preflight), other)
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
        let (preflight, seen) = self.preflight_beside(steer, bearing, look);
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
        let doing = format!("look for an earlier attempt to {}", steer.doing());
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
            Ok(Err(err)) => Ok(Effect::CannotTell(
                err.into_error(&doing, &self.repo(), "nothing was recorded")
                    .message()
                    .clone(),
            )),
            Err(_elapsed) => Ok(Effect::CannotTell(crate::error::Words::of(format!(
                "GitHub did not answer within {} s",
                LOCK_BUDGET.as_secs()
            )))),
        }
    }
}

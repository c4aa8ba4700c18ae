//! Where a pull request the voyage touched stood when the voyage last
//! looked, part by part, for the brief an agent resumes from: its head and
//! whether a review is still requested (the newest look at its summary),
//! its CI (the newest look at its checks) and each reviewer's decision and
//! the open threads (the newest look at its reviews). Each part names when
//! it was seen, since the three may come from different looks. Facts only:
//! nothing here asks GitHub.

use serde::Serialize;

use crate::egress::shown::Disclosure;
use crate::observe::Target;
use crate::observe::conversation::{ci, decisions};
use crate::storage::VoyageStore;
use crate::storage::slate::Observation;

/// A pull request as the voyage's newest looks at its parts showed it.
#[derive(Debug, Default, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct PrSeen {
    /// The head sha, from the newest look at its summary (else its checks).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub head: Option<String>,
    /// The reviewers and teams whose review is still requested, from the
    /// newest look at its summary; empty when none is.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub review_requested: Option<Vec<String>>,
    /// GitHub's combined state of the head's commit statuses (`none` when
    /// there are none), from the newest look at its checks.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub combined_state: Option<String>,
    /// `checks: 1 passed · statuses: 1 failing (lint) · combined: failure`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ci: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub checks_observed_at: Option<String>,
    /// Each reviewer's standing decision, from the newest look at its reviews.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reviews: Option<Vec<ReviewerSeen>>,
    /// Review threads not resolved.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub open_threads: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reviews_observed_at: Option<String>,
    /// Whether it is ready to merge as those looks show it, every blocker.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub readiness: Option<super::readiness::Readiness>,
}

/// One reviewer's standing decision.
#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReviewerSeen {
    pub reviewer: String,
    /// `approved`, `changes requested`, `dismissed` or `commented`.
    pub decision: String,
    /// The commit it was given on.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub commit: Option<String>,
    /// Whether that commit is not the head this brief knows.
    pub outdated: bool,
}

impl PrSeen {
    /// `head 6dcb09b · review requested from bob · combined status failure
    /// · carol changes requested (on f882a01) · 1 open thread`.
    pub fn line(&self) -> String {
        let mut parts = Vec::new();
        if let Some(head) = &self.head {
            parts.push(format!("head {}", short(head)));
        }
        match self.review_requested.as_deref() {
            Some([]) | None => {}
            Some(who) => parts.push(format!("review requested from {}", who.join(", "))),
        }
        match self.combined_state.as_deref() {
            // As the story's digest says it (`ci::line`).
            Some("none") => parts.push("statuses: none".to_string()),
            Some(state) => parts.push(format!("combined status {state}")),
            None => {}
        }
        if let Some(reviews) = &self.reviews {
            if reviews.is_empty() {
                parts.push("no reviews".to_string());
            }
            for r in reviews {
                let on = match (&r.commit, r.outdated) {
                    (Some(commit), true) => format!(" (on {})", short(commit)),
                    _ => String::new(),
                };
                parts.push(format!("{} {}{on}", r.reviewer, r.decision));
            }
        }
        if let Some(open) = self.open_threads {
            let threads = crate::words::plural(open, "thread", "threads");
            parts.push(format!("{open} open {threads}"));
        }
        parts.join(" · ")
    }
}

fn short(sha: &str) -> &str {
    sha.get(..7).unwrap_or(sha)
}

/// PR `number` of `repo` as the newest looks at each part showed it, from
/// `looks` (every observation of it, in bearings and on the slate).
pub(crate) fn seen(store: &VoyageStore, looks: &[&Observation], disclosure: Disclosure) -> PrSeen {
    let newest = |part: &str| {
        looks
            .iter()
            .filter(|o| {
                Target::from_key(&o.target)
                    .and_then(|t| t.subject())
                    .is_some_and(|seen| seen.parts.contains(&part))
            })
            .max_by(|a, b| a.observed_at.cmp(&b.observed_at))
            .copied()
    };
    let part = |observation: Option<&Observation>, name: &str| {
        let observation = observation?;
        let payload = super::stowed_payload::payload_of(store, &observation.artifact, disclosure)?;
        Some((payload.get(name)?.clone(), observation.observed_at.clone()))
    };
    let mut pr = PrSeen::default();
    let summary = part(newest("summary"), "summary");
    let checks = part(newest("checks"), "checks");
    let reviews = part(newest("reviews"), "reviews");
    pr.readiness = Some(readiness(
        store,
        looks,
        disclosure,
        [&summary, &checks, &reviews],
    ));
    if let Some((summary, _)) = summary {
        pr.head = summary["head"]["sha"].as_str().map(str::to_string);
        let names = |key: &str| -> Vec<String> {
            summary[key]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|v| v.as_str().map(str::to_string))
                .collect()
        };
        let mut requested = names("requestedReviewers");
        requested.extend(
            names("requestedTeams")
                .into_iter()
                .map(|t| format!("team {t}")),
        );
        pr.review_requested = Some(requested);
    }
    if let Some((checks, at)) = checks {
        if pr.head.is_none() {
            pr.head = checks["headSha"].as_str().map(str::to_string);
        }
        pr.combined_state = ci::combined(&checks);
        pr.ci = ci::line(&checks);
        pr.checks_observed_at = Some(at);
    }
    if let Some((reviews, at)) = reviews {
        let head = pr.head.clone();
        pr.reviews = Some(
            decisions::of(&reviews)
                .into_iter()
                .map(|s| ReviewerSeen {
                    outdated: matches!((&s.commit, &head), (Some(c), Some(h)) if c != h),
                    reviewer: s.reviewer,
                    decision: s.decision,
                    commit: s.commit,
                })
                .collect(),
        );
        pr.open_threads = Some(decisions::open_threads(&reviews));
        pr.reviews_observed_at = Some(at);
    }
    pr
}

/// The readiness the newest looks at the summary, checks and reviews show,
/// with the newest look at its checks on another head for what went
/// missing since.
fn readiness(
    store: &VoyageStore,
    looks: &[&Observation],
    disclosure: Disclosure,
    [summary, checks, reviews]: [&Option<(serde_json::Value, String)>; 3],
) -> super::readiness::Readiness {
    use super::readiness::Looks;
    let head = checks.as_ref().and_then(|(c, _)| c["headSha"].as_str());
    let mut older: Vec<&&Observation> = looks
        .iter()
        .filter(|o| {
            Target::from_key(&o.target)
                .and_then(|t| t.subject())
                .is_some_and(|seen| seen.parts.contains(&"checks"))
        })
        .collect();
    older.sort_by(|a, b| b.observed_at.cmp(&a.observed_at));
    let earlier = head.and_then(|head| {
        older.iter().find_map(|o| {
            let payload = super::stowed_payload::payload_of(store, &o.artifact, disclosure)?;
            let checks = payload.get("checks")?;
            (checks["headSha"].as_str()? != head).then(|| checks.clone())
        })
    });
    let looks = Looks {
        summary: part_seen(summary),
        checks: part_seen(checks),
        reviews: part_seen(reviews),
        earlier_checks: earlier.as_ref(),
    };
    super::readiness::judge(&looks, None)
}

fn part_seen(part: &Option<(serde_json::Value, String)>) -> super::readiness::PartSeen<'_> {
    match part {
        Some((value, _)) => super::readiness::PartSeen::Seen(value),
        None => super::readiness::PartSeen::Never,
    }
}

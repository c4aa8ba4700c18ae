//! `request-review`: people or teams asked to review a pull request.

use std::path::Path;

use helm_forge::act::{IssueOrPull, RequestReview};
use helm_forge::{ForgeName, Produced};
use serde::{Deserialize, Serialize};

use super::names::{self, Names};
use super::part::{Applied, RecordPart, asked_line, first_differing, not_applied, same_set};
use super::produced::unexpected;
use super::SteerAction;
use crate::error::arg;
use crate::error::{Error, Result};
use crate::inputs::{Flag, Flags, Stdin};
use crate::model::SteerRecord;
use crate::model::words;

/// Ask people or teams to review a pull request.
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[schemars(inline)]
pub struct RequestReviewArgs {
    /// The pull request.
    pr: u64,
    /// Users to ask, by login.
    #[serde(default)]
    reviewers: Vec<String>,
    /// Teams to ask, by slug.
    #[serde(default)]
    teams: Vec<String>,
}

impl Flags for RequestReviewArgs {
    fn flags() -> Vec<Flag> {
        vec![
            Flag::option("pr", "N").issue_number().by_position().required(),
            Flag::option("reviewers", "LOGIN").named("reviewer").names(),
            Flag::option("teams", "SLUG").named("team").names(),
        ]
    }
}


/// What a review request's entry records of its own.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, rename_all = "camelCase")]
pub(crate) struct Requested {
    /// The people asked to review.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(crate) reviewers: Vec<String>,
    /// The teams asked to review.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(crate) teams: Vec<String>,
    /// What GitHub applied of what was asked, when it answered with it:
    /// GitHub drops silently what the token may not set.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) applied: Option<Applied>,
}

impl RecordPart for Requested {
    fn differs(asked: &Self, recorded: &Self) -> Option<&'static str> {
        first_differing([
            ("reviewers", same_set(&asked.reviewers, &recorded.reviewers)),
            ("teams", same_set(&asked.teams, &recorded.teams)),
        ])
    }

    fn details(&self, lines: &mut Vec<String>) {
        let applied = self.applied.clone().unwrap_or_default();
        asked_line(
            "reviewers",
            &self.reviewers,
            applied.reviewers.as_ref(),
            lines,
        );
        asked_line("teams", &self.teams, applied.teams.as_ref(), lines);
    }

    fn dropped(&self) -> Vec<String> {
        let mut out = Vec::new();
        if let Some(applied) = &self.applied {
            not_applied("reviewer", &self.reviewers, &applied.reviewers, &mut out);
            not_applied("team", &self.teams, &applied.teams, &mut out);
        }
        out
    }
}

impl SteerAction for RequestReview {
    type Args = RequestReviewArgs;
    type Record = Requested;

    fn resolve(args: &RequestReviewArgs, _cwd: &Path, _stdin: Stdin) -> Result<Self> {
        if args.reviewers.is_empty() && args.teams.is_empty() {
            return Err(Error::usage(words![
                "request-review needs at least one ",
                arg("reviewer"),
                " or ",
                arg("team"),
            ]));
        }
        Ok(RequestReview {
            pr: args.pr,
            reviewers: names::checked(&args.reviewers, "reviewer", Names::Accounts)?,
            teams: names::checked(&args.teams, "team", Names::Accounts)?,
        })
    }

    fn subject(&self) -> Option<IssueOrPull> {
        Some(IssueOrPull::PullRequest(self.pr))
    }


    fn asked(&self, record: &mut SteerRecord) -> Requested {
        record.pr = Some(self.pr);
        Requested {
            reviewers: self.reviewers.clone(),
            teams: self.teams.clone(),
            applied: None,
        }
    }

    fn performed(
        &self,
        mut record: SteerRecord,
        produced: Produced,
        forge: ForgeName,
    ) -> Result<SteerRecord> {
        match produced {
            Produced::Reviewers { users, teams, url } => {
                record.url = url;
                let applied = Applied {
                    reviewers: Some(users),
                    teams: Some(teams),
                    ..Applied::default()
                };
                record.edit_part(|part: &mut Requested| part.applied = Some(applied));
                Ok(record)
            }
            other => Err(unexpected(forge, &self.doing(), &other)),
        }
    }

    fn headline(record: &SteerRecord, subject: &str) -> String {
        let asked: Requested = record.part();
        let mut who: Vec<String> = asked.reviewers;
        who.extend(asked.teams.iter().map(|t| format!("team {t}")));
        if who.is_empty() {
            format!("request review on {subject}")
        } else {
            format!("request review on {subject} from {}", who.join(", "))
        }
    }

    #[cfg(test)]
    fn sample() -> &'static str {
        r#"{"kind": "request-review", "pr": 6, "reviewers": ["r"], "teams": ["t"]}"#
    }
}

//! `helm proposals` (and MCP's `proposals` tool): each proposal of a
//! voyage with its state, read from the entries after it and the time.

use std::io::{self, Write};

use schemars::JsonSchema;
use serde::Serialize;

use super::{Report, Style, clean_line, when};
use crate::model::proposal::{ProposalRecord, ProposalState, ProposedRequest};
use helm_core::{Decided, Listed};

/// `helm proposals`.
pub(crate) struct Proposals {
    pub(crate) listed: Vec<Listed>,
    /// Whether every proposal was asked for, or those waiting only.
    pub(crate) all: bool,
}

/// The `--json` document: `{"proposals": […]}`.
#[derive(Serialize, JsonSchema)]
pub(crate) struct ProposalsView<'a> {
    pub(crate) proposals: Vec<ProposalView<'a>>,
}

/// One proposal as `helm proposals --json` shows it.
#[derive(Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ProposalView<'a> {
    /// The proposal's entry number, which `approve` and `reject` take.
    pub(crate) entry: i64,
    /// The action proposed (`merge-pr`, `comment`, …).
    pub(crate) action: &'static str,
    pub(crate) repo: &'a str,
    /// The forge (`gitlab`, `forgejo`) of a repository not on GitHub.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) forge: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) host: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) issue: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) pr: Option<u64>,
    /// The proposer's identity.
    pub(crate) proposer: &'a str,
    pub(crate) summary: &'a str,
    pub(crate) recorded_at: &'a str,
    pub(crate) expires_at: &'a str,
    pub(crate) state: ProposalState,
    /// The request an approval sends, exactly.
    pub(crate) request: &'a ProposedRequest,
    pub(crate) digest: &'a str,
    /// The entry that performed or rejected it, and who decided.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Option<DecidedDoc>")]
    pub(crate) decided_by: Option<&'a Decided>,
}

/// The schema of [`Decided`].
#[derive(JsonSchema)]
#[serde(rename_all = "camelCase")]
#[allow(dead_code)]
pub(crate) struct DecidedDoc {
    entry: i64,
    identity: String,
    recorded_at: String,
}

impl<'a> ProposalView<'a> {
    pub(crate) fn of(listed: &'a Listed) -> ProposalView<'a> {
        let record = &listed.record;
        ProposalView {
            entry: listed.entry.id,
            action: record.steer.as_str(),
            repo: &record.repo,
            forge: record.forge.as_deref(),
            host: record.host.as_deref(),
            issue: record.issue,
            pr: record.pr,
            proposer: &listed.entry.provenance.identity,
            summary: &listed.entry.provenance.summary,
            recorded_at: &listed.entry.recorded_at,
            expires_at: &record.expires_at,
            state: listed.state,
            request: &record.request,
            digest: &record.digest,
            decided_by: listed.decided_by.as_ref(),
        }
    }
}

/// `proposal 4 · merge-pr PR #45 in o/r · by agent-1 · 2 hours ago · expires … · pending`;
/// on another forge, `in group/project on GitLab at gitlab.example.com`.
pub(crate) fn line(listed: &Listed) -> String {
    let record = &listed.record;
    let subject = match (record.pr, record.issue) {
        (Some(pr), _) => format!(" PR #{pr}"),
        (None, Some(issue)) => format!(" issue #{issue}"),
        _ => String::new(),
    };
    let decided = listed
        .decided_by
        .as_ref()
        .map(|d| format!(" (entry {} by {})", d.entry, clean_line(&d.identity)))
        .unwrap_or_default();
    format!(
        "proposal {} · {}{subject} in {}{} · by {} · {} · expires {} · {}{decided}",
        listed.entry.id,
        record.steer.as_str(),
        clean_line(&record.repo),
        place(record)
            .map(|p| format!(" on {p}"))
            .unwrap_or_default(),
        clean_line(&listed.entry.provenance.identity),
        when(&listed.entry.recorded_at),
        when(&record.expires_at),
        listed.state.as_str(),
    )
}

/// Where a proposal on another forge than GitHub would act, in the words
/// the story gives a steer there: `GitLab at gitlab.example.com`. GitHub's
/// name no forge: `None`.
pub(crate) fn place(record: &ProposalRecord) -> Option<String> {
    let named = record.forge.as_deref()?;
    let forge = helm_forge::ForgeName::parse(named).map_or(named.to_string(), |f| f.to_string());
    Some(clean_line(&match &record.host {
        Some(host) => format!("{forge} at {host}"),
        None => forge,
    }))
}

impl Report for Proposals {
    fn human(&self, out: &mut dyn Write, style: Style) -> io::Result<()> {
        if self.listed.is_empty() {
            let which = if self.all {
                "no proposals"
            } else {
                "no pending proposals"
            };
            return writeln!(out, "{which}");
        }
        for listed in &self.listed {
            let text = line(listed);
            let text = match listed.state {
                ProposalState::Pending | ProposalState::UnknownOutcome => style.warn(&text),
                _ => style.dim(&text),
            };
            writeln!(out, "{text}")?;
            for said in clean_line(&listed.entry.provenance.summary).lines() {
                writeln!(out, "   {said}")?;
            }
        }
        Ok(())
    }

    fn json(&self, out: &mut dyn Write) -> io::Result<()> {
        super::write_json(
            out,
            &ProposalsView {
                proposals: self.listed.iter().map(ProposalView::of).collect(),
            },
        )
    }
}

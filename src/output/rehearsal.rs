//! What `steer --dry-run` (MCP `dryRun`) prints: the steer it would make,
//! what settling an interrupted attempt of its request id would decide,
//! what the guard found, the head a merge would be pinned to, and the
//! request it would send, body and all. Nothing was acted on, recorded or
//! cleared; a refusal is printed as the steer's own error instead.

use std::collections::BTreeMap;
use std::io::{self, Write};

use schemars::JsonSchema;
use serde::Serialize;
use serde_json::Value;

use super::{Report, Style, clean_line};
use crate::model::entry::Freshness;
use helm_core::{Rehearsal, Settles};

/// A dry run and its warnings, each rendered by the front end that asked.
pub(crate) struct Rehearsed {
    pub(crate) rehearsal: Rehearsal,
    pub(crate) warnings: Vec<String>,
}

impl Rehearsed {
    /// The dry run, its warnings said by `say` (the front end's speaker).
    pub(crate) fn said(rehearsal: Rehearsal, say: impl Fn(&crate::error::Words) -> String) -> Self {
        Rehearsed {
            warnings: rehearsal.warnings.iter().map(say).collect(),
            rehearsal,
        }
    }
}

/// A dry run in JSON: the steer result's `dryRun`.
#[derive(Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct RehearsalView<'a> {
    /// False when it would replay an entry, or record an interrupted
    /// attempt's effect, instead of sending a request.
    pub(crate) would_act: bool,
    /// What the steer would do: `merge PR #45 in o/r`.
    pub(crate) doing: &'a str,
    /// The entry this request id already recorded: the steer would replay
    /// it and act on nothing.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) replays: Option<i64>,
    /// How a retry would settle the interrupted attempt of this request id.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) would_settle: Option<SettleView<'a>>,
    /// What the freshness guard found on the slate as it is now.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) freshness: Option<&'a Freshness>,
    /// The head sha a merge would be pinned to.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) pinned_sha: Option<&'a str>,
    /// What is not ready, when `override` would merge anyway.
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    pub(crate) not_ready: &'a [String],
    /// The first request it would send to GitHub (a steer of several
    /// requests sends the later ones after GitHub answers the first).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) request: Option<RequestView<'a>>,
}

/// A request helm would send.
#[derive(Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct RequestView<'a> {
    pub(crate) method: &'a str,
    /// The path under the API base URL.
    pub(crate) path: &'a str,
    /// The JSON body, every field it would carry.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) body: Option<&'a Value>,
}

/// How a retry would settle an interrupted attempt.
#[derive(Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct SettleView<'a> {
    /// `record` its effect without acting, or `act` (GitHub shows it did not).
    pub(crate) decision: SettleDecision,
    /// `found-on-github` (`found-on-gitlab`, `found-on-forgejo`) or
    /// `saved-answer`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) settled: Option<&'a str>,
    /// `comment on issue #42`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) effect: Option<&'a str>,
    /// `{"commentId": 5}`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) names: Option<BTreeMap<&'a str, &'a Value>>,
}

/// A retry's settling decision.
#[derive(Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum SettleDecision {
    Record,
    Act,
}

impl<'a> SettleView<'a> {
    fn of(settles: &'a Settles) -> SettleView<'a> {
        match settles {
            Settles::Record {
                headline,
                settled,
                names,
                ..
            } => SettleView {
                decision: SettleDecision::Record,
                settled: Some(settled),
                effect: Some(headline),
                names: names
                    .as_ref()
                    .map(|(name, value)| BTreeMap::from([(name.as_str(), value)])),
            },
            Settles::Act { .. } => SettleView {
                decision: SettleDecision::Act,
                settled: None,
                effect: None,
                names: None,
            },
        }
    }
}

/// What `steer --dry-run` prints: no entry, what it would do.
#[derive(Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct RehearsedView<'a> {
    /// Always false: nothing was recorded, so nothing was replayed.
    pub(crate) replayed: bool,
    /// What the steer would do; nothing was acted on, recorded or cleared.
    pub(crate) dry_run: RehearsalView<'a>,
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    pub(crate) warnings: &'a [String],
}

impl<'a> RehearsalView<'a> {
    pub(crate) fn of(rehearsal: &'a Rehearsal) -> RehearsalView<'a> {
        let records = matches!(rehearsal.settles, Some(Settles::Record { .. }));
        RehearsalView {
            would_act: rehearsal.replays.is_none() && !records,
            doing: &rehearsal.doing,
            replays: rehearsal.replays,
            would_settle: rehearsal.settles.as_ref().map(SettleView::of),
            freshness: rehearsal.freshness.as_ref(),
            pinned_sha: rehearsal.pinned_sha.as_deref(),
            not_ready: &rehearsal.not_ready,
            request: rehearsal.request.as_ref().map(|r| RequestView {
                method: &r.method,
                path: &r.path,
                body: r.body.as_ref(),
            }),
        }
    }
}

impl Report for Rehearsed {
    fn human(&self, out: &mut dyn Write, style: Style) -> io::Result<()> {
        let r = &self.rehearsal;
        if let Some(entry) = r.replays {
            writeln!(
                out,
                "{} would replay entry {entry}: its request id is already recorded; nothing would be sent",
                style.bold("dry run:")
            )?;
            return Ok(());
        }
        match &r.settles {
            Some(Settles::Record {
                attempt,
                headline,
                settled,
                url,
                names,
            }) => {
                let forge = r.forge;
                let learnt = match settled.as_str() {
                    "saved-answer" => format!("was answered by {forge}"),
                    _ => format!("did it, {forge} shows"),
                };
                let named = names
                    .iter()
                    .map(|(name, value)| format!(" ({name} {value})"))
                    .chain(url.iter().map(|url| format!(" {url}")))
                    .collect::<String>();
                writeln!(
                    out,
                    "{} the interrupted attempt '{}' {learnt}: would record {}{} as its effect; nothing would be sent",
                    style.bold("dry run:"),
                    clean_line(attempt),
                    clean_line(headline),
                    clean_line(&named),
                )?;
                return Ok(());
            }
            Some(Settles::Act { attempt }) => writeln!(
                out,
                "{} {} shows the interrupted attempt '{}' did not act, so the steer would act",
                style.bold("dry run:"),
                r.forge,
                clean_line(attempt),
            )?,
            None => {}
        }
        writeln!(out, "{} would {}", style.bold("dry run:"), r.doing)?;
        if let Some(freshness) = &r.freshness {
            let verdict = serde_json::to_value(freshness.verdict).unwrap_or_default();
            writeln!(
                out,
                "  freshness: {}",
                verdict.as_str().unwrap_or("unknown")
            )?;
            for checked in &freshness.observations {
                writeln!(
                    out,
                    "    checked {}: {}",
                    clean_line(&checked.target),
                    checked.verdict
                )?;
            }
            for skipped in &freshness.not_checked {
                writeln!(
                    out,
                    "    not checked {}: {}",
                    clean_line(&skipped.target),
                    clean_line(&skipped.why)
                )?;
            }
            for changed in &freshness.changed {
                writeln!(out, "    changed: {}", clean_line(changed))?;
            }
        }
        if let Some(sha) = &r.pinned_sha {
            writeln!(out, "  pinned to {sha}")?;
        }
        for what in &r.not_ready {
            writeln!(out, "  not ready (overridden): {}", clean_line(what))?;
        }
        if let Some(request) = &r.request {
            writeln!(out, "  request: {} {}", request.method, request.path)?;
            if let Some(body) = &request.body {
                let body = serde_json::to_string_pretty(body).unwrap_or_default();
                for line in body.lines() {
                    writeln!(out, "    {}", clean_line(line))?;
                }
            }
        }
        Ok(())
    }

    fn json(&self, out: &mut dyn Write) -> io::Result<()> {
        super::write_json(
            out,
            &RehearsedView {
                replayed: false,
                dry_run: RehearsalView::of(&self.rehearsal),
                warnings: &self.warnings,
            },
        )
    }

    fn status_line(&self) -> Option<String> {
        let mut lines: Vec<String> = self
            .warnings
            .iter()
            .map(|w| format!("warning: {w}"))
            .collect();
        lines.push("dry run: nothing was acted on, recorded or cleared".to_string());
        Some(lines.join("\n"))
    }
}

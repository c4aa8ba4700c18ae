//! `voyage push --all`: one line per voyage for people (pushed, up to date,
//! or not pushed and why), and for `--json` one document, `{"remote",
//! "voyages": [{"id", "outcome", …}]}`, from the same value. A voyage
//! refused makes the command fail (exit 1) after the others were reported.

use std::io::{self, Write};

use schemars::JsonSchema;
use serde::Serialize;
use uuid::Uuid;

use super::error_doc::ErrorBody;
use super::sync::{Direction, SyncView, line, view};
use super::{Report, Style, clean, clean_line};
use crate::error::{Error, Words};
use crate::sync::Synced;
use crate::words::plural;
use helm_core::PushedAll;

pub(crate) struct PushedAllReport {
    pub(crate) pushed: PushedAll,
    /// How the front end words a refusal's message and hint: the CLI names
    /// commands and flags, MCP tools and arguments.
    pub(crate) words: fn(&Words) -> String,
}

/// One voyage of the report, in the order shown: newest first.
enum Each<'a> {
    Synced(&'a Synced),
    Refused(&'a Uuid, &'a Error),
}

impl PushedAllReport {
    fn each(&self) -> Vec<Each<'_>> {
        let mut all: Vec<Each<'_>> = self
            .pushed
            .voyages
            .iter()
            .map(Each::Synced)
            .chain(
                self.pushed
                    .refused
                    .iter()
                    .map(|(id, err)| Each::Refused(id, err)),
            )
            .collect();
        all.sort_by_key(|each| {
            std::cmp::Reverse(match each {
                Each::Synced(synced) => synced.voyage.id,
                Each::Refused(id, _) => **id,
            })
        });
        all
    }
}

#[derive(Serialize)]
struct PushedAllView<'a> {
    remote: &'a str,
    voyages: Vec<EachView<'a>>,
}

/// One voyage: its id and outcome, then a push's document (pushed or up
/// to date) or the refusal's error.
#[derive(Serialize, JsonSchema)]
pub(crate) struct EachView<'a> {
    id: &'a Uuid,
    /// `pushed`, `up-to-date` or `refused`.
    outcome: &'static str,
    #[serde(flatten)]
    synced: Option<SyncView<'a>>,
    #[serde(rename = "ref", skip_serializing_if = "Option::is_none")]
    reference: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<ErrorBody<'a>>,
}

/// What a refusal says, worded by `words`: its message and its hint.
fn said(err: &Error, words: fn(&Words) -> String) -> (String, Option<String>) {
    (words(err.message()), err.hint_words().map(words))
}

fn outcome(synced: &Synced) -> &'static str {
    match synced.created || synced.moved.entries > 0 || synced.moved.artifacts > 0 {
        true => "pushed",
        false => "up-to-date",
    }
}

impl Report for PushedAllReport {
    fn human(&self, out: &mut dyn Write, _style: Style) -> io::Result<()> {
        let all = self.each();
        if all.is_empty() {
            return writeln!(out, "no voyages here to push");
        }
        for each in all {
            match each {
                Each::Synced(synced) => writeln!(out, "{}", line(synced, Direction::Push))?,
                Each::Refused(id, err) => {
                    let (message, hint) = said(err, self.words);
                    writeln!(out, "voyage {id} was not pushed: {}", clean(&message))?;
                    if let Some(hint) = hint {
                        writeln!(out, "  hint: {}", clean_line(&hint))?;
                    }
                }
            }
        }
        Ok(())
    }

    fn json(&self, out: &mut dyn Write) -> io::Result<()> {
        let said: Vec<(String, Option<String>)> = self
            .pushed
            .refused
            .iter()
            .map(|(_, err)| said(err, self.words))
            .collect();
        let voyages = self
            .each()
            .into_iter()
            .map(|each| match each {
                Each::Synced(synced) => EachView {
                    id: &synced.voyage.id,
                    outcome: outcome(synced),
                    synced: Some(view(synced, Direction::Push)),
                    reference: None,
                    error: None,
                },
                Each::Refused(id, err) => {
                    let at = self.pushed.refused.iter().position(|(i, _)| i == id);
                    let (message, hint) = &said[at.unwrap_or_default()];
                    EachView {
                        id,
                        outcome: "refused",
                        synced: None,
                        reference: Some(format!("refs/helm/voyages/{}", id.hyphenated())),
                        error: Some(ErrorBody::words(
                            err.kind().as_str(),
                            message,
                            hint.as_deref(),
                        )),
                    }
                }
            })
            .collect();
        super::write_json(
            out,
            &PushedAllView {
                remote: &self.pushed.remote,
                voyages,
            },
        )
    }

    fn status_line(&self) -> Option<String> {
        let refused = self.pushed.refused.len();
        (refused > 0).then(|| {
            let all = refused + self.pushed.voyages.len();
            format!(
                "error: {refused} of {all} {} {} not pushed to {}; the others were pushed or up to date",
                plural(all, "voyage", "voyages"),
                plural(refused, "was", "were"),
                clean_line(&self.pushed.remote)
            )
        })
    }

    fn exit_code(&self) -> u8 {
        match self.pushed.refused.is_empty() {
            true => 0,
            false => 1,
        }
    }
}

/// What a push writes: one voyage's document, or with `all` the remote and
/// every voyage's document. Only its schema is used (`voyage_push`'s
/// output): one object that both documents match.
#[derive(JsonSchema)]
#[allow(dead_code)]
pub(crate) struct PushView<'a> {
    /// The remote pushed to.
    remote: &'a str,
    /// One voyage's push: the voyage.
    #[serde(skip_serializing_if = "Option::is_none")]
    voyage: Option<&'a crate::model::Voyage>,
    /// One voyage's push: what it sent.
    #[serde(skip_serializing_if = "Option::is_none")]
    pushed: Option<super::sync::MovedView>,
    /// One voyage's push: the voyage's ref on the remote.
    #[serde(rename = "ref")]
    #[serde(skip_serializing_if = "Option::is_none")]
    reference: Option<&'a str>,
    /// One voyage's push: the remote's commit after it (full id).
    #[serde(skip_serializing_if = "Option::is_none")]
    head: Option<&'a str>,
    /// One voyage's push: the push made the voyage on the remote.
    #[serde(skip_serializing_if = "Option::is_none")]
    created: Option<bool>,
    /// A push of `all`: every voyage here, pushed, up to date or refused.
    #[serde(skip_serializing_if = "Option::is_none")]
    voyages: Option<Vec<EachView<'a>>>,
}

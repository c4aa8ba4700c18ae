//! `helm voyage verify [VOYAGE | --all]`: check voyages end to end; exit 1
//! with a report when anything is wrong.

use std::io::{self, Write};
use std::path::PathBuf;

use clap::Args;
use serde_json::json;

use super::Context;
use crate::error::{Error, Result};
use crate::output::{Report, Style, clean_line};
use crate::storage::{pending, verify};

#[derive(Debug, Args)]
pub struct VerifyArgs {
    /// The voyage to check: a full id or any unambiguous prefix
    /// [default: $HELM_VOYAGE].
    // HELM_VOYAGE is read in `run`, not by clap: clap counts an env value as
    // given, so `--all` would conflict with it whenever it is set.
    #[arg(value_name = "VOYAGE")]
    pub voyage: Option<String>,
    /// Check every voyage in $HELM_HOME.
    #[arg(long, conflicts_with = "voyage")]
    pub all: bool,
}

pub fn run(args: VerifyArgs, ctx: &Context) -> Result<Box<dyn Report>> {
    let files = if args.all {
        ctx.home.voyage_files()?
    } else {
        let prefix = args
            .voyage
            .or_else(|| std::env::var("HELM_VOYAGE").ok().filter(|v| !v.is_empty()))
            .ok_or_else(|| {
                Error::usage("name a voyage or pass --all")
                    .hint("pass a voyage id or prefix, set HELM_VOYAGE, or pass --all")
            })?;
        vec![ctx.home.resolve(&prefix)?]
    };
    let results = files
        .into_iter()
        .map(|file| Verified {
            findings: verify::verify(&file.path),
            interrupted: pending::list(ctx.home.root(), &file.id).len(),
            id: file.id.to_string(),
            path: file.path,
        })
        .collect();
    Ok(Box::new(Verification { results }))
}

struct Verified {
    id: String,
    path: PathBuf,
    findings: verify::Findings,
    /// Pending steers are worth knowing about, not corruption.
    interrupted: usize,
}

struct Verification {
    results: Vec<Verified>,
}

impl Report for Verification {
    fn human(&self, out: &mut dyn Write, style: Style) -> io::Result<()> {
        if self.results.is_empty() {
            return writeln!(out, "no voyages to verify");
        }
        for result in &self.results {
            let f = &result.findings;
            if f.problems.is_empty() {
                writeln!(
                    out,
                    "{} {}  {} entries, {} artifacts verified",
                    style.good("ok"),
                    result.id,
                    f.entries,
                    f.artifacts
                )?;
            } else {
                writeln!(
                    out,
                    "{} {}  {}",
                    style.warn("FAILED"),
                    result.id,
                    result.path.display()
                )?;
                for problem in &f.problems {
                    writeln!(out, "   {}", clean_line(problem))?;
                }
            }
            if result.interrupted > 0 {
                writeln!(
                    out,
                    "   {}",
                    style.warn(&format!(
                        "{} interrupted steer(s): see `helm voyage show {}`",
                        result.interrupted, result.id
                    ))
                )?;
            }
        }
        Ok(())
    }

    fn json(&self, out: &mut dyn Write) -> io::Result<()> {
        let voyages: Vec<_> = self
            .results
            .iter()
            .map(|r| {
                json!({
                    "id": r.id,
                    "path": r.path,
                    "ok": r.findings.problems.is_empty(),
                    "problems": r.findings.problems,
                    "entries": r.findings.entries,
                    "artifacts": r.findings.artifacts,
                    "interrupted": r.interrupted,
                })
            })
            .collect();
        crate::output::write_json(out, &json!({"ok": self.ok(), "voyages": voyages}))
    }

    fn status_line(&self) -> Option<String> {
        let bad = self
            .results
            .iter()
            .filter(|r| !r.findings.problems.is_empty())
            .count();
        (bad > 0).then(|| {
            format!(
                "error: {bad} of {} voyages failed verification",
                self.results.len()
            )
        })
    }

    fn exit_code(&self) -> u8 {
        if self.ok() { 0 } else { 1 }
    }
}

impl Verification {
    fn ok(&self) -> bool {
        self.results.iter().all(|r| r.findings.problems.is_empty())
    }
}

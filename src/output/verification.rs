//! `voyage verify`'s report: one block per voyage, and exit 1 when any
//! has problems.

use std::io::{self, Write};

use super::documents::{VerificationView, VerifiedView};
use super::{Report, Style, clean_line};
use helm_core::Verified;

/// `voyage verify`: one block per voyage; exit 1 when any has problems.
pub(crate) struct Verification {
    pub(crate) results: Vec<Verified>,
}

impl Verification {
    fn ok(&self) -> bool {
        self.results.iter().all(|r| r.findings.problems.is_empty())
    }
}

/// What `--signatures` looked at, said even when it found nothing wrong.
fn signatures_line(checked: usize, ok: bool) -> String {
    match (checked, ok) {
        (0, _) => "signatures: no commit of this voyage came through a git remote here; \
                   none to check"
            .to_string(),
        (n, true) => format!(
            "signatures: {n} synced {} checked, each signed by an allowed signer",
            crate::words::plural(n, "commit", "commits")
        ),
        (n, false) => format!(
            "signatures: {n} synced {} checked",
            crate::words::plural(n, "commit", "commits")
        ),
    }
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
                    "{} {}  {} {}, {} {} verified",
                    style.good("ok"),
                    result.id,
                    f.entries,
                    crate::words::plural(f.entries, "entry", "entries"),
                    f.artifacts,
                    crate::words::plural(f.artifacts, "artifact", "artifacts")
                )?;
            } else {
                writeln!(
                    out,
                    "{} {}  {}",
                    style.warn("FAILED"),
                    result.id,
                    clean_line(&result.path.display().to_string())
                )?;
                for problem in &f.problems {
                    writeln!(out, "   {}", clean_line(problem))?;
                }
            }
            if let Some(checked) = result.signatures {
                writeln!(
                    out,
                    "   {}",
                    signatures_line(checked, f.problems.is_empty())
                )?;
            }
            if result.interrupted > 0 {
                writeln!(
                    out,
                    "   {}",
                    style.warn(&format!(
                        "{} interrupted steer(s): see `helm interrupted list -V {}`",
                        result.interrupted, result.id
                    ))
                )?;
            }
        }
        Ok(())
    }

    fn json(&self, out: &mut dyn Write) -> io::Result<()> {
        let view = VerificationView {
            ok: self.ok(),
            voyages: self
                .results
                .iter()
                .map(|r| VerifiedView {
                    id: &r.id,
                    path: &r.path,
                    ok: r.findings.problems.is_empty(),
                    problems: &r.findings.problems,
                    entries: r.findings.entries,
                    artifacts: r.findings.artifacts,
                    interrupted: r.interrupted,
                    signatures: r.signatures,
                })
                .collect(),
        };
        super::write_json(out, &view)
    }

    fn status_line(&self) -> Option<String> {
        let bad = self
            .results
            .iter()
            .filter(|r| !r.findings.problems.is_empty())
            .count();
        (bad > 0).then(|| {
            let all = self.results.len();
            format!(
                "error: {bad} of {all} {} failed verification",
                crate::words::plural(all, "voyage", "voyages")
            )
        })
    }

    fn exit_code(&self) -> u8 {
        if self.ok() { 0 } else { 1 }
    }
}

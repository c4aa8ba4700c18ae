//! Refusals on the record (`steer --record-refusal`, MCP `recordRefusal`):
//! a steer or dry run refused by helm's judgement (stale, not ready, not
//! observed, a secret, already merged, an action the forge cannot do
//! exactly: `unsupported`) or by the forge (GitHub, GitLab, Forgejo: kinds
//! `github` and `forge`) leaves a log entry that
//! says what was considered and why it was refused, and seals the slate it
//! was judged on into the entry's bearing, as `log` does. The refusal
//! itself is unchanged: the caller still gets the error, its hint naming
//! the entry. Errors that are no judgement of the steer (bad arguments, an
//! ended voyage, a busy lock, an unknown outcome) record nothing.

use super::Helm;
use super::logbook::SteerRequest;
use crate::error::{Error, Kind, Words};
use crate::inputs::text::Stdin;
use crate::model::words;
use crate::model::{EntryAction, RefusedSteer};

/// Whether an error of `kind` is a refusal of the steer as judged: what a
/// refusal entry is for.
fn is_refusal(kind: Kind) -> bool {
    matches!(
        kind,
        Kind::Stale
            | Kind::NotReady
            | Kind::NotObserved
            | Kind::Secret
            | Kind::AlreadyMerged
            | Kind::Unsupported
            | Kind::GitHub
            | Kind::Forge
    )
}

impl Helm {
    /// Puts `error`, the refusal of `request` (of its dry run when
    /// `dry_run`), on the voyage's record when it is a refusal, and gives
    /// back the error the caller is to see: the same, its hint saying which
    /// entry records it (or why none could).
    pub fn record_refusal(
        &self,
        voyage: &str,
        request: &SteerRequest<'_>,
        dry_run: bool,
        error: Error,
    ) -> Error {
        if !is_refusal(error.kind()) {
            return error;
        }
        let refused = self.refused(request, dry_run, &error);
        let status = refused.status();
        let recorded = self.open_for_write(voyage).and_then(|mut store| {
            // No request id: the steer's own id stays free for its retry.
            store.seal(request.provenance, None, |_bearing| {
                Ok(EntryAction::Log {
                    status,
                    refused: Some(Box::new(refused)),
                    request_id: None,
                    trace: self.trace.clone(),
                })
            })
        });
        let said = match recorded {
            Ok(sealed) => format!(
                "the refusal is on the record as log entry {}, the slate sealed into its bearing",
                sealed.entry.id
            ),
            Err(failed) => format!("the refusal could not be recorded: {failed}"),
        };
        let hint = match error.hint_words() {
            Some(hint) => words![hint, "; ", said],
            None => Words::of(said),
        };
        error.hint(hint)
    }

    /// What the entry says of the refused steer. Its arguments are read
    /// again (never from stdin, which the steer already read) to name what
    /// was considered; when they cannot be, it is "a steer".
    fn refused(&self, request: &SteerRequest<'_>, dry_run: bool, error: &Error) -> RefusedSteer {
        let steer = request.action.resolve(&self.cwd, Stdin::Protocol).ok();
        let repo = match self.locate(request.repo, request.forge) {
            Ok(super::Located::GitHub(repo)) => Some(repo.to_string()),
            Ok(super::Located::Forge(place)) => Some(place.repo.to_string()),
            Err(_) => None,
        };
        let considered = match (&steer, repo) {
            (Some(steer), Some(repo)) => format!("{} in {repo}", steer.doing()),
            (Some(steer), None) => steer.doing(),
            (None, _) => "a steer".to_string(),
        };
        // The words are the command line's, as every record keeps them; a
        // refusal never quotes a secret, and is scanned so none is stored.
        let mut message = error.message().to_string();
        if let Some((redacted, _)) = crate::secrets::redact(&message) {
            message = redacted;
        }
        RefusedSteer {
            action: steer.map(|s| s.kind()),
            considered,
            dry_run,
            error: error.kind().as_str().to_string(),
            message,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// GitLab's and Forgejo's refusals are on the record as GitHub's are.
    #[test]
    fn every_forge_refusing_is_a_refusal_to_record() {
        assert!(is_refusal(Kind::GitHub));
        assert!(is_refusal(Kind::Forge));
        assert!(!is_refusal(Kind::UnknownOutcome));
    }
}

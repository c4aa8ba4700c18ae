//! The stable category of an error: its `kind` in JSON and its exit code.

/// What went wrong, as a stable machine-readable category.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Bad flags or arguments: exit code 2.
    Usage,
    /// A voyage, artifact, file or GitHub object that does not exist.
    NotFound,
    /// A voyage prefix that names more than one voyage.
    Ambiguous,
    /// The voyage has ended; it takes no more observations or entries.
    Ended,
    /// A file that is not a helm voyage (not SQLite, or SQLite without helm's schema).
    NotAVoyage,
    /// A voyage written by a newer helm; refused and left untouched.
    FutureSchema,
    /// The voyage stayed locked by another process for longer than helm waits.
    Busy,
    /// Reading or writing local files failed.
    Io,
    /// SQLite reported something unexpected.
    Storage,
    /// A voyage whose content fails verification.
    Corrupt,
    /// The configuration needed for GitHub (repository, token, URL) is missing or malformed.
    Config,
    /// GitHub refused or could not be reached.
    GitHub,
    /// A forge other than GitHub (GitLab, Forgejo) refused or could not be
    /// reached; GitHub's own failures stay [`Kind::GitHub`] (ADR 0023).
    Forge,
    /// The request conflicts with what is already recorded.
    Conflict,
    /// GitHub may have acted, or acted in part, and does not show what: an
    /// interrupted steer's retry or settle cannot tell whether the earlier
    /// attempt acted, or a multi-request steer failed after one request went
    /// through. Nothing more was acted on; the attempt's record is kept for
    /// the retry or `helm interrupted settle` (ADR 0012).
    UnknownOutcome,
    /// The target changed on GitHub since it was observed (ADR 0008).
    Stale,
    /// The voyage moved on the git remote since this machine last synced it:
    /// push refused, pull first (ADR 0015).
    Diverged,
    /// What a git remote holds fails helm's checks; nothing was written.
    BadRemote,
    /// A commit a pull would take from a git remote is unsigned, or signed
    /// by a key that no allowed signer holds (`voyage pull
    /// --verify-signatures`); nothing was written.
    BadSignature,
    /// A merge the slate's observation of the PR's checks and reviews does
    /// not show ready; nothing was acted on or recorded.
    NotReady,
    /// GitHub's rate limit asked for a longer wait than `HELM_GITHUB_TIMEOUT`
    /// allows; nothing was acted on or recorded.
    RateLimited,
    /// The MCP client cancelled the call before it wrote anything; nothing
    /// was done.
    Cancelled,
    /// A steer asked to act only on what was observed (`--require-observed`)
    /// whose issue or pull request has no observation on the slate; nothing
    /// was acted on or recorded.
    NotObserved,
    /// A steer would post a secret (a token, a key) found in its title or
    /// body, or an observation's target holds one; nothing was acted on,
    /// observed or recorded (issues 34, 40).
    Secret,
    /// A merge of a pull request that is merged already (the slate shows
    /// it, or GitHub said so): nothing was sent or recorded.
    AlreadyMerged,
    /// What the forge cannot do exactly (GitLab's close reason, Forgejo's
    /// thread resolution): refused before anything was read or sent, never
    /// approximated (ADR 0023).
    Unsupported,
    /// An approval by the proposal's own proposer, without `--allow-self`
    /// (issue 42): nothing was sent or recorded.
    SameIdentity,
    /// An approval of a proposal past its `expiresAt`: nothing was sent or
    /// recorded.
    Expired,
    /// A proposal whose stored request no longer matches its digest, or
    /// whose action would send another request than the one stored:
    /// nothing was sent or recorded.
    BadProposal,
}

impl Kind {
    /// Every kind, in the order the reference lists them (`helm man`'s EXIT
    /// STATUS). A kind added above must be added here too.
    pub const ALL: [Kind; 29] = [
        Kind::Usage,
        Kind::NotFound,
        Kind::Ambiguous,
        Kind::Ended,
        Kind::NotAVoyage,
        Kind::FutureSchema,
        Kind::Busy,
        Kind::Io,
        Kind::Storage,
        Kind::Corrupt,
        Kind::Config,
        Kind::GitHub,
        Kind::Forge,
        Kind::Conflict,
        Kind::UnknownOutcome,
        Kind::Stale,
        Kind::Diverged,
        Kind::BadRemote,
        Kind::NotReady,
        Kind::RateLimited,
        Kind::Cancelled,
        Kind::AlreadyMerged,
        Kind::NotObserved,
        Kind::Secret,
        Kind::BadSignature,
        Kind::Unsupported,
        Kind::SameIdentity,
        Kind::Expired,
        Kind::BadProposal,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Usage => "usage",
            Kind::NotFound => "not-found",
            Kind::Ambiguous => "ambiguous",
            Kind::Ended => "voyage-ended",
            Kind::NotAVoyage => "not-a-voyage",
            Kind::FutureSchema => "future-schema",
            Kind::Busy => "busy",
            Kind::Io => "io",
            Kind::Storage => "storage",
            Kind::Corrupt => "corrupt",
            Kind::Config => "config",
            Kind::GitHub => "github",
            Kind::Forge => "forge",
            Kind::Conflict => "conflict",
            Kind::UnknownOutcome => "unknown-outcome",
            Kind::Stale => "stale",
            Kind::Diverged => "diverged",
            Kind::BadRemote => "bad-remote",
            Kind::BadSignature => "bad-signature",
            Kind::NotReady => "not-ready",
            Kind::RateLimited => "rate-limited",
            Kind::Cancelled => "cancelled",
            Kind::NotObserved => "not-observed",
            Kind::Secret => "secret",
            Kind::AlreadyMerged => "already-merged",
            Kind::Unsupported => "unsupported",
            Kind::SameIdentity => "same-identity",
            Kind::Expired => "expired",
            Kind::BadProposal => "bad-proposal",
        }
    }

    /// The process exit code for this kind: 2 for usage errors, 1 for the rest.
    pub fn exit_code(self) -> u8 {
        match self {
            Kind::Usage => 2,
            _ => 1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Kind;

    #[test]
    fn a_forge_other_than_github_has_its_own_kind_beside_github() {
        assert_eq!(Kind::Forge.as_str(), "forge");
        assert_eq!(Kind::Forge.exit_code(), 1);
        assert_eq!(Kind::GitHub.as_str(), "github");
        let mut names: Vec<&str> = Kind::ALL.iter().map(|kind| kind.as_str()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), Kind::ALL.len(), "a name given to two kinds");
        assert!(Kind::ALL.contains(&Kind::Forge));
    }
}

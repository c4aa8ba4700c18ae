//! How a target is looked at: on this machine ([`LocalLook`]), on a forge
//! that answers conditional requests through helm-forge's `ConditionalLook`
//! ([`RemoteLook`]; GitHub), or on another forge through its
//! `helm_forge::Repository`. Each kind's target names its [`Way`]; the look
//! itself (`ops::observe`) picks the machinery.

use futures_util::future::LocalBoxFuture;
use helm_forge::{ConditionalLook, LookError};
use serde_json::Value;

use super::{Counting, Looked, Tally, neutral};
use crate::error::Result;
use crate::model::Repo;

/// The payload, as the forge gave it (not yet redacted), and whether every
/// part was kept. No words on it: those are made from the payload once
/// redacted ([`RemoteLook::words`]), so no view can print what storage
/// redacted.
pub(crate) type Looking = std::result::Result<(Value, bool), LookError>;

/// How a target is looked at.
pub(crate) enum Way<'a> {
    /// Files and folders on this machine.
    Local(&'a dyn LocalLook),
    /// A repository on GitHub.
    GitHub(&'a dyn RemoteLook),
    /// A repository on another forge, through its `helm_forge::Repository`.
    Forge(&'a dyn neutral::ForgeLook),
}

/// A look on this machine.
pub(crate) trait LocalLook {
    /// What the progress display says, and what it counts.
    fn progress(&self) -> (String, Counting);

    /// Looks, counting progress in `tally`.
    fn look(&self, tally: &Tally) -> Result<Looked>;
}

/// A conditional look (GitHub's kinds).
pub(crate) trait RemoteLook {
    fn repo(&self) -> &Repo;

    /// Looks through `client` (bound to the target's repository); `prior` is
    /// the payload of the target's latest observation, whose validators make
    /// the requests conditional (ADR 0008).
    fn looking<'a>(
        &'a self,
        client: &'a dyn ConditionalLook,
        prior: Option<&'a Value>,
    ) -> LocalBoxFuture<'a, Looking>;

    /// [`looking`](Self::looking), counting progress in `tally` (pages
    /// read, log bytes streamed) for a kind whose look can take a while.
    fn looking_counted<'a>(
        &'a self,
        client: &'a dyn ConditionalLook,
        prior: Option<&'a Value>,
        _tally: &'a Tally,
    ) -> LocalBoxFuture<'a, Looking> {
        self.looking(client, prior)
    }

    /// A few words on `payload`, the look's payload once redacted: the only
    /// words a look has, so a status line or summary cannot hold what
    /// storage redacted.
    fn words(&self, payload: &Value) -> String;
}

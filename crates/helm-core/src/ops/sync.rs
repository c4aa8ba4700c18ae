//! Sharing voyages through a git remote: `voyage push`, `voyage pull`
//! (one voyage or all) and `voyage list --remote`, each resolving the
//! remote against the working directory's git repository (ADR 0015).

use std::path::PathBuf;

use super::Helm;
use super::voyage::{ListFilter, Listing, UnreadableVoyage};
use crate::error::{Error, Result};
use crate::sync::{self, Sync, Synced};

/// What `voyage pull --all` did.
#[derive(Debug)]
pub struct PulledAll {
    pub remote: String,
    pub voyages: Vec<Synced>,
}

/// What `voyage push --all` did: every voyage here pushed, up to date or
/// refused (with why), newest first.
#[derive(Debug)]
pub struct PushedAll {
    pub remote: String,
    pub voyages: Vec<Synced>,
    pub refused: Vec<(uuid::Uuid, Error)>,
}

impl Helm {
    fn remote(&self, remote: Option<&str>) -> Result<Sync<'_>> {
        Sync::new(&self.home, &self.cwd, &self.sync, remote)
    }

    /// The remote, signing every commit pushed when `sign` asks (git's
    /// configuration may ask as well: `user.signingKey` with `gpg.format`).
    fn signing(&self, remote: Option<&str>, sign: bool) -> Result<Sync<'_>> {
        let mut sync = self.remote(remote)?;
        if sign {
            sync.ask_to_sign();
        }
        Ok(sync)
    }

    /// The remote, refusing unsigned commits when `verify` asks (or
    /// `helm.verifySignatures` in git's configuration).
    fn verifying(&self, remote: Option<&str>, verify: bool) -> Result<Sync<'_>> {
        let mut sync = self.remote(remote)?;
        if verify {
            sync.ask_to_verify();
        }
        Ok(sync)
    }

    /// Sends what the remote lacks of a voyage; refused (`diverged`) when
    /// the remote holds what is not here.
    pub fn voyage_push(&self, voyage: &str, remote: Option<&str>, sign: bool) -> Result<Synced> {
        self.voyage_file(voyage)?;
        let synced = sync::push(&self.signing(remote, sign)?, voyage, &|entry| {
            crate::actions::Headline::headline(entry)
        })?;
        super::synced::note(self.home.root(), "push", &synced);
        Ok(synced)
    }

    /// Sends every voyage here with news for the remote, in one `git push`.
    /// A voyage refused (its ref moved there, or it cannot be read here) is
    /// reported with why; the others are pushed all the same.
    pub fn voyage_push_all(&self, remote: Option<&str>, sign: bool) -> Result<PushedAll> {
        let sync = self.signing(remote, sign)?;
        let sync::AllPushed { synced, refused } =
            sync::push_all(&sync, &|entry| crate::actions::Headline::headline(entry))?;
        for synced in &synced {
            super::synced::note(self.home.root(), "push", synced);
        }
        Ok(PushedAll {
            remote: sync.remote.label.clone(),
            voyages: synced,
            refused,
        })
    }

    /// Fetches a voyage and merges it into the one here (or makes it here).
    pub fn voyage_pull(&self, voyage: &str, remote: Option<&str>, verify: bool) -> Result<Synced> {
        let synced = sync::pull(&self.verifying(remote, verify)?, voyage)?;
        super::synced::note(self.home.root(), "pull", &synced);
        Ok(synced)
    }

    /// Pulls every voyage on the remote. Those refused are named in one
    /// error after the others were pulled.
    pub fn voyage_pull_all(&self, remote: Option<&str>, verify: bool) -> Result<PulledAll> {
        let sync = self.verifying(remote, verify)?;
        let sync::All {
            pulled: voyages,
            refused,
        } = sync::pull_all(&sync)?;
        for synced in &voyages {
            super::synced::note(self.home.root(), "pull", synced);
        }
        if let Some((first, err)) = refused.first() {
            let kind = err.kind();
            let mut message = format!(
                "{} of {} {} on {} {} not pulled: {first}: {}",
                refused.len(),
                refused.len() + voyages.len(),
                crate::words::plural(refused.len() + voyages.len(), "voyage", "voyages"),
                sync.remote.label,
                crate::words::plural(refused.len(), "was", "were"),
                err.message()
            );
            if refused.len() > 1 {
                let others: Vec<String> =
                    refused[1..].iter().map(|(id, _)| id.to_string()).collect();
                message.push_str(&format!(" (also {})", others.join(", ")));
            }
            let pulled = match voyages.len() {
                0 => "no voyage was pulled".to_string(),
                n => format!("the other {n} were pulled"),
            };
            return Err(Error::new(kind, message).hint(format!(
                "{pulled}; pull a refused voyage alone to see all that is wrong with it"
            )));
        }
        Ok(PulledAll {
            remote: sync.remote.label.clone(),
            voyages,
        })
    }

    /// The voyages on a remote, as `voyage list` shows those here.
    pub fn voyage_list_remote(&self, remote: Option<&str>, filter: ListFilter) -> Result<Listing> {
        let sync = self.remote(remote)?;
        let sync::RemoteListing {
            voyages,
            unreadable,
        } = sync::list(&sync)?;
        let ended_not_listed = (filter == ListFilter::Active)
            .then(|| voyages.iter().filter(|s| !s.voyage.is_active()).count());
        let voyages: Vec<_> = voyages
            .into_iter()
            .filter(|summary| match filter {
                ListFilter::All => true,
                ListFilter::Ended => !summary.voyage.is_active(),
                ListFilter::Active => summary.voyage.is_active(),
            })
            .collect();
        let id_width = id_width(voyages.iter().map(|s| s.voyage.id.as_u128()).collect());
        let voyages_ids: Vec<uuid::Uuid> = voyages.iter().map(|s| s.voyage.id).collect();
        Ok(Listing {
            voyages,
            ended_not_listed,
            // The error names the ref, as a local one names the file.
            unreadable: unreadable
                .into_iter()
                .map(|(name, error)| UnreadableVoyage {
                    error: format!("{name} on {}: {error}", sync.remote.label),
                    path: PathBuf::from(name),
                })
                .collect(),
            warnings: Vec::new(),
            id_width,
            prefixes: super::voyage::unique_prefixes(voyages_ids.into_iter()),
            remote: Some(sync.remote.label.clone()),
        })
    }
}

/// Hex digits that tell every listed id apart (at least 8).
fn id_width(mut ids: Vec<u128>) -> usize {
    ids.sort_unstable();
    ids.dedup();
    let shared = ids
        .windows(2)
        .map(|pair| ((pair[0] ^ pair[1]).leading_zeros() / 4) as usize)
        .max()
        .unwrap_or(0);
    (shared + 1).clamp(8, 32)
}

#[cfg(test)]
mod tests {
    #[test]
    fn ids_are_shown_long_enough_to_tell_apart() {
        assert_eq!(super::id_width(vec![1, 2]), 32);
        assert_eq!(super::id_width(vec![1 << 120, 2 << 120]), 8);
        assert_eq!(super::id_width(vec![]), 8);
    }
}

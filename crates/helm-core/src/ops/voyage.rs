//! Voyage operations: start, list, show, end, verify, export, import.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use super::Helm;
use crate::error::cmd;
use crate::error::{Error, Kind, Result};
use crate::model::Voyage;
use crate::model::words;
use crate::observe::Target;
use crate::steering::pending::{self, Record};
use crate::storage::store::{Payload, Snapshot};
use crate::storage::voyage::{self, Summary};
use crate::storage::{export_import, verify};

/// Which voyages `voyage list` shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ListFilter {
    /// Active voyages only (the default).
    #[default]
    Active,
    /// Ended voyages only.
    Ended,
    /// Every voyage.
    All,
}

/// What `voyage list` found.
#[derive(Debug)]
pub struct Listing {
    pub voyages: Vec<Summary>,
    /// Files that could not be read, with the reason.
    pub unreadable: Vec<UnreadableVoyage>,
    /// Listed all the same, but worth saying (a file named for another id).
    pub warnings: Vec<String>,
    /// How many hex digits make every listed id unambiguous (at least 8).
    pub id_width: usize,
    /// Each listed id's own shortest unique prefix, in hex digits, among
    /// every voyage here (listed or not), as jj marks a change id's.
    pub prefixes: std::collections::HashMap<uuid::Uuid, usize>,
    /// Listing active voyages only: how many ended ones were left out.
    pub ended_not_listed: Option<usize>,
    /// A remote's listing (`voyage list --remote`): the remote as named, so
    /// the hints say how to list that remote again.
    pub remote: Option<String>,
}

#[derive(Debug)]
pub struct UnreadableVoyage {
    pub path: PathBuf,
    pub error: String,
}

/// What `voyage show` tells: the voyage in one snapshot, the steers
/// interrupted on it, and (for people) a digest of what each observation saw.
#[derive(Debug)]
pub struct Story {
    pub snapshot: Snapshot,
    pub interrupted: Vec<Record>,
    /// Artifact hash → one line on what it holds; empty when not asked for.
    pub digests: HashMap<String, String>,
    /// What changed on each bearing's targets since the bearing before;
    /// empty when digests were not asked for.
    pub changes: super::changes::Changes,
    /// Who signed each pushed entry (entry number → git's verdict), when
    /// any was signed; empty when digests were not asked for.
    pub signers: std::collections::BTreeMap<u64, crate::sync::Signature>,
    /// The origin of the web pages of the forge this machine is configured
    /// for (`HELM_GITHUB_API_URL`): the only host a view links to, whatever
    /// host a recorded entry names (a pulled one was written elsewhere).
    pub forge_web: Option<String>,
}

/// Payloads stored larger than this are not opened for a digest: the story
/// stays fast and says how big they are instead.
const DIGEST_LIMIT: u64 = 4 << 20;

/// What `voyage compact` did.
#[derive(Debug, serde::Serialize, schemars::JsonSchema)]
pub struct Compacted {
    pub id: String,
    pub(crate) path: PathBuf,
    #[serde(flatten)]
    pub sizes: crate::storage::compact::Sizes,
}

/// One voyage's verification.
#[derive(Debug)]
pub struct Verified {
    pub id: String,
    pub path: PathBuf,
    pub findings: verify::Findings,
    /// Pending steers are worth knowing about, not corruption.
    pub interrupted: usize,
    /// With `--signatures`: how many synced commits had their signature
    /// checked (0 when the voyage never came through a remote here), so a
    /// clean result says it looked; `None` when not asked or not readable.
    pub signatures: Option<usize>,
}

impl Helm {
    pub fn voyage_new(&self, intent: &str) -> Result<Voyage> {
        let intent = intent.trim();
        if intent.is_empty() {
            return Err(Error::usage("the intent is empty").hint(
                "say what the voyage is for, e.g. helm voyage new \"Advance #42: fix widget crash\"",
            ));
        }
        voyage::create(&self.home, intent, &crate::model::now())
    }

    pub fn voyage_list(&self, filter: ListFilter) -> Result<Listing> {
        let listed = crate::storage::listing::list(&self.home)?;
        let prefixes = unique_prefixes(listed.voyages.iter().map(|s| s.voyage.id));
        let ended_not_listed = (filter == ListFilter::Active).then(|| {
            listed
                .voyages
                .iter()
                .filter(|summary| !summary.voyage.is_active())
                .count()
        });
        let voyages = listed
            .voyages
            .into_iter()
            .filter(|summary| match filter {
                ListFilter::All => true,
                ListFilter::Ended => !summary.voyage.is_active(),
                ListFilter::Active => summary.voyage.is_active(),
            })
            .collect();
        Ok(Listing {
            voyages,
            unreadable: listed
                .unreadable
                .into_iter()
                .map(|(file, err)| UnreadableVoyage {
                    error: crate::storage::name_file(err, &file).message().to_string(),
                    path: file.path,
                })
                .collect(),
            warnings: listed.warnings,
            id_width: listed.id_width,
            prefixes,
            ended_not_listed,
            remote: None,
        })
    }

    /// The whole voyage; with `digests`, a line on what each observation
    /// saw, read from its artifact (each artifact opened once).
    pub fn voyage_show(&self, voyage: &str, digests: bool) -> Result<Story> {
        self.voyage_read(voyage, digests, |_, _, _| {})
    }

    /// [`Helm::voyage_show`] with digests, handing `each` every payload the
    /// story reads (once per artifact, as read, with its kind's target), so
    /// a front end that shows payloads (`voyage page`) reads each one once
    /// and keeps only what it shows. Payloads stored larger than 4 MiB come
    /// as [`Payload::TooLarge`].
    pub fn voyage_read(
        &self,
        voyage: &str,
        digests: bool,
        mut each: impl FnMut(&str, Option<&Target>, &Payload),
    ) -> Result<Story> {
        let mut store = self.open(voyage)?;
        let snapshot = store.snapshot()?;
        let mut lines = HashMap::new();
        let mut changes = super::changes::Changes::new();
        if digests {
            changes =
                super::changes::of(&mut store, &snapshot.entries, DIGEST_LIMIT, self.disclosure)?;
            // Each payload is read by its observation's kind.
            let mut kinds: HashMap<&str, Option<Target>> = HashMap::new();
            for observation in snapshot
                .entries
                .iter()
                .flat_map(|e| e.bearing.iter())
                .chain(snapshot.slate.iter())
            {
                kinds
                    .entry(observation.artifact.as_str())
                    .or_insert_with(|| Target::from_key(&observation.target));
            }
            let mut hashes: Vec<&str> = kinds.keys().copied().collect();
            hashes.sort_unstable();
            store.payloads(&hashes, DIGEST_LIMIT, |hash, payload| {
                // Every view reads the payload as this Helm's disclosure
                // shows it: the page, the digests, whatever comes next.
                let shown = |json: Vec<u8>| {
                    let marked = match self.disclosure.json(&json, hash) {
                        std::borrow::Cow::Owned(marked) => Some(marked),
                        std::borrow::Cow::Borrowed(_) => None,
                    };
                    marked.unwrap_or(json)
                };
                let payload = match payload {
                    Payload::Stowed(Some(json)) => Payload::Stowed(Some(shown(json))),
                    Payload::Reduced(Some(json)) => Payload::Reduced(Some(shown(json))),
                    other => other,
                };
                each(hash, kinds.get(hash).and_then(Option::as_ref), &payload);
                let line = match payload {
                    Payload::Stowed(Some(json)) | Payload::Reduced(Some(json)) => {
                        let target = kinds.get(hash).and_then(Option::as_ref);
                        super::digest::of(target, &json)
                    }
                    Payload::Jettisoned => Some("jettisoned: the payload is gone".to_string()),
                    Payload::TooLarge(size) => {
                        Some(format!("{} stored", crate::words::human_bytes(size)))
                    }
                    _ => None,
                };
                if let Some(line) = line {
                    lines.insert(hash.to_string(), line);
                }
            })?;
        }
        // A story for people says who signed what was pushed; git being
        // unavailable or unconfigured only leaves that out.
        let signers = match digests {
            true => {
                crate::sync::signers(self.home.root(), &self.cwd, &store.id()).unwrap_or_default()
            }
            false => Default::default(),
        };
        Ok(Story {
            snapshot,
            interrupted: pending::list(self.home.root(), &store.id()),
            digests: lines,
            changes,
            signers,
            forge_web: self.forges.web_origin(),
        })
    }

    /// Ends a voyage, unless this machine holds interrupted steers for it:
    /// GitHub may have performed them, and they are settled or discarded
    /// first, so no performed action is left unrecorded (ADR 0012). The
    /// check runs under the write lock, where steers write their records.
    pub fn voyage_end(&self, voyage: &str, status: Option<&str>) -> Result<Voyage> {
        let status = status.map(str::trim).filter(|s| !s.is_empty());
        let mut store = self.open_for_write(voyage)?;
        let id = store.id();
        let home = self.home.root();
        store.end_unless(status, &crate::model::now(), || {
            match pending::list(home, &id).as_slice() {
                [] => Ok(()),
                left => Err(interrupted_first(&id, left)),
            }
        })
    }

    /// Verifies one voyage, or every voyage with `None`.
    /// Checks voyages end to end; with `signatures`, also that every
    /// commit of theirs synced through a git remote carries a good
    /// signature of an allowed signer (git's verdict, as `voyage pull
    /// --verify-signatures` asks it).
    pub fn voyage_verify(&self, voyage: Option<&str>, signatures: bool) -> Result<Vec<Verified>> {
        let files = match voyage {
            None => self.home.voyage_files()?,
            Some(prefix) => vec![self.voyage_file(prefix)?],
        };
        Ok(files
            .into_iter()
            .map(|file| {
                let mut findings = verify::verify(&file.path);
                let mut checked = None;
                if signatures {
                    let (count, problems) = self.signature_problems(&file.id);
                    checked = count;
                    findings.problems.extend(problems);
                }
                Verified {
                    findings,
                    signatures: checked,
                    interrupted: pending::list(self.home.root(), &file.id).len(),
                    id: file.id.to_string(),
                    path: file.path,
                }
            })
            .collect())
    }

    /// How many synced commits of voyage `id` were checked, and one problem
    /// per commit without a good signature.
    fn signature_problems(&self, id: &uuid::Uuid) -> (Option<usize>, Vec<String>) {
        match crate::sync::history(self.home.root(), &self.cwd, id) {
            Ok(history) => (
                Some(history.len()),
                history
                    .iter()
                    .rev()
                    .filter(|s| !s.good())
                    .map(|s| {
                        let carries = match s.entry {
                            Some(n) => format!("entry {n}"),
                            None => "no entry".to_string(),
                        };
                        format!(
                            "signatures: commit {} (carrying {carries}) is {}",
                            s.commit,
                            s.verdict_words()
                        )
                    })
                    .collect(),
            ),
            Err(err) => (
                None,
                vec![format!("signatures: cannot be checked: {}", err.message())],
            ),
        }
    }

    pub fn voyage_export(
        &self,
        voyage: &str,
        out: &Path,
        force: bool,
    ) -> Result<export_import::Exported> {
        let file = self.voyage_file(voyage)?;
        export_import::export(&file.path, &self.cwd.join(out), force)
    }

    /// Gives the space of dropped payloads back to the file system, safely
    /// while other helm processes read and write.
    pub fn voyage_compact(&self, voyage: &str) -> Result<Compacted> {
        let mut store = self.open(voyage)?;
        let sizes = store.compact()?;
        Ok(Compacted {
            id: store.id().to_string(),
            path: store.file().path.clone(),
            sizes,
        })
    }

    pub fn voyage_import(&self, file: &Path) -> Result<Voyage> {
        export_import::import(&self.home, &self.cwd.join(file))
    }
}

/// `voyage end` refused: the interrupted steers, and how to settle them.
fn interrupted_first(voyage: &uuid::Uuid, left: &[Record]) -> Error {
    let named: Vec<String> = left
        .iter()
        .map(|r| format!("'{}' ({})", r.attempt(), r.doing))
        .collect();
    let steers = if left.len() == 1 { "steer" } else { "steers" };
    Error::new(
        Kind::Conflict,
        format!(
            "voyage {voyage} has {} interrupted {steers} that GitHub may have performed: {}; the voyage was not ended",
            left.len(),
            named.join(", ")
        ),
    )
    .hint(words![
        "settle each with ",
        cmd("interrupted settle").word(left[0].attempt()),
        " (it records what GitHub did, without acting), or after checking GitHub by hand drop it with ",
        cmd("interrupted discard"),
        "; then end the voyage",
    ])
}

/// Each id's shortest prefix (in hex digits of its simple form) that no
/// other id here shares: one more than the most it shares with a
/// neighbour in sorted order.
pub(crate) fn unique_prefixes(
    ids: impl Iterator<Item = uuid::Uuid>,
) -> std::collections::HashMap<uuid::Uuid, usize> {
    let mut ids: Vec<uuid::Uuid> = ids.collect();
    ids.sort_unstable();
    ids.dedup();
    let shared =
        |a: uuid::Uuid, b: uuid::Uuid| ((a.as_u128() ^ b.as_u128()).leading_zeros() / 4) as usize;
    (0..ids.len())
        .map(|i| {
            let before = i.checked_sub(1).map_or(0, |j| shared(ids[j], ids[i]));
            let after = ids.get(i + 1).map_or(0, |next| shared(ids[i], *next));
            (ids[i], (before.max(after) + 1).min(32))
        })
        .collect()
}

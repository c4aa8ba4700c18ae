//! The files of a voyage on a git remote, layout version 1 (ADR 0015): the
//! JSON each holds and how it is read and written. Where they go is
//! `names`. Pure: no I/O.
//!
//! Every file is canonical JSON (compact, fields in a fixed order, a final
//! newline): what arrives is read with helm's types and encoded again, and
//! must come out byte for byte the same. An entry's identity across machines
//! is the SHA-256 of its file, which never names its number.

use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use sha2::{Digest, Sha256};

use crate::storage::audit::is_hash;
use crate::storage::logbook::Entry;
use crate::storage::sync::{DerivedSummary, NewEntry};

/// The layout this helm writes and reads.
pub(crate) const LAYOUT: u64 = 1;

/// `voyage.json`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct VoyageDoc {
    pub(crate) layout: u64,
    pub(crate) id: String,
    pub(crate) intent: String,
    pub(crate) created_at: String,
    pub(crate) status: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) ended_at: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) ended_status: Option<String>,
    /// Entries `1..=entries` are in the tree.
    pub(crate) entries: u64,
}

/// One entry's file.
#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct EntryDoc {
    pub(crate) recorded_at: String,
    pub(crate) identity: String,
    pub(crate) role: String,
    pub(crate) method: String,
    pub(crate) summary: String,
    pub(crate) action: Box<RawValue>,
    pub(crate) bearing: Vec<BearingDoc>,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct BearingDoc {
    pub(crate) target: Box<RawValue>,
    pub(crate) artifact: String,
    pub(crate) observed_at: String,
}

/// A lifecycle file: present for an artifact whose payload was dropped, or
/// that has summaries.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct LifecycleDoc {
    pub(crate) status: Status,
    /// Oldest first, one per summary.
    pub(crate) derivations: Vec<DerivationDoc>,
}

#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct DerivationDoc {
    pub(crate) created_at: String,
    pub(crate) summary: String,
    pub(crate) method: String,
}

/// Seed 002's artifact states, as storage spells them.
pub(crate) use crate::storage::artifact::ArtifactStatus as Status;

/// An entry's identity: the SHA-256 of its canonical file.
pub(crate) type EntryId = [u8; 32];

pub(crate) fn identity(bytes: &[u8]) -> EntryId {
    Sha256::digest(bytes).into()
}

/// Compact JSON and a final newline: the one encoding of every file.
pub(crate) fn encode<T: Serialize>(doc: &T) -> Vec<u8> {
    let mut bytes = serde_json::to_vec(doc).expect("helm's layout types serialize");
    bytes.push(b'\n');
    bytes
}

/// Reads a file with helm's type and checks that it is canonical.
pub(crate) fn decode<'a, T: Serialize + Deserialize<'a>>(bytes: &'a [u8]) -> Result<T, String> {
    let doc: T =
        serde_json::from_slice(bytes).map_err(|err| format!("not the layout's JSON: {err}"))?;
    if encode(&doc) != bytes {
        return Err(
            "not in canonical form (compact JSON, fields in order, one final newline)".to_string(),
        );
    }
    Ok(doc)
}

impl EntryDoc {
    /// The file of an entry recorded here; fails when its action or a
    /// target is not JSON (a voyage that fails `voyage verify`).
    pub(crate) fn of(entry: &Entry) -> Result<EntryDoc, String> {
        let raw = |text: &str, what: &str| {
            RawValue::from_string(text.to_string())
                .map_err(|_| format!("entry {}: its {what} is not JSON", entry.id))
        };
        Ok(EntryDoc {
            recorded_at: entry.recorded_at.clone(),
            identity: entry.provenance.identity.clone(),
            role: entry.provenance.role.clone(),
            method: entry.provenance.method.clone(),
            summary: entry.provenance.summary.clone(),
            action: raw(&entry.action, "action")?,
            bearing: entry
                .bearing
                .iter()
                .map(|o| {
                    Ok(BearingDoc {
                        target: raw(&o.target, "bearing target")?,
                        artifact: o.artifact.clone(),
                        observed_at: o.observed_at.clone(),
                    })
                })
                .collect::<Result<_, String>>()?,
        })
    }

    /// What helm's checks demand of an entry beyond its JSON shape: the
    /// timestamps, hashes and action and target kinds `voyage verify` and
    /// `voyage show` rely on. Says what is wrong.
    pub(crate) fn check(&self) -> Result<(), String> {
        timestamp(&self.recorded_at, "recordedAt")?;
        kind_of(self.action.get(), "action")?;
        for observation in &self.bearing {
            kind_of(observation.target.get(), "bearing target")?;
            if !is_hash(&observation.artifact) {
                return Err("a bearing's artifact is not a SHA-256".to_string());
            }
            timestamp(&observation.observed_at, "observedAt")?;
        }
        Ok(())
    }

    /// The row to write for this entry.
    pub(crate) fn to_row(&self) -> NewEntry {
        NewEntry {
            recorded_at: self.recorded_at.clone(),
            provenance: crate::model::Provenance {
                identity: self.identity.clone(),
                role: self.role.clone(),
                method: self.method.clone(),
                summary: self.summary.clone(),
            },
            action: self.action.get().to_string(),
            bearing: self
                .bearing
                .iter()
                .map(|o| {
                    (
                        o.target.get().to_string(),
                        o.artifact.clone(),
                        o.observed_at.clone(),
                    )
                })
                .collect(),
        }
    }
}

impl LifecycleDoc {
    /// Canonical order: derivations oldest first, one per summary (the
    /// newest record of a summary stands).
    pub(crate) fn new(
        status: Status,
        derivations: impl IntoIterator<Item = DerivationDoc>,
    ) -> LifecycleDoc {
        let mut all: Vec<DerivationDoc> = derivations.into_iter().collect();
        all.sort_by(|a, b| (&a.summary, &b.created_at).cmp(&(&b.summary, &a.created_at)));
        all.dedup_by(|later, kept| later.summary == kept.summary);
        all.sort();
        LifecycleDoc {
            status,
            derivations: all,
        }
    }

    pub(crate) fn check(&self, hash: &str) -> Result<(), String> {
        if self.status == Status::Reduced && self.derivations.is_empty() {
            return Err(format!("artifact {hash} is reduced but names no summary"));
        }
        if *self != LifecycleDoc::new(self.status, self.derivations.clone()) {
            return Err(format!("the lifecycle of {hash} is not in canonical order"));
        }
        for derivation in &self.derivations {
            if !is_hash(&derivation.summary) || derivation.summary == hash {
                return Err(format!(
                    "the lifecycle of {hash} names a summary that is not a SHA-256"
                ));
            }
            timestamp(&derivation.created_at, "createdAt")?;
        }
        Ok(())
    }
}

impl From<&DerivedSummary> for DerivationDoc {
    fn from(d: &DerivedSummary) -> DerivationDoc {
        DerivationDoc {
            created_at: d.created_at.clone(),
            summary: d.summary.clone(),
            method: d.method.clone(),
        }
    }
}

impl From<&DerivationDoc> for DerivedSummary {
    fn from(d: &DerivationDoc) -> DerivedSummary {
        DerivedSummary {
            created_at: d.created_at.clone(),
            summary: d.summary.clone(),
            method: d.method.clone(),
        }
    }
}

pub(crate) fn timestamp(text: &str, what: &str) -> Result<(), String> {
    text.parse::<jiff::Timestamp>()
        .map(drop)
        .map_err(|_| format!("its {what} is not an RFC 3339 timestamp"))
}

/// A JSON object with a string `kind`, as every action and target is.
fn kind_of(json: &str, what: &str) -> Result<(), String> {
    #[derive(Deserialize)]
    struct Kinded {
        kind: String,
    }
    match serde_json::from_str::<Kinded>(json) {
        Ok(k) if !k.kind.is_empty() => Ok(()),
        _ => Err(format!("its {what} is not a JSON object with a kind")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_file_reads_back_byte_for_byte_or_is_refused() {
        let bytes = br#"{"recordedAt":"2026-01-01T00:00:00.000000Z","identity":"alice","role":"coder","method":"human","summary":"s","action":{"kind":"log","status":"waiting"},"bearing":[{"target":{"kind":"file-contents","paths":["/a"]},"artifact":"abababababababababababababababababababababababababababababababab","observedAt":"2026-01-01T00:00:00.000000Z"}]}
"#;
        let doc: EntryDoc = decode(bytes).unwrap();
        doc.check().unwrap();
        assert_eq!(encode(&doc), bytes);
        let row = doc.to_row();
        assert_eq!(row.action, r#"{"kind":"log","status":"waiting"}"#);
        let spaced =
            String::from_utf8_lossy(bytes).replace(r#""role":"coder""#, r#""role": "coder""#);
        assert!(decode::<EntryDoc>(spaced.as_bytes()).is_err());
        let extra = String::from_utf8_lossy(bytes).replace(r#""bearing""#, r#""x":1,"bearing""#);
        assert!(decode::<EntryDoc>(extra.as_bytes()).is_err());
        let kindless =
            String::from_utf8_lossy(bytes).replace(r#"{"kind":"log","status":"waiting"}"#, "[1]");
        let doc: EntryDoc = decode(kindless.as_bytes()).unwrap();
        assert!(doc.check().is_err());
    }

    #[test]
    fn lifecycle_files_keep_one_derivation_per_summary() {
        let d = |at: &str, summary: char| DerivationDoc {
            created_at: at.to_string(),
            summary: summary.to_string().repeat(64),
            method: "human".to_string(),
        };
        let doc = LifecycleDoc::new(
            Status::Reduced,
            [
                d("2026-01-02T00:00:00Z", 'b'),
                d("2026-01-01T00:00:00Z", 'a'),
                d("2026-01-03T00:00:00Z", 'a'),
            ],
        );
        assert_eq!(
            doc.derivations,
            [
                d("2026-01-02T00:00:00Z", 'b'),
                d("2026-01-03T00:00:00Z", 'a')
            ]
        );
        doc.check(&"c".repeat(64)).unwrap();
        assert!(
            LifecycleDoc {
                status: Status::Reduced,
                derivations: vec![]
            }
            .check(&"c".repeat(64))
            .is_err()
        );
    }
}

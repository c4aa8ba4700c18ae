//! What keeps a Forgejo pull request from merging that only Forgejo's own
//! verdict shows, beside what the core judges from its checks and reviews
//! (ADR 0023, "Readiness per forge"): `mergeable: false` is conflicts, and a
//! draft (Forgejo's `WIP:` title) cannot merge. Pure: read from the summary
//! as observed.

use helm_forge::{Blocker, shape};
use serde_json::Value;

pub(crate) fn blockers(summary: &Value) -> Vec<Blocker> {
    let Ok(pull) = serde_json::from_value::<shape::Pull>(summary.clone()) else {
        return vec![Blocker {
            forge_word: "unreadable".into(),
            words: "the observed pull request is not in helm's shape; observe it again".into(),
        }];
    };
    let mut found = Vec::new();
    if pull.mergeable == Some(false) && pull.state == "open" {
        found.push(Blocker {
            forge_word: "mergeable: false".into(),
            words: format!(
                "Forgejo says #{} cannot merge (conflicts with {}, or its mergeability is still being computed)",
                pull.number, pull.base.name
            ),
        });
    }
    if pull.draft == Some(true) {
        found.push(Blocker {
            forge_word: "draft".into(),
            words: format!("#{} is a draft (a WIP: title on Forgejo)", pull.number),
        });
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    fn summary(mergeable: Option<bool>, draft: Option<bool>) -> Value {
        let pull = shape::Pull {
            number: 7,
            state: "open".into(),
            mergeable,
            draft,
            ..shape::Pull::default()
        };
        serde_json::to_value(pull).unwrap()
    }

    #[test]
    fn not_mergeable_and_draft_block_and_nothing_else_does() {
        assert!(blockers(&summary(Some(true), Some(false))).is_empty());
        assert!(blockers(&summary(None, None)).is_empty());
        let words: Vec<String> = blockers(&summary(Some(false), Some(true)))
            .into_iter()
            .map(|b| b.forge_word)
            .collect();
        assert_eq!(words, ["mergeable: false", "draft"]);
        let unreadable = blockers(&Value::String("x".into()));
        assert_eq!(unreadable[0].forge_word, "unreadable");
    }
}

//! The brief's pointer to other voyages of the home that match this one's
//! intent (issue 44): a search for the intent's words, whose best matches
//! are grouped by voyage. Someone resuming a voyage learns where the team
//! met the same subject before, without knowing what to search for.
//!
//! Only the other voyages' ids and intents are shown, never the matching
//! text: a pointer, which `helm search` or the voyage's own brief opens.

use serde::Serialize;

use super::Helm;
use super::search::SearchRequest;
use crate::error::Result;
use crate::model::Voyage;

/// How many other voyages a brief names.
const NAMED: usize = 3;
/// How many pieces of text are ranked to find them: enough that this
/// voyage's own matches do not crowd the others out.
const RANKED: usize = 60;
/// How many of the intent's words are searched for.
const WORDS: usize = 8;

/// Words that say nothing of a subject, left out of the search.
const COMMON: [&str; 24] = [
    "the", "and", "for", "with", "from", "that", "this", "into", "when", "what", "then", "them",
    "its", "our", "are", "was", "not", "but", "all", "any", "can", "has", "have", "will",
];

/// Another voyage that matches this one's intent.
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct Related {
    pub id: String,
    pub intent: String,
}

impl Helm {
    /// Other voyages whose entries or observations match `voyage`'s intent,
    /// best first.
    pub(crate) fn related(&self, voyage: &Voyage) -> Result<Vec<Related>> {
        let Some(query) = query(&voyage.intent) else {
            return Ok(Vec::new());
        };
        let found = self.search(&SearchRequest {
            query,
            limit: RANKED,
            ..SearchRequest::default()
        })?;
        let me = voyage.id.to_string();
        let mut related: Vec<Related> = Vec::new();
        for result in found.results {
            if result.voyage.id == me || related.iter().any(|r| r.id == result.voyage.id) {
                continue;
            }
            related.push(Related {
                id: result.voyage.id,
                intent: result.voyage.intent,
            });
            if related.len() == NAMED {
                break;
            }
        }
        Ok(related)
    }
}

/// The intent's words as an FTS5 query matching any of them, each quoted
/// so that no word is read as syntax; `None` when it has none worth
/// searching for.
fn query(intent: &str) -> Option<String> {
    let mut words: Vec<String> = Vec::new();
    for word in intent.split(|c: char| !c.is_alphanumeric()) {
        let word = word.to_lowercase();
        if word.chars().count() < 3 || COMMON.contains(&word.as_str()) || words.contains(&word) {
            continue;
        }
        words.push(word);
        if words.len() == WORDS {
            break;
        }
    }
    (!words.is_empty()).then(|| {
        words
            .iter()
            .map(|w| format!("\"{w}\""))
            .collect::<Vec<_>>()
            .join(" OR ")
    })
}

#[cfg(test)]
mod tests {
    use super::query;

    #[test]
    fn an_intent_becomes_its_quoted_words_any_of_which_may_match() {
        assert_eq!(
            query("Fix the bounds check in the quaternion normaliser (#45)").as_deref(),
            Some("\"fix\" OR \"bounds\" OR \"check\" OR \"quaternion\" OR \"normaliser\"")
        );
        assert_eq!(query("a to be or NOT, the and"), None);
        assert_eq!(
            query("Öl und Wärme: \"AND\" OR und*").as_deref(),
            Some("\"und\" OR \"wärme\"")
        );
    }
}

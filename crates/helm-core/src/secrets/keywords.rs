//! Finding the rules' keywords in a text, the prefilter that decides which
//! rules run where.
//!
//! Most texts a process scans are small (one file, one issue), and building
//! an Aho-Corasick automaton for the 244 keywords cost a small `observe`
//! about half a millisecond, more than the scan it served. So small texts are
//! searched by the keywords' first two bytes: a bitset says whether any
//! keyword starts with a pair, and a sorted table gives the keywords that do.
//! It is built in microseconds and reads a few KiB at a few ns a byte. Once a
//! process has scanned [`BIG`] bytes in all (one big file, a tree of many
//! paths, a long MCP session), the automaton's DFA is built and used from
//! then on: dearer to build, several times faster a byte.
//!
//! Both report every occurrence of every keyword, overlapping, ASCII case
//! folded, with the keyword's index in the list they were given.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};

use aho_corasick::AhoCorasick;

/// Bytes scanned by this process after which the DFA pays for itself.
const BIG: usize = 256 << 10;

/// One keyword found: its index in the list, and where.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Hit {
    pub(crate) start: usize,
    pub(crate) end: usize,
    pub(crate) word: usize,
}

/// The keywords, lowercased, every one at least two bytes long.
pub(crate) struct Keywords {
    words: &'static [&'static str],
    /// Bit `pair` is set when some keyword starts with that (lowercased)
    /// pair of bytes.
    starts: Box<[u64; 1024]>,
    /// (pair, keyword index), sorted by pair.
    by_pair: Vec<(u16, usize)>,
    /// Keywords shorter than two bytes, which the pairs cannot find; searched
    /// the slow way (the rule set has none today).
    short: Vec<usize>,
    scanned: AtomicUsize,
    dfa: OnceLock<Option<AhoCorasick>>,
}

fn pair(a: u8, b: u8) -> u16 {
    u16::from(a.to_ascii_lowercase()) << 8 | u16::from(b.to_ascii_lowercase())
}

impl Keywords {
    /// `words` must be lowercase and distinct.
    pub(crate) fn new(words: &'static [&'static str]) -> Keywords {
        let mut starts = Box::new([0u64; 1024]);
        let mut by_pair = Vec::with_capacity(words.len());
        let mut short = Vec::new();
        for (index, word) in words.iter().enumerate() {
            match word.as_bytes() {
                [a, b, ..] => {
                    let p = pair(*a, *b);
                    starts[usize::from(p >> 6)] |= 1 << (p & 63);
                    by_pair.push((p, index));
                }
                _ => short.push(index),
            }
        }
        by_pair.sort_unstable();
        Keywords {
            words,
            starts,
            by_pair,
            short,
            scanned: AtomicUsize::new(0),
            dfa: OnceLock::new(),
        }
    }

    /// Every keyword in `text`, in the order of their starts (the DFA's in
    /// the order of their ends).
    pub(crate) fn find(&self, text: &[u8]) -> Vec<Hit> {
        let before = self.scanned.fetch_add(text.len(), Ordering::Relaxed);
        if before.saturating_add(text.len()) >= BIG
            && let Some(dfa) = self.dfa()
        {
            return dfa
                .find_overlapping_iter(text)
                .map(|m| Hit {
                    start: m.start(),
                    end: m.end(),
                    word: m.pattern().as_usize(),
                })
                .collect();
        }
        self.find_by_pairs(text)
    }

    fn dfa(&self) -> Option<&AhoCorasick> {
        self.dfa
            .get_or_init(|| {
                AhoCorasick::builder()
                    .ascii_case_insensitive(true)
                    .kind(Some(aho_corasick::AhoCorasickKind::DFA))
                    .build(self.words)
                    .ok()
            })
            .as_ref()
    }

    fn find_by_pairs(&self, text: &[u8]) -> Vec<Hit> {
        let mut hits = Vec::new();
        for (start, window) in text.windows(2).enumerate() {
            let p = pair(window[0], window[1]);
            if self.starts[usize::from(p >> 6)] & (1 << (p & 63)) == 0 {
                continue;
            }
            let first = self.by_pair.partition_point(|&(q, _)| q < p);
            for &(_, word) in self.by_pair[first..].iter().take_while(|&&(q, _)| q == p) {
                self.push_if_at(text, start, word, &mut hits);
            }
        }
        for &word in &self.short {
            for start in 0..text.len() {
                self.push_if_at(text, start, word, &mut hits);
            }
        }
        hits
    }

    fn push_if_at(&self, text: &[u8], start: usize, word: usize, hits: &mut Vec<Hit>) {
        let keyword = self.words[word].as_bytes();
        let end = start + keyword.len();
        if end <= text.len() && text[start..end].eq_ignore_ascii_case(keyword) {
            hits.push(Hit { start, end, word });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sorted(mut hits: Vec<Hit>) -> Vec<Hit> {
        hits.sort_unstable();
        hits
    }

    #[test]
    fn the_pairs_and_the_dfa_find_the_same_overlapping_case_folded_hits() {
        let keywords = Keywords::new(&["key", "api", "ey", "apikey", "x", "-----begin"]);
        let text = b"An APIKEY=k; the Key; -----BEGIN block; x marks; ke";
        let by_pairs = sorted(keywords.find_by_pairs(text));
        let dfa = keywords.dfa().expect("the DFA builds");
        let by_dfa = sorted(
            dfa.find_overlapping_iter(&text[..])
                .map(|m| Hit {
                    start: m.start(),
                    end: m.end(),
                    word: m.pattern().as_usize(),
                })
                .collect(),
        );
        assert_eq!(by_pairs, by_dfa);
        let found: Vec<&str> = by_pairs
            .iter()
            .map(|h| std::str::from_utf8(&text[h.start..h.end]).unwrap())
            .collect();
        for expected in ["APIKEY", "API", "KEY", "EY", "Key", "ey", "-----BEGIN", "x"] {
            assert!(found.contains(&expected), "{expected} not in {found:?}");
        }
    }

    #[test]
    fn after_enough_bytes_the_dfa_answers_the_same() {
        let keywords = Keywords::new(&["token", "ghp_"]);
        let text = b"a TOKEN and ghp_abc";
        let small = keywords.find(text);
        keywords.scanned.store(BIG, Ordering::Relaxed);
        let big = keywords.find(text);
        assert!(keywords.dfa.get().is_some(), "the DFA was built");
        assert_eq!(sorted(small), sorted(big));
    }
}

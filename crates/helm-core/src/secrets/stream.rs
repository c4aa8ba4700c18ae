//! Redacting text that arrives in chunks (a big file streamed into its
//! payload), without holding it whole. Everything received is scanned, and
//! what is emitted stops short of the end by more than the longest match a
//! rule can make ([`Rules::longest`], read from the rules), so a match that
//! begins in what is emitted was seen whole: a token is never cut in two, a
//! value on the line after its key is seen with its key, and a line longer
//! than a chunk is scanned in overlapping pieces. A match that still runs to
//! the end (a rule whose matches are unbounded) is kept back from its start,
//! key included, for the next scan; a private key block begun and not yet
//! ended waits whole for its end (up to [`MAX_CARRY`]).

use std::collections::BTreeMap;

use super::rules::{Rules, rules};
use super::scan::{Found, find, redact_found};

/// The most text kept back waiting for a key block's end or a match's.
const MAX_CARRY: usize = 4 << 20;
/// How far back from a cut a key block's `-----BEGIN` is looked for.
const KEY_WINDOW: usize = 64 << 10;

/// A stream's redactor: feed it chunks, then finish it.
#[derive(Default)]
pub(crate) struct Redacting {
    carry: String,
    counts: BTreeMap<&'static str, u64>,
}

impl Redacting {
    /// Takes `text`; hands `emit` whatever is ready, redacted.
    pub(crate) fn feed(
        &mut self,
        text: &str,
        emit: &mut dyn FnMut(&str) -> std::io::Result<()>,
    ) -> std::io::Result<()> {
        self.carry.push_str(text);
        self.settle(false, emit)
    }

    /// Hands `emit` the rest; returns how many secrets each rule found.
    pub(crate) fn finish(
        mut self,
        emit: &mut dyn FnMut(&str) -> std::io::Result<()>,
    ) -> std::io::Result<BTreeMap<&'static str, u64>> {
        self.settle(true, emit)?;
        Ok(self.counts)
    }

    /// Scans what is held and emits what is ready (all of it when `done`).
    fn settle(
        &mut self,
        done: bool,
        emit: &mut dyn FnMut(&str) -> std::io::Result<()>,
    ) -> std::io::Result<()> {
        if self.carry.is_empty() {
            return Ok(());
        }
        let found = find(&self.carry);
        let cut = match done {
            true => self.carry.len(),
            false => cut(&self.carry, &found, rules()),
        };
        if cut == 0 {
            return Ok(());
        }
        let ready: Vec<Found> = found.into_iter().filter(|f| f.end <= cut).collect();
        match redact_found(&self.carry[..cut], ready) {
            None => emit(&self.carry[..cut])?,
            Some((text, counts)) => {
                for (rule, n) in counts {
                    *self.counts.entry(rule).or_default() += n;
                }
                emit(&text)?;
            }
        }
        self.carry.drain(..cut);
        Ok(())
    }
}

/// Where to cut `buf`, whose secrets are `found`: short of its end by more
/// than any bounded match, before a key block still open there, and where
/// no match found runs across; 0 to wait for more.
fn cut(buf: &str, found: &[Found], set: &Rules) -> usize {
    let len = buf.len();
    let mut cut = floor(buf, len.saturating_sub(set.longest() + 1));
    cut = cut.min(open_block(buf, cut));
    // A match across the cut: emitted whole when it ended before the end of
    // what is held, else scanned again from its start. Each step moves the
    // cut past a match or back to a match's start, so it settles.
    for _ in 0..=found.len() {
        let Some(across) = found.iter().find(|f| f.matched < cut && cut < f.end) else {
            break;
        };
        cut = match across.end < len {
            true => across.end,
            false => across.matched,
        };
    }
    if found.iter().any(|f| f.matched < cut && cut < f.end) {
        cut = 0;
    }
    match cut {
        0 if len > MAX_CARRY => len,
        cut => cut,
    }
}

/// The start of the line of a key block that begins before `cut` and has
/// not ended in `buf`; `cut` when there is none.
fn open_block(buf: &str, cut: usize) -> usize {
    let from = floor(buf, cut.saturating_sub(KEY_WINDOW));
    let window = &buf[from..cut];
    let begin = window.rfind("-----BEGIN").max(window.rfind("-----begin"));
    let Some(begin) = begin else { return cut };
    let open = &buf[from + begin..];
    if open.contains("-----END") || open.contains("-----end") {
        return cut;
    }
    buf[..from + begin].rfind('\n').map_or(0, |i| i + 1)
}

/// `at`, or the nearest character boundary of `text` before it.
fn floor(text: &str, at: usize) -> usize {
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

#[cfg(test)]
mod tests {
    use super::*;

    fn through(chunks: &[&str]) -> (String, BTreeMap<&'static str, u64>) {
        let mut out = String::new();
        let mut redacting = Redacting::default();
        let mut emit = |s: &str| {
            out.push_str(s);
            Ok(())
        };
        for chunk in chunks {
            redacting.feed(chunk, &mut emit).unwrap();
        }
        let counts = redacting.finish(&mut emit).unwrap();
        (out, counts)
    }

    #[test]
    fn a_token_cut_between_chunks_and_a_key_block_across_many_are_found() {
        let token = format!("ghp_{}", "R8xq2ZkP7mLw4NvB9cTj3HsY6dFgA1eUoQiK");
        let (head, tail) = token.split_at(10);
        let (out, counts) = through(&["line one\nthe token ", head, tail, " end\nlast"]);
        assert_eq!(out, "line one\nthe token [redacted: github-pat] end\nlast");
        assert_eq!(counts.get("github-pat"), Some(&1));

        let body = "MIIEowIBAAKCAQEAx4Zt3Qw9\n".repeat(6);
        let key = format!("-----BEGIN PRIVATE KEY-----\n{body}-----END PRIVATE KEY-----\n");
        let pieces: Vec<&str> = key.split_inclusive('\n').collect();
        let mut chunks = vec!["a\n"];
        chunks.extend(pieces);
        chunks.push("b\n");
        let (out, counts) = through(&chunks);
        assert_eq!(out, "a\n[redacted: private-key]\nb\n");
        assert_eq!(counts.get("private-key"), Some(&1));
    }

    #[test]
    fn a_value_whose_key_ends_a_chunk_is_found_in_the_next() {
        let (out, counts) = through(&[
            "config:\n  password:\n",
            "    Zx8kQ2pLw9vRt4mB\n  port: 1\n",
        ]);
        assert_eq!(
            out,
            "config:\n  password:\n    [redacted: generic-api-key]\n  port: 1\n"
        );
        assert_eq!(counts.get("generic-api-key"), Some(&1));
    }

    #[test]
    fn a_token_across_a_piece_of_a_line_longer_than_the_carry_is_found() {
        let token = format!("ghp_{}", "R8xq2ZkP7mLw4NvB9cTj3HsY6dFgA1eUoQiK");
        // One line of 6 MiB, the token 20 bytes before the 5 MiB mark, fed
        // in chunks of 1 MiB as a file is read.
        let mut line = "x".repeat(6 << 20);
        let at = (5 << 20) - 20;
        line.replace_range(at..at + token.len(), &token);
        let chunks: Vec<&str> = (0..6).map(|i| &line[i << 20..(i + 1) << 20]).collect();
        let (out, counts) = through(&chunks);
        assert_eq!(counts.get("github-pat"), Some(&1));
        assert!(!out.contains(&token));
        assert_eq!(
            out.len(),
            line.len() - token.len() + "[redacted: github-pat]".len()
        );
    }

    #[test]
    fn the_pieces_overlap_by_the_longest_bounded_match_of_the_rules() {
        // Read from the rules: at least pypi's upload token, bounded at 1 KiB.
        let longest = rules().longest();
        assert!((1000..64 << 10).contains(&longest), "{longest}");
    }

    #[test]
    fn clean_text_comes_through_unchanged() {
        let text = "fn main() {}\n".repeat(1000);
        let (out, counts) = through(&[&text[..5000], &text[5000..]]);
        assert_eq!(out, text);
        assert!(counts.is_empty());
    }
}

//! Redacting text that arrives in chunks (a big file streamed into its
//! payload), without holding it whole. A chunk is scanned up to its last
//! line break and the rest waits for the next one, so a token is never cut
//! in two; a private key block begun and not yet ended waits whole for its
//! end. A line longer than [`MAX_CARRY`] is scanned in pieces of that size.

use std::collections::BTreeMap;

use super::scan::redact;

/// The most text kept back waiting for a line break.
const MAX_CARRY: usize = 4 << 20;
/// How far back from a cut a key block's `-----BEGIN` is looked for.
const KEY_WINDOW: usize = 64 << 10;

/// A stream's redactor: feed it chunks, then finish it.
#[derive(Default)]
pub struct Redacting {
    carry: String,
    counts: BTreeMap<&'static str, u64>,
}

impl Redacting {
    /// Takes `text`; hands `emit` whatever is ready, redacted.
    pub fn feed(
        &mut self,
        text: &str,
        emit: &mut dyn FnMut(&str) -> std::io::Result<()>,
    ) -> std::io::Result<()> {
        self.carry.push_str(text);
        let cut = cut(&self.carry);
        if cut == 0 {
            return Ok(());
        }
        self.scan(cut, emit)?;
        self.carry.drain(..cut);
        Ok(())
    }

    /// Hands `emit` the rest; returns how many secrets each rule found.
    pub fn finish(
        mut self,
        emit: &mut dyn FnMut(&str) -> std::io::Result<()>,
    ) -> std::io::Result<BTreeMap<&'static str, u64>> {
        self.scan(self.carry.len(), emit)?;
        Ok(self.counts)
    }

    fn scan(
        &mut self,
        cut: usize,
        emit: &mut dyn FnMut(&str) -> std::io::Result<()>,
    ) -> std::io::Result<()> {
        let ready = &self.carry[..cut];
        match redact(ready) {
            None => emit(ready),
            Some((text, counts)) => {
                for (rule, n) in counts {
                    *self.counts.entry(rule).or_default() += n;
                }
                emit(&text)
            }
        }
    }
}

/// Where to cut `buf`: after its last line break, before a key block still
/// open there; 0 to wait for more.
fn cut(buf: &str) -> usize {
    let Some(newline) = buf.rfind('\n') else {
        return if buf.len() > MAX_CARRY { buf.len() } else { 0 };
    };
    let cut = newline + 1;
    let mut from = cut.saturating_sub(KEY_WINDOW);
    while !buf.is_char_boundary(from) {
        from += 1;
    }
    let window = &buf[from..cut];
    let begin = window.rfind("-----BEGIN").max(window.rfind("-----begin"));
    let Some(begin) = begin else { return cut };
    let open = &window[begin..];
    if open.contains("-----END") || open.contains("-----end") {
        return cut;
    }
    let line = buf[..from + begin].rfind('\n').map_or(0, |i| i + 1);
    match line {
        0 if buf.len() > MAX_CARRY => cut,
        line => line,
    }
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
    fn clean_text_comes_through_unchanged() {
        let text = "fn main() {}\n".repeat(1000);
        let (out, counts) = through(&[&text[..5000], &text[5000..]]);
        assert_eq!(out, text);
        assert!(counts.is_empty());
    }
}

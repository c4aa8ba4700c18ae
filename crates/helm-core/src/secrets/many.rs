//! Redacting many short texts at once: a tree's names. Scanned one at a
//! time, each of the sysroot's 52k paths set up its own search, a tenth of
//! the look; and a name that held a keyword was searched for keywords twice.
//! Here the names are joined by newlines (which no keyword holds) and
//! searched in one pass, and each name's keywords go straight to its rules.

use std::collections::BTreeMap;

use super::keywords::Hit;
use super::rules::rules;
use super::scan::{find_from, redact_found};

/// Replaces the secrets in each of `texts` that holds one, and says which
/// were changed (by index, in order) and how many each rule found there.
pub(crate) fn redact_each(texts: &mut [String]) -> Vec<(usize, BTreeMap<&'static str, u64>)> {
    let mut joined = Vec::with_capacity(texts.iter().map(|t| t.len() + 1).sum());
    let mut starts = Vec::with_capacity(texts.len());
    for text in texts.iter() {
        starts.push(joined.len());
        joined.extend_from_slice(text.as_bytes());
        joined.push(b'\n');
    }
    // Each text's keywords, where they are in it. A hit that ran across a
    // newline could be in no text; no keyword holds one.
    let mut by_text: BTreeMap<usize, Vec<Hit>> = BTreeMap::new();
    for hit in rules().keywords.find(&joined) {
        let index = starts.partition_point(|&s| s <= hit.start) - 1;
        let start = starts[index];
        if hit.end > start + texts[index].len() {
            continue;
        }
        by_text.entry(index).or_default().push(Hit {
            start: hit.start - start,
            end: hit.end - start,
            word: hit.word,
        });
    }
    let mut changed = Vec::new();
    for (index, hits) in by_text {
        let text = &mut texts[index];
        let found = find_from(text, hits);
        if let Some((redacted, counts)) = redact_found(text, found) {
            *text = redacted;
            changed.push((index, counts));
        }
    }
    changed
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::secrets::redact;

    #[test]
    fn each_text_is_redacted_as_it_would_be_alone() {
        let token = format!("ghp_{}", "R8xq2ZkP7mLw4NvB9cTj3HsY6dFgA1eUoQiK");
        let texts: Vec<String> = vec![
            "src/lib.rs".into(),
            format!("creds/{token}"),
            "docs/api_key.md".into(),
            format!("{token}/{token}"),
            "notes/gh".into(),
            "p_x".into(),
        ];
        let mut batch = texts.clone();
        let changed = redact_each(&mut batch);
        let alone: Vec<(usize, BTreeMap<&'static str, u64>)> = texts
            .iter()
            .enumerate()
            .filter_map(|(i, text)| redact(text).map(|(_, counts)| (i, counts)))
            .collect();
        assert_eq!(changed, alone);
        assert_eq!(changed.iter().map(|(i, _)| *i).collect::<Vec<_>>(), [1, 3]);
        for (i, text) in texts.iter().enumerate() {
            let expected = redact(text).map_or_else(|| text.clone(), |(out, _)| out);
            assert_eq!(batch[i], expected, "{text}");
        }
        assert_eq!(batch[1], "creds/[redacted: github-pat]");
    }
}

//! How far a rule's match can reach, read from the rule's parsed regex: how
//! many line breaks it can hold (which lines around a keyword the rule must
//! read: gitleaks' rules allow whitespace, newlines included, between a key
//! and its value) and how many bytes (how much a stream scanned in pieces
//! must overlap), and how many of those line breaks can come before its
//! keyword (gitleaks' generic rule starts at its key, so it reads no line
//! above it). Derived from the rules, so a new rule is read as far as it can
//! match, not as far as someone guessed.

use regex_syntax::hir::{Class, Hir, HirKind};

/// What one rule's match can hold at most; `None` where it is unbounded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Reach {
    /// Line breaks (`\n`) in one match.
    pub(crate) lines: Option<usize>,
    /// Line breaks in one match before the first keyword it must hold; the
    /// same as `lines` where no keyword is sure to be in it.
    pub(crate) before: Option<usize>,
    /// Bytes in one match.
    pub(crate) bytes: Option<usize>,
}

impl Reach {
    pub(crate) fn of(hir: &Hir, keywords: &[&str]) -> Reach {
        let lines = breaks(hir);
        Reach {
            lines,
            before: leading(hir, keywords).or(lines),
            bytes: hir.properties().maximum_len(),
        }
    }
}

/// The most line breaks a match of `hir` can hold before the first part of
/// it that must hold one of `keywords`; `None` when no part must.
fn leading(hir: &Hir, keywords: &[&str]) -> Option<usize> {
    match hir.kind() {
        HirKind::Concat(parts) => {
            let mut sum = 0usize;
            for (i, part) in parts.iter().enumerate() {
                // A keyword spelled over several parts (`(?i)key` is three
                // classes), or held by one part as a whole.
                if let Some(end) = keyword_run(&parts[i..], keywords) {
                    let within = parts[i..=i + end]
                        .iter()
                        .try_fold(0usize, |n, p| n.checked_add(breaks(p)?))?;
                    return sum.checked_add(within);
                }
                if holds_keyword(part, keywords) {
                    return sum.checked_add(leading(part, keywords)?);
                }
                sum = sum.checked_add(breaks(part)?)?;
            }
            None
        }
        HirKind::Capture(capture) => leading(&capture.sub, keywords),
        HirKind::Alternation(parts) => parts.iter().try_fold(0usize, |most, part| {
            Some(most.max(leading(part, keywords)?))
        }),
        HirKind::Repetition(rep) if rep.min >= 1 => leading(&rep.sub, keywords),
        _ if holds_keyword(hir, keywords) => breaks(hir),
        _ => None,
    }
}

/// Whether every match of `hir` holds one of `keywords` (ASCII case folded).
fn holds_keyword(hir: &Hir, keywords: &[&str]) -> bool {
    if let Some(texts) = texts(hir) {
        return texts
            .iter()
            .all(|text| keywords.iter().any(|k| text.contains(*k)));
    }
    match hir.kind() {
        HirKind::Concat(parts) => (0..parts.len()).any(|i| {
            keyword_run(&parts[i..], keywords).is_some() || holds_keyword(&parts[i], keywords)
        }),
        HirKind::Capture(capture) => holds_keyword(&capture.sub, keywords),
        HirKind::Alternation(parts) => parts.iter().all(|part| holds_keyword(part, keywords)),
        HirKind::Repetition(rep) => rep.min >= 1 && holds_keyword(&rep.sub, keywords),
        _ => false,
    }
}

/// The last index of the shortest run of `parts` from the first whose texts
/// all hold one of `keywords`.
fn keyword_run(parts: &[Hir], keywords: &[&str]) -> Option<usize> {
    let mut texts_so_far = vec![String::new()];
    for (end, part) in parts.iter().enumerate() {
        let tails = texts(part)?;
        if texts_so_far.len() * tails.len() > 256 {
            return None;
        }
        texts_so_far = texts_so_far
            .iter()
            .flat_map(|h| tails.iter().map(move |t| format!("{h}{t}")))
            .collect();
        if texts_so_far
            .iter()
            .all(|text| keywords.iter().any(|k| text.contains(*k)))
        {
            return Some(end);
        }
    }
    None
}

/// Every text `hir` can match, lowercased, when they are few: literals, a
/// letter in either case, short optional parts (`passw(?:or)?d`).
fn texts(hir: &Hir) -> Option<Vec<String>> {
    const MOST: usize = 256;
    let joined = |heads: &[String], tails: &[String]| -> Option<Vec<String>> {
        (heads.len() * tails.len() <= MOST).then(|| {
            heads
                .iter()
                .flat_map(|h| tails.iter().map(move |t| format!("{h}{t}")))
                .collect()
        })
    };
    match hir.kind() {
        HirKind::Empty | HirKind::Look(_) => Some(vec![String::new()]),
        HirKind::Literal(literal) => Some(vec![
            String::from_utf8_lossy(&literal.0).to_ascii_lowercase(),
        ]),
        HirKind::Class(Class::Bytes(class)) => {
            let mut members = class.iter().flat_map(|r| r.start()..=r.end());
            let first = members.next()?.to_ascii_lowercase();
            members
                .all(|b| b.to_ascii_lowercase() == first)
                .then(|| vec![char::from(first).to_string()])
        }
        HirKind::Class(Class::Unicode(_)) => None,
        HirKind::Capture(capture) => texts(&capture.sub),
        HirKind::Alternation(parts) => {
            let mut all = Vec::new();
            for part in parts {
                all.extend(texts(part)?);
            }
            (all.len() <= MOST).then_some(all)
        }
        HirKind::Concat(parts) => parts.iter().try_fold(vec![String::new()], |heads, part| {
            joined(&heads, &texts(part)?)
        }),
        HirKind::Repetition(rep) => {
            let max = rep.max.filter(|&m| m <= 3)?;
            let one = texts(&rep.sub)?;
            let mut all = Vec::new();
            for n in rep.min..=max {
                let mut these = vec![String::new()];
                for _ in 0..n {
                    these = joined(&these, &one)?;
                }
                all.extend(these);
            }
            (all.len() <= MOST).then_some(all)
        }
    }
}

/// The most line breaks a match of `hir` can hold.
fn breaks(hir: &Hir) -> Option<usize> {
    match hir.kind() {
        HirKind::Empty | HirKind::Look(_) => Some(0),
        HirKind::Literal(literal) => Some(literal.0.iter().filter(|&&b| b == b'\n').count()),
        HirKind::Class(class) => Some(usize::from(holds_newline(class))),
        HirKind::Repetition(rep) => match breaks(&rep.sub)? {
            0 => Some(0),
            each => usize::try_from(rep.max?).ok()?.checked_mul(each),
        },
        HirKind::Capture(capture) => breaks(&capture.sub),
        HirKind::Concat(parts) => parts
            .iter()
            .try_fold(0usize, |sum, part| sum.checked_add(breaks(part)?)),
        HirKind::Alternation(parts) => parts
            .iter()
            .try_fold(0usize, |most, part| Some(most.max(breaks(part)?))),
    }
}

fn holds_newline(class: &Class) -> bool {
    match class {
        Class::Unicode(class) => class
            .ranges()
            .iter()
            .any(|r| r.start() <= '\n' && '\n' <= r.end()),
        Class::Bytes(class) => class
            .ranges()
            .iter()
            .any(|r| r.start() <= b'\n' && b'\n' <= r.end()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reach(pattern: &str) -> Reach {
        let hir = regex_syntax::ParserBuilder::new()
            .unicode(false)
            .utf8(false)
            .build()
            .parse(pattern)
            .unwrap();
        let keywords = ["key", "passwd", "password", "curl"];
        Reach::of(&hir, &keywords)
    }

    #[test]
    fn line_breaks_and_bytes_are_counted_where_a_match_can_hold_them() {
        let key = reach(r#"(?i)key[\s'"]{0,3}=[\x60\s]{0,5}([a-z0-9]{10,20})(?:\s|$)"#);
        assert_eq!(key.lines, Some(3 + 5 + 1));
        assert_eq!(key.bytes, Some(3 + 3 + 1 + 5 + 20 + 1));
        // The match starts at its key: no line above the key's is read.
        assert_eq!(key.before, Some(0));
        let no_keyword = reach(r"ghp_[0-9a-zA-Z]{36}");
        assert_eq!((no_keyword.lines, no_keyword.before), (Some(0), Some(0)));
        assert_eq!(no_keyword.bytes, Some(40));
        let block = reach(r"-----BEGIN[\s\S-]{64,}?KEY-----");
        assert_eq!((block.lines, block.before, block.bytes), (None, None, None));
        // Unbounded but on one line: its window is its keyword's line.
        assert_eq!(reach(r"key=[a-z]+").lines, Some(0));
        assert_eq!(reach("a\nb|c").lines, Some(1));
        // Breaks before the keyword are counted, in either case, through
        // an optional part of it.
        let after = reach(r"(?i)x\s{0,2}(?:passw(?:or)?d|key)\s{0,4}=\s*v");
        assert_eq!((after.lines, after.before), (None, Some(2)));
        let curl = reach(r"\bcurl\b(?:.*?(?:[\r\n]{1,2}.*?){1,5})[ \t\n](?:-H)");
        assert_eq!((curl.lines, curl.before), (Some(11), Some(0)));
        // No part sure to hold a keyword: every break may come before one.
        let unsure = reach(r"(?:key|x)\n=\n[a-z]{8}");
        assert_eq!((unsure.lines, unsure.before), (Some(2), Some(2)));
    }
}

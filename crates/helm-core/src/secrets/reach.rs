//! How far a rule's match can reach, read from the rule's parsed regex: how
//! many line breaks it can hold (which lines around a keyword the rule must
//! read: gitleaks' rules allow whitespace, newlines included, between a key
//! and its value) and how many bytes (how much a stream scanned in pieces
//! must overlap). Derived from the rules, so a new rule is read as far as
//! it can match, not as far as someone guessed.

use regex_syntax::hir::{Class, Hir, HirKind};

/// What one rule's match can hold at most; `None` where it is unbounded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Reach {
    /// Line breaks (`\n`) in one match.
    pub(crate) lines: Option<usize>,
    /// Bytes in one match.
    pub(crate) bytes: Option<usize>,
}

impl Reach {
    pub(crate) fn of(hir: &Hir) -> Reach {
        Reach {
            lines: breaks(hir),
            bytes: hir.properties().maximum_len(),
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
        Reach::of(&hir)
    }

    #[test]
    fn line_breaks_and_bytes_are_counted_where_a_match_can_hold_them() {
        let key = reach(r#"(?i)key[\s'"]{0,3}=[\x60\s]{0,5}([a-z0-9]{10,20})(?:\s|$)"#);
        assert_eq!(key.lines, Some(3 + 5 + 1));
        assert_eq!(key.bytes, Some(3 + 3 + 1 + 5 + 20 + 1));
        assert_eq!(
            reach(r"ghp_[0-9a-zA-Z]{36}"),
            Reach {
                lines: Some(0),
                bytes: Some(40)
            }
        );
        let block = reach(r"-----BEGIN[\s\S-]{64,}?KEY-----");
        assert_eq!(
            block,
            Reach {
                lines: None,
                bytes: None
            }
        );
        // Unbounded but on one line: its window is its keyword's line.
        assert_eq!(reach(r"key=[a-z]+").lines, Some(0));
        assert_eq!(reach("a\nb|c").lines, Some(1));
    }
}

//! Every rule's value alphabet at its edges (issue 46): a value whose first
//! or last character is drawn from either end of any range of its character
//! class is still found. The samples are generated from each rule's own
//! regex, so a rule added to `gitleaks.json` is walked without a line here.

use regex_syntax::hir::{Class, ClassBytes, Hir, HirKind};

use super::rules::{parse, rules};
use super::scan::find;

/// A text one rule's regex matches, and where in it the secret's runs of
/// classed characters are.
pub(super) struct Sample {
    pub(super) text: Vec<u8>,
    /// (start, end, class) of each repetition of a class in the secret.
    runs: Vec<(usize, usize, ClassBytes)>,
    secret: Option<(usize, usize)>,
    turn: usize,
}

impl Sample {
    pub(super) fn of(hir: &Hir, group: u32) -> Option<Sample> {
        let mut sample = Sample {
            text: Vec::new(),
            runs: Vec::new(),
            secret: None,
            turn: 0,
        };
        sample.walk(hir, group, false)?;
        Some(sample)
    }

    /// Appends a text `hir` matches; `None` where the generator cannot say
    /// one (a Unicode class, which these byte regexes do not hold).
    fn walk(&mut self, hir: &Hir, group: u32, secret: bool) -> Option<()> {
        match hir.kind() {
            HirKind::Empty | HirKind::Look(_) => {}
            HirKind::Literal(literal) => self.text.extend_from_slice(&literal.0),
            HirKind::Class(Class::Bytes(class)) => {
                let byte = self.pick(class)?;
                self.text.push(byte);
            }
            HirKind::Class(Class::Unicode(_)) => return None,
            HirKind::Repetition(rep) => {
                // Enough of the secret for its entropy; the least elsewhere.
                let max = rep.max.unwrap_or(u32::MAX);
                let n = if secret {
                    rep.min.max(max.min(32))
                } else {
                    rep.min
                };
                let start = self.text.len();
                for _ in 0..n {
                    self.walk(&rep.sub, group, secret)?;
                }
                if let (true, HirKind::Class(Class::Bytes(class))) = (secret, rep.sub.kind())
                    && n > 0
                {
                    self.runs.push((start, self.text.len(), class.clone()));
                }
            }
            HirKind::Capture(capture) => {
                let inside = secret || capture.index == group;
                let start = self.text.len();
                self.walk(&capture.sub, group, inside)?;
                if capture.index == group {
                    self.secret = Some((start, self.text.len()));
                }
            }
            HirKind::Concat(parts) => {
                for part in parts {
                    self.walk(part, group, secret)?;
                }
            }
            HirKind::Alternation(parts) => self.walk(&parts[0], group, secret)?,
        }
        Some(())
    }

    /// A member of `class`, varied from call to call: a letter or digit
    /// where the class holds one, else a printable character.
    fn pick(&mut self, class: &ClassBytes) -> Option<u8> {
        let members: Vec<u8> = class.iter().flat_map(|r| r.start()..=r.end()).collect();
        let alnum: Vec<u8> = members
            .iter()
            .copied()
            .filter(u8::is_ascii_alphanumeric)
            .collect();
        let printable: Vec<u8> = members
            .iter()
            .copied()
            .filter(u8::is_ascii_graphic)
            .collect();
        let from = [alnum, printable, members]
            .into_iter()
            .find(|m| !m.is_empty())?;
        self.turn += 7;
        Some(from[self.turn % from.len()])
    }
}

/// The ends of each range of `class` that can start or end a value: ASCII,
/// neither whitespace nor a control character.
fn edges(class: &ClassBytes) -> Vec<u8> {
    let mut ends: Vec<u8> = class
        .iter()
        .flat_map(|r| [r.start(), r.end()])
        .filter(u8::is_ascii_graphic)
        .collect();
    ends.dedup();
    ends
}

/// Whether a secret is found over any byte of `at` in `text`.
fn found_over(text: &[u8], at: (usize, usize)) -> bool {
    let Ok(text) = std::str::from_utf8(text) else {
        return false;
    };
    find(text).iter().any(|f| f.start < at.1 && at.0 < f.end)
}

#[test]
fn every_rules_value_alphabet_is_found_at_both_of_its_edges() {
    let set = rules();
    let mut walked = 0;
    let mut missed = Vec::new();
    for rule in &set.rules {
        let Some(hir) = parse(rule.source) else {
            panic!("{} does not parse", rule.id)
        };
        let group = rule.group.map_or(1, |g| g as u32);
        let Some(sample) = Sample::of(&hir, group) else {
            continue;
        };
        let (Some(secret), Some(first), Some(last)) =
            (sample.secret, sample.runs.first(), sample.runs.last())
        else {
            continue;
        };
        let mut text = sample.text.clone();
        text.push(b'\n');
        // A sample its own rule does not find (an allowlist's word, too
        // little entropy, a boundary the generator did not meet) says
        // nothing of its edges; the count below keeps those few.
        if !found_over(&text, secret) {
            continue;
        }
        walked += 1;
        for (at, class) in [(first.0, &first.2), (last.1 - 1, &last.2)] {
            for edge in edges(class) {
                let mut edged = text.clone();
                edged[at] = edge;
                if !found_over(&edged, secret) {
                    missed.push(format!(
                        "{}: {:?}",
                        rule.id,
                        String::from_utf8_lossy(&edged).trim_end()
                    ));
                }
            }
        }
    }
    assert!(
        walked * 10 >= set.rules.len() * 7,
        "only {walked} of {} rules' samples were found at all",
        set.rules.len()
    );
    assert!(
        missed.is_empty(),
        "{} missed:\n{}",
        missed.len(),
        missed.join("\n")
    );
}

#[test]
fn an_aws_secret_key_starting_or_ending_with_any_base64_letter_is_found() {
    let body = "0AABq7ZkP2mLw4NvB9cTj3HsY6dFgA1eUoQiKx8";
    for first in ["/", "+", "0", "z", "A"] {
        for line in [
            format!("aws_secret_access_key = {first}{body}"),
            format!("aws_secret_access_key = {body}{first}"),
            format!("aws_secret_access_key={first}{body}\n"),
        ] {
            let found = find(&line);
            assert_eq!(found.len(), 1, "{line}");
            let secret = &line[found[0].start..found[0].end];
            assert!(secret.contains(body), "{line}: {secret}");
            assert!(secret.contains(first), "{line}: {secret}");
        }
    }
}

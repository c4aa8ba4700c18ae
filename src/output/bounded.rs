//! `voyage show --limit N` and `--from ENTRY`: the story bounded to a
//! stretch of its entries, and a line on stderr saying what was left out
//! and how to see it, so a 300-entry logbook need not scroll past.

use std::io::{self, Write};

use super::voyage::StoryReport;
use super::{Report, Style};
use crate::error::{Error, Result};

/// A story with only some of its entries.
pub(crate) struct BoundedStory {
    pub(crate) story: StoryReport,
    /// Entries before the first shown, and after the last.
    pub(crate) earlier: usize,
    pub(crate) later: usize,
}

impl BoundedStory {
    /// Keeps the entries from number `from` on (all when `None`), at most
    /// `limit` of them: the first `limit` from `from`, else the newest. A
    /// range that holds no entry (`--limit 0`, `--from` past the last entry
    /// or before the first) is a usage error naming the entries there are:
    /// an empty story would read as a voyage with nothing in it.
    pub(crate) fn of(
        mut story: StoryReport,
        from: Option<i64>,
        limit: Option<usize>,
    ) -> Result<Self> {
        let entries = &mut story.story.snapshot.entries;
        let range = match (entries.first(), entries.last()) {
            (Some(first), Some(last)) => format!("entries {}–{}", first.id, last.id),
            _ => "no entries yet".to_string(),
        };
        if limit == Some(0) {
            return Err(Error::usage("--limit 0 shows no entry")
                .hint(format!("pass --limit 1 or more; the voyage has {range}")));
        }
        if let Some(from) = from {
            let within = match (entries.first(), entries.last()) {
                (Some(first), Some(last)) => (first.id..=last.id).contains(&from),
                _ => false,
            };
            if !within {
                return Err(
                    Error::usage(format!("--from {from} is outside the logbook")).hint(format!(
                        "pass --from within the range; the voyage has {range}"
                    )),
                );
            }
        }
        let total = entries.len();
        let start = match from {
            Some(from) => entries.iter().take_while(|e| e.id < from).count(),
            None => match limit {
                Some(limit) => total.saturating_sub(limit),
                None => 0,
            },
        };
        let end = match limit {
            Some(limit) => (start + limit).min(total),
            None => total,
        };
        entries.truncate(end);
        entries.drain(..start);
        Ok(BoundedStory {
            story,
            earlier: start,
            later: total - end,
        })
    }
}

impl Report for BoundedStory {
    fn human(&self, out: &mut dyn Write, style: Style) -> io::Result<()> {
        self.story.human(out, style)
    }

    fn json(&self, out: &mut dyn Write) -> io::Result<()> {
        self.story.json(out)
    }

    fn status_line(&self) -> Option<String> {
        let count = |n: usize, which: &str| match n {
            1 => format!("1 {which} entry"),
            n => format!("{n} {which} entries"),
        };
        let left: Vec<String> = [(self.earlier, "earlier"), (self.later, "later")]
            .into_iter()
            .filter(|(n, _)| *n > 0)
            .map(|(n, which)| count(n, which))
            .collect();
        (!left.is_empty()).then(|| {
            format!(
                "{} not shown; the whole story: helm voyage show without --limit and --from",
                left.join(" and ")
            )
        })
    }

    fn exit_code(&self) -> u8 {
        self.story.exit_code()
    }
}

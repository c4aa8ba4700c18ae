//! `voyage page`: the voyage as one self-contained HTML file a reviewer
//! opens offline, in any current browser: a header (intent, status, who
//! took part, the issues and pull requests acted on), a timeline drawn as
//! inline SVG, and every entry with its bearing and payloads folded in
//! place. Nothing on the page loads or runs: every recorded text is
//! escaped ([`html`]), the Content-Security-Policy forbids everything but
//! the page's own stylesheet ([`style`]), and links go only to the web
//! host of the GitHub server this machine is configured for, over https.

mod blocks;
mod entries;
mod fates;
mod github;
mod header;
pub(crate) mod html;
pub(crate) mod payload;
mod style;
#[cfg(test)]
mod tests;
mod timeline;

use std::collections::{HashMap, HashSet};
use std::io::{self, Write};
use std::path::PathBuf;

use super::{Report, Style};
use crate::model::Voyage;
use crate::model::entry::EntryAction;
use crate::storage::logbook::Entry;
use helm_core::Story;
pub(crate) use payload::Payloads;

/// What other parts of helm say about an entry, shown under its summary:
/// one labelled line each (who signed a pushed entry, the author's
/// standing, …). The page draws whatever it is given.
#[derive(Debug, Default)]
pub(crate) struct Annotations {
    by_entry: HashMap<i64, Vec<Annotation>>,
}

#[derive(Debug)]
pub(crate) struct Annotation {
    /// A word or two, e.g. `signed by`.
    pub(crate) label: String,
    pub(crate) text: String,
    /// Drawn as a warning (an unsigned or unknown author, say).
    pub(crate) warn: bool,
    /// The entry it points to, linked after the text (the steer that
    /// performed a proposal, say).
    pub(crate) entry: Option<i64>,
}

impl Annotations {
    pub(crate) fn add(&mut self, entry: i64, annotation: Annotation) {
        self.by_entry.entry(entry).or_default().push(annotation);
    }

    pub(crate) fn of(&self, entry: i64) -> Option<&[Annotation]> {
        self.by_entry
            .get(&entry)
            .map(Vec::as_slice)
            .filter(|notes| !notes.is_empty())
    }
}

/// What marks an entry on the timeline and its heading: an override, a
/// steer that acted on a stale or unchecked bearing (`--allow-stale`), a
/// result learnt after a lost answer. `(words, is it a warning)`.
pub(crate) fn flags(entry: &Entry) -> Vec<(String, bool)> {
    let Some(EntryAction::Steer(record)) = entry.parsed_action() else {
        return Vec::new();
    };
    let mut flags = Vec::new();
    if record.part.contains_key("override") {
        flags.push(("override".to_string(), true));
    }
    if let Some(fresh) = &record.freshness {
        use crate::model::entry::Verdict;
        match fresh.verdict {
            Verdict::Stale => flags.push(("--allow-stale: stale".to_string(), true)),
            Verdict::Unchecked => flags.push(("--allow-stale: unchecked".to_string(), true)),
            _ => {}
        }
    }
    if let Some(how) = &record.settled {
        flags.push((format!("recorded from {}", how.replace('-', " ")), false));
    }
    flags
}

/// Reads the voyage (each payload once) and renders its page.
pub(crate) fn of(helm: &helm_core::Helm, voyage: &str) -> crate::error::Result<(Story, String)> {
    let mut payloads = Payloads::default();
    let story = helm.voyage_read(voyage, true, |hash, target, payload| {
        payloads.add(hash, target, payload)
    })?;
    // Per-entry annotations: who signed each pushed entry (git's verdict on
    // the remote commit that carries it), a warning when it is not good.
    let mut notes = Annotations::default();
    for (entry, signature) in &story.signers {
        let line = crate::output::signed::line(signature);
        notes.add(
            *entry as i64,
            Annotation {
                label: "sync".to_string(),
                text: line,
                warn: signature.verdict != 'G',
                entry: None,
            },
        );
    }
    // Each proposal's fate, who decided, and the entry that decided it.
    for (entry, note) in fates::fates(&story.snapshot.entries) {
        notes.add(entry, note);
    }
    let html = render(&story, &payloads, &notes);
    Ok((story, html))
}

/// The whole page as one string.
pub(crate) fn render(story: &Story, payloads: &Payloads, notes: &Annotations) -> String {
    let snapshot = &story.snapshot;
    // Links go to the forge this machine is configured for, never to a
    // host a recorded entry names.
    let links = html::Links::to(story.forge_web.as_deref());
    // About 1 KiB an entry, and the payloads as rendered.
    let mut out = String::with_capacity(snapshot.entries.len() * 1024 + (64 << 10));
    out.push_str(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n\
         <meta http-equiv=\"Content-Security-Policy\" content=\"",
    );
    out.push_str(&style::csp());
    out.push_str(
        "\">\n<meta name=\"referrer\" content=\"no-referrer\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <meta name=\"color-scheme\" content=\"light dark\"><title>",
    );
    html::line(&mut out, &snapshot.voyage.intent);
    out.push_str(" · helm voyage</title>\n<style>");
    out.push_str(style::CSS);
    out.push_str("</style></head>\n<body>\n");
    header::write(&mut out, story, &links, payloads);
    out.push_str("<h2>Timeline</h2>");
    timeline::write(&mut out, &snapshot.entries);
    out.push_str("\n<h2>Logbook</h2>\n");
    if snapshot.entries.is_empty() {
        out.push_str("<p class=\"dim\">The logbook is empty.</p>");
    }
    let voyage = snapshot.voyage.id.to_string();
    let mut cx = entries::EntryInputs {
        voyage: &voyage,
        links: &links,
        payloads,
        digests: &story.digests,
        changes: &story.changes,
        notes,
        placed: HashSet::new(),
        described: HashMap::new(),
    };
    for entry in &snapshot.entries {
        entries::write(&mut out, entry, &mut cx);
    }
    out.push_str(
        "<footer class=\"dim\"><p>Written by <code>helm voyage page</code>. \
                  Payloads are cut to their budget; <code>helm artifact show HASH</code> \
                  shows any of them whole.</p></footer>\n</body></html>\n",
    );
    out
}

/// `voyage page` without `--out`: the page on stdout; under `--json`, in
/// a document with the voyage and its size.
pub(crate) struct PageReport {
    pub(crate) voyage: Voyage,
    pub(crate) html: String,
}

impl Report for PageReport {
    fn human(&self, out: &mut dyn Write, _style: Style) -> io::Result<()> {
        out.write_all(self.html.as_bytes())
    }

    fn json(&self, out: &mut dyn Write) -> io::Result<()> {
        super::write_json(
            out,
            &PageData {
                voyage: &self.voyage,
                bytes: self.html.len(),
                html: &self.html,
            },
        )
    }
}

/// `voyage page --json`: the page in a document, with its voyage and size.
#[derive(serde::Serialize)]
struct PageData<'a> {
    voyage: &'a Voyage,
    bytes: usize,
    html: &'a str,
}

/// `voyage page --out FILE --json`: where the page went.
#[derive(serde::Serialize)]
struct PageFile<'a> {
    voyage: &'a Voyage,
    path: &'a std::path::Path,
    bytes: u64,
}

/// `voyage page --out FILE`: where the page went.
pub(crate) struct PageWritten {
    pub(crate) voyage: Voyage,
    pub(crate) path: PathBuf,
    pub(crate) bytes: u64,
}

impl Report for PageWritten {
    fn human(&self, out: &mut dyn Write, _style: Style) -> io::Result<()> {
        writeln!(out, "{}", self.path.display())
    }

    fn json(&self, out: &mut dyn Write) -> io::Result<()> {
        super::write_json(
            out,
            &PageFile {
                voyage: &self.voyage,
                path: &self.path,
                bytes: self.bytes,
            },
        )
    }

    fn status_line(&self) -> Option<String> {
        Some(format!(
            "wrote the page of voyage {} ({}) to {}; open it in a browser",
            self.voyage.id,
            crate::words::human_bytes(self.bytes),
            self.path.display()
        ))
    }
}

//! Each logbook entry as a section the timeline links to (`#e12`): what
//! was done and its result on GitHub, who decided and why, what the
//! freshness check found, the annotations other parts of helm add, and
//! the bearing, each observation with its payload folded in place.

use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;

use serde_json::Value;

use super::html::{Links, line, payload_id, text};
use super::payload::{ARTIFACT_BUDGET, PayloadView, Payloads};
use super::{Annotations, flags};
use crate::model::entry::{EntryAction, SteerRecord};
use crate::storage::logbook::Entry;
use crate::storage::slate::Observation;
use helm_core::Changes;
use helm_core::Headline;

/// What every entry's section needs besides the entry.
pub(crate) struct EntryInputs<'a> {
    pub(crate) voyage: &'a str,
    pub(crate) links: &'a Links,
    pub(crate) payloads: &'a Payloads,
    pub(crate) digests: &'a HashMap<String, String>,
    pub(crate) changes: &'a Changes,
    pub(crate) notes: &'a Annotations,
    /// Artifacts whose payload is already on the page: shown once, at the
    /// first observation that holds it; later ones link there.
    pub(crate) placed: HashSet<String>,
    /// Each target's line, read once: a long voyage looks at the same few
    /// things again and again.
    pub(crate) described: HashMap<String, String>,
}

pub(crate) fn write(out: &mut String, entry: &Entry, cx: &mut EntryInputs<'_>) {
    let steer = entry.is_steer();
    let class = if steer { "steer" } else { "log" };
    let kind = entry.kind_name();
    let _ = write!(
        out,
        "<section class=\"entry {class}\" id=\"e{id}\"><h3><span class=\"kind\">{kind}</span> \
         <a href=\"#e{id}\">{id}</a> · ",
        id = entry.id
    );
    line(out, &entry.headline());
    for (flag, bad) in flags(entry) {
        out.push_str(if bad {
            "<span class=\"flag bad\">"
        } else {
            "<span class=\"flag\">"
        });
        text(out, &flag);
        out.push_str("</span>");
    }
    out.push_str("</h3><p class=\"who\"><b>");
    let who = &entry.provenance;
    line(out, &who.identity);
    out.push_str("</b> as ");
    line(out, &who.role);
    out.push_str(" · ");
    line(out, &who.method);
    if let Some(actor) = entry.actor() {
        out.push_str(" · via GitHub account <b>");
        line(out, actor);
        out.push_str("</b>");
    }
    out.push_str(" · <span class=\"dim\">");
    line(out, &crate::text::when(&entry.recorded_at));
    out.push_str("</span></p>");
    for said in crate::output::traced::lines(entry) {
        out.push_str("<p class=\"dim\">");
        line(out, &said);
        out.push_str("</p>");
    }
    if let Some(EntryAction::Steer(record)) = entry.parsed_action() {
        world(out, record, cx.links);
    }
    out.push_str("<div class=\"summary\">");
    text(out, &who.summary);
    out.push_str("</div>");
    let said = crate::output::asked::of(entry);
    if !said.details.is_empty() {
        out.push_str("<ul>");
        for detail in &said.details {
            out.push_str("<li>");
            line(out, detail);
            out.push_str("</li>");
        }
        out.push_str("</ul>");
    }
    if let Some(body) = &said.body {
        out.push_str("<blockquote>");
        text(out, body);
        out.push_str("</blockquote>");
    }
    if let Some(EntryAction::Steer(record)) = entry.parsed_action() {
        freshness(out, record);
    }
    if let Some(notes) = cx.notes.of(entry.id) {
        out.push_str("<ul class=\"notes\">");
        for note in notes {
            out.push_str(if note.warn {
                "<li class=\"cut\"><b>"
            } else {
                "<li><b>"
            });
            line(out, &note.label);
            out.push_str(":</b> ");
            line(out, &note.text);
            if let Some(id) = note.entry {
                let _ = write!(out, " <a href=\"#e{id}\">entry {id}</a>");
            }
            out.push_str("</li>");
        }
        out.push_str("</ul>");
    }
    if entry.bearing.is_empty() {
        out.push_str("<p class=\"dim\">Bearing: no observations.</p>");
    } else {
        let _ = write!(
            out,
            "<h4>Bearing ({})</h4><ul class=\"bearing\">",
            entry.bearing.len()
        );
        for observation in &entry.bearing {
            out.push_str("<li>");
            bearing(out, entry, observation, cx);
            out.push_str("</li>");
        }
        out.push_str("</ul>");
    }
    out.push_str("</section>\n");
}

/// The steer's result on its forge, as links to the recorded server. Links
/// are built for GitHub's entries only: the page links to one web host, and
/// another forge's `repo` means nothing there.
fn world(out: &mut String, record: &SteerRecord, links: &Links) {
    let elsewhere = crate::output::asked::elsewhere(record);
    out.push_str("<p class=\"world\">On ");
    match &elsewhere {
        Some(place) => text(out, place),
        None => out.push_str("GitHub"),
    }
    out.push_str(": ");
    let github_links = Links::to(None);
    let links = if elsewhere.is_some() {
        &github_links
    } else {
        links
    };
    let repo = record.repo.as_str();
    let thing = match (record.pr, record.issue) {
        (Some(pr), _) => Some(("pull", pr, format!("{repo}#{pr} (pull request)"))),
        (None, Some(issue)) => Some(("issues", issue, format!("{repo}#{issue}"))),
        (None, None) => None,
    };
    let mut said = false;
    let mut built = None;
    if let Some((what, number, label)) = &thing {
        links.thing(out, repo, what, &number.to_string(), label);
        built = links.github(repo, what, &number.to_string());
        said = true;
    }
    // The address GitHub answered with, unless it is the one built above.
    if let Some(url) = &record.url
        && built.as_deref() != Some(url.as_str())
    {
        out.push_str(if said { " · " } else { "" });
        links.anchor(out, url, "what it made");
        said = true;
    }
    if let Some(sha) = record.part.get("mergeSha").and_then(Value::as_str) {
        out.push_str(if said {
            " · merge commit "
        } else {
            "merge commit "
        });
        let short: String = sha.chars().take(12).collect();
        links.thing(out, repo, "commit", sha, &short);
        said = true;
    }
    if !said {
        line(out, repo);
    }
    out.push_str("</p>");
}

/// The freshness check's verdict, what it checked and what it found changed,
/// and an override's reason.
fn freshness(out: &mut String, record: &SteerRecord) {
    if let Some(fresh) = &record.freshness {
        let verdict = serde_json::to_value(fresh.verdict)
            .ok()
            .and_then(|v| v.as_str().map(str::to_string))
            .unwrap_or_default();
        out.push_str("<p class=\"fresh\">Freshness: <b>");
        line(out, &verdict);
        out.push_str("</b>");
        if fresh.checked > 0 {
            let _ = write!(
                out,
                " · checked {} {}",
                fresh.checked,
                crate::words::plural(fresh.checked as u64, "observation", "observations")
            );
        }
        for changed in &fresh.changed {
            out.push_str(" · ");
            line(out, changed);
        }
        out.push_str("</p>");
    }
    if let Some(reason) = record.part.get("override").and_then(Value::as_str) {
        out.push_str("<p class=\"cut\"><b>Overridden:</b> ");
        line(out, reason);
        out.push_str("</p>");
    }
}

/// One observation of the bearing: its target, time, digest, what changed
/// since the bearing before, and its payload folded (or a link to where the
/// page already shows it).
fn bearing(out: &mut String, entry: &Entry, observation: &Observation, cx: &mut EntryInputs<'_>) {
    out.push_str("<b>");
    let target = &observation.target;
    if !cx.described.contains_key(target) {
        let described = crate::output::entry::describe_target(target);
        cx.described.insert(target.clone(), described);
    }
    line(out, cx.described.get(target).map_or("", String::as_str));
    out.push_str("</b> <span class=\"dim\">");
    line(out, &crate::text::when(&observation.observed_at));
    out.push_str("</span> <span class=\"hash\">");
    line(out, crate::output::short_hash(&observation.artifact));
    out.push_str("</span>");
    if let Some(digest) = cx.digests.get(&observation.artifact) {
        out.push_str("<br>");
        line(out, digest);
    }
    if let Some(changed) = crate::output::entry::changed(cx.changes, entry, observation) {
        out.push_str("<br><i>");
        line(out, &changed);
        out.push_str("</i>");
    }
    let id = payload_id(&observation.artifact);
    let first = cx.placed.insert(observation.artifact.clone());
    let show = |out: &mut String, how: &str| {
        out.push_str("<br><span class=\"dim\">");
        line(out, how);
        out.push_str("</span> ");
    };
    match cx.payloads.shown.get(&observation.artifact) {
        Some(PayloadView::Html { .. }) if !first => {
            let _ = write!(
                out,
                "<br><a href=\"#{id}\">the same payload, shown above</a>"
            );
        }
        Some(PayloadView::Html { html, cut, reduced }) => {
            let what = if *reduced { "summary" } else { "payload" };
            let _ = write!(out, "<details id=\"{id}\"><summary>{what}</summary>{html}");
            if *cut {
                let _ = write!(
                    out,
                    "<p class=\"cut\">Cut at {} KiB; all of it: <code>",
                    ARTIFACT_BUDGET / 1024
                );
                command(out, cx.voyage, &observation.artifact);
                out.push_str("</code></p>");
            }
            out.push_str("</details>");
        }
        Some(PayloadView::Jettisoned) => show(out, "jettisoned: only its hash is kept"),
        Some(PayloadView::TooLarge(size)) => {
            let size = crate::words::human_bytes(*size);
            show(
                out,
                &format!("{size} stored, too big for the page; see it with"),
            );
            out.push_str("<code>");
            command(out, cx.voyage, &observation.artifact);
            out.push_str("</code>");
        }
        Some(PayloadView::OverPage) => {
            show(
                out,
                "not shown: the page holds enough payloads; see it with",
            );
            out.push_str("<code>");
            command(out, cx.voyage, &observation.artifact);
            out.push_str("</code>");
        }
        Some(PayloadView::Unreadable) | None => show(out, "its payload cannot be read"),
    }
}

/// `helm artifact show HASH --voyage ID`, escaped.
fn command(out: &mut String, voyage: &str, hash: &str) {
    out.push_str("helm artifact show ");
    line(out, crate::output::short_hash(hash));
    out.push_str(" --voyage ");
    line(out, voyage);
}

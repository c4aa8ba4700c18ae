//! The page's head: what the voyage was for and where it ended, who took
//! part (identity, roles, methods, the GitHub accounts that acted for them)
//! and each issue and pull request it acted on, as last observed.

use std::collections::HashMap;
use std::fmt::Write as _;

use serde_json::Value;

use super::github::Facts;
use super::html::{Links, line, text};
use super::payload::Payloads;
use crate::model::VoyageStatus;
use crate::model::entry::EntryAction;
use crate::storage::slate::Observation;
use helm_core::Story;

pub(crate) fn write(out: &mut String, story: &Story, links: &Links, payloads: &Payloads) {
    let snapshot = &story.snapshot;
    let voyage = &snapshot.voyage;
    out.push_str("<header><h1>");
    line(out, &voyage.intent);
    out.push_str("</h1><dl class=\"facts\"><dt>Status</dt><dd>");
    match &voyage.status {
        VoyageStatus::Active => out.push_str("active"),
        VoyageStatus::Ended { ended_status, .. } => {
            out.push_str("ended");
            if let Some(status) = ended_status {
                out.push_str(": <b>");
                line(out, status);
                out.push_str("</b>");
            }
        }
    }
    out.push_str("</dd><dt>Started</dt><dd>");
    line(out, &crate::text::when(&voyage.created_at));
    if let VoyageStatus::Ended { ended_at, .. } = &voyage.status {
        out.push_str("</dd><dt>Ended</dt><dd>");
        line(out, &crate::text::when(ended_at));
    }
    let _ = write!(
        out,
        "</dd><dt>Voyage</dt><dd><code>{}</code></dd><dt>Entries</dt><dd>{}</dd></dl>",
        voyage.id,
        snapshot.entries.len()
    );
    if !story.interrupted.is_empty() {
        let _ = write!(
            out,
            "<p class=\"cut\">{} interrupted steer(s) on this machine: GitHub may have acted \
             without an entry; <code>helm interrupted list</code> says which.</p>",
            story.interrupted.len()
        );
    }
    if !snapshot.slate.is_empty() {
        let _ = write!(
            out,
            "<p class=\"dim\">On the slate, not yet sealed into an entry: {} observation(s).</p>",
            snapshot.slate.len()
        );
    }
    out.push_str("</header>");
    people(out, story);
    touched(out, story, links, payloads);
}

/// One row per identity: roles, methods, the accounts that acted, entries.
/// Pushes `item` unless `list` holds it already.
fn add<'a>(list: &mut Vec<&'a str>, item: &'a str) {
    if !list.contains(&item) {
        list.push(item);
    }
}

fn people(out: &mut String, story: &Story) {
    struct Person<'a> {
        identity: &'a str,
        roles: Vec<&'a str>,
        methods: Vec<&'a str>,
        actors: Vec<&'a str>,
        entries: usize,
    }
    let mut people: Vec<Person<'_>> = Vec::new();
    for entry in &story.snapshot.entries {
        let who = &entry.provenance;
        let at = match people.iter().position(|p| p.identity == who.identity) {
            Some(at) => at,
            None => {
                people.push(Person {
                    identity: &who.identity,
                    roles: Vec::new(),
                    methods: Vec::new(),
                    actors: Vec::new(),
                    entries: 0,
                });
                people.len() - 1
            }
        };
        let person = &mut people[at];
        person.entries += 1;
        add(&mut person.roles, who.role.as_str());
        add(&mut person.methods, who.method.as_str());
        if let Some(actor) = entry.actor() {
            add(&mut person.actors, actor);
        }
    }
    if people.is_empty() {
        return;
    }
    out.push_str(
        "<h2>Who took part</h2><table><tr><th>identity</th><th>roles</th><th>methods</th>\
         <th>GitHub accounts that acted</th><th>entries</th></tr>",
    );
    for person in &people {
        out.push_str("<tr><td><b>");
        line(out, person.identity);
        for list in [&person.roles, &person.methods, &person.actors] {
            out.push_str("</b></td><td>");
            line(out, &list.join(", "));
        }
        let _ = write!(out, "</td><td>{}</td></tr>", person.entries);
    }
    out.push_str("</table>");
}

/// Each issue and pull request a steer acted on, with its steers and what
/// the latest observations showed of it.
fn touched(out: &mut String, story: &Story, links: &Links, payloads: &Payloads) {
    // (is a PR, repo as the table names it, number, its steers as (entry,
    // action, recorded at), whether it is on another forge than GitHub)
    type Thing = (bool, String, u64, Vec<(i64, String, String)>, bool);
    let mut things: Vec<Thing> = Vec::new();
    for entry in &story.snapshot.entries {
        let Some(EntryAction::Steer(record)) = entry.parsed_action() else {
            continue;
        };
        let (pr, number) = match (record.pr, record.issue) {
            (Some(pr), _) => (true, pr),
            (None, Some(issue)) => (false, issue),
            (None, None) => continue,
        };
        let steer = serde_json::to_value(record.steer)
            .ok()
            .and_then(|v| v.as_str().map(str::to_string))
            .unwrap_or_default();
        let repo = match &record.host {
            Some(host) if record.forge.is_some() => format!("{host}/{}", record.repo),
            _ => record.repo.clone(),
        };
        let same = |t: &&mut Thing| t.0 == pr && t.2 == number && t.1.eq_ignore_ascii_case(&repo);
        match things.iter_mut().find(same) {
            Some(thing) => thing.3.push((entry.id, steer, entry.recorded_at.clone())),
            None => things.push((
                pr,
                repo,
                number,
                vec![(entry.id, steer, entry.recorded_at.clone())],
                record.forge.is_some(),
            )),
        }
    }
    if things.is_empty() {
        return;
    }
    let looks = looks(story);
    out.push_str(
        "<h2>Issues and pull requests</h2><table><tr><th></th><th>steers</th>\
         <th>last observed</th></tr>",
    );
    for (pr, repo, number, steers, elsewhere) in &things {
        out.push_str("<tr><td>");
        let (what, word) = if *pr {
            ("pull", "PR")
        } else {
            ("issues", "issue")
        };
        let label = format!("{word} {repo}#{number}");
        if *elsewhere {
            // The page links to GitHub's web host only.
            text(out, &label);
        } else {
            links.thing(out, repo, what, &number.to_string(), &label);
        }
        out.push_str("</td><td>");
        for (i, (id, steer, _)) in steers.iter().enumerate() {
            out.push_str(if i > 0 { ", " } else { "" });
            let _ = write!(out, "<a href=\"#e{id}\">");
            text(out, steer);
            let _ = write!(out, " ({id})</a>");
        }
        out.push_str("</td><td>");
        match last_seen(&looks, payloads, *pr, repo, *number) {
            Some((at, facts)) => {
                seen(out, &at, &facts, *pr);
                // What the voyage itself did to it after that look.
                let after: Vec<&(i64, String, String)> =
                    steers.iter().filter(|(_, _, when)| *when > at).collect();
                for (i, (id, steer, _)) in after.iter().enumerate() {
                    out.push_str(if i == 0 { "; since then: " } else { ", " });
                    let _ = write!(out, "<a href=\"#e{id}\">");
                    text(out, steer);
                    let _ = write!(out, " ({id})</a>");
                }
            }
            None => out.push_str("<span class=\"dim\">not observed</span>"),
        }
        out.push_str("</td></tr>");
    }
    out.push_str("</table>");
}

fn seen(out: &mut String, at: &str, facts: &Facts, pr: bool) {
    let mut parts: Vec<String> = Vec::new();
    if let Some(title) = &facts.title {
        parts.push(format!("“{title}”"));
    }
    if let Some(state) = &facts.state {
        parts.push(state.clone());
    }
    if pr {
        match facts.merged {
            Some(true) => parts.push("merged".into()),
            Some(false) => parts.push("not merged".into()),
            None => {}
        }
        if let Some(head) = &facts.head {
            parts.push(format!("head {head}"));
        }
        if let Some(reviews) = &facts.reviews {
            parts.push(format!("reviews: {reviews}"));
        }
        if let Some(ci) = &facts.ci {
            parts.push(format!("CI: {ci}"));
        }
    }
    line(out, &parts.join(" · "));
    out.push_str(" <span class=\"dim\">(");
    line(out, &crate::text::when(at));
    out.push_str(")</span>");
}

/// The looks at issues and pull requests, each target read once: (is a
/// PR, repo in lowercase, number) → its observations.
type Looks<'a> = HashMap<(bool, String, u64), Vec<&'a Observation>>;

fn looks(story: &Story) -> Looks<'_> {
    let mut looks: Looks<'_> = HashMap::new();
    let snapshot = &story.snapshot;
    let all = snapshot.entries.iter().flat_map(|e| e.bearing.iter());
    for observation in all.chain(snapshot.slate.iter()) {
        // Only forge targets can be of an issue or PR: skip the rest unread.
        if !observation.target.contains("\"repo\"") {
            continue;
        }
        let Ok(target) = serde_json::from_str::<Value>(&observation.target) else {
            continue;
        };
        let kind = target.get("kind").and_then(Value::as_str).unwrap_or("");
        let (pr, number) = match super::github::shape(kind) {
            "github-pr" => (true, target.get("number")),
            "github-checks" => (true, target.get("pr")),
            "github-issue" => (false, target.get("number")),
            _ => continue,
        };
        let (Some(number), Some(repo)) = (
            number.and_then(Value::as_u64),
            target.get("repo").and_then(Value::as_str),
        ) else {
            continue;
        };
        // Another forge's targets name their host, as its entries do.
        let repo = match target.get("host").and_then(Value::as_str) {
            Some(host) if !kind.starts_with("github-") => format!("{host}/{repo}"),
            _ => repo.to_string(),
        };
        let key = (pr, repo.to_ascii_lowercase(), number);
        looks.entry(key).or_default().push(observation);
    }
    looks
}

/// The newest observation of the thing with facts, those facts completed
/// from older looks (a look at the comments alone says nothing of CI).
fn last_seen(
    looks: &Looks<'_>,
    payloads: &Payloads,
    pr: bool,
    repo: &str,
    number: u64,
) -> Option<(String, Facts)> {
    let mut looks = looks.get(&(pr, repo.to_ascii_lowercase(), number))?.clone();
    looks.sort_by(|a, b| b.observed_at.cmp(&a.observed_at));
    let newest = looks.first()?.observed_at.clone();
    let facts = looks
        .iter()
        .filter_map(|o| payloads.facts.get(&o.artifact))
        .fold(Facts::default(), |acc, older| acc.or(older));
    Some((newest, facts))
}

//! The page's only ways of writing text and links. Everything a voyage
//! holds (intent, summaries, bodies, logs, paths, logins) goes through
//! [`text`] or [`line`], so it renders as the characters that were
//! written and never as markup; a link goes through [`Links`], so it can
//! only point at the web host of the GitHub server this machine is
//! configured for, over https.

use std::fmt::Write as _;

use crate::text::{is_hostile, is_invisible};

/// Appends `raw` escaped for HTML text and attribute values alike, control
/// characters shown as U+FFFD (a terminal escape in a CI log reads as
/// `�[31m`, never as a colour), invisible and bidi characters written out
/// as `<U+202E>` as everywhere helm shows text, newlines kept.
pub(crate) fn text(out: &mut String, raw: &str) {
    let mut start = 0;
    let mut written;
    for (i, c) in raw.char_indices() {
        let replace = match c {
            '&' => "&amp;",
            '<' => "&lt;",
            '>' => "&gt;",
            '"' => "&quot;",
            '\'' => "&#39;",
            '\r' => "",
            c if is_hostile(c) => "\u{fffd}",
            c if is_invisible(c) => {
                written = format!("&lt;U+{:04X}&gt;", c as u32);
                written.as_str()
            }
            _ => continue,
        };
        out.push_str(&raw[start..i]);
        out.push_str(replace);
        start = i + c.len_utf8();
    }
    out.push_str(&raw[start..]);
}

/// [`text`] on one line: newlines and tabs become spaces.
pub(crate) fn line(out: &mut String, raw: &str) {
    if raw.contains(['\n', '\t']) {
        text(out, &raw.replace(['\n', '\t'], " "));
    } else {
        text(out, raw);
    }
}

/// [`text`] as a new string.
#[cfg(test)]
pub(crate) fn escaped(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    text(&mut out, raw);
    out
}

/// Where links may go: the web host of the GitHub server this machine is
/// configured for (`HELM_GITHUB_API_URL`), over https only. Never a host a
/// recorded entry names: a pulled entry was written on another machine,
/// and its addresses are shown as text unless they are on this host. A
/// server that is not https links nowhere.
#[derive(Clone, Debug, Default)]
pub(crate) struct Links {
    /// `https://github.com` (no trailing slash), when known.
    origin: Option<String>,
}

impl Links {
    /// Links to `origin`, the web host of the forge this machine is
    /// configured for, when it is `https://` and a plain host name (letters,
    /// digits, dots, dashes, an optional port); else no links at all.
    pub(crate) fn to(origin: Option<&str>) -> Links {
        let origin = origin.and_then(|origin| {
            let host = origin.strip_prefix("https://")?;
            let plain = !host.is_empty()
                && host
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | ':'));
            plain.then(|| format!("https://{}", host.to_ascii_lowercase()))
        });
        Links { origin }
    }

    #[cfg(test)]
    pub(crate) fn origin(&self) -> Option<&str> {
        self.origin.as_deref()
    }

    /// `url` itself when it is an address on the web host made only of
    /// characters a URL needs (no quotes, spaces, angle brackets or controls).
    pub(crate) fn check<'a>(&self, url: &'a str) -> Option<&'a str> {
        let origin = self.origin.as_deref()?;
        let path = url.strip_prefix(origin)?;
        let safe = (path.is_empty() || path.starts_with(['/', '#', '?']))
            && path
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "/-._~%#?=&+:@,;!*()$".contains(c));
        safe.then_some(url)
    }

    /// The page of an issue, a pull request or a commit of `repo`, built
    /// from the recorded server when `repo` is a plain `owner/name`.
    pub(crate) fn github(&self, repo: &str, what: &str, id: &str) -> Option<String> {
        let origin = self.origin.as_deref()?;
        let plain = |s: &str| {
            !s.is_empty()
                && s != "."
                && s != ".."
                && s.chars()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_'))
        };
        let (owner, name) = repo.split_once('/')?;
        let ok = plain(owner) && plain(name) && id.chars().all(|c| c.is_ascii_alphanumeric());
        ok.then(|| format!("{origin}/{owner}/{name}/{what}/{id}"))
    }

    /// `label` as a link to `url` when [`Links::check`] allows it, else the
    /// label followed by the address as plain text (so nothing is lost).
    pub(crate) fn anchor(&self, out: &mut String, url: &str, label: &str) {
        match self.check(url) {
            Some(url) => {
                out.push_str("<a rel=\"noreferrer\" href=\"");
                text(out, url);
                out.push_str("\">");
                text(out, label);
                out.push_str("</a>");
            }
            None => {
                text(out, label);
                if label != url {
                    out.push_str(" <span class=\"addr\">");
                    line(out, url);
                    out.push_str("</span>");
                }
            }
        }
    }

    /// A link to the built page of `repo`'s `what/id`, else the label alone.
    pub(crate) fn thing(&self, out: &mut String, repo: &str, what: &str, id: &str, label: &str) {
        match self.github(repo, what, id) {
            Some(url) => self.anchor(out, &url, label),
            None => text(out, label),
        }
    }
}

/// An element id for an artifact's payload, from its hash (hex in every
/// voyage helm writes; anything else is reduced to its hex digits).
pub(crate) fn payload_id(hash: &str) -> String {
    let mut id = String::from("p-");
    id.extend(hash.chars().filter(char::is_ascii_hexdigit).take(16));
    id
}

/// `<tag class="…">escaped</tag>`.
pub(crate) fn tagged(out: &mut String, tag: &str, class: &str, raw: &str) {
    let _ = write!(out, "<{tag} class=\"{class}\">");
    text(out, raw);
    let _ = write!(out, "</{tag}>");
}

//! What a steer's texts become before anything is acted or recorded
//! (issue 34): `--disclose` (or `HELM_DISCLOSE=1`) ends each body with a
//! footer saying who posted it, how, and from which voyage and request;
//! then the steer, final, passes the outbound gate (`egress::outbound`:
//! no secret leaves unless `--allow-secret` names its rule) and GitHub's
//! length limit. A steer and its dry run share this path (issue 40).

use crate::actions::{Dispatch, Steer};
use crate::egress::outbound::Outbound;
use crate::error::{Error, Result};
use crate::model::Provenance;

/// A steer as it will leave for the forge: its footer in, every string
/// checked, and the gate its client passes each write through.
pub(crate) struct Prepared {
    pub(crate) steer: Steer,
    pub(crate) outbound: Outbound,
    /// The allowed secret rules it carries, for the entry.
    pub(crate) allowed: Vec<String>,
    /// The request id, or the attempt's own when none was given.
    pub(crate) attempt_id: String,
}

/// What of a steer's request its texts depend on: who asks (for the
/// footer), under which id, and which secret rules they allow. Kept apart
/// from `logbook::SteerRequest`, which calls this, so the two do not import
/// each other.
#[derive(Clone, Copy)]
pub(crate) struct Asked<'a> {
    pub(crate) provenance: &'a Provenance,
    pub(crate) request_id: Option<&'a str>,
    pub(crate) allow_secret: &'a [String],
}

/// Makes `steer` final (the footer when `disclose`), then refuses it when a
/// string in it holds a secret not allowed, or when its body no longer fits
/// GitHub's limit: the steer and its dry run both come through here.
pub(crate) fn prepare(
    mut steer: Steer,
    asked: Asked<'_>,
    disclose: bool,
    voyage: &str,
) -> Result<Prepared> {
    // The footer names the attempt, so its id is made here when the
    // caller gave none.
    let attempt_id = asked
        .request_id
        .map(str::to_string)
        .unwrap_or_else(crate::steering::pending::new_attempt_id);
    if disclose {
        add_footer(&mut steer, asked.provenance, voyage, &attempt_id);
    }
    let outbound = Outbound::new(asked.allow_secret, &steer);
    let allowed = outbound.steer(&steer)?;
    if disclose {
        fits(&steer)?;
    }
    Ok(Prepared {
        steer,
        outbound,
        allowed,
        attempt_id,
    })
}

/// The words a footer starts with, after its rule.
const OPENING: &str = "<sub>Posted through helm by ";

/// Ends the body `steer` posts with the disclosure footer, replacing one an
/// earlier post left at its end (an edit keeps one footer, never two).
/// `request` is the request id, or the attempt's id when none was given.
fn add_footer(steer: &mut Steer, provenance: &Provenance, voyage: &str, request: &str) {
    let Some(body) = steer.body_mut() else {
        return;
    };
    let kept = without_footer(body).trim_end().to_string();
    let footer = footer(provenance, voyage, request);
    *body = match kept.is_empty() {
        true => footer,
        false => format!("{kept}\n\n{footer}"),
    };
}

/// Refuses a body that the footer made longer than GitHub takes.
fn fits(steer: &Steer) -> Result<()> {
    let Some((_, body)) = steer.texts().into_iter().find(|(what, _)| *what == "body") else {
        return Ok(());
    };
    let chars = body.chars().count();
    if chars > crate::inputs::body::GITHUB_LIMIT {
        return Err(Error::usage(format!(
            "with the disclosure footer the body is {chars} characters; GitHub takes at most {}",
            crate::inputs::body::GITHUB_LIMIT
        ))
        .hint("shorten the body"));
    }
    Ok(())
}

/// `---` and one line: identity, role and method, through helm, the
/// voyage and the request. Nothing in it changes between a request and its
/// retry, so a lost answer's effect is still recognised by its body.
fn footer(provenance: &Provenance, voyage: &str, request: &str) -> String {
    let flat = |text: &str| -> String {
        text.split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
            .replace('<', "&lt;")
            .replace('>', "&gt;")
    };
    format!(
        "---\n{OPENING}{} (role: {}; method: {}) · voyage {voyage} · request {}</sub>",
        flat(&provenance.identity),
        flat(&provenance.role),
        flat(&provenance.method),
        flat(request),
    )
}

/// `body` without a helm footer at its end (or several).
fn without_footer(body: &str) -> &str {
    let mut body = body.trim_end();
    loop {
        let Some(at) = body.rfind(&format!("---\n{OPENING}")) else {
            return body;
        };
        let footer = &body[at..];
        let whole = footer.ends_with("</sub>") && footer.lines().count() == 2;
        let own_line = at == 0 || body[..at].ends_with('\n');
        if !whole || !own_line {
            return body;
        }
        body = body[..at].trim_end();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use helm_forge::act::{Comment, IssueOrPull};

    fn provenance() -> Provenance {
        Provenance {
            identity: "claude-7".into(),
            role: "coder".into(),
            method: "sonnet <4-6>".into(),
            summary: "s".into(),
        }
    }

    fn comment(body: &str) -> Steer {
        Steer::Comment(Comment {
            on: IssueOrPull::Issue(1),
            body: body.into(),
        })
    }

    fn body(steer: &Steer) -> String {
        steer.texts()[0].1.to_string()
    }

    #[test]
    fn a_footer_is_added_once_however_often_a_body_passes() {
        let mut steer = comment("Done.\n");
        add_footer(&mut steer, &provenance(), "v-1", "r-1");
        let once = body(&steer);
        assert_eq!(
            once,
            "Done.\n\n---\n<sub>Posted through helm by claude-7 (role: coder; method: sonnet &lt;4-6&gt;) · voyage v-1 · request r-1</sub>"
        );
        // An edit of a body read back from GitHub: one footer, the new one.
        let mut again = comment(&format!("{once}\n"));
        add_footer(&mut again, &provenance(), "v-1", "r-2");
        assert_eq!(body(&again), once.replace("r-1", "r-2"));
        // A footer quoted mid-text is the author's, and stays.
        let quoted = format!("{once}\n\nmore words");
        let mut steer = comment(&quoted);
        add_footer(&mut steer, &provenance(), "v-1", "r-3");
        assert!(body(&steer).starts_with(&quoted));
    }
}

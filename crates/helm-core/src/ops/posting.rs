//! What helm checks and adds in the texts a steer posts, before anything is
//! acted or recorded (issue 34): no secret leaves unless `--allow-secret`
//! names its rule, and `--disclose` (or `HELM_DISCLOSE=1`) ends each body
//! with a footer saying who posted it, how, and from which voyage and
//! request.

use crate::actions::Steer;
use crate::error::{Error, Kind, Result, arg};
use crate::model::{Provenance, words};
use crate::secrets;

/// Refuses `steer` when a text it posts holds a secret whose rule `allowed`
/// does not name; returns the allowed rules it does hold, for the entry.
pub(crate) fn check_secrets(steer: &Steer, allowed: &[String]) -> Result<Vec<String>> {
    let mut used: Vec<String> = Vec::new();
    for (what, text) in steer.texts() {
        for found in secrets::find(text) {
            if allowed.iter().any(|rule| rule == found.rule) {
                used.push(found.rule.to_string());
                continue;
            }
            let line = text[..found.start].matches('\n').count() + 1;
            return Err(Error::new(
                Kind::Secret,
                format!(
                    "the {what} of {} holds a secret ({} on line {line}); helm posts no secret, and nothing was done",
                    steer.doing(),
                    found.rule
                ),
            )
            .hint(words![
                "remove it (a token or key belongs in a secret store), or if it is meant to be seen, pass ",
                arg("allow-secret"),
                format!(" {}", found.rule),
            ]));
        }
    }
    used.sort();
    used.dedup();
    Ok(used)
}

/// The words a footer starts with, after its rule.
const OPENING: &str = "<sub>Posted through helm by ";

/// Ends the body `steer` posts with the disclosure footer, replacing one an
/// earlier post left at its end (an edit keeps one footer, never two).
/// `request` is the request id, or the attempt's id when none was given.
pub(crate) fn disclose(
    steer: &mut Steer,
    provenance: &Provenance,
    voyage: &str,
    request: &str,
) -> Result<()> {
    let Some(body) = steer.body_mut() else {
        return Ok(());
    };
    let kept = without_footer(body).trim_end().to_string();
    let footer = footer(provenance, voyage, request);
    *body = match kept.is_empty() {
        true => footer,
        false => format!("{kept}\n\n{footer}"),
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
    use crate::actions::{Comment, IssueOrPull};

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
        disclose(&mut steer, &provenance(), "v-1", "r-1").unwrap();
        let once = body(&steer);
        assert_eq!(
            once,
            "Done.\n\n---\n<sub>Posted through helm by claude-7 (role: coder; method: sonnet &lt;4-6&gt;) · voyage v-1 · request r-1</sub>"
        );
        // An edit of a body read back from GitHub: one footer, the new one.
        let mut again = comment(&format!("{once}\n"));
        disclose(&mut again, &provenance(), "v-1", "r-2").unwrap();
        assert_eq!(body(&again), once.replace("r-1", "r-2"));
        // A footer quoted mid-text is the author's, and stays.
        let quoted = format!("{once}\n\nmore words");
        let mut steer = comment(&quoted);
        disclose(&mut steer, &provenance(), "v-1", "r-3").unwrap();
        assert!(body(&steer).starts_with(&quoted));
    }

    #[test]
    fn a_secret_is_refused_by_rule_and_line_unless_its_rule_is_allowed() {
        let token = format!("ghp_{}", "R8xq2ZkP7mLw4NvB9cTj3HsY6dFgA1eUoQiK");
        let steer = comment(&format!("first\nsecond {token}\n"));
        let err = check_secrets(&steer, &[]).unwrap_err();
        assert_eq!(err.kind(), Kind::Secret);
        let text = err.to_string();
        assert!(text.contains("github-pat on line 2"), "{text}");
        assert!(!text.contains(&token));
        assert_eq!(
            check_secrets(&steer, &["github-pat".into()]).unwrap(),
            ["github-pat"]
        );
        assert!(check_secrets(&comment("fine"), &[]).unwrap().is_empty());
    }
}

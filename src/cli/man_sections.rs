//! The reference sections of `helm man` that clap does not make: ENVIRONMENT
//! (every variable helm reads, with its default), EXIT STATUS (the codes and
//! the JSON error kinds a script can branch on), FILES (what `$HELM_HOME`
//! holds) and EXAMPLES. Kept as data so the tests can hold them to the code:
//! every variable the code reads is listed, every error kind explained.

use std::io::{self, Write};

use crate::error::Kind;

/// Every environment variable helm reads, with what it does and its default.
pub(crate) const ENVIRONMENT: &[(&str, &str)] = &[
    (
        "HELM_HOME",
        "Where helm keeps its voyages, caches and private git repository. Default: ~/.helm.",
    ),
    (
        "HELM_VOYAGE",
        "The voyage, for every command that takes --voyage (or a VOYAGE argument): a full id or an unambiguous prefix. Default: the working tree's current voyage (helm voyage use ID), else none and the command asks for one; --voyage comes first.",
    ),
    (
        "GH_TOKEN",
        "The GitHub token, first choice. Default: GITHUB_TOKEN, then `gh auth token` (or $HELM_HOME/gh-config/<ID>/ for --as ID).",
    ),
    (
        "GITHUB_TOKEN",
        "The GitHub token when GH_TOKEN is unset. Default: `gh auth token`.",
    ),
    (
        "GH_REPO",
        "The repository as OWNER/NAME when --repo is not given. Default: the git remote `origin` of the working directory.",
    ),
    (
        "HELM_GITHUB_API_URL",
        "GitHub's API. Default: https://api.github.com; GitHub Enterprise: https://HOST/api/v3.",
    ),
    (
        "HELM_GITHUB_TIMEOUT",
        "The deadline in seconds of each forge request (GitHub, GitLab, Forgejo), from connecting to its last byte, and the longest helm waits for a rate limit to lift. Default: 30; at most 60.",
    ),
    (
        "HELM_FORGE",
        "The forge of a repository whose host helm does not know: github, gitlab or forgejo. --forge stands before it, git config helm.forge.<HOST> after it. Default: github.com is GitHub, gitlab.com GitLab, codeberg.org Forgejo; OWNER/NAME without a host is GitHub.",
    ),
    (
        "HELM_GITLAB_API_URL",
        "GitLab's API. Default: https://<HOST>/api/v4 for the repository's host.",
    ),
    (
        "GITLAB_TOKEN",
        "The GitLab token, first choice. Default: GL_TOKEN, then `glab auth token`.",
    ),
    (
        "GL_TOKEN",
        "The GitLab token when GITLAB_TOKEN is unset. Default: `glab auth token`.",
    ),
    (
        "HELM_FORGEJO_API_URL",
        "Forgejo's API. Default: https://<HOST>/api/v1 for the repository's host.",
    ),
    (
        "FORGEJO_TOKEN",
        "The Forgejo token, first choice. Default: GITEA_TOKEN.",
    ),
    (
        "GITEA_TOKEN",
        "The Forgejo token when FORGEJO_TOKEN is unset. Default: none, and a steer or look on Forgejo says which to set.",
    ),
    (
        "HELM_DISCLOSE",
        "`1` ends every body a steer posts with a footer saying who posted it through helm, as --disclose does. Default: no footer.",
    ),
    (
        "HELM_LOG",
        "`debug` (or `trace`) traces each forge request and git command on stderr, as --verbose does. Default: no trace.",
    ),
    (
        "TRACEPARENT",
        "A W3C traceparent (the caller's trace) recorded on the entry the command makes, with TRACESTATE beside it; --traceparent stands before it. A malformed one is ignored with a warning. Default: none.",
    ),
    (
        "HELM_OTEL_FILE",
        "A file helm appends OpenTelemetry spans to, as OTLP-JSON, one export request a line: one span per command or MCP tool call, parented on the caller's traceparent, and one per GitHub request (method, URL without secrets, status; never a token or a body). Default: no spans.",
    ),
    (
        "NO_COLOR",
        "Set and not empty: no colour. Default: colour when stdout is a terminal.",
    ),
    (
        "CLICOLOR_FORCE",
        "Set and not 0: colour even when stdout is not a terminal (NO_COLOR wins). Default: unset.",
    ),
    (
        "TERM",
        "`dumb`: no colour and no pager (an Emacs shell, a CI log). Default: as the terminal sets it.",
    ),
    (
        "COLUMNS",
        "The width human screens are cut at (observe's screen, its tables). Default: the terminal's width, or 80 when stdout is not a terminal.",
    ),
    (
        "HELM_PAGER",
        "The pager for long human output on a terminal; empty turns paging off. Default: PAGER.",
    ),
    (
        "PAGER",
        "The pager when HELM_PAGER is unset. Default: less -FRX.",
    ),
    (
        "HELM_EDITOR",
        "The editor a steer opens, on a terminal only, for a required text not given (a comment's or reply's body); left empty, nothing is sent. Default: VISUAL, else EDITOR; none set, the text must be given.",
    ),
    ("VISUAL", "The editor when HELM_EDITOR is unset."),
    (
        "EDITOR",
        "The editor when HELM_EDITOR and VISUAL are unset.",
    ),
    ("HOME", "The default HELM_HOME is ~/.helm under it."),
    (
        "LESS",
        "Options for less when it pages helm's output; when unset, helm runs it with FRX (quit if one screen, colours, no screen clearing).",
    ),
    (
        "PATH",
        "Where helm finds git, gh and less; without less on it, output is not paged unless HELM_PAGER or PAGER names a pager.",
    ),
];

/// The words for each error kind: what happened, so a script knows which
/// way to go.
fn meaning(kind: Kind) -> &'static str {
    match kind {
        Kind::Usage => "bad flags or arguments (exit status 2)",
        Kind::NotFound => "a voyage, artifact, file or forge object that does not exist",
        Kind::Ambiguous => "a voyage prefix naming more than one voyage",
        Kind::Ended => "the voyage has ended and takes no more observations or entries",
        Kind::NotAVoyage => "a file that is not a helm voyage",
        Kind::FutureSchema => "a voyage written by a newer helm; left untouched",
        Kind::Busy => "the voyage stayed locked by another process too long",
        Kind::Io => "reading or writing local files, or running git, failed",
        Kind::Storage => "SQLite reported something unexpected",
        Kind::Corrupt => "a voyage whose content fails verification",
        Kind::Config => "the repository, token or URL a forge needs is missing or malformed",
        Kind::GitHub => "GitHub refused or could not be reached",
        Kind::Forge => "GitLab or Forgejo refused or could not be reached",
        Kind::Conflict => "the request conflicts with what is already recorded",
        Kind::UnknownOutcome => {
            "the forge may have acted and does not show what; see helm interrupted"
        }
        Kind::Stale => "the target changed on its forge since it was observed: observe again",
        Kind::Diverged => "the voyage moved on the git remote: pull before pushing",
        Kind::BadRemote => "what the git remote holds fails helm's checks; nothing written",
        Kind::NotReady => "the slate does not show the pull request ready to merge",
        Kind::RateLimited => {
            "the forge's rate limit asks for a longer wait than HELM_GITHUB_TIMEOUT"
        }
        Kind::Cancelled => "the MCP client cancelled the call before anything was written",
        Kind::AlreadyMerged => "the pull request is merged already; nothing was sent or recorded",
        Kind::Unsupported => "the forge cannot do that exactly; nothing was read or sent",
        Kind::SameIdentity => {
            "the approver is the proposal's proposer (give --allow-self to record that); nothing was sent or recorded"
        }
        Kind::Expired => "the proposal expired; nothing was sent or recorded",
        Kind::BadProposal => {
            "the stored proposal does not match its digest, or would send another request; nothing was sent or recorded"
        }
        Kind::NotObserved => {
            "--require-observed, and the slate has no observation of the issue or PR"
        }
        Kind::Secret => "a title or body holds a secret; --allow-secret RULE posts it anyway",
        Kind::BadSignature => {
            "a pulled commit is unsigned or signed by a key not in the allowed signers"
        }
    }
}

/// What `$HELM_HOME` holds.
pub(crate) const FILES: &[(&str, &str)] = &[
    (
        "$HELM_HOME/voyages/<id>.sqlite",
        "One voyage: its logbook, slate and artifacts, in one SQLite file (mode 0600).",
    ),
    (
        "$HELM_HOME/pending/",
        "A record of each steer sent to a forge and not yet settled; see helm interrupted.",
    ),
    (
        "$HELM_HOME/gh-config/<ID>/",
        "A gh configuration whose token `--as ID` uses.",
    ),
    (
        "$HELM_HOME/cache/voyage-list.json",
        "The summaries `voyage list` shows, by file size, time and change counter. Safe to delete.",
    ),
    (
        "$HELM_HOME/cache/actors/",
        "Who each token acts as on each server, from GitHub's /user. Safe to delete.",
    ),
    (
        "$HELM_HOME/sync.git",
        "helm's private bare git repository for voyage push and pull. Deleting it loses nothing but time.",
    ),
    (
        "$HELM_HOME/synced/<id>.json",
        "The last push and pull of each voyage per remote, for voyage brief; never synced.",
    ),
    (
        "$HELM_HOME/current/<sha256>.json",
        "The current voyage of a working tree (helm voyage use), keyed by the SHA-256 of the tree's canonical path (the git work tree's top, else the folder); never synced.",
    ),
    (
        "$HELM_HOME/signatures/<id>.json",
        "git's verdicts on the signatures of a voyage's synced commits, kept per signing settings and allowed signers.",
    ),
];

/// Short examples beyond the worked voyage of EXAMPLE.
const EXAMPLES: &[(&str, &str)] = &[
    (
        "helm -v observe github-pr 45 --focus checks",
        "Look at a pull request's checks, tracing each request on stderr.",
    ),
    (
        "helm --json voyage list | jq -r '.voyages[].id'",
        "Every voyage's id, for a script.",
    ),
    (
        "helm --json steer ... merge-pr --pr 45 2>err.json || jq -r .error.kind err.json",
        "Merge, and on failure read the error's kind (stale, not-ready, already-merged, ...).",
    ),
    (
        "helm -q voyage push $V --remote origin",
        "Share a voyage through the repository's remote, printing only errors on stderr.",
    ),
    (
        "cargo test 2>&1 | helm observe file-contents -",
        "Observe what a command printed: stdin, named by its SHA-256 and size, redacted as a file is.",
    ),
    (
        "helm steer ... label 42 --add docs,good-first-issue",
        "gh's spellings: the issue by position, labels comma-separated (\\, for a comma inside a label); -R for --repo.",
    ),
    (
        "helm steer ... create-pr --title \"Fix the crash\"",
        "As gh pr create: from the current git branch (--head) into the repository's default branch (--base).",
    ),
    (
        "helm steer ... comment 42",
        "On a terminal, a body not given is written in HELM_EDITOR, else VISUAL, else EDITOR; left empty, nothing is sent.",
    ),
    (
        "helm voyage use $V",
        "Make a voyage current in this working tree: commands here act on it without -V (helm voyage use --clear forgets it).",
    ),
    ("helm man | man -l -", "Read this page."),
];

/// ENVIRONMENT, EXIT STATUS and FILES, as roff.
pub(crate) fn render(out: &mut dyn Write) -> io::Result<()> {
    writeln!(out, ".SH ENVIRONMENT")?;
    for (name, text) in ENVIRONMENT {
        tagged(out, name, text)?;
    }
    writeln!(out, ".SH \"EXIT STATUS\"")?;
    tagged(out, "0", "Success.")?;
    tagged(
        out,
        "1",
        "Failure: the error's kind is named in the --json error document on stderr.",
    )?;
    tagged(
        out,
        "2",
        "Bad flags or arguments (kind usage); also --help on a missing command.",
    )?;
    writeln!(
        out,
        ".PP\nWith --json an error is one JSON object on stderr, {{\"error\": {{\"kind\": ..., \"message\": ..., \"hint\": ...}}}}. Its kind is one of:"
    )?;
    for kind in Kind::ALL {
        tagged(out, kind.as_str(), meaning(kind))?;
    }
    writeln!(out, ".SH FILES")?;
    for (path, text) in FILES {
        tagged(out, path, text)?;
    }
    Ok(())
}

/// EXAMPLES: short commands, each with what it does.
pub(crate) fn render_examples(out: &mut dyn Write) -> io::Result<()> {
    for (command, text) in EXAMPLES {
        writeln!(out, ".TP\n\\fB{}\\fR\n{}", roff(command), roff(text))?;
    }
    Ok(())
}

fn tagged(out: &mut dyn Write, tag: &str, text: &str) -> io::Result<()> {
    writeln!(out, ".TP\n\\fB{}\\fR\n{}", roff(tag), roff(text))
}

/// Text for roff: backslashes escaped, hyphens as minus signs, and a line
/// never opening with a control character.
fn roff(text: &str) -> String {
    let escaped = text.replace('\\', "\\e").replace('-', "\\-");
    if escaped.starts_with(['.', '\'']) {
        format!("\\&{escaped}")
    } else {
        escaped
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every `NAME` the code reads with `var("NAME")`, `var_os("NAME")` or
    /// clap's `env = "NAME"`, outside tests.
    fn variables_read() -> std::collections::BTreeSet<String> {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut found = std::collections::BTreeSet::new();
        let mut stack = vec![root.join("src"), root.join("crates")];
        while let Some(dir) = stack.pop() {
            for entry in std::fs::read_dir(&dir).unwrap().flatten() {
                let path = entry.path();
                let name = path.file_name().unwrap().to_string_lossy().to_string();
                if path.is_dir() {
                    if !matches!(name.as_str(), "tests" | "fake-github" | "target") {
                        stack.push(path);
                    }
                    continue;
                }
                if !name.ends_with(".rs") || name == "tests.rs" {
                    continue;
                }
                // A crate's build script runs when helm is built, not when it runs.
                if name == "build.rs" && dir.join("Cargo.toml").is_file() {
                    continue;
                }
                let text = std::fs::read_to_string(&path).unwrap();
                // Code after a `#[cfg(test)]` module is the file's tests.
                let text = text.split("#[cfg(test)]\nmod tests").next().unwrap();
                for opening in ["var(\"", "var_os(\"", "env = \""] {
                    for piece in text.split(opening).skip(1) {
                        let name: String = piece
                            .chars()
                            .take_while(|c| c.is_ascii_uppercase() || *c == '_')
                            .collect();
                        if piece[name.len()..].starts_with('"') && !name.is_empty() {
                            found.insert(name);
                        }
                    }
                }
            }
        }
        found
    }

    #[test]
    fn every_variable_the_code_reads_is_documented() {
        // Hooks for helm's own tests and tools, not for users.
        let internal = ["HELM_BLESS", "HELM_SYNC_KILL_AT"];
        let documented: Vec<&str> = ENVIRONMENT.iter().map(|(name, _)| *name).collect();
        let missing: Vec<String> = variables_read()
            .into_iter()
            .filter(|name| !internal.contains(&name.as_str()) && !name.starts_with("HELM_TEST_"))
            .filter(|name| !documented.contains(&name.as_str()))
            .collect();
        assert!(
            missing.is_empty(),
            "read by helm, missing from ENVIRONMENT in src/cli/man_sections.rs: {missing:?}"
        );
        assert!(
            variables_read().contains("HELM_GITHUB_TIMEOUT"),
            "the scan works"
        );
    }

    #[test]
    fn the_sections_name_every_error_kind_and_exit_code() {
        let mut page = Vec::new();
        render(&mut page).unwrap();
        let page = String::from_utf8(page).unwrap();
        for kind in Kind::ALL {
            let tag = format!(".TP\n\\fB{}\\fR\n", roff(kind.as_str()));
            assert!(page.contains(&tag), "{} is not explained", kind.as_str());
        }
        for section in [".SH ENVIRONMENT", ".SH \"EXIT STATUS\"", ".SH FILES"] {
            assert!(page.contains(section), "{section}");
        }
        assert!(page.contains("\\fBHELM_GITHUB_TIMEOUT\\fR\nThe deadline"));
        assert!(page.contains("\\fB$HELM_HOME/sync.git\\fR"));
    }
}

//! What an observation says, for search across voyages (issue 44): the
//! text of a stored payload worth finding, each piece with who wrote it
//! when GitHub names an author. Each kind reads its own payload
//! ([`KindTarget::said`](super::KindTarget::said)); the shapes of the
//! authored parts GitHub payloads share (an issue's or pull request's
//! summary, its comments, reviews and inline comments, a check run's
//! annotations and log tail) are read here, as typed values, never guessed
//! from keys. Whether an author is trusted is decided by the caller, in one
//! place (`ops::search`).

use serde::Deserialize;
use serde_json::Value;

/// One piece of text, and its author for text written on GitHub.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct TextSaid {
    pub(crate) text: String,
    pub(crate) by: Option<Author>,
}

/// Who wrote a piece on GitHub: their login and their standing in the
/// repository as GitHub answered it (absent from payloads observed before
/// helm kept it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Author {
    pub(crate) login: String,
    pub(crate) association: Option<String>,
    /// `authorCanPush`, where the forge gave it (GitLab, Forgejo).
    pub(crate) can_push: Option<bool>,
}

impl Author {
    /// What stands for a pull request's author a look did not record (a
    /// `github-checks` look, a focus without the summary): no standing, so
    /// their text is untrusted, as the views hold it (`egress/shown.rs`).
    pub(crate) fn unrecorded() -> Author {
        Author {
            login: "the pull request's author".to_string(),
            association: None,
            can_push: None,
        }
    }

    /// The author of a pull request's summary, whose are its head branch,
    /// file names and CI's output; [`Author::unrecorded`] without one.
    pub(crate) fn of_summary(summary: Option<&Value>) -> Author {
        let field = |name: &str| {
            summary
                .and_then(|s| s.get(name))
                .and_then(Value::as_str)
                .map(str::to_string)
        };
        match field("author") {
            Some(login) => Author {
                login,
                association: field("authorAssociation"),
                can_push: summary
                    .and_then(|s| s.get("authorCanPush"))
                    .and_then(Value::as_bool),
            },
            None => Author::unrecorded(),
        }
    }
}

impl TextSaid {
    /// Text with no GitHub author (a file read on this machine, names).
    pub(crate) fn local(text: impl Into<String>) -> TextSaid {
        TextSaid {
            text: text.into(),
            by: None,
        }
    }
}

/// An authored part: a summary, a comment, a review, an inline comment,
/// a line of a repository's listing.
#[derive(Debug, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub(crate) struct Authored {
    author: Option<String>,
    author_association: Option<String>,
    author_can_push: Option<bool>,
    title: Option<String>,
    body: Option<String>,
    labels: Vec<String>,
}

impl Authored {
    /// Its title, labels and body as one piece by its author.
    pub(crate) fn said(self) -> Option<TextSaid> {
        let text: Vec<String> = [self.title, self.body]
            .into_iter()
            .flatten()
            .chain(self.labels)
            .filter(|t| !t.trim().is_empty())
            .collect();
        if text.is_empty() {
            return None;
        }
        Some(TextSaid {
            text: text.join("\n"),
            by: Some(Author {
                // GitHub names no author for a deleted account.
                login: self.author.unwrap_or_else(|| "ghost".to_string()),
                association: self.author_association,
                can_push: self.author_can_push,
            }),
        })
    }
}

/// Each part of a list of authored parts (`comments`, `reviews.reviews`).
pub(crate) fn authored_list(list: Option<&Value>, out: &mut Vec<TextSaid>) {
    let parts: Vec<Authored> = list
        .and_then(|v| Vec::<Authored>::deserialize(v).ok())
        .unwrap_or_default();
    out.extend(parts.into_iter().filter_map(Authored::said));
}

/// One authored part (`summary`).
pub(crate) fn authored(part: Option<&Value>, out: &mut Vec<TextSaid>) {
    if let Some(part) = part.and_then(|v| Authored::deserialize(v).ok()) {
        out.extend(part.said());
    }
}

/// A pull request's reviews part: each review, and each comment of each
/// inline thread, with the thread's path.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct Reviews {
    reviews: Option<Value>,
    threads: Vec<Thread>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct Thread {
    path: Option<String>,
    comments: Option<Value>,
}

pub(crate) fn reviews(part: Option<&Value>, out: &mut Vec<TextSaid>) {
    let Some(reviews) = part.and_then(|v| Reviews::deserialize(v).ok()) else {
        return;
    };
    authored_list(reviews.reviews.as_ref(), out);
    for thread in reviews.threads {
        let from = out.len();
        authored_list(thread.comments.as_ref(), out);
        if let Some(path) = thread.path {
            for said in &mut out[from..] {
                said.text = format!("{path}\n{}", said.text);
            }
        }
    }
}

/// CI: each check run's name, annotations and job log tail, and each
/// commit status's context and description. CI output has no author on
/// GitHub, so it is marked as no one's.
#[derive(Debug, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
struct Checks {
    check_runs: Vec<Run>,
    statuses: Vec<Status>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct Run {
    name: Option<String>,
    annotations: Vec<Annotation>,
    job: Option<Job>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct Annotation {
    path: Option<String>,
    title: Option<String>,
    message: Option<String>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct Job {
    steps: Vec<Step>,
    log: Option<Log>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct Step {
    name: Option<String>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct Log {
    tail: Vec<String>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct Status {
    context: Option<String>,
    description: Option<String>,
}

pub(crate) fn checks(part: Option<&Value>, by: &Author, out: &mut Vec<TextSaid>) {
    let Some(checks) = part.and_then(|v| Checks::deserialize(v).ok()) else {
        return;
    };
    for run in checks.check_runs {
        let mut text: Vec<String> = run.name.into_iter().collect();
        for annotation in run.annotations {
            text.extend(
                [annotation.path, annotation.title, annotation.message]
                    .into_iter()
                    .flatten(),
            );
        }
        if let Some(job) = run.job {
            text.extend(job.steps.into_iter().filter_map(|s| s.name));
            text.extend(job.log.map(|l| l.tail).unwrap_or_default());
        }
        out.push(TextSaid {
            text: text.join("\n"),
            by: Some(by.clone()),
        });
    }
    for status in checks.statuses {
        let text: Vec<String> = [status.context, status.description]
            .into_iter()
            .flatten()
            .collect();
        out.push(TextSaid {
            text: text.join("\n"),
            by: Some(by.clone()),
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn authored_parts_carry_their_author_and_standing() {
        let mut out = Vec::new();
        authored(
            Some(
                &json!({"title": "Crash", "body": "on empty input", "author": "mallory",
                "authorAssociation": "NONE", "labels": ["bug"]}),
            ),
            &mut out,
        );
        reviews(
            Some(&json!({"reviews": [{"body": "", "author": "carol"}],
                "threads": [{"path": "src/a.rs", "comments": [{"body": "off by one", "author": "carol",
                "authorAssociation": "MEMBER"}]}]})),
            &mut out,
        );
        assert_eq!(out[0].text, "Crash\non empty input\nbug");
        assert_eq!(out[0].by.as_ref().unwrap().login, "mallory");
        assert_eq!(out[1].text, "src/a.rs\noff by one");
        assert_eq!(
            out[1].by.as_ref().unwrap().association.as_deref(),
            Some("MEMBER")
        );
        assert_eq!(out.len(), 2, "an empty review says nothing");
    }

    #[test]
    fn ci_says_names_annotations_and_log_tails() {
        let mut out = Vec::new();
        checks(
            Some(
                &json!({"checkRuns": [{"name": "ci / test", "annotations": [{"message": "assertion failed"}],
                "job": {"steps": [{"name": "cargo test"}], "log": {"tail": ["panicked at quaternion"]}}}],
                "statuses": [{"context": "lint", "description": "3 warnings"}]}),
            ),
            &Author::unrecorded(),
            &mut out,
        );
        assert_eq!(
            out[0].text,
            "ci / test\nassertion failed\ncargo test\npanicked at quaternion"
        );
        assert_eq!(out[1].text, "lint\n3 warnings");
        assert!(
            out.iter().all(|s| s.by == Some(Author::unrecorded())),
            "CI's output is the pull request author's, unrecorded here"
        );
    }

    #[test]
    fn a_pull_requests_author_is_read_from_its_summary_or_unrecorded() {
        let summary = json!({"author": "mallory", "authorAssociation": "NONE"});
        let author = Author::of_summary(Some(&summary));
        assert_eq!(author.login, "mallory");
        assert_eq!(author.association.as_deref(), Some("NONE"));
        assert_eq!(Author::of_summary(None), Author::unrecorded());
        assert_eq!(Author::of_summary(Some(&json!({}))), Author::unrecorded());
    }
}

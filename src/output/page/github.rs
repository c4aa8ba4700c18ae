//! Issue, pull request and CI payloads as a reviewer reads them: the
//! conversation in order, a diff with its added and removed lines marked,
//! check runs with their failed steps and log tails; and the few facts the
//! page's header tells of each issue and pull request.

use serde_json::Value;

use super::blocks::{Budget, list, pre, s};
use super::html::{line, tagged, text};

/// What one observation showed of an issue or pull request, for the header.
#[derive(Clone, Debug, Default)]
pub(crate) struct Facts {
    pub(crate) title: Option<String>,
    pub(crate) state: Option<String>,
    pub(crate) merged: Option<bool>,
    pub(crate) head: Option<String>,
    /// `approved`, `changes requested` or `commented`, from each reviewer's
    /// latest review.
    pub(crate) reviews: Option<String>,
    /// The combined CI state with the check runs' conclusions.
    pub(crate) ci: Option<String>,
}

impl Facts {
    /// `self`, its unknown fields filled from an older look.
    pub(crate) fn or(mut self, older: &Facts) -> Facts {
        let fill = |a: &mut Option<String>, b: &Option<String>| {
            if a.is_none() {
                a.clone_from(b);
            }
        };
        fill(&mut self.title, &older.title);
        fill(&mut self.state, &older.state);
        fill(&mut self.head, &older.head);
        fill(&mut self.reviews, &older.reviews);
        fill(&mut self.ci, &older.ci);
        self.merged = self.merged.or(older.merged);
        self
    }
}

/// The GitHub kind whose payload shape a target `kind` has: GitLab's and
/// Forgejo's `issue`, `pr`, `checks` and `repo` are stored in the shapes of
/// GitHub's (ADR 0023), so the page reads them alike.
pub(crate) fn shape(kind: &str) -> &str {
    match kind {
        "issue" => "github-issue",
        "pr" => "github-pr",
        "checks" => "github-checks",
        "repo" => "github-repo",
        other => other,
    }
}

/// The facts of an issue, pull request or checks payload.
pub(crate) fn facts(kind: &str, value: &Value) -> Option<Facts> {
    if !matches!(shape(kind), "github-issue" | "github-pr" | "github-checks") {
        return None;
    }
    let summary = value.get("summary");
    let text_of = |v: Option<&Value>, key: &str| {
        v.and_then(|v| v.get(key))
            .and_then(Value::as_str)
            .map(str::to_string)
    };
    let checks = value.get("checks");
    Some(Facts {
        title: text_of(summary, "title"),
        state: text_of(summary, "state"),
        merged: summary
            .and_then(|s| s.get("merged"))
            .and_then(Value::as_bool),
        head: summary
            .and_then(|s| s.get("head"))
            .and_then(|h| h.get("sha"))
            .and_then(Value::as_str)
            .or_else(|| {
                checks
                    .and_then(|c| c.get("headSha"))
                    .and_then(Value::as_str)
            })
            .map(|sha| sha.chars().take(12).collect()),
        reviews: value
            .get("reviews")
            .and_then(|r| r.get("reviews"))
            .and_then(Value::as_array)
            .and_then(|reviews| decision(reviews)),
        ci: checks.map(ci),
    })
}

/// The review decision GitHub would show, from each reviewer's latest
/// approving or change-requesting review.
fn decision(reviews: &[Value]) -> Option<String> {
    let mut latest: Vec<(&str, &str)> = Vec::new();
    for review in reviews {
        let (author, state) = (s(review, "author"), s(review, "state"));
        if !matches!(state, "APPROVED" | "CHANGES_REQUESTED") {
            continue;
        }
        match latest.iter_mut().find(|(a, _)| *a == author) {
            Some(entry) => entry.1 = state,
            None => latest.push((author, state)),
        }
    }
    if latest.iter().any(|(_, s)| *s == "CHANGES_REQUESTED") {
        Some("changes requested".into())
    } else if !latest.is_empty() {
        Some("approved".into())
    } else if !reviews.is_empty() {
        Some("commented only".into())
    } else {
        None
    }
}

/// `success · 3 passed, 1 failed` from a checks value.
fn ci(checks: &Value) -> String {
    let mut counts: Vec<(String, usize)> = Vec::new();
    for run in list(checks, "checkRuns") {
        let word = match (s(run, "status"), s(run, "conclusion")) {
            ("completed", "success") => "passed",
            ("completed", "failure" | "timed_out" | "startup_failure") => "failed",
            ("completed", "") => "completed",
            ("completed", other) => other,
            _ => "running",
        };
        match counts.iter_mut().find(|(w, _)| w == word) {
            Some(count) => count.1 += 1,
            None => counts.push((word.to_string(), 1)),
        }
    }
    let runs: Vec<String> = counts.iter().map(|(w, n)| format!("{n} {w}")).collect();
    // GitHub's `pending` with no status at all is "none", as the story and the
    // brief say it.
    let mut out = match helm_core::combined_statuses(checks).as_deref() {
        Some("none") => "statuses: none".to_string(),
        _ => format!("statuses {}", s(checks, "combinedState")),
    };
    if !runs.is_empty() {
        out.push_str(&format!(" · check runs: {}", runs.join(", ")));
    }
    out
}

/// One message of a conversation: who, when, what state, then the body.
fn message(out: &mut String, who: &str, at: &str, note: &str, body: &str, budget: &mut Budget) {
    out.push_str("<article class=\"msg\"><header><b>");
    line(out, if who.is_empty() { "(unknown)" } else { who });
    out.push_str("</b>");
    if !note.is_empty() {
        out.push(' ');
        line(out, note);
    }
    if !at.is_empty() {
        out.push_str(" · <span class=\"dim\">");
        line(out, &crate::text::when(at));
        out.push_str("</span>");
    }
    out.push_str("</header><div>");
    text(out, budget.take(body));
    out.push_str("</div></article>");
}

/// An issue or pull request as a conversation: the opening post, the
/// comments, the reviews and their inline threads, the files, the diff and
/// the checks, each part that the observation fetched.
pub(crate) fn thread(out: &mut String, value: &Value, budget: &mut Budget) {
    if let Some(summary) = value.get("summary") {
        out.push_str("<h5>");
        line(out, s(summary, "title"));
        out.push_str(" <span class=\"dim\">");
        let mut facts = vec![s(summary, "state").to_string()];
        if summary.get("merged").and_then(Value::as_bool) == Some(true) {
            facts.push("merged".into());
        }
        if let (Some(head), Some(base)) = (summary.get("head"), summary.get("base")) {
            facts.push(format!(
                "{} ({}) into {}",
                s(head, "ref"),
                s(head, "sha").chars().take(12).collect::<String>(),
                s(base, "ref")
            ));
        }
        line(out, &facts.join(" · "));
        out.push_str("</span></h5>");
        message(
            out,
            s(summary, "author"),
            s(summary, "createdAt"),
            "opened it",
            s(summary, "body"),
            budget,
        );
    }
    for comment in list(value, "comments") {
        let body = s(comment, "body");
        message(
            out,
            s(comment, "author"),
            s(comment, "createdAt"),
            "",
            body,
            budget,
        );
    }
    if let Some(reviews) = value.get("reviews") {
        for review in list(reviews, "reviews") {
            let state = s(review, "state").to_lowercase().replace('_', " ");
            let note = format!("reviewed: {state}");
            let (who, at) = (s(review, "author"), s(review, "submittedAt"));
            message(out, who, at, &note, s(review, "body"), budget);
        }
        for thread in list(reviews, "threads") {
            let mut where_ = format!("{}:{}", s(thread, "path"), thread["line"]);
            if thread.get("isResolved").and_then(Value::as_bool) == Some(true) {
                where_.push_str(" · resolved");
            }
            if thread.get("isOutdated").and_then(Value::as_bool) == Some(true) {
                where_.push_str(" · outdated");
            }
            tagged(out, "h6", "path", &format!("Inline thread on {where_}"));
            for comment in list(thread, "comments") {
                let (who, at) = (s(comment, "author"), s(comment, "createdAt"));
                message(out, who, at, "", s(comment, "body"), budget);
            }
        }
    }
    let files = list(value, "files");
    if !files.is_empty() {
        out.push_str("<table><tr><th>file</th><th>status</th><th>+</th><th>−</th></tr>");
        for file in files {
            out.push_str("<tr><td>");
            line(out, s(file, "filename"));
            out.push_str("</td><td>");
            line(out, s(file, "status"));
            out.push_str(&format!(
                "</td><td>{}</td><td>{}</td></tr>",
                file["additions"].as_u64().unwrap_or(0),
                file["deletions"].as_u64().unwrap_or(0)
            ));
        }
        out.push_str("</table>");
    }
    if let Some(diff_text) = value
        .get("diff")
        .and_then(|d| d.get("text"))
        .and_then(Value::as_str)
    {
        diff(out, diff_text, budget);
    }
    if let Some(checks_value) = value.get("checks") {
        checks(out, checks_value, budget);
    }
}

/// A unified diff, its added and removed lines marked.
pub(crate) fn diff(out: &mut String, raw: &str, budget: &mut Budget) {
    out.push_str("<pre class=\"diff\">");
    for diff_line in budget.take(raw).lines() {
        let class = match diff_line.as_bytes().first() {
            _ if diff_line.starts_with("+++") || diff_line.starts_with("---") => "",
            Some(b'+') => "add",
            Some(b'-') => "del",
            Some(b'@') => "hunk",
            _ => "",
        };
        if class.is_empty() {
            text(out, diff_line);
            out.push('\n');
        } else {
            out.push_str(&format!("<span class=\"{class}\">"));
            text(out, diff_line);
            out.push_str("</span>");
        }
    }
    out.push_str("</pre>");
}

/// Check runs and statuses: each run's result, a failed run's annotations,
/// its job's steps and the tail of its log.
pub(crate) fn checks(out: &mut String, value: &Value, budget: &mut Budget) {
    out.push_str("<p class=\"dim\">CI at ");
    line(
        out,
        &s(value, "headSha").chars().take(12).collect::<String>(),
    );
    out.push_str(": ");
    line(out, &ci(value));
    out.push_str("</p><ul>");
    for run in list(value, "checkRuns") {
        out.push_str("<li><b>");
        line(out, s(run, "name"));
        out.push_str("</b> ");
        line(
            out,
            &format!("{} {}", s(run, "status"), s(run, "conclusion")),
        );
        for note in list(run, "annotations") {
            out.push_str("<br><span class=\"dim\">");
            line(out, &format!("{}:{} ", s(note, "path"), note["startLine"]));
            out.push_str("</span>");
            line(out, budget.take(s(note, "message")));
        }
        if let Some(job) = run.get("job") {
            let steps: Vec<String> = list(job, "steps")
                .iter()
                .map(|step| format!("{} {}", s(step, "name"), s(step, "conclusion")))
                .collect();
            if !steps.is_empty() {
                out.push_str("<br><span class=\"dim\">steps: ");
                line(out, &steps.join(" · "));
                out.push_str("</span>");
            }
            if let Some(log) = job.get("log") {
                let tail: Vec<&str> = list(log, "tail").iter().filter_map(Value::as_str).collect();
                pre(out, &tail.join("\n"), budget);
            }
        }
        out.push_str("</li>");
    }
    for status in list(value, "statuses") {
        out.push_str("<li>");
        line(
            out,
            &format!("{}: {}", s(status, "context"), s(status, "state")),
        );
        out.push_str("</li>");
    }
    out.push_str("</ul>");
}

/// A repository's open issues, as a table.
pub(crate) fn issues(out: &mut String, value: &Value, budget: &mut Budget) {
    out.push_str("<table>");
    for issue in list(value, "issues") {
        if budget.spent() {
            budget.cut = true;
            break;
        }
        out.push_str(&format!(
            "<tr><td>#{}</td><td>",
            issue["number"].as_u64().unwrap_or(0)
        ));
        line(out, budget.take(s(issue, "title")));
        out.push_str("</td><td>");
        line(
            out,
            &format!("{} · {}", s(issue, "state"), s(issue, "author")),
        );
        out.push_str("</td></tr>");
    }
    out.push_str("</table>");
}

//! `fake-github gitlab ...` and `fake-github forgejo ...`: teammates acting on the fake
//! GitLab and the fake Forgejo of the running server, through the same control port as the
//! GitHub subcommands, by the library's own seeding and changing methods.

use clap::Subcommand;
use fake_github::FakeGitHub;
use serde_json::{Value, json};

#[derive(Debug, Subcommand)]
pub enum GitLabCommand {
    /// Add a project (group/sub/project); prints its numeric id.
    Project {
        #[arg(long, value_name = "PATH")]
        project: String,
        /// merge, rebase_merge or ff.
        #[arg(long, default_value = "merge")]
        merge_method: String,
    },
    /// Open an issue as octocat; prints its iid.
    Issue {
        #[arg(long, value_name = "PATH")]
        project: String,
        #[arg(long)]
        title: String,
    },
    /// Open a merge request as octocat; prints its iid.
    Mr {
        #[arg(long, value_name = "PATH")]
        project: String,
        #[arg(long)]
        title: String,
        #[arg(long)]
        source: String,
        #[arg(long, default_value = "main")]
        target: String,
    },
    /// Comment on an issue (or, with --mr, a merge request) as USER; prints the note id.
    Comment {
        #[arg(long, value_name = "PATH")]
        project: String,
        #[arg(long)]
        iid: u64,
        #[arg(long)]
        mr: bool,
        #[arg(long)]
        user: String,
        #[arg(long)]
        body: String,
    },
    /// Open a resolvable thread on a line of a merge request as USER; prints its id.
    Thread {
        #[arg(long, value_name = "PATH")]
        project: String,
        #[arg(long)]
        iid: u64,
        #[arg(long)]
        user: String,
        #[arg(long)]
        path: String,
        #[arg(long)]
        line: u64,
    },
    /// Approve a merge request as USER.
    Approve {
        #[arg(long, value_name = "PATH")]
        project: String,
        #[arg(long)]
        iid: u64,
        #[arg(long)]
        user: String,
    },
    /// Push to a merge request's source branch; prints the new head sha.
    Push {
        #[arg(long, value_name = "PATH")]
        project: String,
        #[arg(long)]
        iid: u64,
    },
    /// Run a pipeline on the merge request's head (running, success, failed); prints its id.
    Pipeline {
        #[arg(long, value_name = "PATH")]
        project: String,
        #[arg(long)]
        iid: u64,
        #[arg(long)]
        status: String,
        #[arg(long, default_value = "")]
        trace: String,
    },
}

#[derive(Debug, Subcommand)]
pub enum ForgejoCommand {
    /// Add a repository (owner/name) with labels `bug` and `ready`.
    Repo {
        #[arg(long, value_name = "OWNER/NAME")]
        repo: String,
    },
    /// Open an issue as octocat; prints its number.
    Issue {
        #[arg(long, value_name = "OWNER/NAME")]
        repo: String,
        #[arg(long)]
        title: String,
    },
    /// Open a pull request as octocat; prints its number.
    Pull {
        #[arg(long, value_name = "OWNER/NAME")]
        repo: String,
        #[arg(long)]
        title: String,
        #[arg(long)]
        head: String,
        #[arg(long, default_value = "main")]
        base: String,
    },
    /// Comment on an issue or pull request as USER; prints the comment id.
    Comment {
        #[arg(long, value_name = "OWNER/NAME")]
        repo: String,
        #[arg(long)]
        number: u64,
        #[arg(long)]
        user: String,
        #[arg(long)]
        body: String,
    },
    /// Review a pull request as USER (APPROVED, REQUEST_CHANGES, COMMENT), with an inline
    /// comment when --comment is given; prints the review id.
    Review {
        #[arg(long, value_name = "OWNER/NAME")]
        repo: String,
        #[arg(long)]
        number: u64,
        #[arg(long)]
        user: String,
        #[arg(long, value_name = "STATE")]
        verdict: String,
        #[arg(long)]
        comment: Option<String>,
    },
    /// Push to a pull request's head branch; prints the new head sha.
    Push {
        #[arg(long, value_name = "OWNER/NAME")]
        repo: String,
        #[arg(long)]
        number: u64,
    },
    /// Report a commit status (and an Actions run) on the head; prints the job id.
    Status {
        #[arg(long, value_name = "OWNER/NAME")]
        repo: String,
        #[arg(long)]
        number: u64,
        #[arg(long, default_value = "ci/test")]
        context: String,
        /// pending, success, error, failure, warning (Forgejo's `state`; `--state` is
        /// the state file's).
        #[arg(long = "status")]
        status: String,
        #[arg(long, default_value = "")]
        log: String,
    },
}

/// A GitLab subcommand as the control line the server reads: its fields, and `command`.
pub fn gitlab_request(command: GitLabCommand) -> Value {
    let (name, mut line) = match command {
        GitLabCommand::Project {
            project,
            merge_method,
        } => (
            "project",
            json!({"project": project, "merge_method": merge_method}),
        ),
        GitLabCommand::Issue { project, title } => {
            ("issue", json!({"project": project, "title": title}))
        }
        GitLabCommand::Mr {
            project,
            title,
            source,
            target,
        } => (
            "mr",
            json!({"project": project, "title": title, "source": source, "target": target}),
        ),
        GitLabCommand::Comment {
            project,
            iid,
            mr,
            user,
            body,
        } => (
            "comment",
            json!({"project": project, "iid": iid, "mr": mr, "user": user, "body": body}),
        ),
        GitLabCommand::Thread {
            project,
            iid,
            user,
            path,
            line,
        } => (
            "thread",
            json!({"project": project, "iid": iid, "user": user, "path": path, "line": line}),
        ),
        GitLabCommand::Approve { project, iid, user } => (
            "approve",
            json!({"project": project, "iid": iid, "user": user}),
        ),
        GitLabCommand::Push { project, iid } => ("push", json!({"project": project, "iid": iid})),
        GitLabCommand::Pipeline {
            project,
            iid,
            status,
            trace,
        } => (
            "pipeline",
            json!({"project": project, "iid": iid, "status": status, "trace": trace}),
        ),
    };
    line["command"] = json!(format!("gitlab {name}"));
    line
}

/// A Forgejo subcommand as the control line the server reads.
pub fn forgejo_request(command: ForgejoCommand) -> Value {
    let (name, mut line) = match command {
        ForgejoCommand::Repo { repo } => ("repo", json!({"repo": repo})),
        ForgejoCommand::Issue { repo, title } => ("issue", json!({"repo": repo, "title": title})),
        ForgejoCommand::Pull {
            repo,
            title,
            head,
            base,
        } => (
            "pull",
            json!({"repo": repo, "title": title, "head": head, "base": base}),
        ),
        ForgejoCommand::Comment {
            repo,
            number,
            user,
            body,
        } => (
            "comment",
            json!({"repo": repo, "number": number, "user": user, "body": body}),
        ),
        ForgejoCommand::Review {
            repo,
            number,
            user,
            verdict,
            comment,
        } => (
            "review",
            json!({"repo": repo, "number": number, "user": user, "verdict": verdict, "comment": comment}),
        ),
        ForgejoCommand::Push { repo, number } => ("push", json!({"repo": repo, "number": number})),
        ForgejoCommand::Status {
            repo,
            number,
            context,
            status,
            log,
        } => (
            "status",
            json!({"repo": repo, "number": number, "context": context, "state": status, "log": log}),
        ),
    };
    line["command"] = json!(format!("forgejo {name}"));
    line
}

/// Carries out a `gitlab ...` or `forgejo ...` control line; `None` for another command.
pub fn act(gh: &FakeGitHub, request: &Value) -> Option<Result<Value, String>> {
    let command = request["command"].as_str()?;
    let (forge, name) = command.split_once(' ')?;
    let text = |field: &str| -> Result<&str, String> {
        request[field]
            .as_str()
            .ok_or_else(|| format!("missing {field}"))
    };
    let number = |field: &str| -> Result<u64, String> {
        request[field]
            .as_u64()
            .ok_or_else(|| format!("missing {field}"))
    };
    let acted = || -> Result<Value, String> {
        let (gl, fj) = (gh.gitlab(), gh.forgejo());
        Ok(match (forge, name) {
            ("gitlab", "project") => {
                let id = gl.add_project(text("project")?);
                gl.set_merge_method(text("project")?, text("merge_method")?);
                json!(id)
            }
            ("gitlab", "issue") => json!(gl.add_issue(text("project")?, text("title")?, "")),
            ("gitlab", "mr") => json!(gl.add_mr(
                text("project")?,
                text("title")?,
                text("source")?,
                text("target")?
            )),
            ("gitlab", "comment") => {
                let (project, iid, user, body) = (
                    text("project")?,
                    number("iid")?,
                    text("user")?,
                    text("body")?,
                );
                match request["mr"].as_bool() {
                    Some(true) => json!(gl.comment_on_mr(project, iid, user, body)),
                    _ => json!(gl.comment_on_issue(project, iid, user, body)),
                }
            }
            ("gitlab", "thread") => json!(gl.open_thread(
                text("project")?,
                number("iid")?,
                text("user")?,
                text("path")?,
                number("line")?
            )),
            ("gitlab", "approve") => {
                gl.approve(text("project")?, number("iid")?, text("user")?);
                Value::Null
            }
            ("gitlab", "push") => json!(gl.push(text("project")?, number("iid")?)),
            ("gitlab", "pipeline") => json!(gl.set_pipeline(
                text("project")?,
                number("iid")?,
                text("status")?,
                text("trace")?
            )),
            ("forgejo", "repo") => {
                fj.add_repo(text("repo")?);
                Value::Null
            }
            ("forgejo", "issue") => json!(fj.add_issue(text("repo")?, text("title")?, "")),
            ("forgejo", "pull") => {
                json!(fj.add_pull(text("repo")?, text("title")?, text("head")?, text("base")?))
            }
            ("forgejo", "comment") => json!(fj.comment(
                text("repo")?,
                number("number")?,
                text("user")?,
                text("body")?
            )),
            ("forgejo", "review") => json!(fj.review(
                text("repo")?,
                number("number")?,
                text("user")?,
                text("verdict")?,
                request["comment"].as_str()
            )),
            ("forgejo", "push") => json!(fj.push(text("repo")?, number("number")?)),
            ("forgejo", "status") => json!(fj.set_status(
                text("repo")?,
                number("number")?,
                text("context")?,
                text("state")?,
                text("log")?
            )),
            _ => return Err(format!("unknown command {command}")),
        })
    };
    Some(acted())
}

//! `fake-github`: the tests' GitHub-shaped server as a program, for the tour and for
//! trying helm offline. `serve` runs it and writes where it listens to a state file;
//! every other subcommand is a teammate acting on it (comment, review with an inline
//! comment, push a new head, CI passing), sent to the running server through its control
//! port. Only the Rust toolchain is needed: no curl, no network beyond 127.0.0.1.

mod control;
mod forges;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use serde_json::{Value, json};

/// A local, stateful GitHub REST server (GitHub's shapes, ETags, its own clock), and
/// teammates acting on it.
#[derive(Debug, Parser)]
#[command(name = "fake-github", version)]
struct Cli {
    /// Where `serve` writes its addresses and the other subcommands read them.
    #[arg(
        long,
        value_name = "FILE",
        global = true,
        default_value = "fake-github.json"
    )]
    state: PathBuf,
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Serve until `stop`, holding acme/widgets with the tour's issue #1: writes {"url",
    /// "control", "token"} to the state file and prints the API URL (point
    /// HELM_GITHUB_API_URL at it, GH_TOKEN at the token).
    Serve,
    /// Print `export` lines pointing helm at the running server (for `eval`): its URL, its
    /// token and, for github, GH_REPO=acme/widgets.
    Env {
        /// The forge to point helm at: github, gitlab (/api/v4) or forgejo (/api/v1).
        #[arg(long, default_value = "github")]
        forge: String,
    },
    /// Open an issue, as its author (octocat); prints its number.
    Issue {
        #[arg(long, value_name = "OWNER/NAME")]
        repo: String,
        #[arg(long)]
        title: String,
        #[arg(long, default_value = "")]
        body: String,
    },
    /// Comment on an issue or pull request as USER; prints the comment id.
    Comment {
        #[arg(long, value_name = "OWNER/NAME")]
        repo: String,
        /// The issue or pull request number.
        #[arg(long)]
        number: u64,
        #[arg(long)]
        user: String,
        #[arg(long)]
        body: String,
    },
    /// Submit a review as USER (APPROVED, CHANGES_REQUESTED, COMMENTED), with an inline
    /// comment when --path and --line are given; prints the inline comment's id (the one
    /// `helm steer reply-inline --comment-id` takes), else the review's.
    Review {
        #[arg(long, value_name = "OWNER/NAME")]
        repo: String,
        #[arg(long)]
        pr: u64,
        #[arg(long)]
        user: String,
        #[arg(long, value_name = "STATE")]
        verdict: String,
        #[arg(long, default_value = "")]
        body: String,
        /// The file the inline comment is on.
        #[arg(long, requires = "line")]
        path: Option<String>,
        /// The line the inline comment is on.
        #[arg(long, requires = "path")]
        line: Option<u64>,
        /// The inline comment (default: the review's body).
        #[arg(long)]
        comment: Option<String>,
    },
    /// Push a commit to the pull request's head branch; prints the new head sha.
    Push {
        #[arg(long, value_name = "OWNER/NAME")]
        repo: String,
        #[arg(long)]
        pr: u64,
        /// A file the commit changes, with --patch.
        #[arg(long, requires = "patch")]
        file: Option<String>,
        #[arg(long, requires = "file")]
        patch: Option<String>,
    },
    /// Complete a check run on the pull request's current head; prints its id.
    Check {
        #[arg(long, value_name = "OWNER/NAME")]
        repo: String,
        #[arg(long)]
        pr: u64,
        #[arg(long)]
        name: String,
        /// success, failure, neutral, cancelled, timed_out, action_required, skipped.
        #[arg(long)]
        conclusion: String,
    },
    /// Make BRANCH the repository's default branch (`main` until then), which
    /// `helm steer create-pr` takes as its base when --base is not given.
    DefaultBranch {
        #[arg(long, value_name = "OWNER/NAME")]
        repo: String,
        #[arg(long)]
        branch: String,
    },
    /// Act on the fake GitLab of the same server (under /api/v4).
    #[command(subcommand)]
    Gitlab(forges::GitLabCommand),
    /// Act on the fake Forgejo of the same server (under /api/v1).
    #[command(subcommand)]
    Forgejo(forges::ForgejoCommand),
    /// Stop the server.
    Stop,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Serve => control::serve(&cli.state),
        Command::Env { forge } => control::env(&cli.state, &forge).map(|lines| print!("{lines}")),
        command => control::send(&cli.state, &request(command)).map(|answer| match answer {
            Value::Null => {}
            Value::String(text) => println!("{text}"),
            other => println!("{other}"),
        }),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("fake-github: {message}");
            ExitCode::FAILURE
        }
    }
}

/// A control subcommand as the one JSON line the server reads.
fn request(command: Command) -> Value {
    match command {
        Command::Serve | Command::Env { .. } => unreachable!("answered here, not sent"),
        Command::Gitlab(command) => forges::gitlab_request(command),
        Command::Forgejo(command) => forges::forgejo_request(command),
        Command::Issue { repo, title, body } => {
            json!({"command": "issue", "repo": repo, "title": title, "body": body})
        }
        Command::Comment {
            repo,
            number,
            user,
            body,
        } => json!({"command": "comment", "repo": repo, "number": number, "user": user,
                    "body": body}),
        Command::Review {
            repo,
            pr,
            user,
            verdict,
            body,
            path,
            line,
            comment,
        } => json!({"command": "review", "repo": repo, "pr": pr, "user": user,
                    "verdict": verdict, "body": body, "path": path, "line": line,
                    "comment": comment}),
        Command::Push {
            repo,
            pr,
            file,
            patch,
        } => json!({"command": "push", "repo": repo, "pr": pr, "file": file, "patch": patch}),
        Command::Check {
            repo,
            pr,
            name,
            conclusion,
        } => json!({"command": "check", "repo": repo, "pr": pr, "name": name,
                    "conclusion": conclusion}),
        Command::DefaultBranch { repo, branch } => {
            json!({"command": "default-branch", "repo": repo, "branch": branch})
        }
        Command::Stop => json!({"command": "stop"}),
    }
}

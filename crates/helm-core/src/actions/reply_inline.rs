//! `reply-inline`: a reply in a pull request's inline review thread.

use std::path::Path;

use helm_forge::act::{IssueOrPull, ReplyInline};
use helm_forge::{ForgeName, Produced};
use serde::{Deserialize, Serialize};

use super::part::{RecordPart, first_differing, kept};
use super::produced::unexpected;
use super::SteerAction;
use crate::error::Result;
use crate::inputs::{BodySpec, Flag, Flags, Stdin};
use crate::model::SteerRecord;

/// Reply to an inline review comment.
///
/// Pass the id of the review comment that starts the thread: GitHub takes
/// no replies to replies. `helm observe github-pr N --focus reviews` lists
/// the threads; a thread's `id` is the one to pass.
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[schemars(
    description = "Reply to an inline review comment.\n\nPass the id of the review comment that starts the thread: GitHub takes\nno replies to replies. `observe` with github-pr N, `focus` reviews lists\nthe threads; a thread's `id` is the one to pass."
)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[schemars(inline)]
pub struct ReplyInlineArgs {
    /// The pull request.
    pr: u64,
    /// The review comment that starts the thread (a thread's `id` in
    /// `observe github-pr --focus reviews`).
    #[schemars(
        description = "The review comment that starts the thread: a thread's `id`, as `observe` with github-pr N, `focus` reviews lists them."
    )]
    comment_id: u64,
    #[serde(flatten)]
    body: BodySpec,
}

impl Flags for ReplyInlineArgs {
    fn flags() -> Vec<Flag> {
        [
            Flag::option("pr", "N").issue_number().required(),
            Flag::option("commentId", "ID").required().help(
                "The review comment that starts the thread (a thread's `id` in \
                 `observe github-pr --focus reviews`).",
            ),
        ]
        .into_iter()
        .chain(BodySpec::flags())
        .collect()
    }

    /// The command line's own: it names `--focus`.
    fn about() -> Option<&'static str> {
        Some(
            "Reply to an inline review comment.\n\n\
             Pass the id of the review comment that starts the thread: GitHub takes\n\
             no replies to replies. `helm observe github-pr N --focus reviews` lists\n\
             the threads; a thread's `id` is the one to pass.",
        )
    }
}


/// What a reply's entry records of its own.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, rename_all = "camelCase")]
pub(crate) struct Replied {
    /// The reply created.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) comment_id: Option<u64>,
    /// The review comment that `reply-inline` answered.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) in_reply_to: Option<u64>,
    /// What was said.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) body: Option<String>,
}

impl RecordPart for Replied {
    /// Every reply records its body (one without was written by an older
    /// helm).
    fn differs(asked: &Self, recorded: &Self) -> Option<&'static str> {
        first_differing([
            (
                "comment replied to",
                asked.in_reply_to == recorded.in_reply_to,
            ),
            ("body", kept(&asked.body, &recorded.body)),
        ])
    }

    fn details(&self, lines: &mut Vec<String>) {
        if let Some(to) = self.in_reply_to {
            lines.push(format!("in reply to review comment {to}"));
        }
    }

    fn body(&self) -> Option<&str> {
        self.body.as_deref()
    }

    fn comment(&self) -> Option<u64> {
        self.comment_id
    }
}

impl SteerAction for ReplyInline {
    type Args = ReplyInlineArgs;
    type Record = Replied;

    fn resolve(args: &ReplyInlineArgs, cwd: &Path, stdin: Stdin) -> Result<Self> {
        Ok(ReplyInline {
            pr: args.pr,
            comment_id: args.comment_id,
            body: args.body.required(cwd, stdin, "reply body")?,
        })
    }

    fn subject(&self) -> Option<IssueOrPull> {
        Some(IssueOrPull::PullRequest(self.pr))
    }

    fn texts(&self) -> Vec<(&'static str, &str)> {
        vec![("body", &self.body)]
    }

    fn body_mut(&mut self) -> Option<&mut String> {
        Some(&mut self.body)
    }


    fn asked(&self, record: &mut SteerRecord) -> Replied {
        record.pr = Some(self.pr);
        Replied {
            comment_id: None,
            in_reply_to: Some(self.comment_id),
            body: Some(self.body.clone()),
        }
    }

    fn performed(
        &self,
        mut record: SteerRecord,
        produced: Produced,
        forge: ForgeName,
    ) -> Result<SteerRecord> {
        match produced {
            Produced::Posted { id, url, author } => {
                record.edit_part(|part: &mut Replied| part.comment_id = Some(id));
                record.url = url;
                record.actor = author;
                Ok(record)
            }
            other => Err(unexpected(forge, &self.doing(), &other)),
        }
    }

    fn names(record: &SteerRecord) -> Option<(&'static str, serde_json::Value)> {
        let part: Replied = record.part();
        part.comment_id.map(|id| ("$.commentId", id.into()))
    }

    fn headline(_record: &SteerRecord, subject: &str) -> String {
        format!("reply inline on {subject}")
    }

    #[cfg(test)]
    fn sample() -> &'static str {
        r#"{"kind": "reply-inline", "pr": 6, "commentId": 9, "body": "b"}"#
    }
}

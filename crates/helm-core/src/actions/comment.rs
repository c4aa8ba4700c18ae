//! `comment`: a comment on an issue or on a pull request's conversation.

use std::path::Path;

use helm_forge::act::{Comment, IssueOrPull};
use helm_forge::{ForgeName, Produced};
use serde::{Deserialize, Serialize};

use super::part::{RecordPart, kept};
use super::produced::unexpected;
use super::SteerAction;
use crate::error::arg;
use crate::error::{Error, Result};
use crate::inputs::{BodySpec, Flag, Flags, Stdin};
use crate::model::SteerRecord;
use crate::model::words;

/// Comment on an issue or on a pull request's conversation.
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[schemars(inline)]
pub struct CommentArgs {
    /// The issue to comment on.
    #[serde(default)]
    issue: Option<u64>,
    /// The pull request to comment on.
    #[serde(default)]
    pr: Option<u64>,
    #[serde(flatten)]
    body: BodySpec,
}

impl Flags for CommentArgs {
    fn flags() -> Vec<Flag> {
        vec![
            Flag::option("issue", "N").issue_number().by_position().conflicts(&["pr"]).required_unless(&["pr"]),
            Flag::option("pr", "N").issue_number(),
        ]
        .into_iter()
        .chain(BodySpec::flags())
        .collect()
    }
}


/// What a comment's entry records of its own.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, rename_all = "camelCase")]
pub(crate) struct Commented {
    /// The comment created by `comment` or `reply-inline`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) comment_id: Option<u64>,
    /// What was said: the comment, reply, issue or pull request body.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) body: Option<String>,
}

impl RecordPart for Commented {
    /// Every comment records its body (one without was written by an older
    /// helm).
    fn differs(asked: &Self, recorded: &Self) -> Option<&'static str> {
        (!kept(&asked.body, &recorded.body)).then_some("body")
    }

    fn body(&self) -> Option<&str> {
        self.body.as_deref()
    }

    fn comment(&self) -> Option<u64> {
        self.comment_id
    }
}

impl SteerAction for Comment {
    type Args = CommentArgs;
    type Record = Commented;

    fn resolve(args: &CommentArgs, cwd: &Path, stdin: Stdin) -> Result<Self> {
        Ok(Comment {
            on: match (args.issue, args.pr) {
                (Some(n), None) => IssueOrPull::Issue(n),
                (None, Some(n)) => IssueOrPull::PullRequest(n),
                _ => {
                    return Err(Error::usage(words![
                        "comment needs exactly one of ",
                        arg("issue"),
                        " N or ",
                        arg("pr"),
                        " N",
                    ]));
                }
            },
            body: args.body.required(cwd, stdin, "comment body")?,
        })
    }

    fn subject(&self) -> Option<IssueOrPull> {
        Some(self.on)
    }

    fn texts(&self) -> Vec<(&'static str, &str)> {
        vec![("body", &self.body)]
    }

    fn body_mut(&mut self) -> Option<&mut String> {
        Some(&mut self.body)
    }


    fn asked(&self, record: &mut SteerRecord) -> Commented {
        match self.on {
            IssueOrPull::Issue(n) => record.issue = Some(n),
            IssueOrPull::PullRequest(n) => record.pr = Some(n),
        }
        Commented {
            comment_id: None,
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
                record.edit_part(|part: &mut Commented| part.comment_id = Some(id));
                record.url = url;
                record.actor = author;
                Ok(record)
            }
            other => Err(unexpected(forge, &self.doing(), &other)),
        }
    }

    fn names(record: &SteerRecord) -> Option<(&'static str, serde_json::Value)> {
        let part: Commented = record.part();
        part.comment_id.map(|id| ("$.commentId", id.into()))
    }

    fn headline(_record: &SteerRecord, subject: &str) -> String {
        format!("comment on {subject}")
    }

    #[cfg(test)]
    fn sample() -> &'static str {
        r#"{"kind": "comment", "issue": 5, "body": "b"}"#
    }
}

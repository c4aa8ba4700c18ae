//! What each forge can do, as data, and the rule that refuses the rest before
//! anything is read or sent (kind `unsupported`): a forge that cannot do an
//! action exactly says which part it lacks, never approximates it (ADR 0023).
//! A merge method is a value a project allows or not, so it is refused by the
//! forge's own reading of the project's settings, not here.

use std::fmt;

use helm_model::ActionKind;
use helm_model::error::{Error, Fact, Kind};
use helm_model::words;

use crate::act::{CloseReason, Steer};
use crate::name::ForgeName;

/// Each action and how far a forge supports it; every action is listed.
#[derive(Debug)]
pub struct Capabilities {
    pub actions: &'static [(ActionKind, Support)],
}

#[derive(Debug)]
pub enum Support {
    Yes,
    /// Supported, except for these parts of the value (each refused if asked).
    Without(&'static [Part]),
    /// Not at all; the part names what the forge lacks.
    No(Part),
}

/// Something a forge lacks: its name in a refusal's facts, and its words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Part {
    pub name: &'static str,
    pub words: &'static str,
}

/// A refusal: the forge, the action and what it lacks for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unsupported {
    pub forge: ForgeName,
    pub action: ActionKind,
    pub part: Part,
}

const REASON: Part = Part {
    name: "reason",
    words: "close reason",
};
const TEAMS: Part = Part {
    name: "teams",
    words: "team reviewers",
};
const REPLY: Part = Part {
    name: "reply",
    words: "reply to a review comment",
};
const RESOLUTION: Part = Part {
    name: "resolution",
    words: "thread resolution",
};

/// Every action supported: GitHub, as helm has always acted on it.
const ALL: &[(ActionKind, Support)] = &[
    (ActionKind::Comment, Support::Yes),
    (ActionKind::CreateIssue, Support::Yes),
    (ActionKind::EditIssue, Support::Yes),
    (ActionKind::CloseIssue, Support::Yes),
    (ActionKind::ReopenIssue, Support::Yes),
    (ActionKind::CreatePr, Support::Yes),
    (ActionKind::EditPr, Support::Yes),
    (ActionKind::ClosePr, Support::Yes),
    (ActionKind::RequestReview, Support::Yes),
    (ActionKind::ReplyInline, Support::Yes),
    (ActionKind::MergePr, Support::Yes),
    (ActionKind::Label, Support::Yes),
    (ActionKind::ResolveThread, Support::Yes),
    (ActionKind::UnresolveThread, Support::Yes),
];

static GITHUB: Capabilities = Capabilities { actions: ALL };

/// GitLab: no close reason, no team reviewers (a reply is a note in the
/// review comment's discussion; a thread is a discussion).
static GITLAB: Capabilities = Capabilities {
    actions: &[
        (ActionKind::Comment, Support::Yes),
        (ActionKind::CreateIssue, Support::Yes),
        (ActionKind::EditIssue, Support::Yes),
        (ActionKind::CloseIssue, Support::Without(&[REASON])),
        (ActionKind::ReopenIssue, Support::Yes),
        (ActionKind::CreatePr, Support::Yes),
        (ActionKind::EditPr, Support::Yes),
        (ActionKind::ClosePr, Support::Yes),
        (ActionKind::RequestReview, Support::Without(&[TEAMS])),
        (ActionKind::ReplyInline, Support::Yes),
        (ActionKind::MergePr, Support::Yes),
        (ActionKind::Label, Support::Yes),
        (ActionKind::ResolveThread, Support::Yes),
        (ActionKind::UnresolveThread, Support::Yes),
    ],
};

/// Forgejo: no close reason, no reply to a review comment and no thread
/// resolution in its API.
static FORGEJO: Capabilities = Capabilities {
    actions: &[
        (ActionKind::Comment, Support::Yes),
        (ActionKind::CreateIssue, Support::Yes),
        (ActionKind::EditIssue, Support::Yes),
        (ActionKind::CloseIssue, Support::Without(&[REASON])),
        (ActionKind::ReopenIssue, Support::Yes),
        (ActionKind::CreatePr, Support::Yes),
        (ActionKind::EditPr, Support::Yes),
        (ActionKind::ClosePr, Support::Yes),
        (ActionKind::RequestReview, Support::Yes),
        (ActionKind::ReplyInline, Support::No(REPLY)),
        (ActionKind::MergePr, Support::Yes),
        (ActionKind::Label, Support::Yes),
        (ActionKind::ResolveThread, Support::No(RESOLUTION)),
        (ActionKind::UnresolveThread, Support::No(RESOLUTION)),
    ],
};

impl ForgeName {
    /// What this forge can do (the ADR's table, one row per action).
    pub fn capabilities(self) -> &'static Capabilities {
        match self {
            ForgeName::GitHub => &GITHUB,
            ForgeName::GitLab => &GITLAB,
            ForgeName::Forgejo => &FORGEJO,
        }
    }
}

/// Whether `steer` asks for `part` of its action. A close asks for a reason
/// only when it is not the plain "completed" every close means on a forge
/// without reasons; a review request asks for teams when it names one. A
/// part this rule does not know is taken as asked, so a table naming a new
/// part refuses until the rule learns it, never lets it through.
fn asks(steer: &Steer, part: Part) -> bool {
    match (steer, part.name) {
        (Steer::CloseIssue(close), "reason") => close.reason != CloseReason::Completed,
        (Steer::RequestReview(request), "teams") => !request.teams.is_empty(),
        _ => true,
    }
}

/// What `forge`, able to do what `capabilities` says, refuses of `steer`
/// before anything is read or sent; `None` when it can do it exactly. An
/// action the table leaves out is refused whole.
pub fn refuses(
    forge: ForgeName,
    capabilities: &Capabilities,
    steer: &Steer,
) -> Option<Unsupported> {
    let action = steer.kind();
    let refusal = |part| {
        Some(Unsupported {
            forge,
            action,
            part,
        })
    };
    match capabilities
        .actions
        .iter()
        .find(|(kind, _)| *kind == action)
    {
        None => refusal(Part {
            name: action.as_str(),
            words: "this action",
        }),
        Some((_, Support::Yes)) => None,
        Some((_, Support::No(part))) => refusal(*part),
        Some((_, Support::Without(parts))) => parts
            .iter()
            .find(|part| asks(steer, **part))
            .and_then(|part| refusal(*part)),
    }
}

impl fmt::Display for Unsupported {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} has no {}: {} cannot be done there exactly",
            self.forge,
            self.part.words,
            self.action.as_str()
        )
    }
}

impl From<Unsupported> for Error {
    fn from(refusal: Unsupported) -> Error {
        let forge = refusal.forge;
        let partly = matches!(
            forge
                .capabilities()
                .actions
                .iter()
                .find(|(kind, _)| *kind == refusal.action),
            Some((_, Support::Without(_)))
        );
        let hint = if partly {
            format!(
                "steer {} without its {} part, which {forge} cannot take",
                refusal.action.as_str(),
                refusal.part.name
            )
        } else {
            format!("do it in {forge}'s own interface; helm never approximates it")
        };
        Error::new(
            Kind::Unsupported,
            words![format!("{refusal}; nothing was read, sent or recorded")],
        )
        .hint(words![hint])
        .about(Fact::Unsupported {
            forge: forge.as_str().to_string(),
            action: refusal.action,
            missing: refusal.part.name.to_string(),
        })
    }
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod table;

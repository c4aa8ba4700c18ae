//! Which steer actions an entry can record: the `steer` field of a stored
//! steer's JSON. The names are part of the voyage file's vocabulary, so they
//! live with the model; what each action does is its own file's business
//! (`actions/`), whose registry the compiler holds to this list (a variant
//! missing on either side fails to build).

use serde::{Deserialize, Serialize};

macro_rules! action_kinds {
    ($($Variant:ident $name:literal,)*) => {
        /// Which steer action an entry records (`steer` in its JSON).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
        pub enum ActionKind {
            $(
                #[serde(rename = $name)]
                $Variant,
            )*
        }

        impl ActionKind {
            /// Every steer action helm performs.
            pub const ALL: &[ActionKind] = &[$(ActionKind::$Variant),*];

            /// The name on the command line, in MCP and on disk.
            pub fn as_str(self) -> &'static str {
                match self {
                    $(ActionKind::$Variant => $name,)*
                }
            }
        }
    };
}

action_kinds! {
    Comment         "comment",
    CreateIssue     "create-issue",
    EditIssue       "edit-issue",
    CloseIssue      "close-issue",
    ReopenIssue     "reopen-issue",
    CreatePr        "create-pr",
    EditPr          "edit-pr",
    ClosePr         "close-pr",
    RequestReview   "request-review",
    ReplyInline     "reply-inline",
    MergePr         "merge-pr",
    Label           "label",
    ResolveThread   "resolve-thread",
    UnresolveThread "unresolve-thread",
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_is_spelt_as_on_disk() {
        for kind in ActionKind::ALL {
            let json = serde_json::to_value(kind).unwrap();
            assert_eq!(json.as_str(), Some(kind.as_str()));
        }
    }
}

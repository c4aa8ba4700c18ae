//! What targets share: the focus enums of GitHub targets (which parts to
//! look at; each kind declares its own with [`focus_enum!`]), their
//! `--focus` suffix, and where a target is looked at.

use crate::error::CommandArg;
use crate::error::{Words, arg};
use crate::model::Repo;
use crate::model::words;

macro_rules! focus_enum {
    ($(#[$meta:meta])* $name:ident { $($variant:ident => $text:literal),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize, schemars::JsonSchema)]
        #[serde(rename_all = "kebab-case")]
        pub enum $name { $($variant),+ }

        impl $name {
            pub(crate) const ALL: &'static [$name] = &[$($name::$variant),+];

            pub(crate) fn as_str(self) -> &'static str {
                match self { $($name::$variant => $text),+ }
            }
        }

        impl $crate::observe::FocusName for $name {
            fn name(&self) -> &'static str {
                self.as_str()
            }
        }
    };
}

pub(crate) use focus_enum;

/// Where a target is looked at.
#[derive(Clone, Copy)]
pub(crate) enum Source<'a> {
    /// Files and folders on this machine.
    Local,
    /// A repository on GitHub.
    GitHub(&'a Repo),
    /// A repository on another forge.
    Forge(&'a dyn super::neutral::ForgeLook),
}

/// Lets target code treat the three focus enums alike.
pub(crate) trait FocusName {
    fn name(&self) -> &'static str;
}

/// `--focus` and the parts, unless they are all of them.
pub(crate) fn focus_arg<F: FocusName + PartialEq>(focus: &[F], all: &[F]) -> Option<CommandArg> {
    let names: Vec<&str> = focus.iter().map(|f| f.name()).collect();
    (focus.len() != all.len()).then(|| CommandArg::Value("focus", names.join(",")))
}

pub(crate) fn focus_suffix<F: FocusName + PartialEq>(focus: &[F], all: &[F]) -> Words {
    if focus.len() == all.len() {
        return Words::new();
    }
    let names: Vec<&str> = focus.iter().map(|f| f.name()).collect();
    words![" ", arg("focus"), format!(" {}", names.join(","))]
}

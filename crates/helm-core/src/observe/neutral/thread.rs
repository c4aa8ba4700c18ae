//! What `issue` and `pr` share on any forge: all of a kind but its focus and
//! names ([`neutral_thread!`]), and the look through the forge's
//! `Repository::thread` ([`thread`]). On GitHub each is its `github-` kind;
//! elsewhere its payload is the same [`ThreadPayload`].

use helm_forge::{Repository, ThreadPart, ThreadRef};
use serde_json::Value;

use super::super::conversation::ThreadPayload;
use super::ForgeSite;

/// Writes a neutral thread kind's arguments, its target on a forge other
/// than GitHub and the traits every kind fills in; `$GitHub` is the GitHub
/// kind's target it stands for there, and `$part` maps its focus to the
/// forge's [`ThreadPart`].
macro_rules! neutral_thread {
    (
        $(#[$doc:meta])*
        $Args:ident => $Target:ident ($target_doc:literal),
        focus: $Focus:ident => $part:ident,
        number: $number_doc:literal,
        kind: $kind:literal $(aka $alias:literal)?,
        pr: $is_pr:literal,
        github: $GitHub:ident
    ) => {
        $(#[$doc])*
        #[derive(Debug, Clone, serde::Deserialize, schemars::JsonSchema)]
        #[serde(rename_all = "camelCase", deny_unknown_fields)]
        pub struct $Args {
            #[doc = $number_doc]
            pub(crate) number: u64,
            /// Which parts to fetch (default: all).
            #[serde(default)]
            pub(crate) focus: Vec<$Focus>,
            /// OWNER/NAME, HOST/PATH or the repository's URL (default: GH_REPO, then git remote `origin`).
            #[serde(default)]
            pub(crate) repo: Option<String>,
            /// The forge of an unknown host: github, gitlab, forgejo.
            #[serde(default)]
            pub(crate) forge: Option<String>,
        }

        impl $crate::inputs::Flags for $Args {
            fn flags() -> Vec<$crate::inputs::Flag> {
                use $crate::inputs::Flag;
                let mut flags = vec![
                    Flag::positional("number", "NUMBER")
                        .issue_number()
                        .required(),
                    Flag::option("focus", "PART").delimited(','),
                ];
                flags.extend(super::place_flags());
                flags
            }

            fn aliases() -> &'static [&'static str] {
                &[$($alias)?]
            }
        }

        #[doc = $target_doc]
        #[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize, schemars::JsonSchema)]
        #[serde(rename_all = "camelCase")]
        pub struct $Target {
            #[serde(flatten)]
            pub(crate) site: super::ForgeSite,
            pub(crate) number: u64,
            pub(crate) focus: Vec<$Focus>,
        }

        impl super::super::KindArgs for $Args {
            fn repo_flag(&self) -> Option<Option<&str>> {
                Some(self.repo.as_deref())
            }

            fn forge_flag(&self) -> Option<Option<&str>> {
                Some(self.forge.as_deref())
            }

            fn canonical(
                &self,
                place: &super::super::Place,
            ) -> $crate::error::Result<super::super::Target> {
                use super::super::Target;
                let focus = super::super::local::paths::focus(&self.focus, $Focus::ALL);
                Ok(match place.located()? {
                    $crate::ops::Located::GitHub(repo) => Target::from($GitHub {
                        repo,
                        number: self.number,
                        focus,
                    }),
                    $crate::ops::Located::Forge(at) => Target::from($Target {
                        site: super::ForgeSite::of(&at),
                        number: self.number,
                        focus,
                    }),
                })
            }
        }

        impl super::super::KindTarget for $Target {
            fn subject(&self) -> Option<super::super::ThreadSubject> {
                Some(self.site.subject(
                    $is_pr,
                    self.number,
                    self.focus.iter().map(|f| f.as_str()).collect(),
                ))
            }

            fn describe(&self) -> $crate::error::Words {
                $crate::model::words![
                    format!(concat!($kind, " {}#{}"), self.site.named(), self.number),
                    super::super::target::focus_suffix(&self.focus, $Focus::ALL),
                ]
            }

            fn way(&self) -> super::super::Way<'_> {
                super::super::Way::Forge(self)
            }

            fn is_pull(&self) -> bool {
                $is_pr
            }

            fn digest(&self, payload: &[u8]) -> Option<String> {
                let payload: super::super::conversation::ThreadPayload =
                    serde_json::from_slice(payload).ok()?;
                Some(payload.digest())
            }

            fn said(&self, payload: &[u8]) -> Vec<super::super::said::TextSaid> {
                serde_json::from_slice::<super::super::conversation::ThreadPayload>(payload)
                    .map_or_else(|_| Vec::new(), |p| p.said())
            }

            fn compares(&self) -> bool {
                true
            }

            fn changes(&self, before: &[u8], after: &[u8]) -> Vec<String> {
                let parts: Vec<&str> = self.focus.iter().map(|f| f.as_str()).collect();
                super::super::conversation::changes(&parts, before, after)
            }

            fn command_args(&self) -> Option<Vec<$crate::error::CommandArg>> {
                use $crate::error::CommandArg;
                let number = CommandArg::Word(format!(concat!($kind, " {}"), self.number));
                let focus = super::super::target::focus_arg(&self.focus, $Focus::ALL);
                let mut args: Vec<CommandArg> =
                    [Some(number), focus].into_iter().flatten().collect();
                args.extend(self.site.args());
                Some(args)
            }
        }

        impl super::ForgeLook for $Target {
            fn site(&self) -> &super::ForgeSite {
                &self.site
            }

            fn looking<'a>(
                &'a self,
                repo: &'a dyn helm_forge::Repository,
            ) -> helm_forge::Io<'a, serde_json::Value> {
                let parts = self.focus.iter().map(|f| $part(*f)).collect();
                let at = helm_forge::ThreadRef {
                    number: self.number,
                    is_pr: $is_pr,
                };
                Box::pin(super::thread::thread(repo, &self.site, at, parts))
            }

            fn words(&self, payload: &serde_json::Value) -> String {
                <super::super::conversation::ThreadPayload as serde::Deserialize>::deserialize(
                    payload,
                )
                .map_or_else(|_| String::new(), |p| p.words())
            }
        }
    };
}
pub(super) use neutral_thread;

/// An issue's or a pull request's `parts` as a [`ThreadPayload`], the same
/// JSON a GitHub look stores, without validators (the forge answers no
/// conditional requests).
pub(super) async fn thread(
    repo: &dyn Repository,
    site: &ForgeSite,
    at: ThreadRef,
    parts: Vec<ThreadPart>,
) -> Result<Value, helm_forge::ForgeError> {
    let looked = repo.thread(at, &parts).await?;
    let mut payload = ThreadPayload::new(site.repo.clone(), at.number);
    for (part, looked) in looked {
        let value = Some(looked.value);
        match part {
            ThreadPart::Summary => payload.summary = value,
            ThreadPart::Comments => {
                payload.comments = value;
                payload.comments_truncated = looked.truncated;
            }
            ThreadPart::Files => {
                payload.files = value;
                payload.files_truncated = looked.truncated;
            }
            ThreadPart::Diff => payload.diff = value,
            ThreadPart::Checks => payload.checks = value,
            ThreadPart::Reviews => payload.reviews = value,
        }
    }
    Ok(serde_json::to_value(&payload).unwrap_or(Value::Null))
}

//! What `github-issue` and `github-pr` share: all of a kind but the look.
//! The two differ in their focus (an issue has a summary and comments; a
//! pull request also files, diff, checks and reviews), their names and how
//! each part is read, so each kind's file declares its focus and its look and
//! invokes [`github_thread!`] for the rest.

/// Writes a GitHub thread kind's arguments, canonical target and the traits
/// every kind fills in ([`super::KindArgs`], [`super::KindTarget`],
/// [`super::ThreadTarget`], [`super::RemoteLook`]); `$look` is the kind's own
/// `async fn(client, number, focus, prior) -> Looking`.
macro_rules! github_thread {
    (
        $(#[$doc:meta])*
        $Args:ident => $Target:ident,
        focus: $Focus:ident, e.g. $example:literal,
        number: $number_doc:literal,
        kind: $kind:literal,
        pr: $is_pr:literal,
        look: $look:ident
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
            /// The GitHub repository as OWNER/NAME or its URL (default: GH_REPO, then the git
            /// remote `origin` of the current directory).
            #[serde(default)]
            pub(crate) repo: Option<String>,
        }

        impl $crate::inputs::Flags for $Args {
            fn flags() -> Vec<$crate::inputs::Flag> {
                use $crate::inputs::Flag;
                vec![
                    Flag::positional("number", "NUMBER")
                        .issue_number()
                        .required(),
                    Flag::option("focus", "PART").delimited(',').help(concat!(
                        "Which parts to fetch (default: all); repeatable, or a comma list: \
                         --focus ",
                        $example
                    )),
                    Flag::option("repo", "OWNER/NAME").short('R'),
                ]
            }
        }

        /// The canonical target: the repository, the number, the focus sorted.
        #[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize, schemars::JsonSchema)]
        #[serde(rename_all = "camelCase")]
        pub struct $Target {
            pub(crate) repo: $crate::model::Repo,
            pub(crate) number: u64,
            pub(crate) focus: Vec<$Focus>,
        }

        impl super::KindArgs for $Args {
            fn repo_flag(&self) -> Option<Option<&str>> {
                Some(self.repo.as_deref())
            }

            fn canonical(&self, place: &super::Place) -> $crate::error::Result<super::Target> {
                Ok(super::Target::from($Target {
                    repo: place.repository()?,
                    number: self.number,
                    focus: super::local::paths::focus(&self.focus, $Focus::ALL),
                }))
            }
        }

        impl super::KindTarget for $Target {
            fn describe(&self) -> $crate::error::Words {
                $crate::model::words![
                    format!(concat!($kind, " {}#{}"), self.repo, self.number),
                    super::target::focus_suffix(&self.focus, $Focus::ALL),
                ]
            }

            fn way(&self) -> super::Way<'_> {
                super::Way::GitHub(self)
            }

            fn digest(&self, payload: &[u8]) -> Option<String> {
                let payload: super::conversation::ThreadPayload =
                    serde_json::from_slice(payload).ok()?;
                Some(payload.digest())
            }

            /// Title, state, comments and reviews: never a pull request's
            /// files' contents, which its payload does not hold.
            fn said(&self, payload: &[u8]) -> Vec<super::said::TextSaid> {
                match serde_json::from_slice::<super::conversation::ThreadPayload>(payload) {
                    Ok(payload) => payload.said(),
                    Err(_) => Vec::new(),
                }
            }

            fn compares(&self) -> bool {
                true
            }

            fn changes(&self, before: &[u8], after: &[u8]) -> Vec<String> {
                super::conversation::changes(&super::ThreadTarget::parts(self), before, after)
            }

            fn command_args(&self) -> Option<Vec<$crate::error::CommandArg>> {
                use $crate::error::CommandArg;
                let number = CommandArg::Word(format!(concat!($kind, " {}"), self.number));
                let focus = super::target::focus_arg(&self.focus, $Focus::ALL);
                let repo = CommandArg::Value("repo", self.repo.to_string());
                Some(
                    [Some(number), focus, Some(repo)]
                        .into_iter()
                        .flatten()
                        .collect(),
                )
            }

            fn thread(&self) -> Option<&dyn super::ThreadTarget> {
                Some(self)
            }
        }

        impl super::ThreadTarget for $Target {
            fn repo(&self) -> &$crate::model::Repo {
                &self.repo
            }

            fn number(&self) -> u64 {
                self.number
            }

            fn is_pr(&self) -> bool {
                $is_pr
            }

            fn parts(&self) -> Vec<&'static str> {
                self.focus.iter().map(|f| f.as_str()).collect()
            }

            fn narrowed(&self, parts: &[&str]) -> super::Target {
                let mut target = self.clone();
                target.focus.retain(|f| parts.contains(&f.as_str()));
                super::Target::from(target)
            }

            /// Its summary's head, else its checks' (an issue has neither).
            fn head_sha(&self, payload: &serde_json::Value) -> Option<String> {
                <super::conversation::ThreadPayload as serde::Deserialize>::deserialize(payload)
                    .ok()?
                    .head_sha()
            }
        }

        impl super::RemoteLook for $Target {
            fn repo(&self) -> &$crate::model::Repo {
                &self.repo
            }

            fn words(&self, payload: &serde_json::Value) -> String {
                <super::conversation::ThreadPayload as serde::Deserialize>::deserialize(payload)
                    .map_or_else(|_| String::new(), |p| p.words())
            }

            fn looking<'a>(
                &'a self,
                client: &'a dyn helm_forge::ConditionalLook,
                prior: Option<&'a serde_json::Value>,
            ) -> futures_util::future::LocalBoxFuture<'a, super::Looking> {
                use futures_util::FutureExt;
                let prior = prior.and_then(|p| {
                    <super::conversation::ThreadPayload as serde::Deserialize>::deserialize(p).ok()
                });
                async move { $look(client, self.number, &self.focus, prior.as_ref()).await }
                    .boxed_local()
            }
        }
    };
}
pub(crate) use github_thread;

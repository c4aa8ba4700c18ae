//! What `edit-issue` and `edit-pr` share: everything. They differ only in
//! what they name (an issue or a pull request; each forge's request knows
//! its own path for either), so each one's file is an invocation of
//! [`edit_action!`].

/// Writes an edit action's arguments and its [`super::SteerAction`]: a new
/// title, body or both for the issue or pull request `$field` names.
macro_rules! edit_action {
    (
        $(#[$doc:meta])*
        $Type:ident($Args:ident),
        $field:ident: $field_doc:literal,
        subject: $Subject:ident $word:literal,
        sample: $sample:literal
    ) => {
        $(#[$doc])*
        #[derive(Debug, Clone, serde::Deserialize, schemars::JsonSchema)]
        #[serde(rename_all = "camelCase", deny_unknown_fields)]
        #[schemars(inline)]
        pub struct $Args {
            #[doc = $field_doc]
            $field: u64,
            /// The new title.
            #[serde(default)]
            title: Option<String>,
            #[serde(flatten)]
            body: $crate::inputs::BodySpec,
        }

        impl $crate::inputs::Flags for $Args {
            fn flags() -> Vec<$crate::inputs::Flag> {
                use $crate::inputs::{BodySpec, Flag};
                [
                    Flag::option(stringify!($field), "N").issue_number().by_position().required(),
                    Flag::option("title", "TITLE"),
                ]
                .into_iter()
                .chain(BodySpec::flags())
                .collect()
            }
        }

        impl super::SteerAction for $Type {
            type Args = $Args;
            type Record = super::shared::Edited;

            fn resolve(
                args: &$Args,
                cwd: &std::path::Path,
                stdin: $crate::inputs::Stdin,
            ) -> $crate::error::Result<Self> {
                let (title, body) = super::shared::edits(&args.title, &args.body, cwd, stdin)?;
                Ok($Type {
                    $field: args.$field,
                    title,
                    body,
                })
            }

            fn subject(&self) -> Option<helm_forge::act::IssueOrPull> {
                Some(helm_forge::act::IssueOrPull::$Subject(self.$field))
            }

            fn texts(&self) -> Vec<(&'static str, &str)> {
                let mut texts: Vec<(&'static str, &str)> = Vec::new();
                texts.extend(self.title.as_deref().map(|title| ("title", title)));
                texts.extend(self.body.as_deref().map(|body| ("body", body)));
                texts
            }

            fn body_mut(&mut self) -> Option<&mut String> {
                self.body.as_mut()
            }


            fn asked(&self, record: &mut $crate::model::SteerRecord) -> Self::Record {
                record.$field = Some(self.$field);
                super::shared::Edited {
                    title: self.title.clone(),
                    body: self.body.clone(),
                }
            }

            fn performed(
                &self,
                mut record: $crate::model::SteerRecord,
                produced: helm_forge::Produced,
                forge: helm_forge::ForgeName,
            ) -> $crate::error::Result<$crate::model::SteerRecord> {
                match produced {
                    helm_forge::Produced::Edited { title, url, .. } => {
                        record.url = url;
                        record.edit_part(|part: &mut super::shared::Edited| {
                            part.title = self
                                .title
                                .as_ref()
                                .map(|asked| title.unwrap_or_else(|| asked.clone()));
                        });
                        Ok(record)
                    }
                    other => Err(super::produced::unexpected(forge, &self.doing(), &other)),
                }
            }

            fn headline(_record: &$crate::model::SteerRecord, subject: &str) -> String {
                format!("edit {subject}")
            }

            #[cfg(test)]
            fn sample() -> &'static str {
                $sample
            }
        }
    };
}
pub(super) use edit_action;

//! Which tools one `helm mcp` serves: all of them, only those that change
//! nothing (`--read-only`), only those named (`--tools a,b`), or both. A
//! tool not served is not listed, and a call to it is refused as an
//! unknown tool would be: the restriction holds whatever the client sends.

use crate::error::{Error, Result, arg};
use crate::words;

use super::tools::{self, Tool};

#[derive(Clone, Debug, Default)]
pub struct Served {
    read_only: bool,
    /// `None` serves every tool the mode allows.
    named: Option<Vec<&'static str>>,
}

impl Served {
    /// The tools `--read-only` and `--tools` allow. A name that is not a
    /// tool, or a tool that changes things named with `--read-only`, is a
    /// usage error: a server that silently served less than asked would
    /// look like a broken one.
    pub fn new(read_only: bool, names: &[String]) -> Result<Served> {
        let mut named = Vec::new();
        for name in names.iter().map(|n| n.trim()).filter(|n| !n.is_empty()) {
            let Some(tool) = tools::find(name) else {
                let valid: Vec<&str> = tools::ALL.iter().map(|t| t.name).collect();
                return Err(
                    Error::usage(words![arg("tools"), format!(" names no tool '{name}'")])
                        .hint(format!("the tools are {}", valid.join(", "))),
                );
            };
            if read_only && !tool.effect.read_only {
                let readers: Vec<&str> = tools::ALL
                    .iter()
                    .filter(|t| t.effect.read_only)
                    .map(|t| t.name)
                    .collect();
                return Err(Error::usage(words![
                    arg("read-only"),
                    format!(" serves no tool that changes things, and {name} does"),
                ])
                .hint(words![
                    "drop it from ",
                    arg("tools"),
                    format!("; the read-only tools are {}", readers.join(", ")),
                ]));
            }
            if !named.contains(&tool.name) {
                named.push(tool.name);
            }
        }
        if !names.is_empty() && named.is_empty() {
            return Err(
                Error::usage(words![arg("tools"), " names no tool"]).hint(words![
                    "pass tool names separated by commas, e.g. ",
                    arg("tools"),
                    " voyage_list,voyage_brief",
                ]),
            );
        }
        Ok(Served {
            read_only,
            named: (!names.is_empty()).then_some(named),
        })
    }

    pub(crate) fn serves(&self, tool: &Tool) -> bool {
        (!self.read_only || tool.effect.read_only)
            && self
                .named
                .as_ref()
                .is_none_or(|named| named.contains(&tool.name))
    }

    /// The tools served, in `tools::ALL`'s order.
    pub(crate) fn tools(&self) -> impl Iterator<Item = &'static Tool> + '_ {
        tools::ALL.iter().copied().filter(|tool| self.serves(tool))
    }

    /// The tool named `name` if it is served; else why not, in words for
    /// the MCP client (which never saw the server's command line).
    pub(crate) fn get(&self, name: &str) -> std::result::Result<&'static Tool, String> {
        match tools::find(name) {
            Some(tool) if self.serves(tool) => Ok(tool),
            Some(tool) if self.read_only && !tool.effect.read_only => Err(format!(
                "tool {name} is not served: this helm server is read-only"
            )),
            Some(_) => Err(format!(
                "tool {name} is not served: this helm server serves only some tools"
            )),
            None => Err(format!("no tool named {name}")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn read_only_serves_exactly_the_tools_that_change_nothing() {
        let served = Served::new(true, &[]).unwrap();
        let names: Vec<&str> = served.tools().map(|t| t.name).collect();
        assert_eq!(
            names,
            [
                "voyage_list",
                "voyage_show",
                "voyage_brief",
                "voyage_verify",
                "slate_list",
                "interrupted_list",
                "artifact_show",
                "artifact_list",
            ]
        );
    }

    #[test]
    fn named_tools_are_checked_and_served_alone() {
        let served = Served::new(false, &["log".into(), " voyage_new".into()]).unwrap();
        let names: Vec<&str> = served.tools().map(|t| t.name).collect();
        assert_eq!(names, ["voyage_new", "log"]);
        let err = Served::new(false, &["voyage_nwe".into()]).unwrap_err();
        assert_eq!(err.kind(), crate::error::Kind::Usage);
        assert!(err.hint_text().unwrap().contains("voyage_new, voyage_list"));
        let err = Served::new(true, &["steer".into()]).unwrap_err();
        assert!(
            err.message().to_string().contains("steer"),
            "{}",
            err.message()
        );
        assert!(Served::new(false, &[",".into()]).is_err());
    }
}

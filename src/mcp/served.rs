//! Which tools one `helm mcp` serves: those of the toolsets asked for
//! (`--toolsets`, `core` by default), plus those named (`--tools a,b`; named
//! alone, only those), of which only the ones that change nothing with
//! `--read-only`. A tool not served is not listed, and a call to it is
//! refused as an unknown tool would be: the restriction holds whatever the
//! client sends.

use crate::error::{Error, Result, arg};
use crate::words;

use super::tools::{self, Tool};
use super::toolsets::Toolset;

#[derive(Clone, Debug)]
pub(crate) struct Served {
    read_only: bool,
    /// The toolsets served whole.
    toolsets: Vec<Toolset>,
    /// Tools served besides.
    named: Vec<&'static str>,
    /// `steer` only proposes (`--propose-only`).
    propose_only: bool,
}

impl Default for Served {
    /// What `helm mcp` serves with no option: the core toolset.
    fn default() -> Served {
        Served {
            read_only: false,
            toolsets: vec![Toolset::Core],
            named: Vec::new(),
            propose_only: false,
        }
    }
}

impl Served {
    /// The tools `--read-only` and `--tools` allow. A name that is not a
    /// tool, or a tool that changes things named with `--read-only`, is a
    /// usage error: a server that silently served less than asked would
    /// look like a broken one.
    pub(crate) fn new(read_only: bool, names: &[String], toolsets: &[String]) -> Result<Served> {
        let sets = Toolset::parse(toolsets)?;
        let mut named = Vec::new();
        for name in names.iter().map(|n| n.trim()).filter(|n| !n.is_empty()) {
            let Some(tool) = tools::find(name) else {
                let valid: Vec<&str> = tools::ALL.iter().map(|t| t.name).collect();
                return Err(
                    Error::usage(words![arg("tools"), format!(" names no tool '{name}'")])
                        .hint(format!("the tools are {}", valid.join(", "))),
                );
            };
            if read_only && tools::read_only_view(tool).is_none() {
                let readers: Vec<&str> = tools::ALL
                    .iter()
                    .filter(|t| tools::read_only_view(t).is_some())
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
        // Tools named alone are served alone; with no option, the core.
        let toolsets = match (sets.is_empty(), named.is_empty()) {
            (true, true) => vec![Toolset::Core],
            _ => sets,
        };
        let served = Served {
            read_only,
            toolsets,
            named,
            propose_only: false,
        };
        if served.tools().next().is_none() {
            return Err(Error::usage(words![
                arg("read-only"),
                " leaves no tool of these toolsets to serve",
            ])
            .hint(words![
                "add ",
                arg("toolsets"),
                " core, which has tools that read"
            ]));
        }
        Ok(served)
    }

    /// Serves `steer` as proposing only (`--propose-only`): the agent it
    /// serves cannot write to the forge, and cannot approve either.
    pub(crate) fn proposing_only(mut self, propose_only: bool) -> Result<Served> {
        if propose_only
            && (self.toolsets.contains(&Toolset::Approvals)
                || self.named.iter().any(|n| ["approve", "reject"].contains(n)))
        {
            return Err(Error::usage(words![
                arg("propose-only"),
                " keeps every write for a person, and the approvals toolset would let the agent approve",
            ])
            .hint(words![
                "serve approvals from another helm mcp, or leave out ",
                arg("propose-only")
            ]));
        }
        self.propose_only = propose_only;
        Ok(self)
    }

    /// Whether `tool` (as `tools::ALL` holds it) is served, in some form.
    pub(crate) fn serves(&self, tool: &'static Tool) -> bool {
        self.view(tool).is_some()
    }

    /// What is served in `tool`'s place: itself, its reading part on a
    /// read-only server, or nothing.
    fn view(&self, tool: &'static Tool) -> Option<&'static Tool> {
        let chosen = self.toolsets.contains(&tool.toolset) || self.named.contains(&tool.name);
        match (chosen, self.read_only) {
            (false, _) => None,
            (true, false) if self.propose_only => Some(tools::proposing_view(tool)),
            (true, false) => Some(tool),
            (true, true) => tools::read_only_view(tool),
        }
    }

    /// The tools served, in `tools::ALL`'s order.
    pub(crate) fn tools(&self) -> impl Iterator<Item = &'static Tool> + '_ {
        tools::ALL.iter().filter_map(|tool| self.view(tool))
    }

    /// The tool named `name` if it is served; else why not, in words for
    /// the MCP client (which never saw the server's command line).
    pub(crate) fn get(&self, name: &str) -> std::result::Result<&'static Tool, String> {
        match tools::find(name) {
            Some(tool) if let Some(view) = self.view(tool) => Ok(view),
            Some(tool) if self.read_only && tools::read_only_view(tool).is_none() => Err(format!(
                "tool {name} is not served: this helm server is read-only"
            )),
            Some(tool) => Err(format!(
                "tool {name} is not served: it is in the {} toolset, which this helm server \
                 was not started with (toolsets are chosen when the server starts)",
                tool.toolset.name()
            )),
            None => Err(format!("no tool named {name}")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(served: &Served) -> Vec<&'static str> {
        served.tools().map(|t| t.name).collect()
    }

    #[test]
    fn the_default_is_the_core_toolset() {
        let core = [
            "voyage_new",
            "voyage_list",
            "voyage_show",
            "voyage_brief",
            "voyage_end",
            "observe",
            "slate_list",
            "steer",
            "log",
            "proposals",
            "search",
        ];
        assert_eq!(names(&Served::new(false, &[], &[]).unwrap()), core);
        assert_eq!(names(&Served::default()), core);
        let all = Served::new(false, &[], &["all".into()]).unwrap();
        assert_eq!(names(&all).len(), tools::ALL.len() - 2, "all but approvals");
        let sync = Served::new(false, &[], &["sync".into()]).unwrap();
        assert_eq!(names(&sync), ["voyage_push", "voyage_pull"]);
        let err = Served::new(false, &[], &["cor".into()]).unwrap_err();
        assert!(err.hint_text().unwrap().contains("core, sync"));
    }

    #[test]
    fn read_only_serves_exactly_the_tools_that_change_nothing() {
        let served = Served::new(true, &[], &["all".into()]).unwrap();
        assert_eq!(
            names(&served),
            [
                "voyage_list",
                "voyage_show",
                "voyage_brief",
                "voyage_verify",
                "slate_list",
                "proposals",
                "interrupted",
                "search",
                "artifact_show",
                "artifact_list",
            ]
        );
        assert!(served.tools().all(|t| t.effect.read_only));
        let core = Served::new(true, &[], &[]).unwrap();
        assert_eq!(
            names(&core),
            [
                "voyage_list",
                "voyage_show",
                "voyage_brief",
                "slate_list",
                "proposals",
                "search"
            ]
        );
        assert!(Served::new(true, &[], &["sync".into()]).is_err());
    }

    #[test]
    fn named_tools_are_checked_and_served_alone_or_beside_toolsets() {
        let served = Served::new(false, &["log".into(), " voyage_new".into()], &[]).unwrap();
        assert_eq!(names(&served), ["voyage_new", "log"]);
        let both = Served::new(false, &["artifact_show".into()], &["sync".into()]).unwrap();
        assert_eq!(
            names(&both),
            ["voyage_push", "voyage_pull", "artifact_show"]
        );
        let err = Served::new(false, &["voyage_nwe".into()], &[]).unwrap_err();
        assert_eq!(err.kind(), crate::error::Kind::Usage);
        assert!(err.hint_text().unwrap().contains("voyage_new, voyage_list"));
        let err = Served::new(true, &["steer".into()], &[]).unwrap_err();
        assert!(
            err.message().to_string().contains("steer"),
            "{}",
            err.message()
        );
        assert!(Served::new(false, &[",".into()], &[]).is_err());
        let Err(why) = Served::default().get("voyage_push") else {
            panic!("voyage_push is served by default")
        };
        assert!(why.contains("sync toolset"), "{why}");
    }

    #[test]
    fn approvals_are_served_only_when_named_and_never_beside_propose_only() {
        let all = Served::new(false, &[], &["all".into()]).unwrap();
        assert!(!names(&all).contains(&"approve"));
        let approvals = Served::new(false, &[], &["approvals".into()]).unwrap();
        assert_eq!(names(&approvals), ["approve", "reject"]);
        let Err(why) = Served::default().get("approve") else {
            panic!("approve is not served by default")
        };
        assert!(why.contains("approvals toolset"), "{why}");
        let proposing = Served::default().proposing_only(true).unwrap();
        let steer = proposing.get("steer").unwrap();
        assert!(
            steer.description.contains("only proposes"),
            "{}",
            steer.description
        );
        assert!(!steer.effect.destructive);
        let both = Served::new(false, &[], &["core".into(), "approvals".into()]).unwrap();
        assert!(both.proposing_only(true).is_err());
        let named = Served::new(false, &["approve".into()], &[]).unwrap();
        assert!(named.proposing_only(true).is_err());
    }
}

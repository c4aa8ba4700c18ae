//! The MCP tools: one `Tool` value per row of the contract's table, grouped
//! by what they work on (`voyage`, `slate`, `logbook`, `artifact`), listed
//! in [`ALL`]. A tool is its name, the description an agent reads, its input
//! and output schemas, what it does to the world (`ToolEffect`, which gives its
//! annotations and decides `--read-only`), and the function that turns its
//! arguments into a core operation and the `Report` the matching CLI
//! command prints with `--json`.

mod artifact;
mod interrupted;
mod logbook;
mod proposals;
mod search;
mod slate;
mod sync;
mod voyage;

use std::sync::Arc;

use rmcp::model::{JsonObject, ToolAnnotations};
use serde::de::DeserializeOwned;

use super::Ctx;
pub(crate) use super::toolsets::Toolset;
use crate::error::{Error, Result};
use crate::output::Report;
use helm_core::Tally;

/// One tool.
pub(crate) struct Tool {
    pub(crate) name: &'static str,
    /// The group `--toolsets` serves it with.
    pub(crate) toolset: Toolset,
    pub(crate) description: &'static str,
    pub(crate) input: fn() -> Arc<JsonObject>,
    pub(crate) output: fn() -> Arc<JsonObject>,
    pub(crate) effect: ToolEffect,
    /// Runs the call on a blocking thread: parse, call the core, report.
    pub(crate) run: fn(&Ctx, Call) -> Result<Box<dyn Report>>,
}

/// What a tool does to the world, as MCP's annotations say it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ToolEffect {
    /// Changes nothing: no voyage, no file, nothing on GitHub.
    pub(crate) read_only: bool,
    /// May remove or overwrite something (a payload, an observation, an
    /// issue's open state), not only add.
    pub(crate) destructive: bool,
    /// Repeating the call with the same arguments changes nothing more.
    pub(crate) idempotent: bool,
    /// Reaches outside helm's own files: GitHub.
    pub(crate) open_world: bool,
}

impl ToolEffect {
    /// Reads the voyages and nothing else.
    pub(crate) const READS: ToolEffect = ToolEffect {
        read_only: true,
        destructive: false,
        idempotent: true,
        open_world: false,
    };

    /// The annotations a client sees. `destructiveHint` and
    /// `idempotentHint` mean something only for a tool that writes, so a
    /// read-only one leaves them out.
    pub(crate) fn annotations(self) -> ToolAnnotations {
        let writes = !self.read_only;
        ToolAnnotations::from_raw(
            None,
            Some(self.read_only),
            writes.then_some(self.destructive),
            writes.then_some(self.idempotent),
            Some(self.open_world),
        )
    }
}

/// Every tool, in the order `tools/list` gives them.
pub(crate) static ALL: &[&Tool] = &[
    &voyage::NEW,
    &voyage::LIST,
    &voyage::SHOW,
    &voyage::BRIEF,
    &voyage::END,
    &voyage::VERIFY,
    &voyage::COMPACT,
    &sync::PUSH,
    &sync::PULL,
    &slate::OBSERVE,
    &slate::LIST,
    &slate::ERASE,
    &slate::CLEAR,
    &logbook::STEER,
    &logbook::LOG,
    &proposals::PROPOSALS,
    &proposals::APPROVE,
    &proposals::REJECT,
    &interrupted::INTERRUPTED,
    &search::SEARCH,
    &artifact::SHOW,
    &artifact::LIST,
    &artifact::REDUCE,
    &artifact::JETTISON,
];

/// The commands that have no tool, each with the reason. Every other
/// command of the CLI has the tool named after its path (`voyage new` →
/// `voyage_new`); a unit test walks the command tree to hold both lists to
/// that.
#[cfg(test)]
pub(crate) static LEFT_OUT: &[(&str, &str)] = &[
    (
        "voyage export",
        "writes a copy of the voyage file to a path of the server's machine: moving files \
         between machines is the person's job, and a path an agent picks could be anywhere",
    ),
    (
        "voyage import",
        "links any SQLite file of the server's machine into HELM_HOME: not a step of a \
         voyage, and an agent should not bring in files it was never given",
    ),
    (
        "voyage page",
        "the page is for a person's browser, and MCP serves it already as the resource \
         helm://voyages/{id}/page (text/html), with the voyage_show tool",
    ),
    (
        "completions",
        "a shell completion script is for a person's terminal",
    ),
    (
        "voyage use",
        "a current voyage belongs to a working tree in a person's shell; every tool names \
         its voyage, and HELM_VOYAGE in the server's environment stands in for it",
    ),
    ("man", "the man page is for a person's terminal"),
    ("mcp", "the server itself"),
];

/// What a read-only server serves in `tool`'s place: the tool itself if
/// it changes nothing, a reading part of it, or nothing.
pub(crate) fn read_only_view(tool: &'static Tool) -> Option<&'static Tool> {
    match tool.name {
        _ if tool.effect.read_only => Some(tool),
        "interrupted" => Some(&interrupted::LIST_ONLY),
        _ => None,
    }
}

/// What a `--propose-only` server serves in `tool`'s place: `steer` as
/// proposing only, every other tool as it is.
pub(crate) fn proposing_view(tool: &'static Tool) -> &'static Tool {
    match tool.name {
        "steer" => &proposals::STEER_PROPOSING,
        _ => tool,
    }
}

/// The tool named `name`, served or not.
pub(crate) fn find(name: &str) -> Option<&'static Tool> {
    ALL.iter().copied().find(|tool| tool.name == name)
}

impl Tool {
    /// The tool as `tools/list` describes it. Its texts and its schemas'
    /// descriptions are written in MCP's words where they are written.
    pub(crate) fn describe(&self) -> rmcp::model::Tool {
        rmcp::model::Tool::new(self.name, self.description, (self.input)())
            .with_raw_output_schema((self.output)())
            .with_annotations(self.effect.annotations())
    }
}

/// One call's arguments, the progress its look may report, and whether
/// the client still wants it (also read by the look, through the tally).
pub(crate) struct Call {
    pub(crate) tool: &'static str,
    pub(crate) args: JsonObject,
    pub(crate) tally: Arc<Tally>,
    pub(crate) cancel: helm_core::Cancel,
    /// How an error's words read to this client (`words::render`). The
    /// server hands it in so that no tool imports the words, which look
    /// up the tools to name them.
    pub(crate) speak: fn(&crate::error::Words) -> String,
}

impl Call {
    /// The arguments as the tool's argument type; a mistake in them is a
    /// usage error naming the tool.
    pub(crate) fn parse<A: DeserializeOwned>(&mut self) -> Result<A> {
        let args = std::mem::take(&mut self.args);
        serde_json::from_value::<A>(serde_json::Value::Object(args)).map_err(|err| {
            Error::usage(format!("bad arguments to {}: {err}", self.tool))
                .hint("the tool's input schema lists its arguments and their shapes")
        })
    }
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    use super::{ALL, LEFT_OUT};

    /// The paths of the commands that do something: the leaves of the
    /// tree, where a target or a steer action is an argument, not a command.
    fn commands(command: &clap::Command, path: &str, out: &mut Vec<String>) {
        let subcommands: Vec<&clap::Command> = command
            .get_subcommands()
            .filter(|c| c.get_name() != "help")
            .collect();
        let takes_a_target = ["observe", "slate erase", "steer"].contains(&path);
        if subcommands.is_empty() || takes_a_target {
            out.push(path.to_string());
            return;
        }
        for sub in subcommands {
            let sub_path = match path {
                "" => sub.get_name().to_string(),
                _ => format!("{path} {}", sub.get_name()),
            };
            commands(sub, &sub_path, out);
        }
    }

    /// Whether `path` (`interrupted settle`) is an `operation` of the tool
    /// named after its group (`interrupted`).
    fn is_operation(path: &str) -> bool {
        let Some((group, operation)) = path.split_once(' ') else {
            return false;
        };
        let Some(tool) = ALL.iter().find(|t| t.name == group) else {
            return false;
        };
        let schema = serde_json::Value::Object((tool.input)().as_ref().clone());
        let operations = &schema["properties"]["operation"];
        let values = operations["enum"]
            .as_array()
            .or_else(|| {
                let name = operations["$ref"].as_str()?.strip_prefix("#/$defs/")?;
                schema["$defs"][name]["enum"].as_array()
            })
            .cloned()
            .unwrap_or_default();
        values.iter().any(|v| v == operation)
    }

    #[test]
    fn every_command_has_a_tool_or_a_reason_written_beside_the_list() {
        let mut tree = crate::cli::Cli::command();
        tree.build();
        let mut paths = Vec::new();
        commands(&tree, "", &mut paths);
        assert!(paths.contains(&"voyage new".to_string()), "{paths:?}");
        let mut missing = Vec::new();
        for path in &paths {
            let tool = path.replace(' ', "_");
            let has_tool = ALL.iter().any(|t| t.name == tool) || is_operation(path);
            let left_out = LEFT_OUT.iter().any(|(command, _)| command == path);
            assert!(!(has_tool && left_out), "{path} has a tool and a reason");
            if !has_tool && !left_out {
                missing.push(path.clone());
            }
        }
        assert!(missing.is_empty(), "commands with no tool: {missing:?}");
        for (command, reason) in LEFT_OUT {
            assert!(
                paths.iter().any(|p| p == command),
                "{command} is no command"
            );
            assert!(!reason.is_empty());
        }
        // And no tool without a command behind it.
        for tool in ALL {
            let path = tool.name.replace('_', " ");
            let group = paths.iter().any(|p| p.starts_with(&format!("{path} ")));
            assert!(
                paths.contains(&path) || group,
                "{} has no command",
                tool.name
            );
        }
    }
}

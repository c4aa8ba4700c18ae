//! Toolsets: the groups `helm mcp --toolsets` serves. A host sends the
//! whole tools list to the model with every session, so a server lists by
//! default (`core`) only what a voyage's ordinary flow uses: start, list,
//! resume, show and end a voyage, observe, read the slate, steer, log. The
//! rest is one flag away, named in `helm mcp --help` and in the server's
//! instructions.

use crate::error::{Error, Result, arg};
use crate::words;

/// One group of tools; every tool belongs to exactly one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Toolset {
    /// voyage_new, voyage_list, voyage_brief, voyage_show, voyage_end,
    /// observe, slate_list, steer, log.
    Core,
    /// voyage_push, voyage_pull: sharing voyages through a git remote.
    Sync,
    /// verify and compact a voyage, erase or clear the slate, inspect and
    /// lighten artifacts.
    Lifecycle,
    /// interrupted: settling steers whose outcome was never recorded.
    Recovery,
    /// approve, reject: deciding proposals. Served only when named, never
    /// by `all`, so a host keeps the write for a person unless it asks.
    Approvals,
}

impl Toolset {
    pub(crate) const ALL: [Toolset; 4] = [
        Toolset::Core,
        Toolset::Sync,
        Toolset::Lifecycle,
        Toolset::Recovery,
    ];

    pub(crate) fn name(self) -> &'static str {
        match self {
            Toolset::Core => "core",
            Toolset::Sync => "sync",
            Toolset::Lifecycle => "lifecycle",
            Toolset::Recovery => "recovery",
            Toolset::Approvals => "approvals",
        }
    }

    /// `--toolsets core,sync` or `all`; a name that is no toolset is a
    /// usage error naming the valid ones.
    pub(crate) fn parse(names: &[String]) -> Result<Vec<Toolset>> {
        let mut sets = Vec::new();
        for name in names.iter().map(|n| n.trim()).filter(|n| !n.is_empty()) {
            let found: Vec<Toolset> = match name {
                "all" => Toolset::ALL.to_vec(),
                "approvals" => vec![Toolset::Approvals],
                _ => {
                    match Toolset::ALL.into_iter().find(|s| s.name() == name) {
                        Some(set) => vec![set],
                        None => {
                            return Err(Error::usage(words![
                            arg("toolsets"),
                            format!(" names no toolset '{name}'"),
                        ])
                        .hint("the toolsets are core, sync, lifecycle, recovery, all and approvals"));
                        }
                    }
                }
            };
            for set in found {
                if !sets.contains(&set) {
                    sets.push(set);
                }
            }
        }
        if !names.is_empty() && sets.is_empty() {
            return Err(
                Error::usage(words![arg("toolsets"), " names no toolset"]).hint(words![
                    "pass toolsets separated by commas, e.g. ",
                    arg("toolsets"),
                    " core,sync",
                ]),
            );
        }
        Ok(sets)
    }
}

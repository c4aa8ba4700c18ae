//! The MCP tools, one per row of the contract's table, each a thin mapping
//! from its arguments (`args`) to a core operation and the `Report` the
//! matching CLI command prints. A tool's description teaches it as `--help`
//! does, with the invariant that matters to an agent.

use std::sync::Arc;

use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::model::{CallToolResult, Implementation, JsonObject, ServerCapabilities, ServerConfig};
use rmcp::{ErrorData, ServerHandler, tool, tool_handler, tool_router};

use super::args::{
    ArtifactArgs, EndArgs, EraseArgs, ListArgs, LogArgs, NewArgs, ObserveArgs, SteerArgs,
    VoyageArgs,
};
use super::{Ctx, call};
use crate::error::Error;
use crate::inputs::Surface;
use crate::ops::logbook::SteerRequest;
use crate::ops::voyage::ListFilter;
use crate::output::brief::BriefReport;
use crate::output::entry::Recorded;
use crate::output::observe::ObservedReport;
use crate::output::report::Payload;
use crate::output::slate::{Cleared, SlateList};
use crate::output::views::ErasedView;
use crate::output::voyage::{Created, Ended, StoryFormat, StoryReport, VoyageList};
use crate::output::{Report, Style};

type Answer = std::result::Result<CallToolResult, ErrorData>;

/// A tool's input schema, from its argument type.
fn input<T: schemars::JsonSchema + 'static>() -> Arc<JsonObject> {
    rmcp::handler::server::common::schema_for_input::<T>().unwrap_or_else(|err| {
        panic!(
            "the input schema of {} is invalid: {err}",
            std::any::type_name::<T>()
        )
    })
}

const INSTRUCTIONS: &str = "\
helm keeps a logbook per voyage (one piece of collaborative work). Observe what you look at \
(files, GitHub issues and PRs): observations gather on the voyage's slate and never write the \
logbook. Steer to change GitHub (comment, open or merge a PR…) and log to record where you stand: \
each records one logbook entry, with who acted, in what role, by what method and why, and seals \
the slate into that entry's bearing. Resume a voyage with voyage_brief.";

#[derive(Clone)]
pub struct HelmServer {
    ctx: Arc<Ctx>,
    tool_router: ToolRouter<HelmServer>,
}

impl HelmServer {
    pub fn new(ctx: Arc<Ctx>) -> HelmServer {
        HelmServer {
            ctx,
            tool_router: HelmServer::tool_router(),
        }
    }
}

#[tool_router]
impl HelmServer {
    #[tool(
        name = "voyage_new",
        description = "Start a voyage: one piece of collaborative work with its own logbook. Returns the voyage (its id names it in every other tool).",
        input_schema = input::<NewArgs>()
    )]
    async fn voyage_new(&self, args: JsonObject) -> Answer {
        call(&self.ctx, "voyage_new", args, |ctx, a: NewArgs| {
            Ok(Box::new(Created {
                voyage: ctx.helm.voyage_new(&a.intent)?,
                imported: false,
            }) as Box<dyn Report>)
        })
        .await
    }

    #[tool(
        name = "voyage_list",
        description = "List voyages, newest first: active ones unless `all` or `ended` is set. Reads only.",
        input_schema = input::<ListArgs>(),
        annotations(read_only_hint = true)
    )]
    async fn voyage_list(&self, args: JsonObject) -> Answer {
        call(&self.ctx, "voyage_list", args, |ctx, a: ListArgs| {
            let filter = match (a.all, a.ended) {
                (true, true) => {
                    return Err(Error::usage("all and ended ask for different lists")
                        .hint("pass one of them, or neither for the active voyages"));
                }
                (true, false) => ListFilter::All,
                (false, true) => ListFilter::Ended,
                (false, false) => ListFilter::Active,
            };
            Ok(Box::new(VoyageList {
                listing: ctx.helm.voyage_list(filter)?,
            }) as Box<dyn Report>)
        })
        .await
    }

    #[tool(
        name = "voyage_show",
        description = "The whole voyage: every logbook entry with who acted, why and its bearing, the slate, and interrupted steers. Reads only; voyage_brief is shorter.",
        input_schema = input::<VoyageArgs>(),
        annotations(read_only_hint = true)
    )]
    async fn voyage_show(&self, args: JsonObject) -> Answer {
        call(&self.ctx, "voyage_show", args, |ctx, a: VoyageArgs| {
            Ok(Box::new(StoryReport {
                // JSON carries no digests, as with `voyage show --json`.
                story: ctx.helm.voyage_show(&ctx.voyage(a.voyage)?, false)?,
                format: StoryFormat::Json,
            }) as Box<dyn Report>)
        })
        .await
    }

    #[tool(
        name = "voyage_brief",
        description = "Where a voyage stands, short enough to resume from: intent and status, the last entries, the last logged state, what it did on GitHub with the last known state of each, interrupted steers and the slate. Reads only.",
        input_schema = input::<VoyageArgs>(),
        annotations(read_only_hint = true)
    )]
    async fn voyage_brief(&self, args: JsonObject) -> Answer {
        call(&self.ctx, "voyage_brief", args, |ctx, a: VoyageArgs| {
            Ok(Box::new(BriefReport {
                brief: ctx.helm.voyage_brief(&ctx.voyage(a.voyage)?)?,
            }) as Box<dyn Report>)
        })
        .await
    }

    #[tool(
        name = "voyage_end",
        description = "End a voyage, with an optional closing status (\"merged\", \"abandoned: …\"). An ended voyage takes no more observations or entries.",
        input_schema = input::<EndArgs>()
    )]
    async fn voyage_end(&self, args: JsonObject) -> Answer {
        call(&self.ctx, "voyage_end", args, |ctx, a: EndArgs| {
            Ok(Box::new(Ended {
                voyage: ctx
                    .helm
                    .voyage_end(&ctx.voyage(a.voyage)?, a.status.as_deref())?,
            }) as Box<dyn Report>)
        })
        .await
    }

    #[tool(
        name = "observe",
        description = "Look at a target (files, a directory tree, a Rust project, a GitHub issue, PR or repository) and return what was seen; the observation goes on the voyage's slate. Observe never writes the logbook: the next steer or log seals the slate into its entry's bearing.",
        input_schema = input::<ObserveArgs>()
    )]
    async fn observe(&self, args: JsonObject) -> Answer {
        call(&self.ctx, "observe", args, |ctx, a: ObserveArgs| {
            let helm = &ctx.helm;
            let voyage = ctx.voyage(a.voyage)?;
            helm.voyage_file(&voyage)?;
            let target = helm.target(&a.target, a.repo.as_deref())?;
            let observed = helm.observe(&voyage, target, None, &Default::default())?;
            Ok(Box::new(ObservedReport {
                observed,
                terminal: false,
                tables: false,
            }) as Box<dyn Report>)
        })
        .await
    }

    #[tool(
        name = "slate_list",
        description = "What is on the voyage's slate: the observations gathered since the last entry, which the next steer or log seals into its bearing. Reads only.",
        input_schema = input::<VoyageArgs>(),
        annotations(read_only_hint = true)
    )]
    async fn slate_list(&self, args: JsonObject) -> Answer {
        call(&self.ctx, "slate_list", args, |ctx, a: VoyageArgs| {
            Ok(Box::new(SlateList {
                observations: ctx.helm.slate_list(&ctx.voyage(a.voyage)?)?,
            }) as Box<dyn Report>)
        })
        .await
    }

    #[tool(
        name = "slate_erase",
        description = "Take targets off the slate (given as observe takes them) so the next entry's bearing leaves them out. Records nothing.",
        input_schema = input::<EraseArgs>()
    )]
    async fn slate_erase(&self, args: JsonObject) -> Answer {
        call(&self.ctx, "slate_erase", args, |ctx, a: EraseArgs| {
            let helm = &ctx.helm;
            let voyage = ctx.voyage(a.voyage)?;
            helm.voyage_file(&voyage)?;
            if a.targets.is_empty() {
                return Err(Error::usage("no targets to erase")
                    .hint("pass targets as observe takes them, or use slate_clear for all"));
            }
            // Every target must resolve before anything is erased.
            let targets = a
                .targets
                .iter()
                .map(|spec| helm.target(spec, None))
                .collect::<crate::error::Result<Vec<_>>>()?;
            let mut erased = Vec::new();
            for target in targets {
                let was = helm.slate_erase(&voyage, &target)?;
                erased.push((target, was));
            }
            Ok(Box::new(ErasedAll { erased }) as Box<dyn Report>)
        })
        .await
    }

    #[tool(
        name = "slate_clear",
        description = "Take everything off the voyage's slate. Records nothing.",
        input_schema = input::<VoyageArgs>()
    )]
    async fn slate_clear(&self, args: JsonObject) -> Answer {
        call(&self.ctx, "slate_clear", args, |ctx, a: VoyageArgs| {
            Ok(Box::new(Cleared {
                count: ctx.helm.slate_clear(&ctx.voyage(a.voyage)?)?,
            }) as Box<dyn Report>)
        })
        .await
    }

    #[tool(
        name = "steer",
        description = "Change shared state on GitHub (comment, create/edit/close an issue or PR, request review, reply inline, merge) and record it as one logbook entry saying who acted, in what role, by what method and why. Steer seals the slate into the entry's bearing. Before acting it checks that every observation of the issue or PR on the slate is still current, and refuses if one changed (allowStale acts anyway and records it). If GitHub refuses, nothing is recorded and the slate is unchanged; a retry with the same requestId never acts twice.",
        input_schema = input::<SteerArgs>()
    )]
    async fn steer(&self, args: JsonObject) -> Answer {
        call(&self.ctx, "steer", args, |ctx, a: SteerArgs| {
            let provenance = a.provenance.resolve(Surface::Mcp)?;
            let request_id = a.provenance.request_id(Surface::Mcp)?;
            let voyage = ctx.voyage(a.voyage)?;
            let steered = ctx.helm.steer(
                &voyage,
                &SteerRequest {
                    provenance: &provenance,
                    request_id,
                    action: &a.action,
                    repo: a.repo.as_deref(),
                    allow_stale: a.allow_stale,
                },
            )?;
            Ok(Box::new(Recorded {
                sealed: steered.sealed,
                warnings: steered.warnings,
            }) as Box<dyn Report>)
        })
        .await
    }

    #[tool(
        name = "log",
        description = "Record where the voyage stands (waiting, blocked, ready, or your own words) as one logbook entry saying who, in what role, by what method and why, without changing anything. Log seals the slate into the entry's bearing; a retry with the same requestId records nothing new.",
        input_schema = input::<LogArgs>()
    )]
    async fn log(&self, args: JsonObject) -> Answer {
        call(&self.ctx, "log", args, |ctx, a: LogArgs| {
            let provenance = a.provenance.resolve(Surface::Mcp)?;
            let request_id = a.provenance.request_id(Surface::Mcp)?;
            let sealed = ctx
                .helm
                .log(&ctx.voyage(a.voyage)?, &provenance, request_id, &a.state)?;
            Ok(Box::new(Recorded {
                sealed,
                warnings: Vec::new(),
            }) as Box<dyn Report>)
        })
        .await
    }

    #[tool(
        name = "artifact_show",
        description = "An artifact's payload JSON by hash or unique prefix: what an observation saw, as the bearings and the slate name it. Reads only.",
        input_schema = input::<ArtifactArgs>(),
        annotations(read_only_hint = true)
    )]
    async fn artifact_show(&self, args: JsonObject) -> Answer {
        call(&self.ctx, "artifact_show", args, |ctx, a: ArtifactArgs| {
            let shown = ctx.helm.artifact_show(&ctx.voyage(a.voyage)?, &a.hash)?;
            Ok(Box::new(Payload {
                data: shown.data,
                note: shown.note,
                terminal: false,
            }) as Box<dyn Report>)
        })
        .await
    }
}

#[tool_handler(router = self.tool_router)]
impl ServerHandler for HelmServer {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
            .with_server_info(Implementation::new("helm", env!("CARGO_PKG_VERSION")))
            .with_instructions(INSTRUCTIONS)
    }
}

/// `slate_erase`: `{"erased": [{"target", "erased"}, …]}`, one per target
/// in the order given.
struct ErasedAll {
    erased: Vec<(crate::model::Observe, bool)>,
}

#[derive(serde::Serialize)]
struct ErasedAllView<'a> {
    erased: Vec<ErasedView<'a>>,
}

impl Report for ErasedAll {
    fn human(&self, out: &mut dyn std::io::Write, _style: Style) -> std::io::Result<()> {
        self.json(out)
    }

    fn json(&self, out: &mut dyn std::io::Write) -> std::io::Result<()> {
        let view = ErasedAllView {
            erased: self
                .erased
                .iter()
                .map(|(target, erased)| ErasedView {
                    target,
                    erased: *erased,
                })
                .collect(),
        };
        crate::output::write_json(out, &view)
    }
}

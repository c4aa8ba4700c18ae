//! `interrupted`: the steers whose outcome was never recorded, and the two
//! ways to settle one, as one tool with an `operation` (the CLI's
//! `interrupted list|settle|discard`). One tool, not three: they are used
//! together, rarely, and three would list the same schemas three times.
//!
//! A read-only server serves [`LIST_ONLY`] under the same name: the same
//! tool whose only operation is `list`, annotated as reading only.

use std::sync::Arc;

use rmcp::model::JsonObject;
use serde_json::Value;

use super::{Call, Tool, ToolEffect, Toolset};
use crate::error::{Error, Result};
use crate::mcp::Ctx;
use crate::mcp::args::{InterruptedInput, InterruptedOperation};
use crate::mcp::schema::{either, input, output};
use crate::output::Report;
use crate::output::documents::{InterruptedView, SettledView};
use crate::output::interrupted::{Interrupted, Settled};

const DESCRIPTION: &str = "Steers whose outcome was never recorded (the process died, or GitHub's answer was lost after it may have acted). operation list: each with the requestId that settle and discard take in `attempt`. settle: record what it did, from GitHub's saved answer or from what GitHub shows (a comment with the same body, the PR created, the merge at the pinned sha…); never acts on GitHub, and when GitHub shows nothing happened the record is removed (outcome nothing-happened) so a new steer may act. discard: drop its record without recording anything, after checking GitHub yourself.";

pub(crate) const INTERRUPTED: Tool = Tool {
    name: "interrupted",
    toolset: Toolset::Recovery,
    description: DESCRIPTION,
    input: input::<InterruptedInput>,
    output: either::<InterruptedView<'static>, SettledView<'static>>,
    // discard drops a record; settle looks on GitHub. Repeating either
    // finds no record, so changes nothing more.
    effect: ToolEffect {
        read_only: false,
        destructive: true,
        idempotent: true,
        open_world: true,
    },
    run: interrupted,
};

/// What a read-only server serves as `interrupted`: `list` alone.
pub(crate) const LIST_ONLY: Tool = Tool {
    description: "Steers whose outcome was never recorded (the process died, or GitHub's answer was lost after it may have acted), each with its requestId (operation list). This server is read-only: settling or discarding one takes a server that is not.",
    input: list_only_input,
    output: output::<InterruptedView<'static>>,
    effect: ToolEffect::READS,
    run: list_only,
    ..INTERRUPTED
};

/// The input schema with `list` as the only operation and no `attempt`.
fn list_only_input() -> Arc<JsonObject> {
    let mut schema = input::<InterruptedInput>().as_ref().clone();
    if let Some(Value::Object(properties)) = schema.get_mut("properties") {
        properties.remove("attempt");
        if let Some(Value::Object(operation)) = properties.get_mut("operation") {
            operation.insert("enum".into(), Value::Array(vec!["list".into()]));
            operation.remove("$ref");
            operation.insert("type".into(), "string".into());
            // settle and discard are not served here: not offered either.
            operation.insert(
                "description".into(),
                "list: the interrupted steers, each with its requestId.".into(),
            );
        }
    }
    schema.remove("$defs");
    Arc::new(schema)
}

fn interrupted(ctx: &Ctx, mut call: Call) -> Result<Box<dyn Report>> {
    let a: InterruptedInput = call.parse()?;
    let voyage = ctx.voyage(a.voyage)?;
    let attempt = || {
        a.attempt
            .as_deref()
            .map(str::trim)
            .filter(|id| !id.is_empty())
            .ok_or_else(|| {
                Error::usage("settle and discard need `attempt`: which interrupted steer").hint(
                    "run `interrupted` with operation list to see each one's requestId or attempt id",
                )
            })
    };
    Ok(match a.operation {
        InterruptedOperation::List => Box::new(Interrupted {
            records: ctx.helm.interrupted(&voyage)?,
        }),
        InterruptedOperation::Settle => {
            Box::new(Settled::Settlement(ctx.helm.settle(&voyage, attempt()?)?))
        }
        InterruptedOperation::Discard => Box::new(Settled::Discarded(Box::new(
            ctx.helm.discard(&voyage, attempt()?)?,
        ))),
    })
}

fn list_only(ctx: &Ctx, mut call: Call) -> Result<Box<dyn Report>> {
    let a: InterruptedInput = call.parse()?;
    if a.operation != InterruptedOperation::List {
        return Err(Error::usage(
            "this helm server is read-only: `interrupted` serves only operation list",
        )
        .hint("settle or discard from a helm server that is not read-only"));
    }
    Ok(Box::new(Interrupted {
        records: ctx.helm.interrupted(&ctx.voyage(a.voyage)?)?,
    }))
}

//! `helm voyage compact <VOYAGE>`: give the space of dropped payloads back to
//! the file system, safely while other helm processes read and write.

use clap::Args;

use super::Context;
use super::context::open_named;
use crate::error::Result;
use crate::output::Report;
use crate::output::lifecycle::Compacted;
use crate::storage::compact;

#[derive(Debug, Args)]
pub struct CompactArgs {
    /// The voyage: a full id or any unambiguous prefix.
    #[arg(value_name = "VOYAGE", env = "HELM_VOYAGE")]
    pub voyage: String,
}

pub fn run(args: CompactArgs, ctx: &Context) -> Result<Box<dyn Report>> {
    let file = ctx.home.resolve(&args.voyage)?;
    let conn = open_named(&file)?;
    let sizes = compact::compact(&conn, &file.path)?;
    Ok(Box::new(Compacted {
        id: file.id.to_string(),
        path: file.path,
        sizes,
    }))
}

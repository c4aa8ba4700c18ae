//! GitHub observations.

use crate::cli::Context;
use crate::error::{Error, Kind, Result};
use crate::model::Observe;
use crate::observe::Looked;

pub fn look(target: Observe, _ctx: &Context) -> Result<Looked> {
    Err(Error::new(
        Kind::GitHub,
        format!("{} is not available in this build", target.kind()),
    ))
}

//! GitHub, helm's collaborative boundary: which repository, server and token,
//! the observations helm makes there and the steer actions it performs.

pub mod observe;
pub mod repo;

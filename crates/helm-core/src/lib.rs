//! What helm does, below its front ends: the observation kinds (one file
//! each, `observe/`), the steer actions (one file each, `actions/`), the
//! steering protocol that acts at most once (`steering/`), the inputs a
//! front end may hand in (`inputs/`), and the operations the front ends
//! call (`ops::Helm`), which read the environment once and return typed
//! values.
//!
//! It depends on helm-model, helm-storage, helm-github and helm-sync, and
//! must never depend on a front end (the CLI, MCP or the output layer) nor
//! print.

pub mod actions;
pub mod cancel;
pub mod configuration;
pub mod egress;
pub mod inputs;
pub mod observe;
pub mod ops;
pub mod secrets;
pub mod steering;

// Paths inside this crate name the layers below by their old module names.
use helm_github as github;
use helm_model as model;
use helm_model::{error, text, words};
use helm_storage as storage;
use helm_sync as sync;

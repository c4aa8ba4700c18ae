//! The transport every forge shares (ADR 0023): one HTTPS client (hyper
//! over rustls), one deadline per exchange (`HELM_GITHUB_TIMEOUT`), bodies
//! read within their bounds, the `-v` trace of each request, redirects (at
//! most 3, and the repository's move they show), rate limits waited out as
//! the forge asks, reads retried and writes never, the outbound gate every
//! write passes, a look's remembered answers,
//! bytes counted for progress, and the forge's clock from its `Date`.
//!
//! It depends on helm-model only (for errors, the trace and the clock) and
//! knows no forge: a forge crate gives it the base URL, the token and its
//! scheme, its own headers and its name, and reads the answers' documents
//! itself. The core never depends on it, so it cannot send a request with
//! a path.

mod answer;
pub mod client;
mod connect;
mod deadline;
mod error;
mod memo;
mod moved;

pub use answer::Answer;
pub use client::body::{MAX_ANSWER, MAX_REFUSAL};
pub use client::{HttpClient, Server, UnnamedLimit, next_link};
pub use connect::{AuthScheme, Credentials};
pub use deadline::{runtime, timeout};
pub use error::{Failure, HttpError, Limited};
pub use moved::{MovedRepo, Mover};

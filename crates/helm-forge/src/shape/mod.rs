//! The payload shapes in helm's words: what an observation of an issue, a pull
//! request or its CI stores, digests and compares, whichever forge it came from.
//! camelCase, people as logins, labels as names, teams as slugs; a field a
//! forge does not have is absent (or null where GitHub's shape has always
//! written null), never invented. Each forge crate reads its own answers and
//! turns them into these (`From<wire::X>` in helm-github), so GitHub's payloads
//! stay byte for byte what they were.

mod checks;
mod people;
mod repo;
mod reviews;
mod thread;

pub use checks::{App, CheckRun, CombinedStatus, Status, failed};
pub use people::{Label, Team, User};
pub use repo::PullLine;
pub use reviews::{Review, ReviewComment};
pub use thread::{Branch, Issue, IssueComment, Pull, PullFile};

#[cfg(test)]
mod tests;

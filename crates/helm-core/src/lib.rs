//! What helm does, below its front ends: the observation kinds (one file
//! each, `observe/`), the steer actions (one file each, `actions/`), the
//! steering protocol that acts at most once (`steering/`), the inputs a
//! front end may hand in (`inputs/`), and the operations the front ends
//! call (`Helm`), which read the environment once and return typed
//! values. Its modules are its own: `lib.rs` hands the front ends, flat,
//! the names they use, and nothing else.
//!
//! It depends on helm-model, helm-storage, helm-github and helm-sync, and
//! must never depend on a front end (the CLI, MCP or the output layer) nor
//! print.

mod actions;
mod cancel;
mod configuration;
mod egress;
mod inputs;
mod observe;
mod ops;
mod secrets;
mod steering;

// What the front ends use: the operations (`Helm` and their requests and
// answers), the targets and actions they are given, and the words for what
// comes back. Everything else is the crate's own.
pub use actions::ActionArgs;
pub use actions::ActionKind;
pub use actions::Headline;
pub use actions::body as steer_body;
pub use actions::details as steer_details;
pub use cancel::Cancel;
pub use configuration::described as described_configuration;
pub use egress::shown::Disclosed;
pub use egress::shown::Disclosure;
pub use egress::shown::Untrusted;
pub use egress::shown::visible as shown_visible;
pub use inputs::Flag;
pub use inputs::FlagCommand;
pub use inputs::FlagCommands;
pub use inputs::Flags;
pub use inputs::ProvenanceSpec;
pub use inputs::Stdin;
pub use inputs::SteerOptions;
pub use inputs::Surface;
pub use inputs::text::{Named as NamedText, read as read_text};
pub use inputs::trace::caller as caller_trace;
pub use observe::Counting;
pub use observe::KindName;
pub use observe::SPELLINGS as KIND_SPELLINGS;
pub use observe::Tally;
pub use observe::Target;
pub use observe::TargetArgs;
pub use observe::combined_statuses;
pub use observe::file_contents::FileContentsTarget;
pub use observe::github_repo::GitHubRepoTarget;
pub use observe::rust_project::RustProjectTarget;
pub use observe::standing::part_may_push;
pub use ops::Helm;
pub use ops::brief::Brief;
pub use ops::brief::Current as CurrentState;
pub use ops::brief::LoggedState;
pub use ops::brief::Touched;
pub use ops::brief_related::Related;
pub use ops::changes::Changes;
pub use ops::current::CurrentVoyage;
pub use ops::digest::of as digest_of;
pub use ops::logbook::SteerRequest;
pub use ops::named as named_voyage;
pub use ops::observe::Observed;
pub use ops::proposals::ApproveRequest;
pub use ops::proposals::Decided;
pub use ops::proposals::Listed;
pub use ops::proposals::Waiting;
pub use ops::proposals::state_of as proposal_state_of;
pub use ops::readiness::Readiness;
pub use ops::rehearsal::Rehearsal;
pub use ops::rehearsal::Settles;
pub use ops::search::KINDS as SEARCH_KINDS;
pub use ops::search::SearchRequest;
pub use ops::search::SearchResult;
pub use ops::search::SearchResults;
pub use ops::sync::PulledAll;
pub use ops::sync::PushedAll;
pub use ops::synced::RemoteSync;
pub use ops::synced::SyncNote;
pub use ops::voyage::Compacted;
pub use ops::voyage::ListFilter;
pub use ops::voyage::Listing;
pub use ops::voyage::Story;
pub use ops::voyage::Verified;
pub use steering::Settlement;
pub use steering::pending::Record as PendingRecord;

// Paths inside this crate name the layers below by their old module names.

use helm_model as model;
use helm_model::{error, text, words};
use helm_storage as storage;
use helm_sync as sync;

//! The habits gh, jj and git users bring (issue 46): what they type by
//! habit works, and nothing they type by habit does harm.

mod comma_lists;
mod create_pr_defaults;
mod current_voyage;
mod editor;
mod id_prefixes;
mod spellings;
mod stdin_observe;

//! The habits gh, jj and git users bring (issue 46): what they type by
//! habit works, and nothing they type by habit does harm.

mod comma_lists;
mod current_voyage;
mod id_prefixes;
mod spellings;
mod stdin_observe;

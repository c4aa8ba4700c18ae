//! A target as storage keys it: its canonical JSON, and whether spellings of
//! it that differ only in ASCII case name the same thing. The observation
//! kinds decide both (`observe::Target::slate_key`); storage only compares,
//! so it never needs to know what a target is.

/// The slate key of one target.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SlateKey {
    /// The canonical target JSON, as stored in `slate.target`.
    pub text: String,
    /// GitHub's owner and repository names are case-insensitive: a key that
    /// folds case matches its other spellings too.
    pub folds_case: bool,
}

impl SlateKey {
    /// A key matched exactly, as every local target's is.
    pub fn exact(text: impl Into<String>) -> SlateKey {
        SlateKey {
            text: text.into(),
            folds_case: false,
        }
    }
}

//! A look's failure, kept as the forge read it until the core knows what it
//! was doing: the forge words it ([`LookFailure::into_error`]) with the
//! core's context (what was being done, on which repository, what was left
//! unchanged), so each forge's failures read in its own words, and the core
//! reads only the status and message (a target gone is a change, not a
//! failure, to the freshness check).

use helm_model::error::{Error, Piece, Words};

/// A forge's failure of a look, worded only once the core gives it context.
pub trait LookFailure: std::fmt::Debug {
    /// The HTTP status, when the forge answered at all.
    fn status(&self) -> Option<u16>;
    /// The forge's message, or what went wrong on the way.
    fn message(&self) -> &str;
    /// One error for the user: `doing` reads like "show github-pr o/r#7";
    /// `nothing` says what was left unchanged.
    fn into_error(self: Box<Self>, doing: Words, repo: &str, nothing: &str) -> Error;
}

/// The failure a look returns: the forge's, or one helm worded itself (a
/// look asked of a target it cannot make), which reads as it is.
#[derive(Debug)]
pub struct LookError(Failed);

#[derive(Debug)]
enum Failed {
    Forge(Box<dyn LookFailure>),
    Worded(Error),
}

impl LookError {
    /// A forge's failure.
    pub fn forge(failure: impl LookFailure + 'static) -> LookError {
        LookError(Failed::Forge(Box::new(failure)))
    }

    /// The HTTP status, when a forge answered at all.
    pub fn status(&self) -> Option<u16> {
        match &self.0 {
            Failed::Forge(failure) => failure.status(),
            Failed::Worded(_) => None,
        }
    }

    /// What the forge said, or what helm did.
    pub fn message(&self) -> String {
        match &self.0 {
            Failed::Forge(failure) => failure.message().to_string(),
            Failed::Worded(error) => error.message().to_string(),
        }
    }

    /// One error for the user, in the forge's words (see
    /// [`LookFailure::into_error`]); helm's own reads as it was worded.
    pub fn into_error(self, doing: impl Piece, repo: &str, nothing: &str) -> Error {
        match self.0 {
            Failed::Forge(failure) => failure.into_error(Words::of(doing), repo, nothing),
            Failed::Worded(error) => error,
        }
    }
}

impl From<Error> for LookError {
    fn from(error: Error) -> LookError {
        LookError(Failed::Worded(error))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use helm_model::error::Kind;

    #[derive(Debug)]
    struct Gone;

    impl LookFailure for Gone {
        fn status(&self) -> Option<u16> {
            Some(410)
        }
        fn message(&self) -> &str {
            "Gone"
        }
        fn into_error(self: Box<Self>, doing: Words, repo: &str, nothing: &str) -> Error {
            Error::new(Kind::NotFound, format!("could not {doing} on {repo}")).hint(nothing)
        }
    }

    #[test]
    fn a_forges_failure_is_worded_by_the_forge_and_helms_reads_as_it_is() {
        let gone = LookError::forge(Gone);
        assert_eq!(
            (gone.status(), gone.message().as_str()),
            (Some(410), "Gone")
        );
        let error = gone.into_error("show issue #1", "o/r", "nothing changed");
        assert_eq!(
            error.message().to_string(),
            "could not show issue #1 on o/r"
        );
        let own = LookError::from(Error::usage("not a thread"));
        assert_eq!(
            (own.status(), own.message().as_str()),
            (None, "not a thread")
        );
        let error = own.into_error("show", "o/r", "nothing changed");
        assert_eq!(error.kind(), Kind::Usage);
        assert_eq!(error.message().to_string(), "not a thread");
    }
}

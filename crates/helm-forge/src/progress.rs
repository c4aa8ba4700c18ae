//! How far a forge's look has got: a forge counts what it reads (pages,
//! log bytes) through [`LookProgress`], which the core's progress counter
//! implements, so the forge shows progress without knowing who shows it.

/// What a look reports as it goes.
pub trait LookProgress {
    /// `n` more done: a request answered, or bytes of a log read.
    fn add(&self, n: u64);
}

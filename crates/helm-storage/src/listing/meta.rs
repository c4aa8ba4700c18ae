//! What one stat of a voyage file says, the key of the listing's cache
//! (ADR 0022): the cache compares it, and the clock reads its times.

use serde::{Deserialize, Serialize};

/// What one stat by name tells of a voyage file, all of which any change to
/// the file, or its replacement by another, changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Meta {
    pub(crate) len: u64,
    pub(crate) mtime_ns: i64,
    /// Set by the kernel on every change (a write, a rename, `touch -d`);
    /// no call sets it to a chosen time.
    pub(crate) ctime_ns: i64,
    pub(crate) ino: u64,
    pub(crate) dev: u64,
}

/// A file time in nanoseconds since 1970, as a stat gives it; `None` out of
/// the years 1677 to 2262, which such a file is never trusted in.
pub(crate) fn nanos(seconds: i64, nanos: i64) -> Option<i64> {
    seconds.checked_mul(1_000_000_000)?.checked_add(nanos)
}

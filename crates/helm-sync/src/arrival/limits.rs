//! How large each object a remote sends may be before helm reads it (ADR
//! 0015, "Bounded reads"). The size comes from git's object header (`git
//! cat-file` answers it before any content), so an object over its limit is
//! refused as `bad-remote` without being read: a file that is 256 MiB
//! uncompressed and a few hundred KiB on the remote costs nothing. Each
//! limit is well above what helm itself writes.

/// A commit: helm writes a few hundred bytes (a header and a one-line
/// message); room is left for a signature another tool added.
pub(crate) const COMMIT: u64 = 64 << 10;

/// A commit's tree: it holds only what that commit adds (`voyage.json`, one
/// entry, the artifacts and lifecycle files it sends), about 110 bytes a
/// name, so 8 MiB is some 75,000 files in one commit.
pub(crate) const TREE: u64 = 8 << 20;

/// `voyage.json`, an entry file or a lifecycle file: the intent, a summary
/// or an action may come through MCP, whose lines are at most 16 MiB.
pub(crate) const FILE: u64 = 16 << 20;

/// An artifact's payload. It is never held whole (it is hashed and
/// compressed as it is read, `Packer`), so this bounds time and disk, not
/// memory: 16 GiB uncompressed, sixteen times the 1 GB SQLite keeps of a
/// stored (compressed) payload, beyond what any look of helm's produces.
pub(crate) const ARTIFACT: u64 = 16 << 30;

/// What entry files and trees are read whole at once: a part of at most
/// this many bytes (or one object), so a pull of many entries holds their
/// raw files a part at a time.
pub(crate) const BUDGET: u64 = 32 << 20;

//! Reads a voyage's summary (its row and its entry count) straight from the
//! SQLite file, for a `voyage list` with no cache: a handful of reads instead
//! of a SQLite connection, which must parse the schema and prepare a
//! statement for every file (issue 15: 120 µs a voyage, cold).
//!
//! It reads the documented file format (sqlite.org/fileformat2.html) under
//! SQLite's own SHARED lock, taken through SQLite's VFS ([`VfsFile`]): while
//! it is held no writer can take the EXCLUSIVE lock it needs to change a page
//! of the file. A file that is locked, has a journal, is in WAL mode, is of
//! another version or looks in any way unexpected gives `None`, and the
//! caller asks SQLite, which waits for locks, rolls back hot journals and
//! names every problem. It never writes.
//!
//! The file is opened and closed only through the VFS, never with a
//! descriptor of its own: POSIX locks belong to the process, and closing any
//! descriptor of the file would drop the locks of every connection the
//! process holds on it (a steer in `helm mcp` waiting on GitHub; ADR 0011).

use uuid::Uuid;

use super::cache::Stamp;
use super::meta::Meta;
use crate::model::{Voyage, VoyageStatus};
use crate::storage::schema;
use crate::storage::vfs::VfsFile;
use crate::storage::voyage::Summary;

/// `CREATE TABLE voyage` as seed 002 gives it, whitespace collapsed: the
/// column order the row is read in.
const VOYAGE_SQL: &str = "CREATE TABLE voyage ( id TEXT PRIMARY KEY, intent TEXT NOT NULL, \
    created_at TEXT NOT NULL, status TEXT NOT NULL CHECK(status IN ('active', 'ended')), \
    ended_at TEXT, ended_status TEXT )";

/// The summary of a voyage file opened through the VFS and the stamp it
/// holds for, or `None` to ask SQLite. `stat` gives the file's stat by
/// name; `has_journal` tells whether its `-journal` exists. Neither may open
/// a descriptor of the file. The stat is taken under the lock, so no commit
/// lands between it and the reads.
pub(crate) fn peek(
    mut file: VfsFile,
    stat: impl FnOnce() -> Option<Meta>,
    has_journal: impl FnOnce() -> bool,
) -> Option<(Stamp, Summary)> {
    // Non-blocking: a writer committing sends this file to SQLite, which
    // knows how to wait. Dropping the file releases the lock.
    if !file.lock_shared().ok()? {
        return None;
    }
    // A journal may be hot (a writer died mid-commit): only SQLite may roll it back.
    if has_journal() {
        return None;
    }
    let len = file.size().ok()?;
    let meta = stat()?;
    // The name no longer leads to the file that is open: let SQLite look.
    // (A file of the same length renamed onto the name since the open has
    // a ctime after the listing's clock, so its stamp is never trusted
    // from a stat alone: ADR 0022.)
    if meta.len != len {
        return None;
    }
    let db = Db::open(&file, len)?;
    let stamp = Stamp::new(meta, db.counter);
    let summary = db.summary()?;
    drop(file);
    Some((stamp, summary))
}

struct Db<'a> {
    file: &'a VfsFile,
    page_size: usize,
    usable: usize,
    pages: u64,
    counter: u32,
    page1: Vec<u8>,
}

impl<'a> Db<'a> {
    fn open(file: &'a VfsFile, len: u64) -> Option<Db<'a>> {
        let mut page1 = vec![0u8; 4096];
        let got = read_at(file, &mut page1, 0, len)?;
        let header = page1.get(..100).filter(|_| got >= 100)?;
        let be16 = |at: usize| u16::from_be_bytes([header[at], header[at + 1]]);
        let be32 =
            |at: usize| u32::from_be_bytes(header[at..at + 4].try_into().unwrap_or_default());
        let page_size = match be16(16) {
            1 => 65536,
            n if n >= 512 && n.is_power_of_two() => usize::from(n),
            _ => return None,
        };
        let ok = &header[..16] == b"SQLite format 3\0"
            // rollback journal on both sides (2 is WAL, whose commits the main file does not show)
            && header[18] == 1
            && header[19] == 1
            && (1..=4).contains(&be32(44))
            && be32(56) == 1 // UTF-8
            && i64::from(be32(60) as i32) == schema::VERSION;
        if !ok || !len.is_multiple_of(page_size as u64) {
            return None;
        }
        let usable = page_size - usize::from(header[20]);
        let counter = be32(24);
        if page_size != page1.len() {
            page1 = vec![0u8; page_size];
            (read_at(file, &mut page1, 0, len)? == page_size).then_some(())?;
        } else if got != page_size {
            return None;
        }
        Some(Db {
            file,
            page_size,
            usable,
            pages: len / page_size as u64,
            counter,
            page1,
        })
    }

    /// A corrupt file could make a b-tree or an overflow chain loop; a sound
    /// walk never reads more pages than the file has.
    fn budget(&self) -> usize {
        usize::try_from(self.pages).unwrap_or(usize::MAX)
    }

    fn page(&self, number: u32) -> Option<Vec<u8>> {
        if number == 1 {
            return Some(self.page1.clone());
        }
        if number == 0 || u64::from(number) > self.pages {
            return None;
        }
        let mut page = vec![0u8; self.page_size];
        let offset = (u64::from(number) - 1) * self.page_size as u64;
        self.file.read_exact_at(&mut page, offset).ok()?;
        Some(page)
    }

    fn summary(&self) -> Option<Summary> {
        let (mut voyage_root, mut logbook_root) = (None, None);
        self.walk(1, &mut |db, payload| {
            let row = db.record(payload)?;
            match (row.first(), row.get(1), row.get(3), row.get(4)) {
                (Some(Value::Text(kind)), Some(Value::Text(name)), Some(Value::Int(root)), sql)
                    if kind == "table" =>
                {
                    let root = u32::try_from(*root).ok();
                    match name.as_str() {
                        "voyage" => {
                            let Some(Value::Text(sql)) = sql else {
                                return None;
                            };
                            let sql = sql.split_whitespace().collect::<Vec<_>>().join(" ");
                            voyage_root = (sql == VOYAGE_SQL).then_some(root).flatten();
                        }
                        "logbook" => logbook_root = root,
                        _ => {}
                    }
                }
                _ => {}
            }
            Some(true)
        })?;
        let mut row = None;
        self.walk(voyage_root?, &mut |db, payload| {
            row = Some(db.record(payload)?);
            Some(false)
        })?;
        let voyage = voyage_from(row?)?;
        Some(Summary {
            voyage,
            entries: self.count(logbook_root?)?,
        })
    }

    /// Calls `visit` with each row's payload of the table b-tree at `root`, in
    /// rowid order, until it returns `Some(false)`; `None` anywhere gives up.
    fn walk(&self, root: u32, visit: &mut dyn FnMut(&Self, &[u8]) -> Option<bool>) -> Option<bool> {
        let mut budget = self.budget();
        self.walk_page(root, visit, &mut budget, 0)
    }

    fn walk_page(
        &self,
        number: u32,
        visit: &mut dyn FnMut(&Self, &[u8]) -> Option<bool>,
        budget: &mut usize,
        depth: usize,
    ) -> Option<bool> {
        *budget = budget.checked_sub(1)?;
        (depth < 64).then_some(())?;
        let page = self.page(number)?;
        let node = Node::parse(&page, number)?;
        for i in 0..node.cells {
            let at = node.cell(&page, i)?;
            if node.right.is_some() {
                let child = u32::from_be_bytes(page.get(at..at + 4)?.try_into().ok()?);
                if !self.walk_page(child, visit, budget, depth + 1)? {
                    return Some(false);
                }
            } else {
                let (size, n) = varint(page.get(at..)?)?;
                let (_rowid, m) = varint(page.get(at + n..)?)?;
                let payload = self.payload(&page, at + n + m, usize::try_from(size).ok()?)?;
                if !visit(self, &payload)? {
                    return Some(false);
                }
            }
        }
        match node.right {
            Some(right) => self.walk_page(right, visit, budget, depth + 1),
            None => Some(true),
        }
    }

    /// Rows in the table b-tree at `root`: its leaves' cell counts, added up.
    fn count(&self, root: u32) -> Option<u64> {
        let mut budget = self.budget();
        let mut stack = vec![(root, 0usize)];
        let mut rows = 0u64;
        while let Some((number, depth)) = stack.pop() {
            budget = budget.checked_sub(1)?;
            (depth < 64).then_some(())?;
            let page = self.page(number)?;
            let node = Node::parse(&page, number)?;
            match node.right {
                None => rows += node.cells as u64,
                Some(right) => {
                    stack.push((right, depth + 1));
                    for i in 0..node.cells {
                        let at = node.cell(&page, i)?;
                        let child = u32::from_be_bytes(page.get(at..at + 4)?.try_into().ok()?);
                        stack.push((child, depth + 1));
                    }
                }
            }
        }
        Some(rows)
    }

    /// A table-leaf cell's whole payload: the part on the page and, for a long
    /// row, the chain of overflow pages (file format 1.6).
    fn payload(&self, page: &[u8], at: usize, size: usize) -> Option<Vec<u8>> {
        let u = self.usable;
        let max_local = u - 35;
        let local = if size <= max_local {
            size
        } else {
            let min_local = (u - 12) * 32 / 255 - 23;
            let k = min_local + (size - min_local) % (u - 4);
            if k <= max_local { k } else { min_local }
        };
        let mut out = Vec::with_capacity(size);
        out.extend_from_slice(page.get(at..at + local)?);
        let mut next = match local < size {
            true => u32::from_be_bytes(page.get(at + local..at + local + 4)?.try_into().ok()?),
            false => 0,
        };
        let mut budget = self.budget();
        while out.len() < size {
            budget = budget.checked_sub(1)?;
            let overflow = self.page(next)?;
            let take = (size - out.len()).min(u - 4);
            out.extend_from_slice(overflow.get(4..4 + take)?);
            next = u32::from_be_bytes(overflow.get(..4)?.try_into().ok()?);
        }
        Some(out)
    }

    /// The values of a record (file format 2.1); `None` for what a voyage's
    /// tables never hold (floats, reserved types) or text that is not UTF-8.
    fn record(&self, payload: &[u8]) -> Option<Vec<Value>> {
        let (header_len, mut at) = varint(payload)?;
        let header_len = usize::try_from(header_len).ok()?;
        let mut body = header_len;
        let mut values = Vec::new();
        while at < header_len {
            let (kind, n) = varint(payload.get(at..header_len)?)?;
            at += n;
            let (value, len) = match kind {
                0 => (Value::Null, 0),
                1..=6 => {
                    let len = [0, 1, 2, 3, 4, 6, 8][kind as usize];
                    let bytes = payload.get(body..body.checked_add(len)?)?;
                    let mut v = i64::from(bytes[0] as i8);
                    for b in &bytes[1..] {
                        v = (v << 8) | i64::from(*b);
                    }
                    (Value::Int(v), len)
                }
                8 => (Value::Int(0), 0),
                9 => (Value::Int(1), 0),
                k if k >= 13 && k % 2 == 1 => {
                    let len = usize::try_from((k - 13) / 2).ok()?;
                    let text =
                        std::str::from_utf8(payload.get(body..body.checked_add(len)?)?).ok()?;
                    (Value::Text(text.to_string()), len)
                }
                k if k >= 12 => (Value::Blob, usize::try_from((k - 12) / 2).ok()?),
                _ => return None,
            };
            body = body.checked_add(len)?;
            values.push(value);
        }
        (body <= payload.len()).then_some(values)
    }
}

#[derive(Debug, PartialEq)]
enum Value {
    Null,
    Int(i64),
    Text(String),
    Blob,
}

/// A table b-tree page's header: its cell count and, for an interior page,
/// the right-most child.
struct Node {
    start: usize,
    cells: usize,
    right: Option<u32>,
}

impl Node {
    fn parse(page: &[u8], number: u32) -> Option<Node> {
        let start = if number == 1 { 100 } else { 0 };
        let header = page.get(start..start + 12)?;
        let cells = usize::from(u16::from_be_bytes([header[3], header[4]]));
        let right = match header[0] {
            0x0d => None,
            0x05 => Some(u32::from_be_bytes(header[8..12].try_into().ok()?)),
            _ => return None,
        };
        Some(Node {
            start,
            cells,
            right,
        })
    }

    /// Where cell `i` starts on the page.
    fn cell(&self, page: &[u8], i: usize) -> Option<usize> {
        let header = if self.right.is_some() { 12 } else { 8 };
        let at = self.start + header + 2 * i;
        let offset = usize::from(u16::from_be_bytes(page.get(at..at + 2)?.try_into().ok()?));
        (offset >= at + 2 && offset < page.len()).then_some(offset)
    }
}

/// SQLite's big-endian varint: up to 8 bytes of 7 bits, then one of 8.
fn varint(bytes: &[u8]) -> Option<(u64, usize)> {
    let mut value = 0u64;
    for i in 0..9 {
        let b = *bytes.get(i)?;
        if i == 8 {
            return Some(((value << 8) | u64::from(b), 9));
        }
        value = (value << 7) | u64::from(b & 0x7f);
        if b & 0x80 == 0 {
            return Some((value, i + 1));
        }
    }
    None
}

/// The voyage row as `storage::voyage` reads it; an id that is not a UUID
/// goes to SQLite's path, which reports it.
fn voyage_from(row: Vec<Value>) -> Option<Voyage> {
    let mut row = row.into_iter();
    let mut text = || match row.next() {
        Some(Value::Text(text)) => Some(Some(text)),
        Some(Value::Null) => Some(None),
        _ => None,
    };
    let id = Uuid::try_parse(&text()??).ok()?;
    let (intent, created_at, status) = (text()??, text()??, text()??);
    let (ended_at, ended_status) = (text()?, text()?);
    Some(Voyage {
        id,
        intent,
        created_at,
        status: match status.as_str() {
            "ended" => VoyageStatus::Ended {
                ended_at: ended_at.unwrap_or_default(),
                ended_status,
            },
            _ => VoyageStatus::Active,
        },
    })
}

/// Reads as much of `buf` as the file (`len` bytes long) holds from `offset`.
fn read_at(file: &VfsFile, buf: &mut [u8], offset: u64, len: u64) -> Option<usize> {
    let n = usize::try_from(len.saturating_sub(offset))
        .unwrap_or(usize::MAX)
        .min(buf.len());
    if n > 0 {
        file.read_exact_at(&mut buf[..n], offset).ok()?;
    }
    Some(n)
}

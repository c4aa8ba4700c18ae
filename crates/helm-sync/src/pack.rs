//! Objects gathered in memory and written as one pack (issue 45): what
//! `voyage push --all` writes for many voyages at once. Each voyage of a
//! small push makes six objects; as loose objects, 20 voyages made 120 files
//! (and their temporary names and folders), and creating them was most of
//! helm's own CPU in the push (the kernel allocating inodes). One pack and
//! its index are two files however many voyages move.
//!
//! The format is git's own, version 2 of both files, the same in every git
//! since 1.5: a pack is `PACK`, its version and object count, each object as
//! its kind and size followed by its content deflated with zlib, and the
//! SHA-1 of all that; its index is the objects' ids sorted, with a table of
//! how many start with each byte, each object's CRC-32 and offset, and both
//! checksums. Both are written whole under temporary names and renamed, the
//! index last: git reads a pack only through its index, so a crash leaves at
//! most a pack no one reads. Like loose objects (see `loose`), they are not
//! synced to disk: git's default durability for what a push writes.

use std::collections::HashSet;
use std::io::Write;
use std::path::Path;

use sha1::{Digest, Sha1};

use crate::error::{Error, Result};

/// An object waiting for the pack.
#[derive(Debug)]
struct Gathered {
    id: [u8; 20],
    kind: ObjectKind,
    /// The content, deflated; its size before is `size`.
    deflated: Vec<u8>,
    size: usize,
}

/// An object's kind, as a pack numbers it.
#[derive(Clone, Copy, Debug)]
pub(crate) enum ObjectKind {
    Commit = 1,
    Tree = 2,
    Blob = 3,
}

/// Objects to be written as one pack.
#[derive(Default, Debug)]
pub(crate) struct Pack {
    objects: Vec<Gathered>,
    seen: HashSet<[u8; 20]>,
}

impl Pack {
    /// Adds an object (once, however often it is given) whose id is `id`.
    pub(crate) fn add(&mut self, id: [u8; 20], kind: ObjectKind, body: &[u8]) -> Result<()> {
        if !self.seen.insert(id) {
            return Ok(());
        }
        let mut deflater = flate2::write::ZlibEncoder::new(
            Vec::with_capacity(body.len() / 2 + 64),
            flate2::Compression::default(),
        );
        let deflated = deflater
            .write_all(body)
            .and_then(|()| deflater.finish())
            .map_err(|err| Error::io("compressing a git object failed", &err))?;
        self.objects.push(Gathered {
            id,
            kind,
            deflated,
            size: body.len(),
        });
        Ok(())
    }

    /// Writes the pack and its index into `objects/pack` under `objects`;
    /// nothing when no object was added.
    pub(crate) fn write(self, objects: &Path) -> Result<()> {
        if self.objects.is_empty() {
            return Ok(());
        }
        let (pack, entries) = self.pack_bytes()?;
        let checksum: [u8; 20] = pack[pack.len() - 20..]
            .try_into()
            .map_err(|_| unwritable("a pack without its checksum"))?;
        let index = index_bytes(entries, &checksum)?;
        let folder = objects.join("pack");
        std::fs::create_dir_all(&folder).map_err(|err| failed(&folder, &err))?;
        let name = format!("pack-{}", crate::storage::artifact::hex(&checksum));
        place(&folder, &format!("{name}.pack"), &pack)?;
        place(&folder, &format!("{name}.idx"), &index)
    }

    /// The pack's bytes, and for each object its id, CRC-32 and offset.
    fn pack_bytes(self) -> Result<(Vec<u8>, Vec<Entry>)> {
        let count =
            u32::try_from(self.objects.len()).map_err(|_| unwritable("more than 2³² objects"))?;
        let mut pack = Vec::new();
        pack.extend_from_slice(b"PACK");
        pack.extend_from_slice(&2u32.to_be_bytes());
        pack.extend_from_slice(&count.to_be_bytes());
        let mut entries = Vec::with_capacity(self.objects.len());
        for object in self.objects {
            let offset = pack.len() as u64;
            let start = pack.len();
            // The kind in bits 4-6 of the first byte, the size in its low 4
            // bits and then 7 bits a byte, the top bit saying more follow.
            let mut size = object.size;
            let mut byte = ((object.kind as u8) << 4) | (size & 0x0f) as u8;
            size >>= 4;
            while size > 0 {
                pack.push(byte | 0x80);
                byte = (size & 0x7f) as u8;
                size >>= 7;
            }
            pack.push(byte);
            pack.extend_from_slice(&object.deflated);
            let mut crc = flate2::Crc::new();
            crc.update(&pack[start..]);
            entries.push(Entry {
                id: object.id,
                crc: crc.sum(),
                offset,
            });
        }
        let checksum = Sha1::digest(&pack);
        pack.extend_from_slice(&checksum);
        Ok((pack, entries))
    }
}

/// An object's line in the index.
struct Entry {
    id: [u8; 20],
    crc: u32,
    offset: u64,
}

/// The version 2 index of a pack whose checksum is `checksum`.
fn index_bytes(mut entries: Vec<Entry>, checksum: &[u8; 20]) -> Result<Vec<u8>> {
    entries.sort_unstable_by_key(|a| a.id);
    let mut index = Vec::with_capacity(8 + 1024 + entries.len() * 28 + 40);
    index.extend_from_slice(b"\xfftOc");
    index.extend_from_slice(&2u32.to_be_bytes());
    let mut below = 0u32;
    for first in 0..=255u8 {
        below += entries.iter().filter(|e| e.id[0] == first).count() as u32;
        index.extend_from_slice(&below.to_be_bytes());
    }
    for entry in &entries {
        index.extend_from_slice(&entry.id);
    }
    for entry in &entries {
        index.extend_from_slice(&entry.crc.to_be_bytes());
    }
    // An offset past 2³¹ goes in a table of 8-byte offsets after, named
    // by its place there with the top bit set.
    let mut large = Vec::new();
    for entry in &entries {
        let small = match u32::try_from(entry.offset) {
            Ok(offset) if offset < 0x8000_0000 => offset,
            _ => {
                let at = u32::try_from(large.len())
                    .ok()
                    .filter(|at| *at < 0x8000_0000)
                    .ok_or_else(|| unwritable("more large offsets than an index holds"))?;
                large.push(entry.offset);
                at | 0x8000_0000
            }
        };
        index.extend_from_slice(&small.to_be_bytes());
    }
    for offset in large {
        index.extend_from_slice(&offset.to_be_bytes());
    }
    index.extend_from_slice(checksum);
    let own = Sha1::digest(&index);
    index.extend_from_slice(&own);
    Ok(index)
}

/// Writes `bytes` as `folder/name`, whole under a temporary name first,
/// read-only as git leaves its packs.
fn place(folder: &Path, name: &str, bytes: &[u8]) -> Result<()> {
    let temp = folder.join(format!("tmp_pack_helm_{}_{name}", std::process::id()));
    let path = folder.join(name);
    let placed = write_read_only(&temp, bytes).and_then(|()| {
        // The same pack written twice has the same name and bytes.
        std::fs::rename(&temp, &path)
    });
    if let Err(err) = placed {
        let _ = std::fs::remove_file(&temp);
        return Err(failed(&path, &err));
    }
    Ok(())
}

fn unwritable(what: &str) -> Error {
    Error::new(
        crate::error::Kind::Storage,
        format!("helm's private repository: cannot write a pack with {what}"),
    )
    .hint("push the voyages one at a time, and report this")
}

fn failed(path: &Path, err: &std::io::Error) -> Error {
    Error::io(format!("cannot write {}", path.display()), err)
}

/// Writes a new file as git writes its objects and packs: created, never
/// replaced, and read-only once whole.
pub(crate) fn write_read_only(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut file = std::fs::File::create_new(path)?;
    file.write_all(bytes)?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        file.set_permissions(std::fs::Permissions::from_mode(0o444))?;
    }
    Ok(())
}

//! What git's objects are, as helm reads them from its private repository:
//! an object's header ([`Info`]), an object whole ([`Object`]), and the
//! entries of a tree ([`parse_tree`]). Both ways of reading (`loose::read`
//! from the files, `batch` through `git cat-file`) answer in these.

/// An object's header.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Info {
    pub(crate) oid: String,
    pub(crate) kind: String,
    pub(crate) size: u64,
}

/// An object's header and whole contents.
pub(crate) type Object = (Info, Vec<u8>);

/// One name in a tree object.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct TreeEntry {
    pub(crate) mode: String,
    /// The name, when it is UTF-8 (`None` otherwise: no name helm writes).
    pub(crate) name: Option<String>,
    pub(crate) oid: String,
}

/// Reads git's binary tree format: `<mode> <name>\0<20-byte id>`, repeated.
pub(crate) fn parse_tree(bytes: &[u8]) -> std::result::Result<Vec<TreeEntry>, String> {
    let mut entries = Vec::new();
    let mut rest = bytes;
    while !rest.is_empty() {
        let space = rest
            .iter()
            .position(|b| *b == b' ')
            .ok_or("a tree entry without a mode")?;
        let nul = rest
            .iter()
            .position(|b| *b == 0)
            .ok_or("a tree entry without a name")?;
        if nul < space || rest.len() < nul + 21 {
            return Err("a tree entry cut short".to_string());
        }
        let mode = String::from_utf8_lossy(&rest[..space]).into_owned();
        let name = std::str::from_utf8(&rest[space + 1..nul])
            .ok()
            .map(str::to_string);
        let oid = crate::storage::artifact::hex(&rest[nul + 1..nul + 21]);
        entries.push(TreeEntry { mode, name, oid });
        rest = &rest[nul + 21..];
    }
    Ok(entries)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trees_read_as_git_writes_them() {
        let mut bytes = b"100644 voyage.json\0".to_vec();
        bytes.extend([0xab; 20]);
        bytes.extend(b"40000 sub\0");
        bytes.extend([0x01; 20]);
        let entries = parse_tree(&bytes).unwrap();
        assert_eq!(entries.len(), 2);
        assert_eq!(entries[0].mode, "100644");
        assert_eq!(entries[0].name.as_deref(), Some("voyage.json"));
        assert_eq!(entries[0].oid, "ab".repeat(20));
        assert_eq!(entries[1].mode, "40000");
        assert!(parse_tree(&bytes[..bytes.len() - 1]).is_err());
        assert!(parse_tree(b"100644 no-id").is_err());
    }
}

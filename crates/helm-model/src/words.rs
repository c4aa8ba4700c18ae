//! Small words shared by every report and status line: plurals and byte
//! sizes and line counts, so "1 file" and "2.0 MiB" read the same everywhere.

/// `one` for exactly one, otherwise `many`.
pub fn plural(n: impl TryInto<u64>, one: &'static str, many: &'static str) -> &'static str {
    match n.try_into() {
        Ok(1) => one,
        _ => many,
    }
}

/// A byte count for people: `512 B`, `3.4 KiB`, `1.2 GiB`.
pub fn human_bytes(n: u64) -> String {
    const UNITS: [&str; 5] = ["B", "KiB", "MiB", "GiB", "TiB"];
    let mut value = n as f64;
    let mut unit = 0;
    while value >= 1024.0 && unit < UNITS.len() - 1 {
        value /= 1024.0;
        unit += 1;
    }
    if unit == 0 {
        format!("{n} B")
    } else {
        format!("{value:.1} {}", UNITS[unit])
    }
}

/// Lines as an editor counts them: a last line without a newline counts.
pub fn count_lines(text: &str) -> usize {
    let newlines = text.bytes().filter(|b| *b == b'\n').count();
    newlines + usize::from(!text.is_empty() && !text.ends_with('\n'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plurals_and_sizes() {
        assert_eq!(plural(1usize, "file", "files"), "file");
        assert_eq!(plural(0u64, "file", "files"), "files");
        assert_eq!(plural(2usize, "doc", "docs"), "docs");
        assert_eq!(human_bytes(512), "512 B");
        assert_eq!(human_bytes(3 << 20), "3.0 MiB");
    }
}

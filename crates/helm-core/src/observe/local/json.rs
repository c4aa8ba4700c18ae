//! Streaming JSON string output for payloads too large to build in memory:
//! file contents are escaped (or base64-encoded) chunk by chunk straight into
//! the artifact packer.

use std::io::{self, Write};

/// Appends the JSON escape of `text` (without quotes) to `out`, producing the
/// same bytes as serde_json so small and streamed payloads look alike.
pub(crate) fn escape_into(text: &str, out: &mut Vec<u8>) {
    let bytes = text.as_bytes();
    out.reserve(bytes.len());
    let mut start = 0;
    let mut i = 0;
    while i < bytes.len() {
        // Most text needs no escaping: step over clean bytes eight at a time.
        if let Some(word) = bytes.get(i..i + 8) {
            let word = u64::from_le_bytes(word.try_into().expect("eight bytes"));
            if !needs_escape(word) {
                i += 8;
                continue;
            }
        }
        let byte = bytes[i];
        let escape: &[u8] = match byte {
            b'"' => b"\\\"",
            b'\\' => b"\\\\",
            b'\n' => b"\\n",
            b'\r' => b"\\r",
            b'\t' => b"\\t",
            0x08 => b"\\b",
            0x0c => b"\\f",
            0x00..=0x1f => {
                out.extend_from_slice(&bytes[start..i]);
                out.extend_from_slice(&[
                    b'\\',
                    b'u',
                    b'0',
                    b'0',
                    HEX[(byte >> 4) as usize],
                    HEX[(byte & 0xf) as usize],
                ]);
                i += 1;
                start = i;
                continue;
            }
            _ => {
                i += 1;
                continue;
            }
        };
        out.extend_from_slice(&bytes[start..i]);
        out.extend_from_slice(escape);
        i += 1;
        start = i;
    }
    out.extend_from_slice(&bytes[start..]);
}

const HEX: &[u8; 16] = b"0123456789abcdef";

/// Whether any of the eight bytes is a control character, `"` or `\\`
/// (the classic "has zero byte" bit trick, exact as a yes/no answer).
fn needs_escape(word: u64) -> bool {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let has_zero = |v: u64| v.wrapping_sub(ONES) & !v & HIGH != 0;
    let below_space = word.wrapping_sub(ONES * 0x20) & !word & HIGH != 0;
    below_space || has_zero(word ^ (ONES * b'"' as u64)) || has_zero(word ^ (ONES * b'\\' as u64))
}

/// Writes a JSON string value with serde_json's quoting.
pub(crate) fn write_str(out: &mut dyn Write, text: &str) -> io::Result<()> {
    serde_json::to_writer(&mut *out, text).map_err(io::Error::other)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escaping_matches_serde_json() {
        let sample = "plain \"quoted\" back\\slash\n\r\t\u{8}\u{c}\u{0}\u{1f}\u{7f} é 🚢";
        let mut ours = b"\"".to_vec();
        escape_into(sample, &mut ours);
        ours.push(b'"');
        assert_eq!(
            String::from_utf8(ours).unwrap(),
            serde_json::to_string(sample).unwrap()
        );
    }
}

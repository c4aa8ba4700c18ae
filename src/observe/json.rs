//! Streaming JSON string output for payloads too large to build in memory:
//! file contents are escaped (or base64-encoded) chunk by chunk straight into
//! the artifact packer.

use std::io::{self, Write};

/// Appends the JSON escape of `text` (without quotes) to `out`, producing the
/// same bytes as serde_json so small and streamed payloads look alike.
pub fn escape_into(text: &str, out: &mut Vec<u8>) {
    let bytes = text.as_bytes();
    let mut start = 0;
    for (i, &byte) in bytes.iter().enumerate() {
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
                out.extend_from_slice(format!("\\u{byte:04x}").as_bytes());
                start = i + 1;
                continue;
            }
            _ => continue,
        };
        out.extend_from_slice(&bytes[start..i]);
        out.extend_from_slice(escape);
        start = i + 1;
    }
    out.extend_from_slice(&bytes[start..]);
}

/// Writes a JSON string value with serde_json's quoting.
pub fn write_str(out: &mut dyn Write, text: &str) -> io::Result<()> {
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

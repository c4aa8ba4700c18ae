//! Which field of GitLab's answer a value of the wrong type sits in. serde_json
//! says only where (line and column) and what it expected; a reader of the
//! error needs the field's name (`author.username`, `labels[]`), to tell a
//! GitLab version helm does not know from a server that answers wrongly. So
//! the answer's text up to that place is scanned once for the keys that
//! enclose it, without reading it again as JSON.

/// The path of keys (`author.username`, `assignees[].id`) to the value that
/// ends at `line`:`column` (serde_json's, both from 1) of `body`; `None`
/// when that place holds no field.
pub(crate) fn field_at(body: &[u8], line: usize, column: usize) -> Option<String> {
    let start: usize = body
        .split(|b| *b == b'\n')
        .take(line.saturating_sub(1))
        .map(|l| l.len() + 1)
        .sum();
    let end = (start + column).min(body.len());
    let mut frames: Vec<Frame> = Vec::new();
    let mut string: Option<Vec<u8>> = None;
    let mut escaped = false;
    // A string just closed, which is a key if a `:` follows it.
    let mut closed: Option<Vec<u8>> = None;
    for &byte in &body[..end] {
        if let Some(text) = string.as_mut() {
            match (escaped, byte) {
                (true, _) => escaped = false,
                (false, b'\\') => escaped = true,
                (false, b'"') => closed = string.take(),
                (false, other) => text.push(other),
            }
            continue;
        }
        match byte {
            b'"' => string = Some(Vec::new()),
            b':' => {
                if let (Some(key), Some(Frame::Object(slot))) = (closed.take(), frames.last_mut()) {
                    *slot = Some(String::from_utf8_lossy(&key).into_owned());
                }
            }
            b'{' => frames.push(Frame::Object(None)),
            b'[' => frames.push(Frame::Array),
            b'}' | b']' => {
                frames.pop();
            }
            b' ' | b'\t' | b'\r' | b'\n' => continue,
            _ => {}
        }
        if byte != b'"' {
            closed = None;
        }
    }
    let mut path = String::new();
    for frame in &frames {
        match frame {
            Frame::Object(Some(key)) => {
                if !path.is_empty() {
                    path.push('.');
                }
                path.push_str(key);
            }
            Frame::Object(None) => {}
            Frame::Array => {
                if !path.is_empty() {
                    path.push_str("[]");
                }
            }
        }
    }
    (!path.is_empty()).then_some(path)
}

/// A container the scan is inside: an object (with the key whose value is
/// being read, once one is) or an array.
enum Frame {
    Object(Option<String>),
    Array,
}

#[cfg(test)]
mod tests {
    use super::field_at;

    /// Where serde_json points for `json` read as a `T`.
    fn located<T: serde::de::DeserializeOwned + std::fmt::Debug>(json: &str) -> Option<String> {
        let err = serde_json::from_str::<T>(json).unwrap_err();
        field_at(json.as_bytes(), err.line(), err.column())
    }

    #[derive(Debug, serde::Deserialize)]
    #[allow(dead_code)]
    struct User {
        id: u64,
        username: String,
    }

    #[derive(Debug, serde::Deserialize)]
    #[allow(dead_code)]
    struct Mr {
        title: String,
        author: User,
        assignees: Vec<User>,
    }

    #[test]
    fn the_field_of_a_wrong_value_is_named_however_deep() {
        let top = r#"{"title": 7, "author": {"id": 1, "username": "a"}, "assignees": []}"#;
        assert_eq!(located::<Mr>(top).as_deref(), Some("title"));
        let nested =
            r#"{"title": "t:\"x\"", "author": {"id": 1, "username": null}, "assignees": []}"#;
        assert_eq!(located::<Mr>(nested).as_deref(), Some("author.username"));
        let listed = "{\"title\": \"t\",\n \"author\": {\"id\": 1, \"username\": \"a\"},\n \"assignees\": [{\"id\": 2, \"username\": \"b\"}, {\"id\": \"3\", \"username\": \"c\"}]}";
        assert_eq!(located::<Mr>(listed).as_deref(), Some("assignees[].id"));
        assert_eq!(located::<Vec<User>>(r#"[1]"#), None);
    }
}

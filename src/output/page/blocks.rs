//! The blocks a payload is shown in on the page, and the budget that
//! bounds them: a payload's text is cut once its [`Budget`] is spent, and
//! its fields are read leniently (`s`, `list`). Both the generic payload
//! renderer (`payload.rs`) and GitHub's shapes (`github.rs`) write with
//! these, so neither imports the other for them.

use serde_json::Value;

use super::html::text;

/// How much of a payload's text is left to show.
pub(crate) struct Budget {
    left: usize,
    pub(crate) cut: bool,
}

impl Budget {
    pub(crate) fn new(bytes: usize) -> Budget {
        Budget {
            left: bytes,
            cut: false,
        }
    }

    /// As much of `raw` as the budget allows, cut on a character boundary.
    pub(crate) fn take<'a>(&mut self, raw: &'a str) -> &'a str {
        if raw.len() <= self.left {
            self.left -= raw.len();
            return raw;
        }
        self.cut = true;
        let mut end = self.left;
        while !raw.is_char_boundary(end) {
            end -= 1;
        }
        self.left = 0;
        &raw[..end]
    }

    pub(crate) fn spent(&self) -> bool {
        self.left == 0
    }
}

/// A string field of `value`, or "".
pub(crate) fn s<'a>(value: &'a Value, key: &str) -> &'a str {
    value.get(key).and_then(Value::as_str).unwrap_or("")
}

/// An array field of `value`, or none.
pub(crate) fn list<'a>(value: &'a Value, key: &str) -> &'a [Value] {
    value
        .get(key)
        .and_then(Value::as_array)
        .map_or(&[], Vec::as_slice)
}

/// Text in a `<pre>`, within the budget.
pub(crate) fn pre(out: &mut String, raw: &str, budget: &mut Budget) {
    out.push_str("<pre>");
    text(out, budget.take(raw));
    out.push_str("</pre>");
}

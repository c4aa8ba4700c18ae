//! Invisible characters written out in a JSON value on its way to an agent
//! (MCP results, `observe --lockdown`): a reader sees `<U+202E>` where the
//! stored text holds a bidi override, a zero-width space or a tag character.

use serde_json::Value;

/// Writes out every invisible character of every string (keys too).
pub(crate) fn visible(value: &mut Value) {
    match value {
        Value::String(text) => {
            if let Some(shown) = crate::text::visible(text) {
                *text = shown;
            }
        }
        Value::Array(items) => items.iter_mut().for_each(visible),
        Value::Object(fields) => {
            let hidden = fields.keys().any(|k| crate::text::visible(k).is_some());
            if hidden {
                let taken = std::mem::take(fields);
                for (key, inner) in taken {
                    let key = crate::text::visible(&key).unwrap_or(key);
                    fields.insert(key, inner);
                }
            }
            fields.values_mut().for_each(visible);
        }
        _ => {}
    }
}

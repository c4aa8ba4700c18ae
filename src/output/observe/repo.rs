//! A GitHub repository's open issues and pull requests, one line each.

use serde_json::Value;

use super::screen::Screen;
use super::{array, names, string};

const LISTED: usize = 15;

pub(super) fn render(screen: &mut Screen, payload: &Value) {
    for (key, heading, sigil) in [
        ("issues", "open issues", "#"),
        ("pullRequests", "open pull requests", "#"),
    ] {
        let Some(items) = array(payload, key) else {
            continue;
        };
        screen.heading(&format!("{heading} ({})", items.len()));
        let shown = screen.keep(LISTED);
        for item in items.iter().take(shown) {
            let number = item.get("number").and_then(Value::as_u64).unwrap_or(0);
            let mut line = format!(
                "{sigil}{number}  {}  by {}",
                string(item, "title"),
                string(item, "author")
            );
            let labels = names(item.get("labels"));
            if !labels.is_empty() {
                line.push_str(&format!("  [{}]", labels.join(", ")));
            }
            screen.line(&line);
        }
        if items.len() > shown {
            let rest = items.len() - shown;
            screen.omitted(rest, &format!("… {} more", rest));
        }
    }
}

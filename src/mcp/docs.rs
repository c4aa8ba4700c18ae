//! The tool reference at the end of docs/agents.md, rendered from the tool
//! table: each tool's description, annotations, arguments and output schema.
//! A test fails when the file is stale; `HELM_BLESS=1 cargo test --bin helm
//! tool_reference` rewrites it.

use std::collections::BTreeMap;
use std::fmt::Write;

use serde_json::Value;

use super::tools::{ALL, LEFT_OUT, Tool};

const BEGIN: &str = "<!-- tool reference: generated from src/mcp/tools, do not edit by hand -->\n";
const END: &str = "<!-- end of the tool reference -->\n";

/// The reference section, from `BEGIN` to `END`.
fn reference() -> String {
    super::schema::FULL.with(|full| full.set(true));
    let mut out = String::from(BEGIN);
    out.push_str(
        "\nEvery tool, as `tools/list` gives it with `--toolsets all`, its toolset named. A \
         result's `structuredContent` validates against the tool's output schema (JSON \
         Schema 2020-12, generated from the types that write the `--json` documents); its \
         text content is the same document. `tools/list` declares each shape a document's \
         field holds by its type alone, to keep the list short; the output schemas below \
         are the same in full, every shape and description written out, and their shared \
         `$defs` are printed once, under [Definitions](#definitions).\n",
    );
    let mut defs = BTreeMap::new();
    for tool in ALL {
        tool_section(&mut out, tool, &mut defs);
    }
    out.push_str(
        "\n### Definitions\n\nThe `$defs` the output schemas refer to (`#/$defs/NAME`).\n",
    );
    for (name, schema) in &defs {
        let pretty = serde_json::to_string_pretty(schema).expect("a schema is JSON");
        let _ = write!(
            out,
            "\n<details><summary><code>{name}</code></summary>\n\n```json\n{pretty}\n```\n\n</details>\n"
        );
    }
    out.push_str("\n### Commands without a tool\n\n");
    for (command, reason) in LEFT_OUT {
        let _ = writeln!(out, "- `helm {command}`: {reason}.");
    }
    out.push('\n');
    out.push_str(END);
    super::schema::FULL.with(|full| full.set(false));
    out
}

fn tool_section(out: &mut String, tool: &Tool, defs: &mut BTreeMap<String, Value>) {
    let described = tool.describe();
    let _ = write!(
        out,
        "\n### `{}`\n\n{}\n\nToolset: `{}`.\n\n",
        tool.name,
        tool.description,
        tool.toolset.name()
    );
    let effect = tool.effect;
    let mut hints = vec![format!("readOnlyHint: {}", effect.read_only)];
    if !effect.read_only {
        hints.push(format!("destructiveHint: {}", effect.destructive));
        hints.push(format!("idempotentHint: {}", effect.idempotent));
    }
    hints.push(format!("openWorldHint: {}", effect.open_world));
    let _ = writeln!(out, "Annotations: `{}`.\n", hints.join("`, `"));
    let input = Value::Object(described.input_schema.as_ref().clone());
    let required: Vec<&str> = input["required"]
        .as_array()
        .map(|names| names.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    out.push_str("Arguments:\n\n");
    match input["properties"].as_object() {
        Some(properties) if !properties.is_empty() => {
            for (name, schema) in properties {
                let optional = if required.contains(&name.as_str()) {
                    ""
                } else {
                    " (optional)"
                };
                let _ = writeln!(
                    out,
                    "- `{name}`{optional}: {}",
                    one_line(
                        schema["description"]
                            .as_str()
                            .unwrap_or("see the input schema")
                    )
                );
            }
        }
        _ => out.push_str("- none\n"),
    }
    let mut output = Value::Object(
        described
            .output_schema
            .as_ref()
            .expect("every tool has an output schema")
            .as_ref()
            .clone(),
    );
    if let Some(Value::Object(own)) = output.as_object_mut().and_then(|o| o.remove("$defs")) {
        for (name, schema) in own {
            let known = defs.entry(name.clone()).or_insert_with(|| schema.clone());
            assert_eq!(*known, schema, "two different $defs are named {name}");
        }
    }
    let fields: Vec<String> = output["properties"]
        .as_object()
        .map(|p| p.keys().map(|k| format!("`{k}`")).collect())
        .unwrap_or_default();
    if fields.is_empty() {
        out.push_str("\nResult: a JSON object (see the schema).\n\n");
    } else {
        let _ = writeln!(out, "\nResult fields: {}.\n", fields.join(", "));
    }
    let pretty = serde_json::to_string_pretty(&output).expect("a schema is JSON");
    let _ = write!(
        out,
        "<details><summary>output schema of <code>{}</code></summary>\n\n```json\n{pretty}\n```\n\n</details>\n",
        tool.name
    );
}

fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// `doc` with its reference section replaced (or appended).
fn with_reference(doc: &str) -> String {
    let section = reference();
    match (doc.find(BEGIN), doc.find(END)) {
        (Some(begin), Some(end)) if begin < end => {
            format!("{}{section}{}", &doc[..begin], &doc[end + END.len()..])
        }
        _ => format!(
            "{}\n{section}",
            doc.trim_end_matches('\n').to_string() + "\n"
        ),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn tool_reference_in_docs_agents_md_is_current() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/agents.md");
        let current = std::fs::read_to_string(&path).expect("docs/agents.md");
        let rendered = super::with_reference(&current);
        if std::env::var_os("HELM_BLESS").is_some() {
            std::fs::write(&path, &rendered).expect("write docs/agents.md");
            return;
        }
        assert!(
            current == rendered,
            "docs/agents.md's tool reference is out of date with the tools; \
             run `HELM_BLESS=1 cargo test --bin helm tool_reference` and commit the result"
        );
        for tool in super::ALL {
            assert!(current.contains(&format!("### `{}`", tool.name)));
        }
    }
}

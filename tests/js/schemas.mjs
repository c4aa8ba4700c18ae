// Lists the tools through the official TypeScript SDK client and compiles
// every input and output schema with ajv's JSON Schema 2020-12 validator in
// strict mode (unknown keywords, formats or types are errors, not warnings),
// with the standard's formats (ajv-formats), as the SDK itself uses them.
// Also walks every schema for what strict validators (the MCP Inspector's
// `--strict`) warn of: a `type` array (`["string", "null"]`), which has a
// portable form, and a property declared with no shape at all.
// Also counts the tools list's tokens with a public tokenizer (OpenAI's
// o200k_base and cl100k_base, via js-tiktoken) for docs/performance.md.

import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { getEncoding } from "js-tiktoken";
import { answer, connect, input } from "./helm.mjs";

// What the SDK warns about while it lists (it compiles every output schema,
// and says so on the console for a format it does not know).
const warnings = [];
for (const level of ["warn", "error"]) {
  console[level] = (...args) => warnings.push(args.map(String).join(" "));
}

// Where a schema is not portable: each `type` array and each property that
// says nothing of its shape, by its path.
function unportable(schema, path, found) {
  if (Array.isArray(schema)) {
    schema.forEach((item, i) => unportable(item, `${path}/${i}`, found));
    return;
  }
  if (schema === null || typeof schema !== "object") return;
  if (Array.isArray(schema.type)) found.push(`${path}: type ${JSON.stringify(schema.type)}`);
  const shaped = ["type", "$ref", "anyOf", "oneOf", "allOf", "enum", "const"];
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    if (property && typeof property === "object" && !shaped.some((k) => k in property)) {
      found.push(`${path}/properties/${name}: no shape`);
    }
  }
  for (const [key, value] of Object.entries(schema)) {
    // Values, not schemas: never walked.
    if (!["const", "enum", "default", "examples"].includes(key)) {
      unportable(value, `${path}/${key}`, found);
    }
  }
}

const { servers, texts } = await input();
const report = { servers: [], tokens: [], warnings };
for (const extra of servers) {
  const client = await connect(extra);
  const { tools } = await client.listTools();
  const problems = [];
  const portability = [];
  for (const tool of tools) {
    for (const which of ["inputSchema", "outputSchema"]) {
      // The standard's formats (uuid, date-time…) are known; any other is
      // an error in strict mode.
      const ajv = addFormats(new Ajv2020({ strict: true, allErrors: true }));
      try {
        ajv.compile(tool[which]);
      } catch (err) {
        problems.push(`${tool.name} ${which}: ${err.message}`);
      }
      unportable(tool[which] ?? {}, `${tool.name} ${which}`, portability);
    }
  }
  await client.close();
  report.servers.push({ args: extra, tools: tools.map((t) => t.name), problems, portability });
}
const encodings = ["o200k_base", "cl100k_base"].map((name) => [name, getEncoding(name)]);
for (const text of texts ?? []) {
  const counts = {};
  for (const [name, encoding] of encodings) counts[name] = encoding.encode(text).length;
  report.tokens.push(counts);
}
answer(report);

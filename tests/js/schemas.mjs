// Lists the tools through the official TypeScript SDK client and compiles
// every input and output schema with ajv's JSON Schema 2020-12 validator in
// strict mode (unknown keywords, formats or types are errors, not warnings),
// with the standard's formats (ajv-formats), as the SDK itself uses them.
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

const { servers, texts } = await input();
const report = { servers: [], tokens: [], warnings };
for (const extra of servers) {
  const client = await connect(extra);
  const { tools } = await client.listTools();
  const problems = [];
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
    }
  }
  await client.close();
  report.servers.push({ args: extra, tools: tools.map((t) => t.name), problems });
}
const encodings = ["o200k_base", "cl100k_base"].map((name) => [name, getEncoding(name)]);
for (const text of texts ?? []) {
  const counts = {};
  for (const [name, encoding] of encodings) counts[name] = encoding.encode(text).length;
  report.tokens.push(counts);
}
answer(report);

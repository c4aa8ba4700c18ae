// Calls tools through the official TypeScript SDK client and reports what
// the caller sees: for each call, whether it was a tool error, its text,
// its structured content, or the exception the SDK threw instead (as it does
// when a result breaks the tool's output schema, losing helm's message).
// The client lists the tools first, so it checks every result against the
// tool's output schema as a host built on the SDK would.

import { answer, connect, input } from "./helm.mjs";

const { calls } = await input();
const client = await connect();
await client.listTools();
const seen = [];
for (const { tool, args, meta } of calls) {
  try {
    // `meta` is the request's `_meta` (a caller's traceparent, SEP-414).
    const params = { name: tool, arguments: args };
    if (meta) params._meta = meta;
    const result = await client.callTool(params);
    seen.push({
      tool,
      isError: result.isError === true,
      text: result.content?.[0]?.text ?? null,
      structured: result.structuredContent ?? null,
    });
  } catch (err) {
    seen.push({ tool, threw: String(err?.message ?? err), code: err?.code ?? null });
  }
}
await client.close();
answer(seen);

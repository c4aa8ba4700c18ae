// A call the agent cancels through the official TypeScript SDK (an
// AbortSignal, which the SDK turns into `notifications/cancelled`), paced
// by the Rust test one line at a time on stdin: the test holds GitHub's
// answer to the call's write until the cancellation was read, then lets
// the call complete, then asks what the agent can learn of its fate.
//
// stdin, one JSON line each: {steer: {args, meta?}, after: [{tool, args}]},
// then "cancel", then "look". stdout: {"sent": true}, {"cancelled": …},
// then {outcome, seen}.

import readline from "node:readline";

import { answer, connect } from "./helm.mjs";

const lines = readline.createInterface({ input: process.stdin })[Symbol.asyncIterator]();
const next = async () => JSON.parse((await lines.next()).value);
const say = (value) => process.stdout.write(JSON.stringify(value) + "\n");

const { steer, after } = await next();
const client = await connect();
await client.listTools();
const abort = new AbortController();
const params = { name: "steer", arguments: steer.args };
if (steer.meta) params._meta = steer.meta;
const pending = client
  .callTool(params, undefined, { signal: abort.signal })
  .then(
    (result) => ({ answered: result }),
    (err) => ({ threw: String(err?.message ?? err) }),
  );
say({ sent: true });
await next();
abort.abort("the agent changed its mind");
const outcome = await pending;
// The server reads its input in order: once the ping is answered, it has
// read the cancellation.
await client.ping();
say({ cancelled: true });
await next();
const seen = [];
for (const { tool, args } of after) {
  const result = await client.callTool({ name: tool, arguments: args });
  seen.push({
    tool,
    isError: result.isError === true,
    text: result.content?.[0]?.text ?? null,
    structured: result.structuredContent ?? null,
  });
}
await client.close();
answer({ outcome, seen });

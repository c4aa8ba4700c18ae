// How the node scripts reach `helm mcp`: the Rust test that runs a script
// passes the helm binary, its arguments, environment and working directory
// (HELM_BIN, HELM_ARGS, HELM_ENV, HELM_CWD), and a JSON input on stdin; the
// script prints one JSON document on stdout for the test to check.

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

/** The helm server the test set up, as the SDK starts a stdio server. */
export function server() {
  return {
    command: process.env.HELM_BIN,
    args: JSON.parse(process.env.HELM_ARGS),
    env: JSON.parse(process.env.HELM_ENV),
    cwd: process.env.HELM_CWD,
    stderr: "inherit",
  };
}

/** A connected client of the official TypeScript SDK. */
export async function connect(extraArgs = []) {
  const params = server();
  params.args = [...params.args, ...extraArgs];
  const client = new Client({ name: "helm-tests", version: "1.0.0" });
  await client.connect(new StdioClientTransport(params));
  return client;
}

/** The JSON document the test sent on stdin. */
export async function input() {
  let text = "";
  for await (const chunk of process.stdin) text += chunk;
  return JSON.parse(text || "null");
}

/** Prints the answer and exits, closing whatever is still open. */
export function answer(document) {
  process.stdout.write(JSON.stringify(document) + "\n");
  process.exit(0);
}

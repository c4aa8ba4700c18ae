// What a host built on the official TypeScript SDK is told when it connects:
// the server's instructions and name.

import { answer, connect } from "./helm.mjs";

const client = await connect();
const instructions = client.getInstructions() ?? null;
const server = client.getServerVersion() ?? null;
await client.close();
answer({ instructions, server });

// Reads one resource through the official TypeScript SDK client, as a host
// does: the input's `uri`, of the server started with the input's `args`;
// prints its first contents' text.

import { answer, connect, input } from "./helm.mjs";

const { args, uri } = await input();
const client = await connect(args);
const read = await client.readResource({ uri });
await client.close();
answer({ text: read.contents?.[0]?.text ?? null });

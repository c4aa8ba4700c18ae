// The tools a host built on the official TypeScript SDK is given, whole (name,
// description, annotations, schemas), for each server command line in the
// input's `servers`.

import { answer, connect, input } from "./helm.mjs";

const { servers } = await input();
const listed = [];
for (const extra of servers) {
  const client = await connect(extra);
  const { tools } = await client.listTools();
  await client.close();
  listed.push({ args: extra, tools });
}
answer(listed);

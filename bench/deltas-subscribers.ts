/**
 * Child process of bench/deltas.ts: opens graphql-ws subscribers against the gateway and timestamps every event
 * they receive. Reads one JSON line on stdin: `{ "url", "subscribers": [{ "token", "variables" }], "query" }`;
 * prints `{"ready":n}` once every subscription is acknowledged; on a `usage` line prints its CPU time so far; on a
 * `report` line prints
 * `{"received":n,"samples":[[resourceId, receivedAtMs], ...]}` (wall-clock milliseconds, sub-millisecond precision).
 *
 *   node --import tsx bench/deltas-subscribers.ts
 */
import { createInterface } from "node:readline";
import { createClient } from "graphql-ws";
import { WebSocket } from "ws";

type Plan = { url: string; query: string; subscribers: { token: string; variables: Record<string, unknown> }[] };

const now = () => performance.timeOrigin + performance.now();
const samples: [string, number][] = [];
let received = 0;

async function open(plan: Plan): Promise<void> {
  let acknowledged = 0;
  const batch = 100;
  for (let start = 0; start < plan.subscribers.length; start += batch) {
    await Promise.all(
      plan.subscribers.slice(start, start + batch).map(
        (subscriber) =>
          new Promise<void>((resolve, reject) => {
            const client = createClient({
              url: plan.url,
              webSocketImpl: WebSocket,
              connectionParams: { authorization: `Bearer ${subscriber.token}` },
              retryAttempts: 0,
              lazy: false,
              on: { connected: () => resolve(), error: (error) => reject(error instanceof Error ? error : new Error(String(error))) },
            });
            client.subscribe<{ listingEvents: { resourceId: string } }>(
              { query: plan.query, variables: subscriber.variables },
              {
                next: (value) => {
                  const cursor = value.data?.listingEvents.resourceId;
                  if (cursor === undefined) return;
                  received += 1;
                  samples.push([cursor, now()]);
                },
                error: (error) => process.stderr.write(`subscription error: ${JSON.stringify(error)}\n`),
                complete: () => undefined,
              },
            );
          }),
      ),
    );
    acknowledged = Math.min(plan.subscribers.length, start + batch);
  }
  process.stdout.write(`${JSON.stringify({ ready: acknowledged })}\n`);
}

const lines = createInterface({ input: process.stdin });
lines.on("line", (line) => {
  if (line.trim() === "usage") {
    const usage = process.resourceUsage();
    process.stdout.write(`${JSON.stringify({ cpuMs: Math.round((usage.userCPUTime + usage.systemCPUTime) / 1000), received })}\n`);
    return;
  }
  if (line.trim() === "report") {
    const usage = process.resourceUsage();
    const cpuMs = Math.round((usage.userCPUTime + usage.systemCPUTime) / 1000);
    process.stdout.write(`${JSON.stringify({ received, samples, cpuMs })}\n`);
    return;
  }
  if (line.trim() === "exit") process.exit(0);
  // The parent process writes the plan; it is trusted input of this bench.
  void open(JSON.parse(line) as Plan).catch((error: unknown) => {
    process.stderr.write(`${String(error)}\n`);
    process.exit(1);
  });
});

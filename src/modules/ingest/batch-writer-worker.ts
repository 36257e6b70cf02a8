/**
 * Body of the batch-writer worker thread (see batch-writer.ts): one PostgreSQL connection, on which each batch
 * it is given is sent whole, BEGIN to COMMIT, at once. This thread has nothing else to do, so it hands the
 * batch's bytes to the socket as fast as PostgreSQL reads them.
 */
import { parentPort, workerData } from "node:worker_threads";
import postgres from "postgres";
import type { WriteRequest, WriteResponse, WriterConnection } from "./batch-writer.js";
import { TAKE_TURN_AFTER } from "./ingest-turn.js";

if (parentPort === null) throw new Error("batch-writer-worker.ts runs as a worker thread");
const port = parentPort;
const sql = postgres({ ...(workerData as WriterConnection), max: 1, onnotice: () => undefined });
// The statements are built by Drizzle for its postgres.js client, which sends json, jsonb and date parameters
// as the text they already are (drizzle-orm/postgres-js): the same here, or a JSON text would be quoted again.
const asItIs = (value: unknown) => value;
for (const type of [114, 3802, 1082, 1083, 1114, 1115, 1182, 1184, 1185, 1231]) sql.options.serializers[type] = asItIs;

function answer(response: WriteResponse): void {
  port.postMessage(response);
}

port.on("message", (request: WriteRequest | { close: true }) => {
  if ("close" in request) {
    void sql.end({ timeout: 5 }).finally(() => port.close());
    return;
  }
  // One connection (max: 1): the statements run in the order they are sent, and those of the next batch only
  // after this one's COMMIT.
  const send = (text: string, params: readonly unknown[] = []) => sql.unsafe(text, params as postgres.ParameterOrJSON<never>[]).execute();
  const sent: Promise<unknown>[] = [
    send("begin"),
    send(TAKE_TURN_AFTER, [request.expectedEpoch]).then((rows: postgres.RowList<postgres.Row[]>) =>
      answer({ id: request.id, turn: Number(rows[0]?.["epoch"]) }),
    ),
    ...request.statements.map((statement) => send(statement.text, statement.params)),
    send("commit"),
  ];
  void Promise.allSettled(sent).then((outcomes) => {
    const failure = outcomes.find((outcome) => outcome.status === "rejected");
    if (failure === undefined) return answer({ id: request.id, done: true });
    const reason: unknown = failure.reason;
    const code = reason instanceof Error && "code" in reason && typeof reason.code === "string" ? reason.code : undefined;
    answer({ id: request.id, failed: { message: reason instanceof Error ? reason.message : String(reason), code } });
  });
});

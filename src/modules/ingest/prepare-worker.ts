/**
 * Body of the line-preparation worker thread (see line-preparer.ts): validates and normalises chunks of raw
 * lines with the same `prepareLine` as the calling thread, and answers each chunk in order.
 */
import { parentPort } from "node:worker_threads";
import { prepareLine } from "./prepare-line.js";
import type { PrepareRequest, PrepareResponse } from "./line-preparer.js";

if (parentPort === null) throw new Error("prepare-worker.ts runs as a worker thread");
const port = parentPort;

port.on("message", (request: PrepareRequest) => {
  const now = new Date(request.now);
  const response: PrepareResponse = { id: request.id, results: request.texts.map((text) => prepareLine(text, now)) };
  port.postMessage(response);
});
port.postMessage({ ready: true });

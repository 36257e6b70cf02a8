import { z } from "zod";
import type { IngestReject, IngestSummary } from "../../modules/ingest/ingest.service.js";
import { CliError } from "../cli-errors.js";

const INGEST_PATH = "/admin/v1/ingest";

const responseSchema = z.object({
  received: z.number(),
  created: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  removed: z.number(),
  rejected: z.number(),
  rejects: z.array(z.object({ line: z.number(), reason: z.string(), input: z.string() })),
  rejectsTruncated: z.boolean(),
});

export type RemoteIngestResult = { summary: IngestSummary; rejects: IngestReject[]; rejectsTruncated: boolean };

/**
 * Streams NDJSON to a running server's `POST /admin/v1/ingest`. An empty request first checks the URL and
 * the token, so that a wrong token or a missing scope gives a clear message before any upload starts.
 */
export async function pushToServer(server: string, token: string, body: AsyncIterable<Uint8Array>): Promise<RemoteIngestResult> {
  const url = ingestUrl(server);
  await post(url, token, "");
  return post(url, token, body);
}

function ingestUrl(server: string): URL {
  if (!URL.canParse(server)) throw new CliError(`--server ${JSON.stringify(server)} is not a URL (e.g. http://127.0.0.1:4000)`);
  const base = new URL(server);
  if (base.protocol !== "http:" && base.protocol !== "https:") throw new CliError(`--server must be an http(s) URL, got ${server}`);
  return new URL(INGEST_PATH, base);
}

async function post(url: URL, token: string, body: string | AsyncIterable<Uint8Array>): Promise<RemoteIngestResult> {
  // `duplex: "half"` is required by fetch for a streamed request body; Node's RequestInit type lacks it.
  const init: RequestInit & { duplex: "half" } = {
    method: "POST",
    headers: { "content-type": "application/x-ndjson", authorization: `Bearer ${token}` },
    body: typeof body === "string" ? body : toWebStream(body),
    duplex: "half",
  };
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
    throw new CliError(`cannot reach the server at ${url.origin} (${cause}). Is \`listings serve\` running there?`);
  }
  const text = await response.text();
  if (!response.ok) throw new CliError(`the server answered ${response.status}: ${messageOf(text)}`);
  const parsed = responseSchema.safeParse(safeJson(text));
  if (!parsed.success) throw new CliError(`the server's answer is not an ingest summary: ${text.slice(0, 200)}`);
  const { rejects, rejectsTruncated, ...summary } = parsed.data;
  return { summary, rejects, rejectsTruncated };
}

/** fetch streams a request body from a web ReadableStream; this pulls one chunk from the file per read. */
function toWebStream(source: AsyncIterable<Uint8Array>): ReadableStream<Uint8Array> {
  const iterator = source[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await iterator.next();
      if (next.done === true) controller.close();
      else controller.enqueue(next.value);
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}

function messageOf(text: string): string {
  const json = safeJson(text);
  if (typeof json === "object" && json !== null && "message" in json && typeof json.message === "string") return json.message;
  return text.slice(0, 200) || "(no message)";
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

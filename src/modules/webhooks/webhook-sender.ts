import http from "node:http";
import https from "node:https";
import { checkLiteralHost, guardedLookup } from "./webhook-url-guard.js";
import { parseRetryAfter } from "./retry-schedule.js";

export type OutgoingMessage = { url: string; body: string; headers: Record<string, string> };

/** What one attempt produced. `statusCode` is null when no response came (refused, timeout, reset, refused address). */
export type AttemptOutcome = {
  startedAt: Date;
  durationMs: number;
  statusCode: number | null;
  retryAfterMs: number | null;
  error: string | null;
};

export type WebhookSenderOptions = {
  timeoutMs: number;
  allowPrivateNetworks: boolean;
  /** Sockets kept per receiver host; bounds what one receiver can hold. */
  maxSocketsPerHost?: number;
  userAgent?: string;
};

/** Bytes of a response body read before the connection is dropped: receivers answer with a status, not data. */
const MAX_RESPONSE_BYTES = 64 * 1024;

/**
 * Sends webhook messages: one POST per attempt, no redirects followed, a hard deadline per attempt (connect,
 * headers and body together), keep-alive connections, and the SSRF rule applied at connect time.
 */
export class WebhookSender {
  private readonly httpAgent: http.Agent;
  private readonly httpsAgent: https.Agent;
  private readonly lookup: ReturnType<typeof guardedLookup>;

  constructor(private readonly options: WebhookSenderOptions) {
    const maxSockets = options.maxSocketsPerHost ?? 64;
    // Idle sockets are kept up to the same bound, so a steady stream of messages reuses its connections.
    const agentOptions = { keepAlive: true, maxSockets, maxFreeSockets: maxSockets };
    this.httpAgent = new http.Agent(agentOptions);
    this.httpsAgent = new https.Agent(agentOptions);
    this.lookup = guardedLookup(options.allowPrivateNetworks);
  }

  send(message: OutgoingMessage): Promise<AttemptOutcome> {
    const startedAt = new Date();
    const started = performance.now();
    const finish = (statusCode: number | null, error: string | null, retryAfterMs: number | null = null): AttemptOutcome => ({
      startedAt,
      durationMs: Math.round(performance.now() - started),
      statusCode,
      retryAfterMs,
      error,
    });
    let url: URL;
    try {
      url = new URL(message.url);
      checkLiteralHost(url, this.options.allowPrivateNetworks);
    } catch (error) {
      return Promise.resolve(finish(null, describe(error)));
    }
    const transport = url.protocol === "https:" ? https : http;
    return new Promise<AttemptOutcome>((resolve) => {
      let settled = false;
      const settle = (outcome: AttemptOutcome) => {
        if (settled) return;
        settled = true;
        clearTimeout(deadline);
        resolve(outcome);
      };
      const request = transport.request(url, {
        method: "POST",
        agent: url.protocol === "https:" ? this.httpsAgent : this.httpAgent,
        lookup: this.lookup,
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(message.body).toString(),
          "user-agent": this.options.userAgent ?? "listings-gateway-webhooks/1",
          ...message.headers,
        },
      });
      const deadline = setTimeout(() => {
        // Timers run before I/O callbacks: after a stalled event loop, an answer that did arrive in time would
        // lose to this timer. setImmediate runs after pending I/O, so such an answer settles first.
        setImmediate(() => {
          if (settled) return;
          settle(finish(null, `timeout: no complete answer within ${this.options.timeoutMs} ms`));
          request.destroy();
        });
      }, this.options.timeoutMs);
      request.on("response", (response) => {
        let received = 0;
        response.on("data", (chunk: Buffer) => {
          received += chunk.length;
          if (received > MAX_RESPONSE_BYTES) response.destroy();
        });
        const done = () => settle(finish(response.statusCode ?? null, null, parseRetryAfter(headerValue(response.headers["retry-after"]))));
        response.on("end", done);
        response.on("close", done);
        response.on("error", done);
      });
      request.on("error", (error) => settle(finish(null, describe(error))));
      request.end(message.body);
    });
  }

  close(): void {
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code; // Node errors carry a code; undefined otherwise.
    return code && !error.message.includes(code) ? `${code}: ${error.message}` : error.message;
  }
  return String(error);
}

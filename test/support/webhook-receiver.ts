import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { Webhook } from "standardwebhooks";

/** One request the receiver got. */
export type ReceivedRequest = {
  headers: IncomingHttpHeaders;
  body: string;
  receivedAt: number;
  /** What the receiver answered (null: no answer, the connection was dropped or left hanging). */
  answeredWith: number | null;
};

/** How the receiver answers one request: a status after an optional delay, or no answer at all. */
export type Answer = { status: number; delayMs?: number; headers?: Record<string, string> } | { hang: true } | { drop: true };

export type Behaviour = (request: ReceivedRequest, index: number) => Answer;

/**
 * A webhook receiver on loopback that answers as the test says: 2xx, 500s, 410, Retry-After, slow answers,
 * hanging requests, dropped connections. It keeps every request so tests can check order, signatures and
 * deduplication keys.
 */
export class WebhookReceiver {
  readonly requests: ReceivedRequest[] = [];
  private readonly sockets = new Set<Socket>();
  private server: Server | undefined;
  behaviour: Behaviour = () => ({ status: 200 });

  async start(port = 0): Promise<this> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        const received: ReceivedRequest = {
          headers: request.headers,
          body: Buffer.concat(chunks).toString("utf8"),
          receivedAt: Date.now(),
          answeredWith: null,
        };
        const index = this.requests.push(received) - 1;
        this.answer(received, response, this.behaviour(received, index));
      });
    });
    this.server.on("connection", (socket) => {
      this.sockets.add(socket);
      socket.on("close", () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => this.server?.listen(port, "127.0.0.1", resolve));
    return this;
  }

  get port(): number {
    // listen() has resolved, so the address is an AddressInfo.
    const address = this.server?.address() as AddressInfo;
    return address.port;
  }

  url(path = "/hook"): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  /** Requests answered 2xx. */
  get accepted(): ReceivedRequest[] {
    return this.requests.filter((r) => r.answeredWith !== null && r.answeredWith >= 200 && r.answeredWith < 300);
  }

  /** Bodies of accepted requests, parsed. */
  acceptedBodies<T = Record<string, unknown>>(): T[] {
    // Receivers get JSON bodies; the test decides what it expects to find in them.
    return this.accepted.map((r) => JSON.parse(r.body) as T);
  }

  /** Waits until `predicate` holds for the requests so far, or fails after `timeoutMs`. */
  async waitFor(predicate: (receiver: this) => boolean, timeoutMs = 15_000, what = "condition"): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!predicate(this)) {
      if (Date.now() > deadline) {
        throw new Error(`receiver: ${what} not met within ${timeoutMs} ms (${this.requests.length} requests, ${this.accepted.length} accepted)`);
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  /** Verifies a request's Standard Webhooks signature with `secret`; returns the parsed body or throws. */
  static verify(request: ReceivedRequest, secret: string): unknown {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers)) if (typeof value === "string") headers[name] = value;
    return new Webhook(secret).verify(request.body, headers);
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private answer(received: ReceivedRequest, response: ServerResponse, answer: Answer): void {
    if ("hang" in answer) return;
    if ("drop" in answer) {
      response.socket?.destroy();
      return;
    }
    const send = () => {
      if (response.destroyed) return;
      received.answeredWith = answer.status;
      response.writeHead(answer.status, { "content-type": "text/plain", ...answer.headers });
      response.end("ok");
    };
    if (answer.delayMs) setTimeout(send, answer.delayMs);
    else send();
  }
}

import type { FastifyInstance } from "fastify";
import { createClient, type Client } from "graphql-ws";
import { pino } from "pino";
import { WebSocket } from "ws";
import { parseEnv } from "../../src/config/env.js";
import type { DatabaseHandle } from "../../src/db/client.js";
import { Authenticator } from "../../src/modules/auth/auth.service.js";
import { startWebhookDispatcher } from "../../src/modules/webhooks/webhook-worker.js";
import { buildApp } from "../../src/transports/http.js";
import { TEST_FAST_PATHS } from "./graphql-server.js";

export type GatewayApp = {
  app: FastifyInstance;
  base: string;
  wsUrl: string;
  close(): Promise<void>;
};

/** Settings for delta tests: quick re-checks and polls, loopback receivers allowed. */
export const DELTA_TEST_ENV = {
  NODE_ENV: "test",
  LOG_LEVEL: "silent",
  SUBSCRIPTION_AUTH_RECHECK_MS: "300",
  EVENTS_POLL_INTERVAL_MS: "200",
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: "true",
  WEBHOOK_POLL_INTERVAL_MS: "100",
  WEBHOOK_RETRY_SCHEDULE: "150ms,300ms,600ms",
  WEBHOOK_TIMEOUT_MS: "5000",
};

/**
 * The whole app (as `listings serve` builds it, webhook dispatcher included unless disabled) on a loopback
 * port over `database`.
 */
export async function startGatewayApp(database: DatabaseHandle, env: Record<string, string> = {}): Promise<GatewayApp> {
  const settings = parseEnv({ ...DELTA_TEST_ENV, ...TEST_FAST_PATHS, ...env });
  const logger = pino({ level: settings.LOG_LEVEL });
  const deps = { database, authenticator: new Authenticator(database.db), env: settings, logger };
  const app = buildApp(deps);
  const worker = startWebhookDispatcher(deps);
  await app.listen({ host: "127.0.0.1", port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === "string") throw new Error("expected a TCP address");
  return {
    app,
    base: `http://127.0.0.1:${address.port}`,
    wsUrl: `ws://127.0.0.1:${address.port}/graphql`,
    async close() {
      await app.close();
      await worker.stop();
    },
  };
}

export type Collected<T> = {
  items: T[];
  errors: unknown[];
  completed: boolean;
  waitFor(count: number, timeoutMs?: number): Promise<T[]>;
  dispose(): void;
};

/** A graphql-ws client (the `ws` implementation) with the token in connectionParams; records its close code. */
export function wsClient(url: string, token: string | null): { client: Client; closeCodes: number[] } {
  const closeCodes: number[] = [];
  const client = createClient({
    url,
    webSocketImpl: WebSocket,
    connectionParams: token === null ? {} : { authorization: `Bearer ${token}` },
    retryAttempts: 0,
    lazy: true,
    on: {
      closed: (event) => {
        // graphql-ws hands the socket's CloseEvent.
        const code = (event as { code?: number }).code;
        if (typeof code === "number") closeCodes.push(code);
      },
    },
  });
  return { client, closeCodes };
}

/** Subscribes and collects every `next` payload's data (or errors) until disposed. */
export function collect<T>(client: Client, query: string, variables: Record<string, unknown> = {}): Collected<T> {
  const collected: Collected<T> = {
    items: [],
    errors: [],
    completed: false,
    async waitFor(count, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (collected.items.length < count) {
        if (collected.errors.length > 0) throw new Error(`subscription failed: ${JSON.stringify(collected.errors)}`);
        if (Date.now() > deadline) throw new Error(`only ${collected.items.length} of ${count} events arrived`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return collected.items;
    },
    dispose: () => undefined,
  };
  collected.dispose = client.subscribe<T>(
    { query, variables },
    {
      next: (value) => {
        if (value.errors) collected.errors.push(value.errors);
        else if (value.data) collected.items.push(value.data);
      },
      error: (error) => collected.errors.push(error),
      complete: () => {
        collected.completed = true;
      },
    },
  );
  return collected;
}

import type { Writable } from "node:stream";
import type { FastifyInstance } from "fastify";
import type { Logger } from "pino";
import type { Env } from "./config/env.js";
import type { DatabaseHandle } from "./db/client.js";
import { openConfiguredDatabase } from "./db/open-configured.js";
import { Authenticator } from "./modules/auth/auth.service.js";
import { DEMO_TOKEN, prepareDemo, type DemoResult } from "./modules/seed/demo.js";
import { createLogger } from "./observability/logger.js";
import { closeGracefully } from "./transports/graceful-close.js";
import { buildApp } from "./transports/http.js";
import { startWebhookDispatcher } from "./modules/webhooks/webhook-worker.js";
import { startEventRetention } from "./modules/events/event-retention-worker.js";

/** Work that runs beside the HTTP server (webhook dispatch...) and must stop before the database closes. */
export type BackgroundWorker = { name: string; stop(): Promise<void> };

export type StartServerOptions = {
  env: Env;
  logger?: Logger;
  /** Where the start-up banner (URLs, demo token) goes; stdout by default. */
  output?: Writable;
  /** Aborting it during start-up (demo seeding) stops at a clean point and rejects with StartAbortedError. */
  signal?: AbortSignal;
};

export type RunningServer = {
  app: FastifyInstance;
  url: string;
  logger: Logger;
  database: DatabaseHandle;
  demo: DemoResult | undefined;
  /** Graceful stop: no new connections, in-flight requests finish (SHUTDOWN_GRACE_MS), workers stop, database closes. */
  stop(): Promise<void>;
};

export class StartAbortedError extends Error {
  constructor() {
    super("Start-up interrupted; only whole batches of the demo data were written.");
    this.name = "StartAbortedError";
  }
}

function urlOf(app: FastifyInstance, env: Env): string {
  const address = app.server.address();
  const port = address !== null && typeof address === "object" ? address.port : env.PORT;
  const host = env.HOST === "0.0.0.0" || env.HOST === "::" ? "localhost" : env.HOST.includes(":") ? `[${env.HOST}]` : env.HOST;
  return `http://${host}:${port}`;
}

function banner(url: string, database: DatabaseHandle, env: Env, demo: DemoResult | undefined): string {
  const lines = [
    `Listings Gateway listening on ${url} (${database.kind === "pglite" ? `embedded database in ${env.DATA_DIR}` : "PostgreSQL"})`,
    `  GraphQL    ${url}/graphql`,
    `  REST v1    ${url}/public/v1`,
    `  API docs   ${url}/docs`,
    `  Metrics    ${url}/metrics`,
    `  Health     ${url}/healthz  ${url}/readyz`,
  ];
  if (demo?.seeded) lines.push(`Demo data: ${demo.seeded.created} classifieds created from ${demo.seeded.received} observations.`);
  if (demo?.token) {
    lines.push(
      `Demo token (plan ${DEMO_TOKEN.plan}, all departments, scopes ${DEMO_TOKEN.scopes.join(", ")}). It is shown once, keep it:`,
      `  ${demo.token}`,
      `Try: curl -H "Authorization: Bearer ${demo.token}" ${url}/public/v1/auth`,
    );
  }
  return `${lines.join("\n")}\n`;
}

/**
 * Starts the gateway: opens the configured database (a second process on the same embedded data directory
 * fails here with DataDirInUseError), applies migrations, prepares demo data on a fresh database when
 * DEMO_DATA is true, starts background workers and listens on HOST:PORT.
 */
export async function startServer(options: StartServerOptions): Promise<RunningServer> {
  const { env } = options;
  const logger = options.logger ?? createLogger(env);
  const database = await openConfiguredDatabase(env, "listings serve");
  const workers: BackgroundWorker[] = [];
  let app: FastifyInstance | undefined;
  try {
    await database.migrate();
    const demo = env.DEMO_DATA
      ? await prepareDemo(database.db, { classifieds: env.DEMO_CLASSIFIEDS, logger, ...(options.signal ? { signal: options.signal } : {}) })
      : undefined;
    if (options.signal?.aborted) throw new StartAbortedError();

    const deps = { database, authenticator: new Authenticator(database.db), env, logger };
    app = buildApp(deps);
    // ── Background workers: each owner adds ONE line here, e.g.
    //   workers.push(startWebhookDispatcher(deps));
    workers.push(startWebhookDispatcher(deps));
    workers.push(startEventRetention(deps));
    // ─────────────────────────────────────────────────────────
    await app.listen({ host: env.HOST, port: env.PORT });
    const url = urlOf(app, env);
    logger.info({ url, database: database.kind }, "listening");
    (options.output ?? process.stdout).write(banner(url, database, env, demo));

    const running = app;
    let stopping: Promise<void> | undefined;
    const stop = () => {
      stopping ??= (async () => {
        const { forced } = await closeGracefully(running, env.SHUTDOWN_GRACE_MS);
        if (forced) logger.warn("some requests did not finish within SHUTDOWN_GRACE_MS and were cut");
        await stopWorkers(workers, logger);
        await database.close();
      })();
      return stopping;
    };
    return { app: running, url, logger, database, demo, stop };
  } catch (error) {
    await app?.close().catch(() => undefined);
    await stopWorkers(workers, logger);
    await database.close().catch(() => undefined);
    throw error;
  }
}

async function stopWorkers(workers: readonly BackgroundWorker[], logger: Logger): Promise<void> {
  const results = await Promise.allSettled(workers.map((worker) => worker.stop()));
  results.forEach((result, index) => {
    if (result.status === "rejected") logger.error({ err: result.reason, worker: workers[index]?.name }, "background worker failed to stop");
  });
}

import type { Env } from "../../config/env.js";
import type { DatabaseHandle } from "../../db/client.js";
import { acquireEventBus } from "../events/shared-event-bus.js";
import type { ContextLogger } from "../request-context.js";
import { WebhookDispatcher } from "./webhook-dispatcher.js";

/** A worker the server stops before closing the database. */
export type StoppableWorker = { name: string; stop(): Promise<void> };

/**
 * Starts this process's webhook dispatcher with the settings of the environment (WEBHOOK_*), on the process's
 * shared event bus. Returns at once; start-up failures are logged (the next process start retries). With
 * WEBHOOK_DISPATCHER=false the process sends nothing and other processes do the work.
 */
export function startWebhookDispatcher(deps: { database: DatabaseHandle; env: Env; logger: ContextLogger }): StoppableWorker {
  const { database, env, logger } = deps;
  if (!env.WEBHOOK_DISPATCHER) return { name: "webhook dispatcher (disabled)", stop: async () => undefined };
  const started = (async () => {
    const { bus, release } = await acquireEventBus(database, { pollIntervalMs: env.EVENTS_POLL_INTERVAL_MS, logger });
    const dispatcher = new WebhookDispatcher(database, bus, {
      concurrency: env.WEBHOOK_CONCURRENCY,
      perWebhook: env.WEBHOOK_ENDPOINT_CONCURRENCY,
      timeoutMs: env.WEBHOOK_TIMEOUT_MS,
      retrySchedule: env.WEBHOOK_RETRY_SCHEDULE,
      disableAfterMs: env.WEBHOOK_DISABLE_AFTER_MS,
      pollIntervalMs: env.WEBHOOK_POLL_INTERVAL_MS,
      allowPrivateNetworks: env.WEBHOOK_ALLOW_PRIVATE_NETWORKS,
      logRetentionMs: env.WEBHOOK_LOG_RETENTION_DAYS * 86_400_000,
      logger,
    });
    await dispatcher.start();
    return { dispatcher, release };
  })();
  started.catch((error: unknown) => logger.error({ err: error }, "the webhook dispatcher did not start"));
  return {
    name: "webhook dispatcher",
    async stop() {
      const running = await started.catch(() => undefined);
      if (!running) return;
      await running.dispatcher.stop();
      await running.release();
    },
  };
}

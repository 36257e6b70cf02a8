import type { Env } from "../../config/env.js";
import type { DatabaseHandle } from "../../db/client.js";
import type { ContextLogger } from "../request-context.js";
import { pruneEventLog } from "./event-retention.js";

/** How often the event log is pruned; the first time shortly after start. */
const PRUNE_INTERVAL_MS = 3_600_000;
const FIRST_PRUNE_AFTER_MS = 30_000;

/**
 * Prunes the event log every hour by EVENT_RETENTION_DAYS (0: never). Every process may run it: the deletes
 * are idempotent. A failure (the database unreachable) is logged and retried at the next round.
 */
export function startEventRetention(deps: { database: DatabaseHandle; env: Env; logger: ContextLogger }): { name: string; stop(): Promise<void> } {
  const { database, env, logger } = deps;
  if (env.EVENT_RETENTION_DAYS === 0) return { name: "event retention (keeps every event)", stop: async () => undefined };
  const retentionMs = env.EVENT_RETENTION_DAYS * 86_400_000;
  let running: Promise<void> = Promise.resolve();
  const prune = () => {
    running = (async () => {
      try {
        const pruned = await pruneEventLog(database.db, retentionMs);
        if (pruned > 0) logger.info({ pruned, retentionDays: env.EVENT_RETENTION_DAYS }, "pruned the event log");
      } catch (error) {
        logger.warn({ err: error }, "pruning the event log failed; will retry");
      }
    })();
  };
  const first = setTimeout(prune, FIRST_PRUNE_AFTER_MS);
  const every = setInterval(prune, PRUNE_INTERVAL_MS);
  first.unref();
  every.unref();
  return {
    name: "event retention",
    async stop() {
      clearTimeout(first);
      clearInterval(every);
      await running;
    },
  };
}

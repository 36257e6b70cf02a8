import type { FastifyPluginAsync } from "fastify";
import type { Logger } from "pino";
import type { Env } from "../config/env.js";
import type { DatabaseHandle } from "../db/client.js";
import type { Authenticator } from "../modules/auth/auth.service.js";
import type { RateLimiter } from "../modules/rate-limit/rate-limiter.js";

/** What every HTTP layer may use. Layers receive it as their plugin options. */
export type AppDeps = {
  database: DatabaseHandle;
  authenticator: Authenticator;
  env: Env;
  logger: Logger;
  /**
   * Counts requests against each token's plan, for every transport. Default: shared by every gateway process on
   * a PostgreSQL database (counted there), in this process on the embedded database.
   */
  rateLimiter?: RateLimiter;
};

/** A layer of the HTTP API (GraphQL, REST v1, admin ingest, websockets), registered with `app.register(layer, deps)`. */
export type AppPlugin = FastifyPluginAsync<AppDeps>;

/** Shared state of one app instance: set when shutdown begins, so that /readyz turns 503 at once. */
export type Lifecycle = { shuttingDown: boolean };

declare module "fastify" {
  interface FastifyInstance {
    lifecycle: Lifecycle;
  }
}

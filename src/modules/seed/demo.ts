import type { Logger } from "pino";
import type { Database } from "../../db/client.js";
import { createToken } from "../auth/auth.service.js";
import type { IngestReject, IngestSummary } from "../ingest/ingest.service.js";
import { hasNoClassifieds, hasNoTokens } from "./demo.repository.js";
import { seedDatabase } from "./seed.service.js";

/** The demo feed's seed: every fresh install gets the same demo listings (for a given day). */
export const DEMO_SEED = 2026;

export const DEMO_TOKEN = {
  email: "demo@listings.example",
  name: "demo",
  plan: "pro200",
  scopes: ["read", "ingest", "webhooks", "admin"],
} as const;

export type DemoResult = {
  /** What seeding ingested; undefined when the database already held listings. */
  seeded: IngestSummary | undefined;
  /** The demo token's secret, when one was created now (it is shown once). */
  token: string | undefined;
};

/**
 * Prepares a fresh database for a first look: when it holds no classified, ingests `classifieds` synthetic
 * ones through the ordinary ingest pipeline (observed up to the start of today, so they look current); when
 * it holds no token, creates a demo token (plan pro200, every department, every scope). Seeding stops at the
 * next batch boundary when `signal` aborts, leaving only whole batches written.
 */
export async function prepareDemo(db: Database, options: { classifieds: number; logger: Logger; signal?: AbortSignal; today?: Date }): Promise<DemoResult> {
  let seeded: IngestSummary | undefined;
  if (options.classifieds > 0 && (await hasNoClassifieds(db))) {
    const today = options.today ?? new Date();
    const until = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
    const started = Date.now();
    options.logger.info({ classifieds: options.classifieds }, "empty database: seeding demo listings");
    let lastReport = 0;
    const ingest = {
      onProgress: (summary: IngestSummary) => {
        if (summary.received - lastReport < 5_000) return;
        lastReport = summary.received;
        options.logger.info({ observations: summary.received }, "seeding demo listings");
      },
      onReject: (reject: IngestReject) => options.logger.warn({ line: reject.line, reason: reject.reason }, "demo observation rejected"),
    };
    seeded = await seedDatabase(db, { classifieds: options.classifieds, seed: DEMO_SEED, until }, ingest, options.signal);
    options.logger.info({ ...seeded, seconds: (Date.now() - started) / 1000 }, "demo listings seeded");
  }
  let token: string | undefined;
  if (!options.signal?.aborted && (await hasNoTokens(db))) {
    const created = await createToken(db, {
      ...DEMO_TOKEN,
      contract: { allDepartments: true, departments: [], sirens: [], sirets: [] },
    });
    token = created.secret;
  }
  return { seeded, token };
}

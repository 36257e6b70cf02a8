import { z } from "zod";

const booleanFlag = z.enum(["true", "false", "1", "0", "yes", "no"]).transform((value) => value === "true" || value === "1" || value === "yes");

const DURATION_UNITS_MS = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** A comma-separated list of durations with units (`5s,5m,30m,2h`), as milliseconds. */
const durationList = z.string().transform((value, ctx) => {
  const durations: number[] = [];
  for (const part of value.split(",").map((p) => p.trim())) {
    const match = /^(\d+(?:\.\d+)?)(ms|s|m|h|d)$/.exec(part);
    const unit = match?.[2];
    if (!match?.[1] || (unit !== "ms" && unit !== "s" && unit !== "m" && unit !== "h" && unit !== "d")) {
      ctx.addIssue({ code: "custom", message: `"${part}" is not a duration such as 500ms, 5s, 5m, 2h or 1d` });
      return z.NEVER;
    }
    durations.push(Math.round(Number(match[1]) * DURATION_UNITS_MS[unit]));
  }
  return durations;
});

/**
 * The speed-ups that rely on how a library works inside: GraphQL's (transports/graphql/fast-paths.ts) and the
 * prepared statements' (modules/statement-cache.ts). `FAST_PATHS` names those turned on: `all` (the default),
 * `none` (every request served the plain way, to tell whether one of them is at fault), or a comma-separated
 * list.
 */
export const FAST_PATH_NAMES = ["jit", "raw-leaves", "direct-answers", "compiled-rows"] as const;
export type FastPath = (typeof FAST_PATH_NAMES)[number];

const fastPathList = z.string().transform((value, ctx): ReadonlySet<FastPath> => {
  const text = value.trim();
  if (text === "all") return new Set(FAST_PATH_NAMES);
  if (text === "none" || text === "") return new Set();
  const chosen = new Set<FastPath>();
  for (const part of text.split(",").map((p) => p.trim())) {
    const name = FAST_PATH_NAMES.find((known) => known === part);
    if (!name) {
      ctx.addIssue({ code: "custom", message: `"${part}" is not a fast path: use all, none or a list of ${FAST_PATH_NAMES.join(", ")}` });
      return z.NEVER;
    }
    chosen.add(name);
  }
  return chosen;
});

const POSTGRES_URL = /^postgres(ql)?:\/\//;

/**
 * Read replicas' connection strings: postgres:// URLs separated by commas. Only a comma followed by a scheme
 * (`...,postgres://`) starts the next URL, so a multi-host URL that postgres.js reads (`postgres://a,b/db`)
 * stays one entry.
 */
const postgresUrlList = z.string().transform((value, ctx): readonly string[] => {
  const urls = value
    .split(/,(?=\s*[a-z][a-z0-9+.-]*:\/\/)/i)
    .map((part) => part.trim().replace(/^,+|,+$/g, ""))
    .filter((part) => part !== "");
  // The entry is named by its position, not quoted: it may hold a password.
  const invalid = urls.findIndex((url) => !POSTGRES_URL.test(url));
  if (urls.length === 0 || invalid >= 0) {
    const which = urls.length === 0 ? "names no URL" : `URL number ${invalid + 1} is not a postgres:// or postgresql:// URL`;
    ctx.addIssue({ code: "custom", message: `${which} (several are separated by commas)` });
    return z.NEVER;
  }
  return urls;
});

/** Webhook retry delays after the first attempt: about three days in all (12 attempts). */
const DEFAULT_WEBHOOK_RETRY_SCHEDULE = "5s,5m,30m,2h,5h,10h,10h,10h,10h,10h,10h";

/**
 * Every environment variable the service reads, with its default. This is the only module that touches
 * `process.env`; the README documents each entry.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().min(1).default("127.0.0.1"),
  PORT: z.coerce.number().int().min(0).max(65_535).default(4000),
  DATABASE_URL: z.string().regex(POSTGRES_URL, "must be a postgres:// or postgresql:// URL").optional(),
  DATABASE_READ_URL: postgresUrlList.optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "must be a redis:// or rediss:// URL")
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(86_400_000).default(60_000),
  DATA_DIR: z.string().min(1).default(".data"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  DEMO_DATA: booleanFlag.default(true),
  DEMO_CLASSIFIEDS: z.coerce.number().int().min(0).max(1_000_000).default(20_000),
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: booleanFlag.default(false),
  WEBHOOK_DISPATCHER: booleanFlag.default(true),
  WEBHOOK_RETRY_SCHEDULE: z.string().default(DEFAULT_WEBHOOK_RETRY_SCHEDULE).pipe(durationList),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(10_000),
  WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(10_000).default(64),
  WEBHOOK_ENDPOINT_CONCURRENCY: z.coerce.number().int().min(1).max(1_000).default(8),
  WEBHOOK_DISABLE_AFTER_MS: z.coerce
    .number()
    .int()
    .min(1_000)
    .default(5 * 86_400_000),
  WEBHOOK_SECRET_OVERLAP_MS: z.coerce.number().int().min(0).default(86_400_000),
  EVENT_RETENTION_DAYS: z.coerce
    .number()
    .int()
    .min(0)
    .max(36_500)
    .default(30)
    .refine((days) => days === 0 || days >= 7, "must be 0 (keep every event) or at least 7 days (webhook retries run for days)"),
  WEBHOOK_LOG_RETENTION_DAYS: z.coerce.number().int().min(1).max(3_650).default(30),
  WEBHOOK_POLL_INTERVAL_MS: z.coerce.number().int().min(10).max(60_000).default(1_000),
  EVENTS_POLL_INTERVAL_MS: z.coerce.number().int().min(10).max(60_000).default(2_000),
  SUBSCRIPTION_AUTH_RECHECK_MS: z.coerce.number().int().min(100).max(300_000).default(5_000),
  FAST_PATHS: z.string().default("all").pipe(fastPathList),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
});

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "EnvError";
  }
}

/** Parses the environment, reporting every invalid variable at once. Empty strings count as unset. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ""));
  const result = envSchema.safeParse(cleaned);
  const problems = [
    ...(result.success ? [] : result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`)),
    ...combinationProblems(cleaned),
  ];
  if (!result.success || problems.length > 0) throw new EnvError(problems);
  return result.data;
}

/** Variables that are valid alone but not together; checked on the raw values, so they are listed with the rest. */
function combinationProblems(source: Record<string, string | undefined>): string[] {
  // Replicas follow a PostgreSQL primary. The embedded database has none, and ignoring the setting would leave
  // an operator believing that reads are served by replicas.
  if (source["DATABASE_READ_URL"] !== undefined && source["DATABASE_URL"] === undefined) {
    return [
      "DATABASE_READ_URL: read replicas need DATABASE_URL (their primary), and the embedded database has none: set DATABASE_URL or unset DATABASE_READ_URL",
    ];
  }
  return [];
}

let cached: Env | undefined;

/** The process environment, parsed once. */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

import { pino, type DestinationStream, type Logger } from "pino";
import type { Env } from "../config/env.js";

/**
 * The process logger: JSON lines, one object per event. The server logs to stdout; CLI commands whose stdout
 * is their output (JSON summaries, NDJSON) pass stderr instead.
 */
export function createLogger(env: Env, destination: DestinationStream = process.stdout): Logger {
  return pino({ level: env.LOG_LEVEL, base: { service: "listings-gateway", pid: process.pid } }, destination);
}

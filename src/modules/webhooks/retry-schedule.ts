/** Longest wait a receiver's `Retry-After` can impose before the next attempt. */
const MAX_RETRY_AFTER_MS = 24 * 3_600_000;

/** Spread of the random jitter around each scheduled delay (±20%), so retries of many messages do not align. */
const JITTER = 0.2;

export type RetryDecision = { retry: true; delayMs: number } | { retry: false };

/**
 * When to try again after failed attempt number `attempt` (1-based), following `schedule` (the delays after
 * the first, second, ... attempt), with jitter. A `Retry-After` from the receiver is honoured: the next attempt
 * is never earlier than it asks (up to a day). After the last scheduled delay the message is given up.
 */
export function nextRetry(schedule: readonly number[], attempt: number, retryAfterMs: number | null, random: () => number = Math.random): RetryDecision {
  const scheduled = schedule[attempt - 1];
  if (scheduled === undefined) return { retry: false };
  const jittered = Math.round(scheduled * (1 - JITTER + 2 * JITTER * random()));
  const asked = retryAfterMs === null ? 0 : Math.min(retryAfterMs, MAX_RETRY_AFTER_MS);
  return { retry: true, delayMs: Math.max(jittered, asked) };
}

/**
 * Parses a `Retry-After` header: delay-seconds or an HTTP date. Null when absent or unreadable; a date in the
 * past means "now" (0).
 */
export function parseRetryAfter(value: string | undefined, now: number = Date.now()): number | null {
  if (value === undefined) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1_000;
  const date = Date.parse(text);
  if (Number.isNaN(date)) return null;
  return Math.max(0, date - now);
}

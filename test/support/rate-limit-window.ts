import { RATE_LIMIT_WINDOW_SECONDS } from "../../src/modules/rate-limit/plans.js";

/**
 * Waits, if need be, until the clock-aligned rate-limit window has `seconds` left, so that a run of requests
 * counts in one window: a request that starts a new window mid-run is let through again, as it should be, and
 * a test expecting a refusal would see it answered.
 */
export async function awaitWindowRoom(seconds: number, windowSeconds = RATE_LIMIT_WINDOW_SECONDS): Promise<void> {
  const windowMs = windowSeconds * 1_000;
  const left = windowMs - (Date.now() % windowMs);
  if (left < seconds * 1_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

/**
 * Ctrl-C or SIGTERM during a long command (seed, regroup): says so, and aborts the returned signal so the
 * command stops at its next safe point (the work already committed stays); `release` stops listening.
 */
export function onInterrupt(message: string): { signal: AbortSignal; release(): void } {
  const aborter = new AbortController();
  const onSignal = () => {
    process.stderr.write(`\n${message}\n`);
    aborter.abort();
  };
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  return {
    signal: aborter.signal,
    release() {
      process.off("SIGINT", onSignal);
      process.off("SIGTERM", onSignal);
    },
  };
}

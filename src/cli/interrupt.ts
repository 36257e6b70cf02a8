/**
 * Ctrl-C or SIGTERM during a long command (ingest, seed, regroup): says so, and aborts the returned signal so the
 * command stops at its next safe point (the work already committed stays); a second signal exits at once (an open
 * transaction is then rolled back by the database: nothing is half written either way). `release` stops listening.
 */
export function onInterrupt(
  message: string,
  note: (message: string) => void = (text) => process.stderr.write(`\n${text}\n`),
): { signal: AbortSignal; release(): void } {
  const aborter = new AbortController();
  const onSignal = (signal: NodeJS.Signals) => {
    if (aborter.signal.aborted) process.exit(128 + (signal === "SIGINT" ? 2 : 15));
    note(message);
    aborter.abort();
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  return {
    signal: aborter.signal,
    release() {
      process.off("SIGINT", onSignal);
      process.off("SIGTERM", onSignal);
    },
  };
}

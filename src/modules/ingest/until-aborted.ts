/**
 * The items of `source` until `signal` aborts, even while the source waits for input (an idle stdin): each
 * wait is raced against the abort, and the source is closed.
 *
 * The race listens for the abort only while it waits. Racing every item against one promise that never
 * settles would add a reaction to that promise per item, each holding its item: a long ingest would keep
 * every line it read (and the read buffer each line is a slice of) until the end.
 */
export async function* untilAborted<T>(source: AsyncIterable<T> | Iterable<T>, signal: AbortSignal | undefined): AsyncGenerator<T> {
  if (signal === undefined) return yield* source;
  const iterator = Symbol.asyncIterator in source ? source[Symbol.asyncIterator]() : source[Symbol.iterator]();
  try {
    while (!signal.aborted) {
      const next = await nextOrAbort(iterator, signal);
      if (next === "aborted" || next.done) return;
      yield next.value;
    }
  } finally {
    // Not awaited: a source stuck in a read may never settle its return.
    void Promise.resolve(iterator.return?.()).catch(() => undefined);
  }
}

function nextOrAbort<T>(iterator: AsyncIterator<T> | Iterator<T>, signal: AbortSignal): Promise<IteratorResult<T> | "aborted"> {
  return new Promise((resolve, reject) => {
    const onAbort = () => resolve("aborted");
    signal.addEventListener("abort", onAbort, { once: true });
    Promise.resolve(iterator.next()).then(
      (result) => {
        signal.removeEventListener("abort", onAbort);
        resolve(result);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}

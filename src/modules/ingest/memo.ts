/**
 * Remembers the results of a pure function of one string: the last `maxEntries` inputs, and as many before them.
 * When the latest fill up they become the earlier ones, and the earlier ones are forgotten, so an input that keeps
 * recurring stays remembered while memory stays bounded. Feeds repeat the same agency phones, e-mail addresses
 * and places on thousands of lines, and a batch of the ingest reads again many of the stored classifieds the batch
 * before it read: computing each once is enough.
 */
export function memoise<T>(compute: (input: string) => T, maxEntries = 20_000): (input: string) => T {
  let latest = new Map<string, T>();
  let earlier = new Map<string, T>();
  return (input) => {
    if (latest.has(input)) return latest.get(input) as T; // Present: `has` just said so (T itself may include undefined).
    const result = earlier.has(input) ? (earlier.get(input) as T) : compute(input);
    if (latest.size >= maxEntries) {
      earlier = latest;
      latest = new Map();
    }
    latest.set(input, result);
    return result;
  };
}

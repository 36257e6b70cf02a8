import { RecentMap } from "../common/recent-map.js";

/**
 * Remembers the results of a pure function of one string: the last `maxEntries` inputs, and as many before them
 * (a RecentMap). Feeds repeat the same agency phones, e-mail addresses and places on thousands of lines, and a
 * batch of the ingest reads again many of the stored classifieds the batch before it read: computing each once
 * is enough.
 */
export function memoise<T>(compute: (input: string) => T, maxEntries = 20_000): (input: string) => T {
  const results = new RecentMap<T>(maxEntries);
  return (input) => {
    const known = results.get(input);
    if (known !== undefined || results.has(input)) return known as T; // T itself may include undefined
    const result = compute(input);
    results.set(input, result);
    return result;
  };
}

/**
 * Remembers the results of a pure function of one string, up to `maxEntries` (then starts over). Feeds repeat
 * the same agency phones, e-mail addresses and places on thousands of lines; parsing them once is enough.
 */
export function memoise<T>(compute: (input: string) => T, maxEntries = 20_000): (input: string) => T {
  const results = new Map<string, T>();
  return (input) => {
    if (results.has(input)) return results.get(input) as T; // Present: `has` just said so (T itself may include undefined).
    const result = compute(input);
    if (results.size >= maxEntries) results.clear();
    results.set(input, result);
    return result;
  };
}

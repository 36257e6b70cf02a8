/** The values present (nulls left out), each once, sorted: how an event's lists of portals and publishers are kept. */
export function distinctValues(values: ReadonlyArray<string | null>): string[] {
  return [...new Set(values.filter((value): value is string => value !== null))].sort();
}

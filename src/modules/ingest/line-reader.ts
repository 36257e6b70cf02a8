/** Longest line accepted, in characters; longer lines are rejected without being parsed. */
export const MAX_LINE_LENGTH = 1_000_000;

/**
 * Bytes to read from a file at a time. Node's default for file streams, 64 KB, means five thousand reads and
 * decoder calls for a 300 MB feed on the thread that also plans the batches; with 1 MB pieces an ingest of the
 * 100,000-classified feed took about half a second less.
 */
export const FILE_CHUNK_BYTES = 1 << 20;

/**
 * Splits a byte stream (a file, stdin, an HTTP body) into lines without holding more than one line in
 * memory. A line longer than `maxLength` is cut to `maxLength + 1` characters while it is read (the rest is
 * skipped), so that a pathological input cannot exhaust memory; the ingest then rejects it for its length.
 * Multi-byte UTF-8 characters split across chunks are decoded correctly, undecodable bytes become U+FFFD (which
 * the ingest then refuses, text-integrity.ts); a byte order mark and `\r\n` endings are left to the ingest
 * (line-stages.ts).
 */
export async function* readLines(
  chunks: AsyncIterable<Buffer | Uint8Array | string> | Iterable<Buffer | Uint8Array | string>,
  maxLength = MAX_LINE_LENGTH,
): AsyncGenerator<string> {
  // TextDecoder rather than node:string_decoder: six times faster on a feed's French text (3.4 s against
  // 0.5 s for the 337 MB of the 100,000-classified bench feed), on the thread that also plans the batches.
  const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
  let partial = "";
  const append = (text: string) => {
    if (partial.length <= maxLength) partial += text.length > maxLength + 1 ? text.slice(0, maxLength + 1) : text;
    if (partial.length > maxLength + 1) partial = partial.slice(0, maxLength + 1);
  };
  for await (const chunk of chunks) {
    const text = typeof chunk === "string" ? chunk : decoder.decode(chunk, { stream: true });
    let start = 0;
    for (let end = text.indexOf("\n"); end !== -1; end = text.indexOf("\n", start)) {
      append(text.slice(start, end));
      yield partial;
      partial = "";
      start = end + 1;
    }
    append(text.slice(start));
  }
  append(decoder.decode());
  if (partial.length > 0) yield partial;
}

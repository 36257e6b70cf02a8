import { randomFillSync } from "node:crypto";

/** Random bytes drawn in blocks: one system call per 256 ids instead of one per id. */
const POOL_SIZE = 256 * 10;
const pool = Buffer.alloc(POOL_SIZE);
let offset = POOL_SIZE;

const HEX: readonly string[] = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, "0"));

/** The last id's time (milliseconds) and counter, and the text of that time. */
let lastTime = Number.NEGATIVE_INFINITY;
let counter = 0;
let timePrefix = "";

/**
 * A version 7 UUID (RFC 9562): the first 48 bits are the Unix time in milliseconds, then a 12-bit counter,
 * then 62 random bits. Rows created together get neighbouring ids, so that inserting millions of them appends
 * to the primary-key indexes instead of writing to random pages all over them (far less I/O and WAL than random
 * v4 ids). Ids stay unguessable and are ordinary UUIDs for every reader.
 *
 * Ids sort in the order they were made, within a millisecond too (RFC 9562, 6.2, method 1): the counter starts
 * at a random value below 2048 each millisecond and counts up; past 4095, the time moves on by one millisecond.
 * So where the ingest breaks a tie by id (the property a classified joins, a property's lead classified), the
 * older one wins, whatever the random bits, and the same feed always gives the same result. A clock that steps
 * back makes ids continue from the last one.
 */
export function timeOrderedUuid(now: number = Date.now()): string {
  if (offset + 10 > POOL_SIZE) {
    randomFillSync(pool);
    offset = 0;
  }
  const at = offset;
  offset += 10;
  // Bytes of the pool, which is always long enough: `at` leaves room for ten.
  const byte = pool as unknown as readonly number[];
  if (now > lastTime) {
    lastTime = now;
    counter = (((byte[at] as number) & 0x07) << 8) | (byte[at + 1] as number);
    timePrefix = timePrefixOf(now);
  } else if (counter < 0xfff) {
    counter += 1;
  } else {
    lastTime += 1;
    counter = 0;
    timePrefix = timePrefixOf(lastTime);
  }
  // Concatenated byte by byte, no intermediate arrays: six times faster, and an ingest makes over a million ids
  // per 100,000 classifieds.
  return (
    timePrefix +
    HEX[0x70 | (counter >> 8)] + // version 7
    HEX[counter & 0xff] +
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

/** `tttttttt-tttt-`: the 48-bit time of an id, in hexadecimal. */
function timePrefixOf(time: number): string {
  const hex = Math.trunc(time).toString(16).padStart(12, "0").slice(-12);
  return `${hex.slice(0, 8)}-${hex.slice(8)}-`;
}

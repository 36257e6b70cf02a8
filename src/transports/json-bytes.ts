/**
 * JSON written straight into UTF-8 bytes, exactly the text `JSON.stringify` gives, for large answers.
 *
 * `JSON.stringify` of a whole answer returns its text as a chain of pieces; encoding it first copies them into
 * one flat text (two bytes a character for French text, where one `’` or `€` makes the whole text two-byte), a
 * new large object for every answer, then walks it once to count its bytes and once more to encode them. For a
 * page of 20 properties with their classifieds that was 5.7% of the gateway's CPU samples, beside the serialising
 * itself. Here the outer levels of the value are walked, each part below them is serialised alone (a few
 * kilobytes) and encoded into a scratch buffer kept between answers, and the bytes are copied out once.
 */

/** The scratch buffer above which one is not kept for the next answer (it is still used for this one). */
const KEPT_SCRATCH_BYTES = 4 * 1024 * 1024;
let scratch = Buffer.allocUnsafeSlow(64 * 1024);

/** UTF-8 bytes of JSON, written in order. Synchronous from start to `take`: one writer at a time per thread. */
export class JsonBytesWriter {
  private at = 0;

  /** Text that is JSON already, or punctuation between values. */
  raw(text: string): this {
    this.reserve(text.length);
    this.at += scratch.write(text, this.at, "utf8");
    return this;
  }

  /**
   * `value` as `JSON.stringify(value)` writes it, the plain objects and arrays of its first `depth` levels
   * walked here and what lies below them serialised whole. An object with `toJSON` is serialised whole too
   * (without the key `JSON.stringify` would pass to it). A value that `JSON.stringify` leaves out (undefined, a
   * function) is written as `null`, as in an array.
   */
  value(value: unknown, depth: number): this {
    if (depth <= 0 || !isWalked(value)) return this.raw(JSON.stringify(value) ?? "null");
    if (Array.isArray(value)) {
      this.raw("[");
      for (let index = 0; index < value.length; index += 1) {
        if (index > 0) this.raw(",");
        this.value(value[index], depth - 1);
      }
      return this.raw("]");
    }
    this.raw("{");
    this.members(value, depth);
    return this.raw("}");
  }

  /** The members of `object` as `JSON.stringify` writes them, without the braces; whether it wrote any. */
  members(object: object, depth: number): boolean {
    let wrote = false;
    for (const key of Object.keys(object)) {
      const member: unknown = (object as Record<string, unknown>)[key];
      if (member === undefined || typeof member === "function" || typeof member === "symbol") continue;
      this.raw(wrote ? `,${JSON.stringify(key)}:` : `${JSON.stringify(key)}:`);
      this.value(member, depth - 1);
      wrote = true;
    }
    return wrote;
  }

  /** The bytes written, in a buffer of their own. */
  take(): Buffer {
    const bytes = Buffer.allocUnsafe(this.at);
    scratch.copy(bytes, 0, 0, this.at);
    if (scratch.length > KEPT_SCRATCH_BYTES) scratch = Buffer.allocUnsafeSlow(KEPT_SCRATCH_BYTES);
    this.at = 0;
    return bytes;
  }

  /** Room for `units` UTF-16 units: at most three bytes each. */
  private reserve(units: number): void {
    const needed = this.at + units * 3;
    if (needed <= scratch.length) return;
    const larger = Buffer.allocUnsafeSlow(Math.max(needed, scratch.length * 2));
    scratch.copy(larger, 0, 0, this.at);
    scratch = larger;
  }
}

/** Objects whose members `JSON.stringify` writes as they are: arrays, and plain objects without `toJSON`. */
function isWalked(value: unknown): value is object {
  if (typeof value !== "object" || value === null) return false;
  if (Array.isArray(value)) return true;
  const prototype: unknown = Object.getPrototypeOf(value);
  return (prototype === Object.prototype || prototype === null) && typeof (value as { toJSON?: unknown }).toJSON !== "function";
}

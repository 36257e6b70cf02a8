import v8 from "node:v8";
import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { untilAborted } from "../../src/modules/ingest/until-aborted.js";

/** The engine's collector, reachable without starting the process with --expose-gc. */
function collector(): () => void {
  v8.setFlagsFromString("--expose-gc");
  return vm.runInNewContext("gc") as () => void;
}

describe("untilAborted", () => {
  it("gives every item while the signal stays quiet, then stops at the abort while the source waits", async () => {
    const aborter = new AbortController();
    async function* source() {
      yield* ["a", "b", "c"];
      setTimeout(() => aborter.abort(), 20);
      await new Promise(() => undefined); // an idle stdin
    }
    const seen: string[] = [];
    for await (const item of untilAborted(source(), aborter.signal)) seen.push(item);
    expect(seen).toEqual(["a", "b", "c"]);
  });

  it("passes a source's failure on", async () => {
    async function* failing() {
      yield 1;
      throw new Error("read failed");
    }
    const seen: number[] = [];
    await expect(
      (async () => {
        for await (const item of untilAborted(failing(), new AbortController().signal)) seen.push(item);
      })(),
    ).rejects.toThrow("read failed");
    expect(seen).toEqual([1]);
  });

  it("keeps nothing of the items already given (a long ingest's memory stays flat)", async () => {
    const gc = collector();
    const signal = new AbortController().signal; // never aborts, as in a run that goes to its end
    const alive: WeakRef<object>[] = [];
    async function* source() {
      for (let index = 0; index < 2_000; index += 1) {
        const item = { line: `line ${index}`.padEnd(1_000, ".") };
        alive.push(new WeakRef(item));
        yield item;
      }
    }
    let count = 0;
    for await (const item of untilAborted(source(), signal)) count += item.line.length > 0 ? 1 : 0;
    await new Promise((resolve) => setImmediate(resolve));
    gc();
    expect(count).toBe(2_000);
    expect(alive.filter((ref) => ref.deref() !== undefined).length).toBeLessThan(10);
  });
});

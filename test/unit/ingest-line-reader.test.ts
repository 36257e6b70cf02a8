import { describe, expect, it } from "vitest";
import { readLines } from "../../src/modules/ingest/line-reader.js";
import { readChunks } from "../../src/modules/ingest/line-stages.js";

async function collect(chunks: Array<Buffer | string>, maxLength?: number): Promise<string[]> {
  const lines: string[] = [];
  for await (const line of readLines(chunks, maxLength)) lines.push(line);
  return lines;
}

describe("readLines", () => {
  it("splits on newlines across chunk boundaries and keeps a last line without newline", async () => {
    expect(await collect(["ab", "c\nde", "f\n\ng", "h"])).toEqual(["abc", "def", "", "gh"]);
  });

  it("decodes a multi-byte character cut between two chunks", async () => {
    const bytes = Buffer.from("prix: 650 000 €\nété\n", "utf8");
    const euro = bytes.indexOf(Buffer.from("€", "utf8"));
    const chunks = [bytes.subarray(0, euro + 1), bytes.subarray(euro + 1, euro + 2), bytes.subarray(euro + 2)];
    expect(await collect(chunks)).toEqual(["prix: 650 000 €", "été"]);
  });

  it("cuts an over-long line to one character past the limit while reading, so it can be rejected", async () => {
    const lines = await collect(["x".repeat(30), "y".repeat(30), "\nshort\n"], 40);
    expect(lines).toEqual(["x".repeat(30) + "y".repeat(11), "short"]);
  });

  it("turns undecodable bytes into U+FFFD and goes on decoding after them", async () => {
    const bytes = Buffer.concat([Buffer.from("caf", "utf8"), Buffer.from([0xe9]), Buffer.from("\nété\n", "utf8")]);
    expect(await collect([bytes])).toEqual(["caf\uFFFD", "été"]);
  });

  it("reads a file that starts with a byte order mark and ends lines with \\r\\n as the ingest expects", async () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"a":1}\r\n{"b":2}\r\n', "utf8")]);
    const read: string[] = [];
    for await (const chunk of readChunks(readLines([bytes.subarray(0, 2), bytes.subarray(2)]), undefined, () => undefined)) {
      read.push(...chunk.map((line) => line.text));
    }
    expect(read.map((text) => JSON.parse(text))).toEqual([{ a: 1 }, { b: 2 }]);
  });

  it("yields nothing for empty input", async () => {
    expect(await collect([])).toEqual([]);
  });
});

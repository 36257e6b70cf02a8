import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { readLines } from "../../src/modules/ingest/line-reader.js";
import { prepareLine } from "../../src/modules/ingest/prepare-line.js";
import { observation } from "../factories/observations.js";

const NOW = new Date("2026-11-25T00:00:00Z");

function reasonOf(text: string): string | null {
  const result = prepareLine(text, NOW);
  return result.ok ? null : result.reason;
}

/** A valid line whose `title` JSON string is replaced by `raw` (written as it appears in the JSON text). */
function withRaw(field: "title" | "url", raw: string): string {
  const line = JSON.stringify(observation({ title: "PLACEHOLDER" }));
  if (field === "title") return line.replace('"PLACEHOLDER"', `"${raw}"`);
  return line.replace(/"url":"https:\/\/www\.seloger\.com\/([^"]*)"/, `"url":"https://www.seloger.com/$1${raw}"`);
}

describe("ingest: characters a feed must not carry are refused, with their field", () => {
  it("refuses a NUL in source.url instead of dropping it (which made another listing)", () => {
    expect(reasonOf(withRaw("url", "\\u0000x"))).toBe("source.url: contains a NUL character");
  });

  it("still drops a NUL in free text", () => {
    expect(reasonOf(withRaw("title", "Deux\\u0000 pièces"))).toBeNull();
  });

  it("refuses a lone surrogate escape, naming the field", () => {
    expect(reasonOf(withRaw("title", "Appartement \\ud800 T2"))).toBe("title: contains a lone UTF-16 surrogate, which is not a character");
    expect(reasonOf(withRaw("title", "Appartement \\udc00"))).toMatch(/^title: contains a lone UTF-16 surrogate/);
    expect(reasonOf(withRaw("title", "Emoji \\ud83c\\udfe0 ok"))).toBeNull();
  });

  it("refuses a line that was not valid UTF-8, naming the field", async () => {
    const [before, after] = JSON.stringify(observation({ description: "S~~jour lumineux" })).split("~~") as [string, string];
    const bad = Buffer.concat([Buffer.from(before, "utf8"), Buffer.from([0xe9]), Buffer.from(after, "utf8")]); // é as one Latin-1 byte
    const read: string[] = [];
    for await (const text of readLines(Readable.from([bad, Buffer.from("\n")]))) read.push(text);
    expect(read).toHaveLength(1);
    expect(reasonOf(read[0] as string)).toBe("description: is not valid UTF-8 (it contains U+FFFD, the mark of undecodable bytes)");
  });

  it("accepts clean lines untouched", () => {
    expect(reasonOf(JSON.stringify(observation()))).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { inThreadPreparer, workerPreparer } from "../../src/modules/ingest/line-preparer.js";
import { observation, removal, toLines } from "../factories/observations.js";

describe("line preparer on a worker thread", () => {
  it("prepares exactly as the calling thread would, in order, valid and rejected lines alike", async () => {
    const texts = [
      ...toLines([observation(), observation({ publisher: { phone: "01 44 55 66 77" } }), removal("https://www.pap.fr/annonce/1", "2026-11-20T08:00:00Z")]),
      "{not json",
      JSON.stringify({ source: { url: "https://www.seloger.com/x.htm" } }),
      ...toLines([observation({ location: { postcode: "99999" } })]),
    ];
    const now = new Date("2026-12-31T00:00:00Z");
    const [inWorker, inThread] = await Promise.all([workerPreparer.prepare(texts, now), inThreadPreparer.prepare(texts, now)]);
    expect(workerPreparer.mode).toBe("worker thread");
    expect(inWorker).toEqual(inThread);
    expect(inWorker.map((result) => result.ok)).toEqual([true, true, true, false, false, false]);
  });

  it("answers concurrent chunks each with its own lines", async () => {
    const chunks = Array.from({ length: 5 }, (_, i) => toLines(Array.from({ length: i + 1 }, () => observation())));
    const results = await Promise.all(chunks.map((texts) => workerPreparer.prepare(texts, new Date("2026-12-31T00:00:00Z"))));
    expect(results.map((prepared) => prepared.length)).toEqual([1, 2, 3, 4, 5]);
    results.forEach((prepared, i) => {
      const urls = prepared.map((result) => (result.ok ? result.line.urlKey : null));
      const expected = chunks[i]!.map((text) => (JSON.parse(text) as { source: { url: string } }).source.url.replace(/^https:\/\/www\./, ""));
      expect(urls).toEqual(expected);
    });
  });
});

import { createHash } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { listCommunes, resolveLocation } from "../../src/domain/geography.js";
import { toE164 } from "../../src/domain/phone.js";
import { isValidSiren, isValidSiret } from "../../src/domain/siren.js";
import { canonicalUrlKey } from "../../src/domain/url-key.js";
import { prepareLine } from "../../src/modules/ingest/prepare-line.js";
import { DEFAULT_UNTIL, generateObservations } from "../../src/modules/seed/generator.js";
import type { FeedLine, FeedObservation } from "../../src/modules/seed/observation.types.js";

const isFull = (line: FeedLine): line is FeedObservation => "location" in line;

function ndjsonDigest(classifieds: number, seed: number): string {
  const hash = createHash("sha256");
  for (const line of generateObservations({ classifieds, seed })) hash.update(JSON.stringify(line) + "\n");
  return hash.digest("hex");
}

// One feed shared by the checks below: 3,000 classifieds is enough for every kind of line to occur.
const feed = [...generateObservations({ classifieds: 3_000, seed: 11 })];
const observations = feed.filter(isFull);

describe("synthetic listings generator", () => {
  afterEach(() => vi.restoreAllMocks());

  it("is deterministic: the same seed gives the same bytes, another seed other bytes", () => {
    expect(ndjsonDigest(500, 3)).toBe(ndjsonDigest(500, 3));
    expect(ndjsonDigest(500, 4)).not.toBe(ndjsonDigest(500, 3));
  });

  it("never uses Math.random", () => {
    const spy = vi.spyOn(Math, "random");
    for (const line of generateObservations({ classifieds: 200, seed: 1 })) expect(line).toBeDefined();
    expect(spy).not.toHaveBeenCalled();
  });

  it("creates exactly the requested number of distinct classifieds", () => {
    const keys = new Set(feed.map((line) => canonicalUrlKey(line.source.url)));
    expect(keys.has(null)).toBe(false);
    expect(keys.size).toBe(3_000);
    expect(new Set([...generateObservations({ classifieds: 1, seed: 5 })].map((l) => l.source.url)).size).toBe(1);
    expect([...generateObservations({ classifieds: 0, seed: 5 })]).toEqual([]);
  });

  it("writes only lines that pass the ingest validation and normalisation", () => {
    const rejected = feed.map((line) => ({ line, result: prepareLine(JSON.stringify(line), DEFAULT_UNTIL) })).filter(({ result }) => !result.ok);
    expect(rejected.map(({ line, result }) => ({ url: line.source.url, result }))).toEqual([]);
  });

  it("rejects impossible options", () => {
    expect(() => generateObservations({ classifieds: -1, seed: 1 }).next()).toThrow(RangeError);
    expect(() => generateObservations({ classifieds: 1.5, seed: 1 }).next()).toThrow(RangeError);
    expect(() => generateObservations({ classifieds: 1, seed: -3 }).next()).toThrow(RangeError);
  });

  it("gives professionals valid SIRETs whose SIREN is the stated one", () => {
    const professionals = observations.filter((o) => o.publisher?.isProfessional);
    expect(professionals.length).toBeGreaterThan(1_000);
    for (const { publisher } of professionals) {
      expect(isValidSiret(publisher?.siret ?? ""), publisher?.siret).toBe(true);
      if (publisher?.siren !== undefined) {
        expect(isValidSiren(publisher.siren)).toBe(true);
        expect(publisher.siret?.startsWith(publisher.siren)).toBe(true);
      }
    }
    // Private sellers have no company number.
    const privateSellers = observations.filter((o) => o.publisher?.isProfessional === false);
    expect(privateSellers.length).toBeGreaterThan(100);
    expect(privateSellers.every((o) => o.publisher?.siret === undefined)).toBe(true);
  });

  it("places listings in real communes with matching postcodes and INSEE codes", () => {
    const communes = new Map(listCommunes().map((c) => [c.inseeCode, c]));
    for (const { location } of observations) {
      const resolved = resolveLocation({
        postcode: location.postcode,
        inseeCode: location.inseeCode ?? null,
        cityName: location.city?.name ?? null,
        latitude: location.latitude ?? null,
        longitude: location.longitude ?? null,
      });
      expect(resolved.ok, JSON.stringify(location)).toBe(true);
      if (!resolved.ok) continue;
      expect(communes.get(resolved.location.inseeCode)?.postcodes).toContain(location.postcode);
      if (location.inseeCode !== undefined) expect(resolved.location.inseeCode).toBe(location.inseeCode);
    }
  });

  it("covers Corsica and the overseas departments", () => {
    const departments = new Set(
      [...generateObservations({ classifieds: 6_000, seed: 2 })].filter(isFull).map((o) => {
        const resolved = resolveLocation({ postcode: o.location.postcode, cityName: o.location.city?.name ?? null });
        return resolved.ok ? resolved.location.department : "?";
      }),
    );
    for (const department of ["2A", "2B", "971", "972", "973", "974", "976", "75", "13", "69"]) expect(departments, department).toContain(department);
    expect(departments.has("?")).toBe(false);
  });

  it("prices vary by place: Paris costs more per m² than the Creuse", () => {
    const perSquareMeter = (prefix: string) => {
      const sales = observations.filter(
        (o) => o.transaction.type === "sale" && o.property.type === "apartment" && o.location.postcode.startsWith(prefix) && o.property.area,
      );
      return sales.reduce((sum, o) => sum + o.transaction.price / (o.property.area ?? 1), 0) / sales.length;
    };
    expect(perSquareMeter("75")).toBeGreaterThan(2 * perSquareMeter("59"));
  });

  it("writes phones that are valid French numbers and image hashes of 16 hex characters", () => {
    const phones = new Set(observations.flatMap((o) => [o.publisher?.phone, o.contact?.phone]).filter((phone) => phone !== undefined));
    expect(phones.size).toBeGreaterThan(500);
    for (const phone of phones) expect(toE164(phone), phone).not.toBeNull();
    for (const o of observations) {
      for (const image of o.media?.images ?? []) {
        for (const hash of [image.perceptualHash, image.differenceHash, image.averageHash]) expect(hash).toMatch(/^[0-9a-f]{16}$/);
      }
    }
  });

  it("publishes some properties on several portals with the same pictures and different titles", () => {
    const byFirstPicture = new Map<string, FeedObservation[]>();
    for (const o of observations) {
      const hash = o.media?.images[0]?.perceptualHash;
      if (hash !== undefined && o.status === "available" && !byFirstPicture.get(hash)?.some((x) => x.source.url === o.source.url)) {
        byFirstPicture.set(hash, [...(byFirstPicture.get(hash) ?? []), o]);
      }
    }
    const shared = [...byFirstPicture.values()].filter((group) => new Set(group.map((o) => o.source.domain)).size > 1);
    expect(shared.length).toBeGreaterThan(300);
    expect(shared.some((group) => new Set(group.map((o) => o.title)).size > 1)).toBe(true);
    expect(shared.some((group) => new Set(group.map((o) => o.transaction.price)).size > 1)).toBe(true);
  });

  it("observes and publishes nothing after the end of the period", () => {
    const until = new Date("2026-03-15T00:00:00Z");
    let latest = 0;
    for (const line of generateObservations({ classifieds: 2_000, seed: 9, until })) {
      latest = Math.max(latest, Date.parse(line.observedAt), isFull(line) && line.publishedAt ? Date.parse(line.publishedAt) : 0);
    }
    expect(latest).toBeLessThanOrEqual(until.getTime());
    expect(latest).toBeGreaterThan(until.getTime() - 7 * 86_400_000);
  });

  it("follows listings over time: price drops and removals come later than the first observation", () => {
    const history = new Map<string, FeedLine[]>();
    for (const line of feed) history.set(line.source.url, [...(history.get(line.source.url) ?? []), line]);
    let drops = 0;
    let removals = 0;
    for (const lines of history.values()) {
      const times = lines.map((l) => Date.parse(l.observedAt));
      expect(times).toEqual([...times].sort((a, b) => a - b));
      const prices = lines
        .filter(isFull)
        .filter((l) => l.status === "available")
        .map((l) => l.transaction.price);
      if (prices.length > 1 && (prices.at(-1) ?? 0) < (prices[0] ?? 0)) drops += 1;
      if (lines.at(-1)?.status === "removed") removals += 1;
    }
    expect(drops).toBeGreaterThan(100);
    expect(removals).toBeGreaterThan(100);
    expect(feed.some((line) => !isFull(line) && line.status === "removed")).toBe(true);
  });
});

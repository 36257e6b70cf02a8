import { describe, expect, it } from "vitest";
import type { NormalisedObservation } from "../../src/modules/ingest/normalised.types.js";
import { prepareLine } from "../../src/modules/ingest/prepare-line.js";
import { observation, removal, revise, type ObservationOverrides } from "../factories/observations.js";

const NOW = new Date("2026-11-25T00:00:00Z");

function normalised(overrides: ObservationOverrides): NormalisedObservation {
  const result = prepareLine(JSON.stringify(observation(overrides)), NOW);
  if (!result.ok) throw new Error(`expected the line to be accepted, got: ${result.reason}`);
  if (result.line.kind !== "observation") throw new Error("expected a full observation");
  return result.line;
}

function rejection(line: Record<string, unknown> | string): string {
  const result = prepareLine(typeof line === "string" ? line : JSON.stringify(line), NOW);
  if (result.ok) throw new Error("expected the line to be rejected");
  return result.reason;
}

describe("normalise: messy values that are accepted", () => {
  const cases: Array<{ name: string; overrides: ObservationOverrides; pick: (o: NormalisedObservation) => unknown; expected: unknown }> = [
    { name: "area with decimal comma and unit", overrides: { property: { area: "42,5 m²" } }, pick: (o) => o.content.area, expected: 42.5 },
    { name: "area 0 means unknown", overrides: { property: { area: 0 } }, pick: (o) => o.content.area, expected: null },
    { name: "price with spaces and euro sign", overrides: { transaction: { price: "650 000 €" } }, pick: (o) => o.content.priceCurrent, expected: 650_000 },
    { name: "price with thousands dots", overrides: { transaction: { price: "1.250.000" } }, pick: (o) => o.content.priceCurrent, expected: 1_250_000 },
    { name: "price with cents rounds", overrides: { transaction: { price: 850.5 } }, pick: (o) => o.content.priceCurrent, expected: 851 },
    {
      name: "price per m² computed",
      overrides: { transaction: { price: 425_000 }, property: { area: 42.5 } },
      pick: (o) => o.content.pricePerSquareMeter,
      expected: 10_000,
    },
    { name: "room count as text", overrides: { property: { roomCount: "3" } }, pick: (o) => o.content.roomCount, expected: 3 },
    { name: "transaction type in capitals", overrides: { transaction: { type: "SALE" } }, pick: (o) => o.content.transactionType, expected: "sale" },
    { name: "status in snake case", overrides: { status: "UNDER_OFFER" }, pick: (o) => o.status, expected: "underOffer" },
    { name: "status absent means available", overrides: { status: undefined }, pick: (o) => o.status, expected: "available" },
    { name: "boolean as oui", overrides: { property: { balconyExists: "oui" } }, pick: (o) => o.content.balconyExists, expected: true },
    { name: "boolean as 0", overrides: { property: { elevatorExists: 0 } }, pick: (o) => o.content.elevatorExists, expected: false },
    { name: "null is absent", overrides: { property: { terraceExists: null } }, pick: (o) => o.content.terraceExists, expected: null },
    {
      name: "phone with (0) to E.164",
      overrides: { publisher: { phone: "+33 (0)1 44 55 66 77" } },
      pick: (o) => o.content.publisherPhone,
      expected: "+33144556677",
    },
    { name: "dotted mobile to E.164", overrides: { contact: { phone: "06.12.34.56.78" } }, pick: (o) => o.content.contactPhone, expected: "+33612345678" },
    { name: "Guadeloupe number to +590", overrides: { contact: { phone: "0590 27 12 34" } }, pick: (o) => o.content.contactPhone, expected: "+590590271234" },
    {
      name: "number in a range newer than libphonenumber's list, kept",
      overrides: { publisher: { phone: "05 94 73 79 96" } },
      pick: (o) => o.content.publisherPhone,
      expected: "+594594737996",
    },
    {
      name: "mailto e-mail lower-cased",
      overrides: { publisher: { email: "mailto:Contact@Agence.FR" } },
      pick: (o) => o.content.publisherEmail,
      expected: "contact@agence.fr",
    },
    {
      name: "SIRET with spaces, SIREN derived",
      overrides: { publisher: { siret: "552 100 554 00013" } },
      pick: (o) => [o.content.publisherSiren, o.content.publisherSiret],
      expected: ["552100554", "55210055400013"],
    },
    { name: "SIRET as a JSON number", overrides: { publisher: { siret: 55210055400013 } }, pick: (o) => o.content.publisherSiret, expected: "55210055400013" },
    {
      name: "SIREN alone",
      overrides: { publisher: { siret: undefined, siren: "552.100.554" } },
      pick: (o) => [o.content.publisherSiren, o.content.publisherSiret],
      expected: ["552100554", null],
    },
    {
      name: "SIREN agreeing with SIRET",
      overrides: { publisher: { siren: "552100554", siret: "55210055400013" } },
      pick: (o) => o.content.publisherSiren,
      expected: "552100554",
    },
    { name: "DPE label in words", overrides: { energy: { dpe: { label: "Classe énergie D" } } }, pick: (o) => o.content.dpeLabel, expected: "d" },
    { name: "DPE not communicated", overrides: { energy: { dpe: { label: "NC" } } }, pick: (o) => o.content.dpeLabel, expected: null },
    { name: "GES label upper-case", overrides: { energy: { ges: { label: " B " } } }, pick: (o) => o.content.gesLabel, expected: "b" },
    {
      name: "postcode only: Paris arrondissement",
      overrides: { location: { postcode: "75011", city: undefined } },
      pick: (o) => [o.content.inseeCode, o.content.department],
      expected: ["75111", "75"],
    },
    {
      name: "INSEE only: Corsica",
      overrides: { location: { postcode: undefined, city: { name: undefined, inseeCode: "2A004" }, latitude: 41.9192, longitude: 8.7386 } },
      pick: (o) => [o.content.inseeCode, o.content.department, o.content.postcode, o.content.cityName],
      expected: ["2A004", "2A", "20000", "Ajaccio"],
    },
    {
      name: "INSEE at location level: overseas",
      overrides: { location: { postcode: "97139", inseeCode: "97101", city: undefined, latitude: 16.2711, longitude: -61.5045 } },
      pick: (o) => [o.content.department, o.content.cityName],
      expected: ["971", "Les Abymes"],
    },
    {
      name: "coordinates optional",
      overrides: { location: { latitude: undefined, longitude: undefined } },
      pick: (o) => [o.content.latitude, o.content.longitude],
      expected: [null, null],
    },
    { name: "department given and consistent", overrides: { location: { department: "75" } }, pick: (o) => o.content.department, expected: "75" },
    {
      name: "url key drops tracking, www and scheme",
      overrides: { source: { url: "https://WWW.SeLoger.com/annonces/1.htm?utm_source=x&b=2&a=1#photos" } },
      pick: (o) => o.urlKey,
      expected: "seloger.com/annonces/1.htm?a=1&b=2",
    },
    {
      name: "scheme-less url gets https, fragment dropped",
      overrides: { source: { url: "www.seloger.com/annonces/2.htm#top" } },
      pick: (o) => o.sourceUrl,
      expected: "https://www.seloger.com/annonces/2.htm",
    },
    {
      name: "portal domain from the url",
      overrides: { source: { domain: undefined, url: "https://m.leboncoin.fr/ventes_immobilieres/1.htm" } },
      pick: (o) => o.content.sourceDomain,
      expected: "leboncoin.fr",
    },
    {
      name: "image hashes lower-cased",
      overrides: { media: { images: [{ url: "https://img.example.fr/1.jpg", perceptualHash: "C3A5FF00AA55AA55" }] } },
      pick: (o) => o.images[0]?.perceptualHash,
      expected: "c3a5ff00aa55aa55",
    },
    {
      name: "date-only publishedAt",
      overrides: { publishedAt: "2026-11-18" },
      pick: (o) => o.content.publishedAt?.toISOString(),
      expected: "2026-11-18T00:00:00.000Z",
    },
    {
      name: "observedAt with offset",
      overrides: { observedAt: "2026-11-20T09:12:00+01:00" },
      pick: (o) => o.observedAt.toISOString(),
      expected: "2026-11-20T08:12:00.000Z",
    },
    { name: "NUL characters removed", overrides: { title: "Beau\u0000 T2" }, pick: (o) => o.content.title, expected: "Beau T2" },
    { name: "blank title is absent", overrides: { title: "   " }, pick: (o) => o.content.title, expected: null },
  ];

  it.each(cases)("$name", ({ overrides, pick, expected }) => {
    expect(pick(normalised(overrides))).toEqual(expected);
  });

  it("reads a bare removal line", () => {
    const result = prepareLine(JSON.stringify(removal("https://www.seloger.com/annonces/9.htm", "2026-11-20T08:00:00Z")), NOW);
    expect(result).toMatchObject({ ok: true, line: { kind: "removal", urlKey: "seloger.com/annonces/9.htm" } });
  });

  it("gives the same normalised fields to the same listing written differently", () => {
    const a = normalised({ source: { url: "https://www.seloger.com/a/1.htm" }, transaction: { price: 650_000 }, property: { area: 42.5 } });
    const b = normalised({ source: { url: "seloger.com/a/1.htm?utm_medium=mail" }, transaction: { price: "650 000 €" }, property: { area: "42,5 m²" } });
    // Different factory calls differ in publisher and photos: compare the same fields only.
    expect(a.urlKey).toBe(b.urlKey);
    expect(a.content.priceCurrent).toBe(b.content.priceCurrent);
    expect(a.content.area).toBe(b.content.area);
  });

  it("changes the images digest when the images change, not when another field or the observation time does", () => {
    const base = observation();
    const digest = (line: Record<string, unknown>) => {
      const result = prepareLine(JSON.stringify(line), NOW);
      if (!result.ok || result.line.kind !== "observation") throw new Error("expected an observation");
      return result.line.imagesDigest;
    };
    expect(digest({ ...base, observedAt: "2026-11-21T00:00:00Z", title: "Autre titre" })).toBe(digest(base));
    expect(digest(revise(base, { media: { images: [] } }))).not.toBe(digest(base));
  });
});

describe("normalise: rejects name the field and the problem", () => {
  const cases: Array<{ name: string; line: Record<string, unknown> | string; reason: string | RegExp }> = [
    { name: "not JSON", line: "{not json", reason: /^not valid JSON/ },
    { name: "a JSON array", line: "[1,2]", reason: "line is not a JSON object" },
    { name: "an over-long line", line: `{"title":"${"x".repeat(1_000_000)}"}`, reason: "line is longer than 1000000 characters" },
    { name: "missing url", line: observation({ source: { url: undefined } }), reason: "source.url: is required" },
    { name: "missing price", line: observation({ transaction: { price: undefined } }), reason: "transaction.price: is required" },
    { name: "missing property type", line: observation({ property: { type: undefined } }), reason: /^property\.type: is required/ },
    { name: "missing transaction type", line: observation({ transaction: { type: undefined } }), reason: /^transaction\.type: is required/ },
    { name: "missing observedAt", line: observation({ observedAt: undefined }), reason: /^observedAt: is required/ },
    { name: "unknown property type", line: observation({ property: { type: "castle" } }), reason: /^property\.type: must be one of apartment, house/ },
    { name: "negative price", line: observation({ transaction: { price: -5 } }), reason: "transaction.price: must be at least 0" },
    { name: "price beyond integer range", line: observation({ transaction: { price: 3e9 } }), reason: /^transaction\.price: must be at most 2147483647/ },
    { name: "price as words", line: observation({ transaction: { price: "sur demande" } }), reason: /^transaction\.price: must be a number/ },
    { name: "unknown top-level field", line: observation({ colour: "blue" }), reason: "colour: unknown field" },
    { name: "unknown nested field", line: observation({ property: { surface: 40 } }), reason: "property.surface: unknown field" },
    { name: "field named like an Object method", line: observation({ toString: "x" }), reason: "toString: unknown field" },
    { name: "field named __proto__", line: `{"__proto__":{"x":1},${JSON.stringify(observation()).slice(1)}`, reason: "__proto__: unknown field" },
    {
      name: "observedAt without offset",
      line: observation({ observedAt: "2026-11-20T08:12:00" }),
      reason: /^observedAt: must be an ISO 8601 date-time with an offset/,
    },
    { name: "impossible date", line: observation({ observedAt: "2026-02-30T08:12:00Z" }), reason: /^observedAt: must be an ISO 8601/ },
    { name: "observedAt in the future", line: observation({ observedAt: "2026-11-28T00:00:00Z" }), reason: /^observedAt: .* is more than a day in the future/ },
    {
      name: "url that is not a web address",
      line: observation({ source: { url: "ftp://seloger.com/1" } }),
      reason: /^source\.url: .* is not a usable http\(s\) listing URL/,
    },
    {
      name: "domain contradicting the url",
      line: observation({ source: { domain: "pap.fr" } }),
      reason: /^source\.domain: "pap\.fr" does not match the URL's domain seloger\.com/,
    },
    { name: "invalid e-mail", line: observation({ contact: { email: "camille at nowhere" } }), reason: /^contact\.email: .* is not a valid e-mail address/ },
    { name: "invalid phone", line: observation({ publisher: { phone: "12" } }), reason: /^publisher\.phone: "12" is not a valid phone number/ },
    { name: "SIRET failing Luhn", line: observation({ publisher: { siret: "55210055400014" } }), reason: /^publisher\.siret: .* is not a valid SIRET/ },
    {
      name: "SIREN failing Luhn",
      line: observation({ publisher: { siret: undefined, siren: "552100555" } }),
      reason: /^publisher\.siren: .* is not a valid SIREN/,
    },
    {
      name: "SIREN inconsistent with SIRET",
      line: observation({ publisher: { siren: "732829320", siret: "55210055400013" } }),
      reason: "publisher.siren: 732829320 is not the SIREN of SIRET 55210055400013 (552100554)",
    },
    {
      name: "no postcode nor INSEE code",
      line: observation({ location: { postcode: undefined } }),
      reason: "location: a postcode or an INSEE code is required",
    },
    {
      name: "postcode of another commune",
      line: observation({ location: { postcode: "69003", city: { inseeCode: "75111" } } }),
      reason: /^location: postcode 69003 does not belong to/,
    },
    {
      name: "department contradicting the commune",
      line: observation({ location: { department: "92" } }),
      reason: /^location\.department: "92" contradicts the commune/,
    },
    {
      name: "coordinates outside the territory",
      line: observation({ location: { latitude: 40.71, longitude: -74.0 } }),
      reason: /^location: coordinates .* are outside the territory of department 75/,
    },
    {
      name: "non-hex image hash",
      line: observation({ media: { images: [{ url: "https://img.example.fr/1.jpg", perceptualHash: "xyz" }] } }),
      reason: /^media\.images\[0\]\.perceptualHash: "xyz" is not a hexadecimal hash/,
    },
    { name: "image without url", line: observation({ media: { images: [{ perceptualHash: "abcd" }] } }), reason: "media.images[0].url: is required" },
    {
      name: "fees url with another scheme",
      line: observation({ publisher: { feesUrl: "javascript://alert(1)" } }),
      reason: /^publisher\.feesUrl: .* is not an http\(s\) URL/,
    },
    { name: "wrong type", line: observation({ property: { roomCount: true } }), reason: "property.roomCount: must be a number" },
  ];

  it.each(cases)("$name", ({ line, reason }) => {
    const actual = rejection(line);
    if (typeof reason === "string") expect(actual).toBe(reason);
    else expect(actual).toMatch(reason);
  });

  it("lists several problems of one line", () => {
    const reason = rejection({ source: { url: "https://www.seloger.com/1.htm" }, observedAt: "2026-11-20T08:00:00Z" });
    expect(reason).toBe("location: is required; property: is required; transaction: is required");
  });
});

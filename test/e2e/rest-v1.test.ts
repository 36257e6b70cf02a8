import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ClassifiedDetail, ClassifiedListItem, ClassifiedLookup } from "../../src/modules/v1-view/schemas/classified.schema.js";
import { Property, PropertyWithSirets } from "../../src/modules/v1-view/schemas/property.schema.js";
import { PLACES, createListing, type Listing } from "../factories/listings.js";
import { EVERYWHERE, contractOf, createBearer } from "../factories/viewers.js";
import * as published from "../support/published-v1-schemas.js";
import { keyPaths } from "../unit/rest-v1/rows.js";
import { startV1Harness, type V1Harness } from "./rest-v1-harness.js";

const PARIS = PLACES[0]!; // PLACES is a non-empty constant
const LYON = PLACES[1]!;
const SIREN_A = { publisherSiren: "552100554", publisherSiret: "55210055400013" };
const SIREN_B = { publisherSiren: "732829320", publisherSiret: "73282932000074" };
const SEARCH = { transactionType: "sale", propertyTypes: ["apartment"], page: 1 };

let h: V1Harness;
let everywhere: string;
let parisOnly: string;
let sirenA: string;
let paris: Listing;
let lyon: Listing;
/** A Paris property whose lead classified belongs to SIREN_B and whose second belongs to SIREN_A. */
let mixed: Listing;

beforeAll(async () => {
  h = await startV1Harness();
  const db = h.database.db;
  paris = await createListing(db, { place: PARIS, classifieds: [SIREN_A, SIREN_B], images: 2 });
  lyon = await createListing(db, { place: LYON, classifieds: [SIREN_A] });
  mixed = await createListing(db, {
    place: PARIS,
    property: { description: "Lead description from SIREN B." },
    classifieds: [
      { ...SIREN_B, description: "Out of contract text." },
      { ...SIREN_A, description: "In contract text." },
    ],
  });
  everywhere = await createBearer(db, EVERYWHERE, "enterprise500");
  parisOnly = await createBearer(db, contractOf(["75"]), "growth100");
  sirenA = await createBearer(db, contractOf(["75", "69"], { sirens: ["552100554"] }), "pro200");
}, 120_000);

afterAll(async () => {
  await h?.close();
});

const first = <T>(items: readonly T[]): T => {
  const item = items[0];
  if (item === undefined) throw new Error("expected at least one item");
  return item;
};

describe("the eight endpoints: exact representations, valid against the published schemas", () => {
  it("GET /auth", async () => {
    const res = await h.call("/auth", { token: parisOnly });
    expect(res.status).toBe(200);
    expect(Object.keys(res.json).sort()).toEqual(["email", "meta", "tokenCreatedAt", "tokenName"]);
    expect(res.json["tokenName"]).toBe("tests");
    expect(res.json["meta"]).toEqual({ subscriptionPlan: "growth100", dataAccessLimit: { departments: ["75"], sirens: [], sirets: [] } });
    expect(published.Auth200Response.safeParse(res.body).error).toBeUndefined();
    expect(res.headers.get("ratelimit-limit")).toBe("6000");
  });

  it("GET /classifieds/{id}: 2.5", async () => {
    const classified = first(paris.classifieds);
    const res = await h.call(`/classifieds/${classified.id}`, { token: everywhere });
    expect(res.status).toBe(200);
    expect(Object.keys(res.json).sort()).toEqual(["classified", "meta"]);
    expect(ClassifiedDetail.safeParse(res.json["classified"]).error).toBeUndefined();
    expect(published.ClassifiedsShow200Response.safeParse(res.body).error).toBeUndefined();
    const paths = keyPaths(res.json["classified"]);
    expect(paths).toContain("contact.phone");
    expect(paths).toContain("media.images[].perceptualHash");
    expect(paths).toContain("transaction.price.history[].id");
    expect(paths).toContain("location.latitude");
    expect(paths).not.toContain("energy.dpe.label");
    expect(paths).not.toContain("publishedAt");
  });

  it("GET /classifieds/lookup: 2.7", async () => {
    const classified = first(paris.classifieds);
    const res = await h.call(`/classifieds/lookup?url=${encodeURIComponent(classified.sourceUrl)}`, { token: everywhere });
    expect(res.status).toBe(200);
    expect(ClassifiedLookup.safeParse(res.json["classified"]).error).toBeUndefined();
    expect(published.ClassifiedsLookup200Response.safeParse(res.body).error).toBeUndefined();
    const paths = keyPaths(res.json["classified"]);
    for (const absent of ["title", "description", "contact.name", "media.images[].id", "transaction.price.perSquareUnit"]) {
      expect(paths).not.toContain(absent);
    }
  });

  it("GET /classifieds/{id}/property: 2.3 whose summaries carry publisher.siret", async () => {
    const res = await h.call(`/classifieds/${first(paris.classifieds).id}/property`, { token: everywhere });
    expect(res.status).toBe(200);
    expect(PropertyWithSirets.safeParse(res.json["property"]).error).toBeUndefined();
    expect(published.ClassifiedsPropertyShow200Response.safeParse(res.body).error).toBeUndefined();
    const paths = keyPaths(res.json["property"]);
    expect(paths).toContain("classifieds[].publisher.siret");
    expect(paths).toContain("classifieds[].transaction.history[].value");
    expect(paths).toContain("classifieds[].transaction.history[].id");
    expect(paths).toContain("transaction.price.history[].id");
  });

  it("GET /properties/{id}: 2.3 whose summaries omit publisher.siret", async () => {
    const res = await h.call(`/properties/${paris.property.id}`, { token: everywhere });
    expect(res.status).toBe(200);
    expect(Property.safeParse(res.json["property"]).error).toBeUndefined();
    expect(published.PropertiesShow200Response.safeParse(res.body).error).toBeUndefined();
    const paths = keyPaths(res.json["property"]);
    expect(paths).not.toContain("classifieds[].publisher.siret");
    expect(paths).toContain("classifieds[].publisher.siren");
    expect(paths).toContain("media.images[].url");
    expect(paths).toContain("energy.dpe.label");
    expect(paths).not.toContain("classifieds[].transaction.price.current");
  });

  it("GET /properties/{id}/classifieds: 2.6", async () => {
    const res = await h.call(`/properties/${paris.property.id}/classifieds`, { token: everywhere });
    expect(res.status).toBe(200);
    const classifieds = res.json["classifieds"] as unknown[]; // an array, checked by the schemas below
    expect(classifieds).toHaveLength(2);
    for (const item of classifieds) expect(ClassifiedListItem.safeParse(item).error).toBeUndefined();
    expect(published.PropertiesClassifiedsIndex200Response.safeParse(res.body).error).toBeUndefined();
    const paths = keyPaths(classifieds);
    expect(paths).not.toContain("[].contact.phone");
    expect(paths).not.toContain("[].location.latitude");
    expect(paths).not.toContain("[].media.images[].averageHash");
    expect(paths).toContain("[].contact.phoneExists");
  });

  it("GET /properties/lookup", async () => {
    const url = first(paris.classifieds).sourceUrl;
    const res = await h.call(`/properties/lookup?url=${encodeURIComponent(url)}`, { token: everywhere });
    expect(res.status).toBe(200);
    expect((res.json["property"] as { id: string }).id).toBe(paris.property.id); // shape checked just below
    expect(published.PropertiesLookup200Response.safeParse(res.body).error).toBeUndefined();
  });

  it("POST /properties/search", async () => {
    const res = await h.call("/properties/search", { token: everywhere, body: SEARCH });
    expect(res.status).toBe(200);
    expect(published.PropertySearch200Response.safeParse(res.body).error).toBeUndefined();
    expect(res.json["meta"]).toMatchObject({ page: 1, nextPage: null, perPage: 20, total: 3, totalPages: 1 });
    const items = res.json["items"] as unknown[]; // an array, checked by the schema below
    for (const item of items) expect(Property.safeParse(item).error).toBeUndefined();
  });
});

const ENDPOINTS: { path: () => string; method?: string; body?: unknown }[] = [
  { path: () => "/auth" },
  { path: () => `/classifieds/${first(paris.classifieds).id}` },
  { path: () => `/classifieds/lookup?url=${encodeURIComponent(first(paris.classifieds).sourceUrl)}` },
  { path: () => `/classifieds/${first(paris.classifieds).id}/property` },
  { path: () => `/properties/${paris.property.id}` },
  { path: () => `/properties/${paris.property.id}/classifieds` },
  { path: () => `/properties/lookup?url=${encodeURIComponent(first(paris.classifieds).sourceUrl)}` },
  { path: () => "/properties/search", body: SEARCH },
];

describe("authentication is required on every endpoint", () => {
  const unauthenticated = async (path: string, body: unknown, headers: Record<string, string>) => {
    const res = await h.call(path, { body, headers });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: "Unauthenticated." });
    expect(res.headers.get("www-authenticate")).toBe("Bearer");
  };

  it.each(ENDPOINTS.map((e, i) => [i, e] as const))("endpoint %i refuses missing, malformed and unknown tokens", async (_i, endpoint) => {
    await unauthenticated(endpoint.path(), endpoint.body, {});
    await unauthenticated(endpoint.path(), endpoint.body, { authorization: `Basic ${Buffer.from("a:b").toString("base64")}` });
    await unauthenticated(endpoint.path(), endpoint.body, { authorization: "Bearer" });
    await unauthenticated(endpoint.path(), endpoint.body, { authorization: `Bearer lgw_${randomUUID()}` });
    const ok = await h.call(endpoint.path(), { token: everywhere, body: endpoint.body });
    expect(ok.status).toBe(200);
  });

  it("refuses a revoked token", async () => {
    const { revokeToken, listTokens } = await import("../../src/modules/auth/auth.repository.js");
    const email = `revoked-${randomUUID().slice(0, 8)}@example.fr`;
    const token = await createBearer(h.database.db, EVERYWHERE, "free", email);
    const [row] = await listTokens(h.database.db, email);
    expect(await revokeToken(h.database.db, row?.token.id ?? "")).toBe(1);
    const res = await h.call("/auth", { token });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: "Unauthenticated." });
    expect(res.headers.get("www-authenticate")).toBe("Bearer");
  });
});

describe("the contract bounds every answer", () => {
  it("an id outside the contract answers exactly like an unknown id", async () => {
    for (const [outside, unknown] of [
      [`/properties/${lyon.property.id}`, `/properties/${randomUUID()}`],
      [`/properties/${lyon.property.id}/classifieds`, `/properties/${randomUUID()}/classifieds`],
      [`/classifieds/${first(lyon.classifieds).id}`, `/classifieds/${randomUUID()}`],
      [`/classifieds/${first(lyon.classifieds).id}/property`, `/classifieds/${randomUUID()}/property`],
      [
        `/classifieds/lookup?url=${encodeURIComponent(first(lyon.classifieds).sourceUrl)}`,
        `/classifieds/lookup?url=${encodeURIComponent("https://www.seloger.com/annonces/none.htm")}`,
      ],
      [
        `/properties/lookup?url=${encodeURIComponent(first(lyon.classifieds).sourceUrl)}`,
        `/properties/lookup?url=${encodeURIComponent("https://www.seloger.com/annonces/none.htm")}`,
      ],
    ] as const) {
      const a = await h.call(outside, { token: parisOnly });
      const b = await h.call(unknown, { token: parisOnly });
      expect(a.status).toBe(404);
      expect(b.status).toBe(404);
      expect(a.body).toEqual(b.body);
      expect(Object.keys(a.json)).toEqual(["message"]);
    }
  });

  it("search shows only properties inside the contract", async () => {
    const res = await h.call("/properties/search", { token: parisOnly, body: SEARCH });
    const ids = (res.json["items"] as { id: string }[]).map((item) => item.id).sort(); // shape validated above
    expect(ids).toEqual([paris.property.id, mixed.property.id].sort());
    expect(res.json["meta"]).toMatchObject({ total: 2 });
    const lyonOnly = await h.call("/properties/search", { token: parisOnly, body: { ...SEARCH, locationDepartments: ["69"] } });
    expect(lyonOnly.json["items"]).toEqual([]);
    expect(lyonOnly.json["meta"]).toMatchObject({ total: 0, totalPages: 0, nextPage: null });
  });

  it("embedded lists never show a classified of a publisher outside the contract", async () => {
    const inContract = mixed.classifieds[1]!; // created with two classifieds
    const outside = mixed.classifieds[0]!;
    const property = await h.call(`/properties/${mixed.property.id}`, { token: sirenA });
    const shown = property.json["property"] as { classifieds: { id: string }[]; description: string; media: { images: { url: string }[] } };
    expect(shown.classifieds.map((c) => c.id)).toEqual([inContract.id]);
    // The lead classified is outside the contract: the property shows the visible one's text and images.
    expect(shown.description).toBe("In contract text.");
    expect(shown.media.images.map((i) => i.url).every((url) => url.includes(inContract.id))).toBe(true);
    const list = await h.call(`/properties/${mixed.property.id}/classifieds`, { token: sirenA });
    expect((list.json["classifieds"] as { id: string }[]).map((c) => c.id)).toEqual([inContract.id]);
    const viaClassified = await h.call(`/classifieds/${inContract.id}/property`, { token: sirenA });
    expect((viaClassified.json["property"] as { classifieds: { id: string }[] }).classifieds.map((c) => c.id)).toEqual([inContract.id]);
    expect((await h.call(`/classifieds/${outside.id}`, { token: sirenA })).status).toBe(404);
    const search = await h.call("/properties/search", { token: sirenA, body: SEARCH });
    const embedded = (search.json["items"] as { classifieds: { id: string }[] }[]).flatMap((item) => item.classifieds.map((c) => c.id));
    expect(embedded).not.toContain(outside.id);
    expect(embedded).not.toContain(paris.classifieds[1]!.id); // SIREN_B in the first Paris listing
    expect(embedded).toContain(inContract.id);
  });
});

import { readFileSync } from "node:fs";
import { validate } from "@readme/openapi-parser";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "../../src/config/env.js";
import { classifieds } from "../../src/db/schema/index.js";
import { Authenticator } from "../../src/modules/auth/auth.service.js";
import { buildApp } from "../../src/transports/http.js";
import { PLACES, classifiedValues, createListing, type Listing } from "../factories/listings.js";
import { EVERYWHERE, createBearer } from "../factories/viewers.js";
import * as published from "../support/published-v1-schemas.js";
import { awaitWindowRoom } from "../support/rate-limit-window.js";
import { startV1Harness, type V1Harness } from "./rest-v1-harness.js";

const SEARCH = { transactionType: "sale", propertyTypes: ["apartment"], page: 1 };

let h: V1Harness;
let token: string;
let listing: Listing;

beforeAll(async () => {
  h = await startV1Harness();
  listing = await createListing(h.database.db, { place: PLACES[0] });
  token = await createBearer(h.database.db, EVERYWHERE, "enterprise500");
}, 120_000);

afterAll(async () => {
  await h?.close();
});

/** A 422 in the published shape; returns its `errors`. */
function expect422(res: { status: number; json: Record<string, unknown>; body: unknown }): Record<string, string[]> {
  expect(res.status).toBe(422);
  expect(Object.keys(res.json).sort()).toEqual(["errors", "message"]);
  expect(typeof res.json["message"]).toBe("string");
  expect(published.ValidationError.safeParse(res.body).error).toBeUndefined();
  return res.json["errors"] as Record<string, string[]>; // validated by the published schema just above
}

describe("422 validation errors", () => {
  it("a malformed id, on every path that takes one", async () => {
    for (const path of ["/classifieds/not-a-uuid", "/classifieds/123/property", "/properties/x", "/properties/zz/classifieds"]) {
      const errors = expect422(await h.call(path, { token }));
      expect(Object.keys(errors)).toEqual(["id"]);
    }
  });

  it("a missing url, or one outside 3..2048 characters, on both lookups", async () => {
    for (const lookup of ["/classifieds/lookup", "/properties/lookup"]) {
      expect(expect422(await h.call(lookup, { token }))).toEqual({ url: ["is required"] });
      expect(Object.keys(expect422(await h.call(`${lookup}?url=ab`, { token })))).toEqual(["url"]);
      const long = `https://www.seloger.com/${"a".repeat(2030)}`;
      expect(long.length).toBe(2054);
      expect(Object.keys(expect422(await h.call(`${lookup}?url=${encodeURIComponent(long)}`, { token })))).toEqual(["url"]);
    }
  });

  it("`lookup` is a fixed path, never taken for an id", async () => {
    const res = await h.call("/classifieds/lookup", { token });
    expect(expect422(res)).not.toHaveProperty("id");
  });

  it.each([
    ["an unknown field", { ...SEARCH, colour: "blue" }, "colour"],
    ["a wrong type", { ...SEARCH, page: "2" }, "page"],
    ["page 0", { ...SEARCH, page: 0 }, "page"],
    ["page 501", { ...SEARCH, page: 501 }, "page"],
    ["a fractional page", { ...SEARCH, page: 1.5 }, "page"],
    ["a radius under 10 m", { ...SEARCH, locationGeoCircle: { center: { lat: 48.85, lng: 2.35 }, radiusMeters: 5 } }, "locationGeoCircle.radiusMeters"],
    ["a radius over 50 km", { ...SEARCH, locationGeoCircle: { center: { lat: 48.85, lng: 2.35 }, radiusMeters: 50_001 } }, "locationGeoCircle.radiusMeters"],
    ["empty propertyTypes", { ...SEARCH, propertyTypes: [] }, "propertyTypes"],
    ["an unknown property type", { ...SEARCH, propertyTypes: ["castle"] }, "propertyTypes.0"],
    ["a missing transactionType", { propertyTypes: ["apartment"], page: 1 }, "transactionType"],
    ["an unknown sort", { ...SEARCH, sortBy: "area" }, "sortBy"],
    ["an upper-case energy label", { ...SEARCH, energyDpeLabels: ["A"] }, "energyDpeLabels.0"],
    ["a search query over 400 characters", { ...SEARCH, searchQuery: "a".repeat(401) }, "searchQuery"],
    ["a threshold over 1", { ...SEARCH, searchThreshold: 1.5 }, "searchThreshold"],
    ["a minimum above the maximum", { ...SEARCH, transactionPriceMin: 10, transactionPriceMax: 5 }, "transactionPriceMax"],
    [
      "an unknown field in a nested object",
      { ...SEARCH, locationGeoBbox: { sw: { lat: 1, lng: 1 }, ne: { lat: 2, lng: 2, alt: 3 } } },
      "locationGeoBbox.ne.alt",
    ],
    ["a body that is no object", [1, 2], "body"],
    ["department 20 (Corsica is 2A and 2B)", { ...SEARCH, locationDepartments: ["75", "20"] }, "locationDepartments.1"],
    ["department 99", { ...SEARCH, locationDepartments: ["99"] }, "locationDepartments.0"],
  ])("search: %s", async (_name, body, field) => {
    const errors = expect422(await h.call("/properties/search", { token, body }));
    expect(Object.keys(errors)).toContain(field);
  });

  it("search: department codes are read as `listings token create` reads them (1 is 01, 2a is 2A)", async () => {
    const res = await h.call("/properties/search", { token, body: { ...SEARCH, locationDepartments: ["1", "2a"] } });
    expect(res.status).toBe(200);
  });

  it("search: a page beyond what the plan reaches", async () => {
    const free = await createBearer(h.database.db, EVERYWHERE, "free");
    const errors = expect422(await h.call("/properties/search", { token: free, body: { ...SEARCH, page: 51 } }));
    expect(errors["page"]?.[0]).toMatch(/at most 50/);
    expect((await h.call("/properties/search", { token: free, body: { ...SEARCH, page: 50 } })).status).toBe(200);
  });

  it("search: malformed JSON is a 400 with a message, not a 500", async () => {
    const res = await h.call("/properties/search", { token, body: "{not json" });
    expect(res.status).toBe(400);
    expect(Object.keys(res.json)).toEqual(["message"]);
  });
});

describe("404 and 405", () => {
  it("unknown paths under /public/v1 answer 404 with a message", async () => {
    for (const path of ["/nope", "/classifieds", "/properties/search/extra", "/auth/extra"]) {
      const res = await h.call(path, { token });
      expect(res.status).toBe(404);
      expect(Object.keys(res.json)).toEqual(["message"]);
    }
  });

  it("a path shaped like /classifieds/{id}/property with a non-UUID id is a 422 on the id", async () => {
    expect(Object.keys(expect422(await h.call("/classifieds/lookup/property", { token })))).toEqual(["id"]);
  });

  it.each([
    ["DELETE", "/properties/{id}", "GET, HEAD"],
    ["PUT", "/classifieds/{id}", "GET, HEAD"],
    ["POST", "/classifieds/lookup", "GET, HEAD"],
    ["POST", "/auth", "GET, HEAD"],
    ["GET", "/properties/search", "POST"],
    ["PATCH", "/properties/{id}/classifieds", "GET, HEAD"],
    ["PUT", "/webhooks", "POST, GET, HEAD"],
    ["POST", "/webhooks/{id}", "GET, HEAD, PATCH, DELETE"],
    ["GET", "/webhooks/{id}/replay", "POST"],
  ])("%s %s is 405 with Allow: %s", async (method, template, allow) => {
    const path = template.replace("{id}", listing.property.id);
    const res = await h.call(path, { token, method });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe(allow);
    expect(res.json).toEqual({ message: "Method not allowed." });
  });
});

describe("500", () => {
  it("answers the published body with a request id that matches the log line", async () => {
    // A corrupted row (a status no v1 client knows) makes the representation fail loudly.
    const [row] = await h.database.db
      .insert(classifieds)
      .values(classifiedValues(listing.property.id, PLACES[0]!, { status: "archived" })) // PLACES is non-empty
      .returning();
    const res = await h.call(`/classifieds/${row?.id}`, { token });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ message: "Server error." });
    const requestId = res.headers.get("x-request-id");
    expect(requestId).toBeTruthy();
    const line = h.logs.find((entry) => entry["reqId"] === requestId && entry["level"] === 50);
    expect(line?.["msg"]).toBe("request failed");
    expect(JSON.stringify(res.body)).not.toMatch(/archived|stack|select/i);
  });
});

describe("429", () => {
  it("the shared limiter refuses past the plan's allowance with the rate-limit headers", async () => {
    const free = await createBearer(h.database.db, EVERYWHERE, "free");
    await awaitWindowRoom(20);
    let last = await h.call("/auth", { token: free });
    expect(last.headers.get("ratelimit-limit")).toBe("60");
    expect(last.headers.get("ratelimit-remaining")).toBe("59");
    for (let i = 1; i < 60; i += 1) last = await h.call("/auth", { token: free });
    expect(last.status).toBe(200);
    const refused = await h.call(`/properties/${listing.property.id}`, { token: free });
    expect(refused.status).toBe(429);
    expect(Object.keys(refused.json)).toEqual(["message"]);
    expect(refused.headers.get("ratelimit-policy")).toBe("60;w=60");
    expect(refused.headers.get("ratelimit-limit")).toBe("60");
    expect(refused.headers.get("ratelimit-remaining")).toBe("0");
    expect(Number(refused.headers.get("ratelimit-reset"))).toBeGreaterThan(0);
    expect(refused.headers.get("retry-after")).toBe(refused.headers.get("ratelimit-reset"));
  }, 60_000);
});

describe("OpenAPI document and docs page", () => {
  type Operation = { tags?: string[]; security?: unknown; responses: Record<string, unknown>; requestBody?: unknown };
  type Document = {
    openapi: string;
    paths: Record<string, Record<string, Operation>>;
    webhooks: Record<string, { post: Operation & { parameters: { name: string; in: string }[] } }>;
  };
  const operationsOf = (document: Document) =>
    Object.entries(document.paths).flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`));

  it("serves a valid OpenAPI 3.1 document with every operation, identical to the committed copy", async () => {
    const res = await fetch(`${h.base}/public/v1/openapi.json`);
    expect(res.status).toBe(200);
    const raw: unknown = await res.json();
    const document = raw as Document; // checked below
    expect(document.openapi).toBe("3.1.0");
    expect(operationsOf(document).sort()).toEqual(
      [
        "GET /auth",
        "GET /classifieds/{id}",
        "GET /classifieds/lookup",
        "GET /classifieds/{id}/property",
        "GET /properties/{id}",
        "GET /properties/{id}/classifieds",
        "GET /properties/lookup",
        "POST /properties/search",
        "POST /webhooks",
        "GET /webhooks",
        "GET /webhooks/{id}",
        "PATCH /webhooks/{id}",
        "DELETE /webhooks/{id}",
        "GET /webhooks/{id}/deliveries",
        "GET /webhooks/{id}/exports",
        "POST /webhooks/{id}/replay",
        "POST /webhooks/{id}/test",
        "POST /webhooks/{id}/rotate-secret",
      ].sort(),
    );
    // The parser's document type is a union of OpenAPI versions; the JSON was just fetched and is checked here.
    const result = await validate(structuredClone(raw) as Parameters<typeof validate>[0]);
    expect(result.valid ? [] : result.errors).toEqual([]);
    const committed: unknown = JSON.parse(readFileSync(new URL("../../schema/openapi.v1.json", import.meta.url), "utf8"));
    expect(document).toEqual(committed);
  });

  it("documents every route served under /public/v1 (webhook management included)", async () => {
    // A second app on the same database, built as `listings serve` builds it, records the routes it registers.
    const app = buildApp({
      database: h.database,
      authenticator: new Authenticator(h.database.db),
      env: parseEnv({ NODE_ENV: "test" }),
      logger: pino({ level: "silent" }),
    });
    const served = new Set<string>();
    app.addHook("onRoute", (route) => {
      // Arrays of methods are the 405 answers on known paths; HEAD routes mirror the GET ones.
      if (typeof route.method !== "string" || route.method === "HEAD" || !route.url.startsWith("/public/v1/")) return;
      const path = route.url
        .slice("/public/v1".length)
        .replace(/\/$/, "")
        .replace(/:(\w+)/g, "{$1}");
      if (path !== "/openapi.json") served.add(`${route.method} ${path}`);
    });
    await app.ready();
    await app.close();
    const document = (await (await fetch(`${h.base}/public/v1/openapi.json`)).json()) as Document; // checked above
    expect([...served].sort()).toEqual(operationsOf(document).sort());
  });

  it("documents webhook management with the bearer scheme, the webhooks tag and its error answers", async () => {
    const document = (await (await fetch(`${h.base}/public/v1/openapi.json`)).json()) as Document; // checked above
    const webhookOperations = Object.entries(document.paths).filter(([path]) => path.startsWith("/webhooks"));
    expect(webhookOperations.length).toBe(7);
    for (const [path, methods] of webhookOperations) {
      for (const [method, operation] of Object.entries(methods)) {
        const name = `${method} ${path}`;
        expect(operation.tags, name).toEqual(["webhooks"]);
        expect(operation.security, name).toEqual([{ bearerAuth: ["webhooks"] }]);
        expect(Object.keys(operation.responses), name).toEqual(expect.arrayContaining(["401", "403", "429"]));
        if (path.includes("{id}")) expect(Object.keys(operation.responses), name).toContain("404");
        if (operation.requestBody) expect(Object.keys(operation.responses), name).toContain("422");
      }
    }
    expect(Object.keys(document.paths["/webhooks"]?.["post"]?.responses ?? {})).toContain("201");
    expect(Object.keys(document.paths["/webhooks/{id}"]?.["delete"]?.responses ?? {})).toContain("204");
    expect(Object.keys(document.paths["/webhooks/{id}/replay"]?.["post"]?.responses ?? {})).toContain("202");

    expect(Object.keys(document.webhooks).sort()).toEqual(["classified-notification", "classifieds-export", "property-notification"]);
    for (const [kind, { post }] of Object.entries(document.webhooks)) {
      const headers = post.parameters.filter((p) => p.in === "header").map((p) => p.name);
      expect(headers, kind).toEqual(expect.arrayContaining(["webhook-id", "webhook-timestamp", "webhook-signature"]));
      expect(post.requestBody, kind).toBeDefined();
    }
  });

  it("lists the read endpoints first (account, classifieds, properties), webhook management last", async () => {
    const document = (await h.call("/openapi.json")).json as { tags: Array<{ name: string }>; paths: Record<string, Record<string, { tags?: string[] }>> };
    expect(document.tags.map((tag) => tag.name)).toEqual(["account", "classifieds", "properties", "webhooks"]);
    expect(document.paths["/properties/search"]?.["post"]?.tags).toEqual(["properties"]);
    expect(document.paths["/classifieds/lookup"]?.["get"]?.tags).toEqual(["classifieds"]);
  });

  it("turns off the docs page's buttons that need the hosted service (Ask AI, developer tools, MCP)", async () => {
    const html = await (await fetch(`${h.base}/docs/`)).text();
    expect(html).toMatch(/"showDeveloperTools":\s*"never"/);
    expect(html).toMatch(/"agent":\s*\{\s*"disabled":\s*true\s*\}/);
    // The page's script offers no MCP button at all (a later version that does needs it turned off here).
    const script = html.match(/<script[^>]*src="([^"]+)"/)?.[1] ?? "";
    const bundle = await (await fetch(new URL(script, `${h.base}/docs/`))).text();
    expect(bundle.length).toBeGreaterThan(100_000);
    expect(bundle).not.toMatch(/Generate MCP/);
  });

  it("renders /docs from this process only: no script, style or font from another host", async () => {
    const page = await fetch(`${h.base}/docs/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    const sources = [...html.matchAll(/<(?:script|link)[^>]*(?:src|href)="([^"]+)"/g)].map((m) => m[1] ?? "");
    expect(sources.length).toBeGreaterThan(0);
    for (const source of sources) expect(source).not.toMatch(/^(https?:)?\/\//);
    for (const source of sources) {
      const asset = await fetch(new URL(source, `${h.base}/docs/`));
      expect(asset.status).toBe(200);
      // Read to the end: a response left unread keeps its connection busy, and closing the server waits for it.
      await asset.arrayBuffer();
    }
    expect(html).not.toMatch(/fonts\.scalar\.com|cdn\.jsdelivr/);
  });
});

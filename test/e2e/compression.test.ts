import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createListing } from "../factories/listings.js";
import { EVERYWHERE, createBearer } from "../factories/viewers.js";
import { createTestDatabase, type TestDatabase } from "../support/database.js";
import { startGatewayApp, type GatewayApp } from "../support/gateway-app.js";

/**
 * How answers travel: compressed when the client accepts it (the GraphiQL page is about 9 MB of HTML and
 * scripts), otherwise as their UTF-8 bytes.
 */
describe("answers on the wire", () => {
  let database: TestDatabase;
  let gateway: GatewayApp;
  beforeAll(async () => {
    database = await createTestDatabase();
    gateway = await startGatewayApp(database, { WEBHOOK_DISPATCHER: "false" });
  }, 60_000);
  afterAll(async () => {
    await gateway?.close();
    await database?.close();
  });

  /** The raw bytes and headers, undecoded (fetch would decode them). */
  async function raw(path: string, headers: Record<string, string>) {
    const { request } = await import("node:http");
    return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
      const req = request(`${gateway.base}${path}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on("error", reject);
      req.end();
    });
  }

  it("sends the GraphiQL page with Brotli or gzip as asked, the same page either way, and lets browsers cache it", async () => {
    const identity = await raw("/graphql", { accept: "text/html" });
    expect(identity.headers["content-encoding"]).toBeUndefined();
    expect(identity.body.length).toBeGreaterThan(1_000_000);
    const br = await raw("/graphql", { accept: "text/html", "accept-encoding": "br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.body.length).toBeLessThan(identity.body.length / 3);
    expect(brotliDecompressSync(br.body).equals(identity.body)).toBe(true);
    const gzip = await raw("/graphql", { accept: "text/html", "accept-encoding": "gzip, deflate" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.body).equals(identity.body)).toBe(true);
    expect(identity.headers["cache-control"]).toMatch(/max-age=\d+/);
    const again = await raw("/graphql", { accept: "text/html", "if-none-match": String(identity.headers["etag"]) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  }, 60_000);

  it("compresses large JSON answers too, not small ones", async () => {
    const document = await raw("/public/v1/openapi.json", { "accept-encoding": "gzip" });
    expect(document.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(document.body).toString("utf8"))).toHaveProperty("openapi");
    const small = await raw("/healthz", { "accept-encoding": "gzip" });
    expect(small.headers["content-encoding"]).toBeUndefined();
  });

  it("sends a large answer in French as exactly its UTF-8 bytes, its length counted in bytes", async () => {
    // Outside Latin-1 (œ, €, ’), a text answer is two-byte text in Node: its byte length is not its length.
    const description = "Au cœur du quartier, l’appartement à 450 000 € : séjour, cuisine équipée. ".repeat(800);
    const { classifieds } = await createListing(database.db, { classifieds: [{ description }] });
    const token = await createBearer(database.db, EVERYWHERE);
    const answer = await raw(`/public/v1/classifieds/${classifieds[0]?.id}`, { authorization: `Bearer ${token}` });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBeUndefined();
    expect(Number(answer.headers["content-length"])).toBe(answer.body.length);
    expect(answer.headers["content-type"]).toBe("application/json; charset=utf-8");
    const text = answer.body.toString("utf8");
    expect(text.length).toBeLessThan(answer.body.length);
    expect(JSON.parse(text)).toMatchObject({ classified: { description } });
  });
});

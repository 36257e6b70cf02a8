import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLACES, createListing } from "../factories/listings.js";
import { EVERYWHERE, createBearer } from "../factories/viewers.js";
import * as published from "../support/published-v1-schemas.js";
import { startV1Harness, type V1Harness } from "./rest-v1-harness.js";

let h: V1Harness;
let token: string;

beforeAll(async () => {
  h = await startV1Harness();
  token = await createBearer(h.database.db, EVERYWHERE, "enterprise500");
}, 120_000);

afterAll(async () => {
  await h?.close();
});

describe("a removed classified", () => {
  it("GET /classifieds/{id} shows when it was removed (meta.removedAt), as the published Classified does", async () => {
    const removedAt = new Date("2026-11-21T10:00:00Z");
    const gone = await createListing(h.database.db, { place: PLACES[0], classifieds: [{ status: "removed", removedAt }] });
    const live = await createListing(h.database.db, { place: PLACES[0] });
    const res = await h.call(`/classifieds/${gone.classifieds[0]?.id}`, { token });
    expect(res.status).toBe(200);
    expect((res.json["classified"] as { meta: Record<string, unknown> }).meta["removedAt"]).toBe(removedAt.toISOString());
    expect(published.ClassifiedsShow200Response.safeParse(res.body).error).toBeUndefined();
    const published2 = await h.call(`/classifieds/${live.classifieds[0]?.id}`, { token });
    expect((published2.json["classified"] as { meta: Record<string, unknown> }).meta["removedAt"]).toBeNull();
    expect(published.ClassifiedsShow200Response.safeParse(published2.body).error).toBeUndefined();
  });
});

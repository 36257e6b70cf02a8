import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Contract } from "../../src/domain/contract.js";
import {
  findClassifiedByUrl,
  getClassified,
  listClassifiedImages,
  listClassifiedPriceHistory,
  listClassifiedsOfProperty,
  readAheadClassifiedsOf,
} from "../../src/modules/classifieds/classifieds.service.js";
import { findPropertyByUrl, getProperties, getProperty, listPropertyImages, propertyDescriptionOf } from "../../src/modules/properties/properties.service.js";
import { createRequestContext, type RequestContext } from "../../src/modules/request-context.js";
import { PLACES, createListing, type Listing } from "../factories/listings.js";
import { EVERYWHERE, contractOf, viewerWith } from "../factories/viewers.js";
import { createTestDatabase, type TestDatabase } from "../support/database.js";
import { countStatements } from "../support/statement-counter.js";

const silent = { debug() {}, info() {}, warn() {}, error() {} };

describe("read path: services and loaders", () => {
  let database: TestDatabase;
  let paris: Listing;
  let lyon: Listing;
  const context = (contract: Contract): RequestContext =>
    createRequestContext({ db: database.db, primaryDb: database.db, viewer: viewerWith(contract), requestId: "test", logger: silent });

  beforeAll(async () => {
    database = await createTestDatabase();
    paris = await createListing(database.db, {
      place: PLACES[0],
      classifieds: [
        { publisherSiren: "111111111", publisherSiret: "11111111100011", description: "lead text" },
        { publisherSiren: "222222222", publisherSiret: "22222222200022", description: "second text" },
      ],
      images: 3,
      history: [500_000, 480_000, 470_000],
    });
    lyon = await createListing(database.db, { place: PLACES[1] });
  });
  afterAll(async () => {
    await database.close();
  });

  it("loads classifieds and properties by id within an all-departments contract", async () => {
    const ctx = context(EVERYWHERE);
    const classified = await getClassified(ctx, paris.classifieds[1]!.id);
    expect(classified?.description).toBe("second text");
    expect((await getProperty(ctx, lyon.property.id))?.id).toBe(lyon.property.id);
    expect((await listClassifiedsOfProperty(ctx, paris.property.id)).map((c) => c.id)).toEqual(paris.classifieds.map((c) => c.id));
    expect((await getProperties(ctx, [lyon.property.id, paris.property.id])).map((p) => p.id)).toEqual([lyon.property.id, paris.property.id]);
  });

  it("reads a property's visible classifieds with it when asked to, and reveals nothing more that way", async () => {
    const counter = countStatements(database.db);
    try {
      const ctx = context(EVERYWHERE);
      expect((await getProperty(ctx, paris.property.id, { withClassifieds: true }))?.id).toBe(paris.property.id);
      expect(counter.statements()).toHaveLength(2);
      // Both were read at once: listing the classifieds now costs no statement.
      expect(await listClassifiedsOfProperty(ctx, paris.property.id)).toHaveLength(2);
      expect(counter.statements()).toHaveLength(2);

      counter.reset();
      await getProperty(context(EVERYWHERE), lyon.property.id);
      expect(counter.statements()).toHaveLength(1);

      const outside = context(contractOf([lyon.property.department]));
      expect(await getProperty(outside, paris.property.id, { withClassifieds: true })).toBeNull();
      expect(await listClassifiedsOfProperty(outside, paris.property.id)).toEqual([]);
    } finally {
      counter.stop();
    }
  });

  it("reads the classifieds of several properties with their images and prices in one statement, within the contract", async () => {
    const bare = await createListing(database.db, { place: PLACES[1], classifieds: [{}], images: 0 });
    const properties = [paris.property.id, lyon.property.id, bare.property.id];
    const counter = countStatements(database.db);
    const everything = async (ctx: RequestContext) =>
      Promise.all(
        properties.map(async (id) =>
          Promise.all(
            (await listClassifiedsOfProperty(ctx, id)).map(async (c) => ({
              classified: c,
              images: await listClassifiedImages(ctx, c.id),
              history: await listClassifiedPriceHistory(ctx, c.id),
            })),
          ),
        ),
      );
    try {
      const ctx = context(EVERYWHERE);
      await readAheadClassifiedsOf(ctx, properties, { images: true, priceHistory: true });
      expect(counter.statements()).toHaveLength(1);
      const readAhead = await everything(ctx);
      // Every classified's images and prices came with them, empty lists too: no statement more.
      expect(counter.statements()).toHaveLength(1);
      // The same values, to the millisecond and the hash, as each loader reads on its own.
      expect(readAhead).toEqual(await everything(context(EVERYWHERE)));
      expect(readAhead[2]).toEqual([{ classified: expect.objectContaining({ id: bare.classifieds[0]!.id }), images: [], history: expect.any(Array) }]);
      expect(readAhead[0]?.[0]?.images).toHaveLength(3);
      expect(readAhead[0]?.[0]?.history.map((h) => h.value)).toEqual([500_000, 480_000, 470_000]);

      // Asked for prices only, the images are left to their loader.
      counter.reset();
      const pricesOnly = context(EVERYWHERE);
      await readAheadClassifiedsOf(pricesOnly, properties, { priceHistory: true });
      expect(counter.statements()).toHaveLength(1);
      expect(await everything(pricesOnly)).toEqual(readAhead);
      expect(counter.statements()).toHaveLength(2);

      // Under a SIREN contract only the lead of the Paris property is visible: nothing of the other is read.
      counter.reset();
      const narrow = context(contractOf([paris.property.department], { sirens: ["111111111"] }));
      await readAheadClassifiedsOf(narrow, properties, { images: true, priceHistory: true });
      expect(counter.statements()).toHaveLength(1);
      expect(await everything(narrow)).toEqual([[readAhead[0]?.[0]], [], []]);
      expect(await listClassifiedImages(narrow, paris.classifieds[1]!.id)).toEqual([]);
    } finally {
      counter.stop();
    }
  });

  it("answers absent for unknown and malformed ids", async () => {
    const ctx = context(EVERYWHERE);
    expect(await getClassified(ctx, "00000000-0000-4000-8000-000000000000")).toBeNull();
    expect(await getClassified(ctx, "not-a-uuid")).toBeNull();
    expect(await getProperty(ctx, "'; drop table properties; --")).toBeNull();
    expect(await listClassifiedsOfProperty(ctx, "nope")).toEqual([]);
  });

  it("returns images by position and price history oldest first", async () => {
    const ctx = context(EVERYWHERE);
    const lead = paris.classifieds[0]!;
    expect((await listClassifiedImages(ctx, lead.id)).map((i) => i.position)).toEqual([0, 1, 2]);
    expect((await listClassifiedPriceHistory(ctx, lead.id)).map((h) => h.value)).toEqual([500_000, 480_000, 470_000]);
    expect((await listPropertyImages(ctx, paris.property)).map((i) => i.classifiedId)).toEqual([lead.id, lead.id, lead.id]);
  });

  it("finds by URL whatever the spelling, the property through its classified", async () => {
    const ctx = context(EVERYWHERE);
    const url = paris.classifieds[0]!.sourceUrl.replace(/^https:\/\/www\./, "");
    expect((await findClassifiedByUrl(ctx, `${url}?utm_source=news#photos`))?.id).toBe(paris.classifieds[0]!.id);
    expect((await findPropertyByUrl(ctx, `http://${url}`))?.id).toBe(paris.property.id);
    expect(await findClassifiedByUrl(ctx, "https://www.seloger.com/annonces/unknown.htm")).toBeNull();
    expect(await findClassifiedByUrl(ctx, "not a url")).toBeNull();
  });

  it("hides everything outside a department contract exactly like a missing object", async () => {
    const ctx = context(contractOf(["69"]));
    expect(await getProperty(ctx, paris.property.id)).toBeNull();
    expect(await getClassified(ctx, paris.classifieds[0]!.id)).toBeNull();
    expect(await listClassifiedsOfProperty(ctx, paris.property.id)).toEqual([]);
    expect(await listClassifiedImages(ctx, paris.classifieds[0]!.id)).toEqual([]);
    expect(await listClassifiedPriceHistory(ctx, paris.classifieds[0]!.id)).toEqual([]);
    expect(await findClassifiedByUrl(ctx, paris.classifieds[0]!.sourceUrl)).toBeNull();
    expect(await findPropertyByUrl(ctx, paris.classifieds[0]!.sourceUrl)).toBeNull();
    expect((await getProperty(ctx, lyon.property.id))?.id).toBe(lyon.property.id);
  });

  it("shows a property through its visible classifieds only under a SIREN contract", async () => {
    const ctx = context(contractOf(["75"], { sirens: ["222222222"] }));
    const property = await getProperty(ctx, paris.property.id);
    expect(property?.id).toBe(paris.property.id);
    expect((await listClassifiedsOfProperty(ctx, paris.property.id)).map((c) => c.id)).toEqual([paris.classifieds[1]!.id]);
    expect(await getClassified(ctx, paris.classifieds[0]!.id)).toBeNull();
    // The lead belongs to another publisher: the property shows the visible classified's text and images.
    expect(await propertyDescriptionOf(ctx, paris.property)).toBe("second text");
    const images = await listPropertyImages(ctx, paris.property);
    expect(images.length).toBe(3);
    expect(images.every((image) => image.classifiedId === paris.classifieds[1]!.id)).toBe(true);
    expect(await findPropertyByUrl(ctx, paris.classifieds[0]!.sourceUrl)).toBeNull();
    expect((await findPropertyByUrl(ctx, paris.classifieds[1]!.sourceUrl))?.id).toBe(paris.property.id);
  });

  it("matches a SIRET contract on the publisher's SIRET", async () => {
    const ctx = context(contractOf(["75"], { sirets: ["11111111100011"] }));
    expect((await listClassifiedsOfProperty(ctx, paris.property.id)).map((c) => c.id)).toEqual([paris.classifieds[0]!.id]);
    expect(await propertyDescriptionOf(ctx, paris.property)).toBe(paris.property.description);
  });

  it("builds loaders per request: a context never serves another contract's rows", async () => {
    const wide = context(EVERYWHERE);
    const narrow = context(contractOf(["69"]));
    expect(await getClassified(wide, paris.classifieds[0]!.id)).not.toBeNull();
    expect(await getClassified(narrow, paris.classifieds[0]!.id)).toBeNull();
    expect(wide.loaders).not.toBe(narrow.loaders);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ClassifiedRow, PropertyRow } from "../../src/db/schema/index.js";
import {
  AuthDocument,
  ClassifiedByIdDocument,
  ClassifiedByUrlDocument,
  PropertyByIdDocument,
  PropertyByUrlDocument,
  SearchPropertiesDocument,
} from "../../src/transports/graphql/generated/graphql.js";
import { PLACES, createListing, type Listing } from "../factories/listings.js";
import { EVERYWHERE, contractOf, createBearer } from "../factories/viewers.js";
import { createTestDatabase, type TestDatabase } from "../support/database.js";
import { runOperation, startGraphqlServer, type GraphqlServer } from "../support/graphql-server.js";

/** What the API must show of a classified row: every field of the `Classified` type. */
function expectedClassified(row: ClassifiedRow, images: Listing["images"], history: Listing["history"]) {
  const iso = (date: Date | null) => date?.toISOString() ?? null;
  return {
    id: row.id,
    propertyId: row.propertyId,
    status: { current: row.status },
    currency: "euro",
    squareUnit: "squareMeter",
    title: row.title,
    description: row.description,
    publishedAt: iso(row.publishedAt),
    source: { domain: row.sourceDomain, url: row.sourceUrl },
    publisher: {
      isProfessional: row.publisherIsProfessional,
      type: row.publisherType,
      name: row.publisherName,
      email: row.publisherEmail,
      phone: row.publisherPhone,
      feesUrl: row.publisherFeesUrl,
      siren: row.publisherSiren,
      siret: row.publisherSiret,
    },
    contact: {
      name: row.contactName,
      email: row.contactEmail,
      phone: row.contactPhone,
      phoneExists: true,
      isRefusingSolicitation: row.contactIsRefusingSolicitation,
    },
    meta: { firstSeenAt: iso(row.firstSeenAt), lastModifiedAt: iso(row.lastModifiedAt), lastSeenAt: iso(row.lastSeenAt), removedAt: null },
    location: {
      city: { name: row.cityName, inseeCode: row.inseeCode },
      postcode: row.postcode,
      department: row.department,
      country: "france",
      latitude: row.latitude,
      longitude: row.longitude,
    },
    attributes: {
      type: row.propertyType,
      area: row.area,
      landArea: null,
      livingRoomArea: row.livingRoomArea,
      balconyArea: row.balconyArea,
      roomCount: row.roomCount,
      bedroomCount: row.bedroomCount,
      bathroomCount: row.bathroomCount,
      floor: row.floor,
      floorCount: row.floorCount,
      constructionYear: row.constructionYear,
      renovationYear: row.renovationYear,
      orientation: row.orientation,
      balconyExists: row.balconyExists,
      cellarExists: row.cellarExists,
      elevatorExists: row.elevatorExists,
      isDualAspect: row.isDualAspect,
      propertyIsProgram: row.propertyIsProgram,
    },
    energy: {
      dpe: { label: row.dpeLabel, value: row.dpeValue, date: iso(row.dpeDate) },
      ges: { label: row.gesLabel, value: row.gesValue, date: iso(row.gesDate) },
      heating: { source: row.heatingSource, system: row.heatingSystem, type: row.heatingType },
    },
    transaction: {
      type: row.transactionType,
      isExclusiveMandate: row.isExclusiveMandate,
      price: {
        current: row.priceCurrent,
        initial: row.priceInitial,
        perSquareUnit: row.pricePerSquareMeter,
        history: history.filter((h) => h.classifiedId === row.id).map((h) => ({ id: h.id, value: h.value, timestamp: iso(h.observedAt) })),
      },
    },
    media: {
      images: images
        .filter((i) => i.classifiedId === row.id)
        .map((i) => ({
          id: i.id,
          position: i.position,
          url: i.url,
          perceptualHash: i.perceptualHash,
          differenceHash: i.differenceHash,
          averageHash: i.averageHash,
        })),
    },
  };
}

function expectedProperty(row: PropertyRow, lead: Listing["images"]) {
  return {
    id: row.id,
    status: { current: row.status },
    description: row.description,
    location: { city: { name: row.cityName, inseeCode: row.inseeCode }, postcode: row.postcode, department: row.department, country: "france" },
    meta: { firstSeenAt: row.firstSeenAt.toISOString(), lastSeenAt: row.lastSeenAt.toISOString(), lastModifiedAt: row.lastModifiedAt.toISOString() },
    attributes: { type: row.propertyType, area: row.area, roomCount: row.roomCount, bedroomCount: row.bedroomCount, isProgram: row.isProgram },
    energy: { dpe: { label: row.dpeLabel }, ges: { label: row.gesLabel } },
    transaction: {
      type: row.transactionType,
      price: {
        initial: row.priceInitial,
        current: row.priceCurrent,
        perSquareUnit: row.pricePerSquareMeter,
        changedAt: row.priceChangedAt?.toISOString() ?? null,
        history: row.priceHistory.map((p) => ({ value: p.value, timestamp: new Date(p.timestamp).toISOString() })),
      },
    },
    media: { images: lead.map((i) => ({ id: i.id, position: i.position, url: i.url })) },
  };
}

describe("GraphQL queries: every query and field", () => {
  let database: TestDatabase;
  let server: GraphqlServer;
  let token: string;
  let paris: Listing;
  let lyon: Listing;

  beforeAll(async () => {
    database = await createTestDatabase();
    server = await startGraphqlServer(database);
    token = await createBearer(database.db, EVERYWHERE, "enterprise500", "reader@example.fr");
    paris = await createListing(database.db, {
      place: PLACES[0],
      classifieds: [
        { sourceUrl: "https://www.seloger.com/annonces/achat/1.htm?ref=A1" },
        { sourceDomain: "pap.fr", sourceUrl: "https://www.pap.fr/annonce/2" },
      ],
      images: 2,
      history: [410_000, 399_000],
    });
    lyon = await createListing(database.db, {
      place: PLACES[1],
      property: { priceCurrent: 250_000, transactionType: "rent" },
      classifieds: [{ transactionType: "rent" }],
    });
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  it("auth: account, token and meta", async () => {
    const { status, body } = await runOperation(server.url, token, AuthDocument);
    expect(status).toBe(200);
    expect(body.data?.auth).toMatchObject({ email: "reader@example.fr", tokenName: "tests", scopes: ["read"], meta: { subscriptionPlan: "enterprise500" } });
    expect(body.data?.auth.meta.dataAccessLimit.departments).toContain("2A");
    expect(body.extensions?.["meta"]).toEqual(body.data?.auth.meta);
  });

  it("classified(id): every field, and its property", async () => {
    const row = paris.classifieds[1]!;
    const { body } = await runOperation(server.url, token, ClassifiedByIdDocument, { id: row.id });
    expect(body.errors).toBeUndefined();
    expect(body.data?.classified).toMatchObject(expectedClassified(row, paris.images, paris.history));
    expect(body.data?.classified?.property?.id).toBe(paris.property.id);
    expect(body.extensions?.["meta"]).toMatchObject({ subscriptionPlan: "enterprise500" });
  });

  it("property(id): every field, and its classifieds oldest first", async () => {
    const { body } = await runOperation(server.url, token, PropertyByIdDocument, { id: paris.property.id });
    expect(body.errors).toBeUndefined();
    const leadImages = paris.images.filter((i) => i.classifiedId === paris.classifieds[0]!.id);
    expect(body.data?.property).toMatchObject(expectedProperty(paris.property, leadImages));
    expect(body.data?.property?.classifieds).toMatchObject(paris.classifieds.map((c) => expectedClassified(c, paris.images, paris.history)));
  });

  it("classifiedByUrl and propertyByUrl: any spelling of the URL", async () => {
    const spelled = "seloger.com/annonces/achat/1.htm?utm_campaign=mail&ref=A1#photo";
    const byUrl = await runOperation(server.url, token, ClassifiedByUrlDocument, { url: spelled });
    expect(byUrl.body.data?.classifiedByUrl?.id).toBe(paris.classifieds[0]!.id);
    const property = await runOperation(server.url, token, PropertyByUrlDocument, { url: "http://pap.fr/annonce/2" });
    expect(property.body.data?.propertyByUrl?.id).toBe(paris.property.id);
    expect(property.body.data?.propertyByUrl?.classifieds.map((c) => c.id)).toEqual(paris.classifieds.map((c) => c.id));
    const none = await runOperation(server.url, token, ClassifiedByUrlDocument, { url: "https://www.seloger.com/nothing" });
    expect(none.body.data?.classifiedByUrl).toBeNull();
  });

  it("lookups answer null for unknown ids, and a clear error for malformed ones or bad URL lengths", async () => {
    const unknown = await runOperation(server.url, token, PropertyByIdDocument, { id: "6d1c8c5e-8a52-4c55-9d2a-8c7d0c9a1f00" });
    expect(unknown.body.data?.property).toBeNull();
    const malformed = await runOperation(server.url, token, ClassifiedByIdDocument, { id: "nope" });
    // application/json: a request error is a 200 whose body carries the error (GraphQL over HTTP).
    expect(malformed.status).toBe(200);
    expect(malformed.body.data).toBeUndefined();
    expect(malformed.body.errors?.[0]?.extensions?.["code"]).toBe("BAD_USER_INPUT");
    const short = await runOperation(server.url, token, ClassifiedByUrlDocument, { url: "ab" });
    expect(short.body.errors?.[0]).toMatchObject({ extensions: { code: "BAD_USER_INPUT" } });
  });

  it("properties: a Relay connection with filters, order, totalCount and cursors", async () => {
    const all = await runOperation(server.url, token, SearchPropertiesDocument, { first: 1, orderBy: { field: "price", direction: "asc" } });
    expect(all.body.errors).toBeUndefined();
    const first = all.body.data!.properties;
    expect(first.totalCount).toBe(2);
    expect(first.edges.map((e) => e.node.id)).toEqual([lyon.property.id]);
    expect(first.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    const next = await runOperation(server.url, token, SearchPropertiesDocument, {
      first: 1,
      after: first.pageInfo.endCursor,
      orderBy: { field: "price", direction: "asc" },
    });
    expect(next.body.data?.properties.edges.map((e) => e.node.id)).toEqual([paris.property.id]);
    expect(next.body.data?.properties.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
    expect(next.body.data?.properties.edges[0]?.node.classifieds).toHaveLength(2);

    const filtered = await runOperation(server.url, token, SearchPropertiesDocument, {
      filter: { departments: ["69"], transactionType: "rent", price: { max: 300_000 } },
    });
    expect(filtered.body.data?.properties.edges.map((e) => e.node.id)).toEqual([lyon.property.id]);
    expect(filtered.body.data?.properties.totalCount).toBe(1);
  });

  it("properties: rejects bad filters and cursors before searching", async () => {
    const badCircle = await runOperation(server.url, token, SearchPropertiesDocument, {
      filter: { circle: { center: { lat: 48.8, lng: 2.3 }, radiusMeters: 5 } },
    });
    expect(badCircle.body.errors?.[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT", fieldErrors: { "filter.circle.radiusMeters": expect.any(Array) } });
    const badCursor = await runOperation(server.url, token, SearchPropertiesDocument, { after: "not-a-cursor" });
    expect(badCursor.body.errors?.[0]?.extensions?.["code"]).toBe("BAD_USER_INPUT");
  });

  it("properties: a cursor belongs to its order, cannot be forged into SQL, and an earlier-form cursor still pages", async () => {
    const byPrice = { field: "price", direction: "asc" } as const;
    const first = await runOperation(server.url, token, SearchPropertiesDocument, { first: 1, orderBy: byPrice });
    const endCursor = first.body.data?.properties.pageInfo.endCursor ?? "";
    const otherOrder = await runOperation(server.url, token, SearchPropertiesDocument, {
      first: 1,
      after: endCursor,
      orderBy: { ...byPrice, direction: "desc" },
    });
    expect(otherOrder.body.errors?.[0]).toMatchObject({ message: "This cursor was made for another order.", extensions: { code: "BAD_USER_INPUT" } });

    const [position, by, order, , id] = JSON.parse(
      Buffer.from(endCursor, "base64url")
        .toString("utf8")
        .replace(/^after:/, ""),
    ) as unknown[];
    const forged = Buffer.from(`after:${JSON.stringify([position, by, order, "1 or true", id])}`).toString("base64url");
    const forgedPage = await runOperation(server.url, token, SearchPropertiesDocument, { first: 1, after: forged, orderBy: byPrice });
    expect(forgedPage.status).toBe(200);
    expect(forgedPage.body.errors?.[0]).toMatchObject({ message: "Invalid cursor.", extensions: { code: "BAD_USER_INPUT" } });

    const earlierForm = Buffer.from("position:0").toString("base64url");
    const next = await runOperation(server.url, token, SearchPropertiesDocument, { first: 1, after: earlierForm, orderBy: byPrice });
    expect(next.body.data?.properties.edges.map((e) => e.node.id)).toEqual([paris.property.id]);
  });

  it("a department contract sees only its own listings through every query", async () => {
    const lyonOnly = await createBearer(database.db, contractOf(["69"]), "starter30");
    const hidden = await runOperation(server.url, lyonOnly, PropertyByIdDocument, { id: paris.property.id });
    expect(hidden.body.data?.property).toBeNull();
    const list = await runOperation(server.url, lyonOnly, SearchPropertiesDocument, {});
    expect(list.body.data?.properties.totalCount).toBe(1);
    expect(list.body.extensions?.["meta"]).toEqual({ subscriptionPlan: "starter30", dataAccessLimit: { departments: ["69"], sirens: [], sirets: [] } });
  });
});

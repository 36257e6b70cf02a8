import { asc, eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { classifieds, events, properties, propertyRedirects } from "../../src/db/schema/index.js";
import { getProperty } from "../../src/modules/properties/properties.service.js";
import { createRequestContext } from "../../src/modules/request-context.js";
import { regroupStored } from "../../src/modules/ingest/regroup.service.js";
import { companyNumbersFor, imageHashFor, observation, revise, sameFlat } from "../factories/observations.js";
import { EVERYWHERE, viewerWith } from "../factories/viewers.js";
import { createTestDatabase, type TestDatabase } from "../support/database.js";
import { classifiedOf, eventsOf, ingest, propertyById } from "./ingest.helpers.js";

/**
 * Grouping as listings arrive and change: merges when a new copy links two properties, splits when a corrected
 * listing no longer fits, relocations, stable ids (an absorbed id leads to the survivor), the events of all of
 * it, and a grouping that does not depend on the order the lines arrive in.
 */

const silent = { debug() {}, info() {}, warn() {}, error() {} };
let listingNumber = 5_000_000;

const photos = (n: number, count = 3) =>
  Array.from({ length: count }, (_, index) => ({ url: `https://img.example.fr/${n}/${index}.jpg`, perceptualHash: imageHashFor(n, index) }));

/** A flat listed without the details that tell two flats apart (no floor, no energy figures). */
function vagueFlat(overrides: Record<string, unknown> = {}) {
  return observation({ property: { floor: null }, energy: { dpe: { label: "D", value: null }, ges: { label: "E", value: null } }, ...overrides });
}

/**
 * The same flat on pap.fr by its owner: other text, area measured differently, the living room not counted as
 * a room, a price well under the agency's (without its fees, and cut since), no amenities ticked, no exact position.
 */
function byOwner(original: Record<string, unknown>, overrides: Record<string, unknown> = {}) {
  return sameFlat(original, {
    source: { domain: "pap.fr", url: `https://www.pap.fr/annonces/appartement-paris-11e-r${(listingNumber += 1)}` },
    title: "Particulier vend 2 pièces calme",
    description: "Vends mon appartement, séjour lumineux, chambre sur cour, cuisine séparée, cave. Pas d'agence svp.",
    publisher: { isProfessional: false, type: undefined, name: undefined, email: undefined, phone: undefined, feesUrl: undefined, siret: undefined },
    property: { area: 44.5, roomCount: 3, balconyExists: undefined, terraceExists: undefined, parkingExists: undefined, elevatorExists: undefined },
    location: { latitude: null, longitude: null },
    transaction: { price: 590_000 },
    media: { images: photos((listingNumber += 1)) },
    ...overrides,
  });
}

describe("grouping: merges, splits, relocations and order", () => {
  // A database per test: the factories' flats all look alike (same area and price), and each test is about
  // the listings it makes.
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase();
  });
  afterEach(async () => {
    await database.close();
  });

  const context = () => createRequestContext({ db: database.db, primaryDb: database.db, viewer: viewerWith(EVERYWHERE), requestId: "test", logger: silent });

  it("merges two properties when a new copy links them; the older id survives and the absorbed one leads to it", async () => {
    const agency = vagueFlat({ observedAt: "2026-11-20T08:00:00Z" });
    const owner = byOwner(agency, { observedAt: "2026-11-20T09:00:00Z" });
    await ingest(database.db, [agency]);
    await ingest(database.db, [owner]);
    const first = await classifiedOf(database.db, agency);
    const second = await classifiedOf(database.db, owner);
    expect(second.propertyId).not.toBe(first.propertyId); // too little in common to conclude alone

    // An agency's copy showing the photos of both: the same flat.
    const bridge = sameFlat(agency, {
      observedAt: "2026-11-21T08:00:00Z",
      source: { domain: "bienici.com", url: `https://www.bienici.com/annonce/vente/paris-11e/${(listingNumber += 1)}` },
      media: { images: [...(agency["media"] as { images: object[] }).images, ...(owner["media"] as { images: object[] }).images] },
    });
    await ingest(database.db, [bridge]);
    const [older, younger] = [first.propertyId, second.propertyId].sort();
    for (const listing of [agency, owner, bridge]) expect((await classifiedOf(database.db, listing)).propertyId).toBe(older);

    const absorbed = younger as string;
    const [redirect] = await database.db.select().from(propertyRedirects).where(eq(propertyRedirects.fromId, absorbed));
    expect(redirect?.toId).toBe(older);
    const survivor = await getProperty(context(), absorbed);
    expect(survivor?.id).toBe(older);
    expect(survivor?.sourceDomainsCount).toBe(3);

    const absorbedEvents = await eventsOf(database.db, absorbed);
    expect(absorbedEvents.at(-1)).toMatchObject({ type: "removed", resource: "property", propertyId: older, changedFields: ["mergedInto"] });
    expect((await eventsOf(database.db, older as string)).at(-1)).toMatchObject({ type: "updated", resource: "property" });
    const moved = absorbedEvents.at(-1)?.resourceId === first.propertyId ? first : second;
    expect((await eventsOf(database.db, moved.id)).at(-1)).toMatchObject({ type: "updated", resource: "classified", propertyId: older });
    expect((await eventsOf(database.db, moved.id)).at(-1)?.changedFields).toContain("propertyId");

    // In commit order: the classified moves, the survivor is updated, then the absorbed one is removed.
    const order = await database.db
      .select({ resourceId: events.resourceId, type: events.type })
      .from(events)
      .where(sql`${events.resourceId} in (${moved.id}, ${older}, ${absorbed})`)
      .orderBy(asc(events.id));
    expect(order.slice(-3)).toEqual([
      { resourceId: moved.id, type: "updated" },
      { resourceId: older, type: "updated" },
      { resourceId: absorbed, type: "removed" },
    ]);
  });

  it("groups an owner's and an agency's adverts of one flat, no photo in common, by the copropriété's number of lots both give", async () => {
    const agency = vagueFlat({
      observedAt: "2026-11-20T08:00:00Z",
      description: "Deux pièces au calme sur cour, séjour et chambre, cuisine séparée. Copropriété de 24 lots, charges 1 150 €/an.",
    });
    const owner = byOwner(agency, {
      observedAt: "2026-11-20T09:00:00Z",
      description: "Vends mon appartement, séjour lumineux, chambre sur cour, cuisine séparée, cave. Immeuble de 24 lots. Pas d'agence svp.",
    });
    const stranger = byOwner(agency, {
      observedAt: "2026-11-20T10:00:00Z",
      description: "Vends appartement deux pièces, chambre sur rue, cuisine ouverte, cave. Copropriété de 60 lots. Agences s'abstenir.",
    });
    await ingest(database.db, [agency, owner, stranger]);
    const propertyId = (await classifiedOf(database.db, agency)).propertyId;
    expect((await classifiedOf(database.db, owner)).propertyId).toBe(propertyId);
    expect((await classifiedOf(database.db, stranger)).propertyId).not.toBe(propertyId);
  });

  it("keeps apart an agency's twin flats of one residence that give their floors only in their texts", async () => {
    // One agency, one text and one set of photos for two flats of one residence; no portal fills in the floor,
    // every advert states it. The copy of the first flat on another portal still joins it.
    const images = photos((listingNumber += 1), 6);
    const text = (floor: string) => `Studio de 17 m² situé au ${floor} étage sur 6 avec ascenseur, cuisine équipée, salle d'eau, proche métro.`;
    const advert = (domain: string, floor: string, observedAt: string) =>
      vagueFlat({
        source: { domain, url: `https://www.${domain}/annonces/${(listingNumber += 1)}` },
        observedAt,
        title: "Studio meublé proche métro",
        description: text(floor),
        publisher: { name: "Agence Lamarck", phone: "01 46 20 45 16", siret: companyNumbersFor(515_151).siret },
        media: { images },
      });
    const third = advert("leboncoin.fr", "3e", "2026-11-20T08:00:00Z");
    const sixth = advert("leboncoin.fr", "6e", "2026-11-20T09:00:00Z");
    const thirdElsewhere = advert("seloger.com", "3ème", "2026-11-20T10:00:00Z");
    await ingest(database.db, [third, sixth, thirdElsewhere]);
    const propertyId = (await classifiedOf(database.db, third)).propertyId;
    expect((await classifiedOf(database.db, thirdElsewhere)).propertyId).toBe(propertyId);
    expect((await classifiedOf(database.db, sixth)).propertyId).not.toBe(propertyId);
  });

  it("keeps apart an agency's twin flats posted on one portal the same week, each with photos of its own", async () => {
    // One agency, one text, one price for two flats of one residence: the residence's photos beside each flat's
    // rooms. Its copy of the first flat on another portal, and the first flat listed again weeks later, join it.
    const residence = photos((listingNumber += 1), 2);
    const firstRooms = photos((listingNumber += 1), 4);
    const secondRooms = photos((listingNumber += 1), 4);
    const advert = (domain: string, rooms: object[], observedAt: string) =>
      vagueFlat({
        source: { domain, url: `https://www.${domain}/annonces/${(listingNumber += 1)}` },
        observedAt,
        title: "Trois pièces avec balcon, résidence récente",
        description: "Dans une résidence récente avec ascenseur, trois pièces de 62 m² avec balcon, cuisine équipée et parking.",
        publisher: { name: "Agence du Parc", phone: "01 45 67 12 34", siret: companyNumbersFor(616_161).siret },
        media: { images: [...rooms, ...residence] },
      });
    const first = advert("leboncoin.fr", firstRooms, "2026-11-02T08:00:00Z");
    const second = advert("leboncoin.fr", secondRooms, "2026-11-05T08:00:00Z");
    const firstElsewhere = advert("seloger.com", firstRooms, "2026-11-03T08:00:00Z");
    const firstAgain = advert("leboncoin.fr", firstRooms, "2026-12-14T08:00:00Z");
    // One batch each: the stored adverts are read back as candidates.
    for (const listing of [first, second, firstElsewhere, firstAgain]) await ingest(database.db, [listing]);
    const propertyId = (await classifiedOf(database.db, first)).propertyId;
    expect((await classifiedOf(database.db, firstElsewhere)).propertyId).toBe(propertyId);
    expect((await classifiedOf(database.db, firstAgain)).propertyId).toBe(propertyId);
    expect((await classifiedOf(database.db, second)).propertyId).not.toBe(propertyId);
  });

  it("groups a flat one portal files as a house on an upper floor with its copies, and keeps it a house there", async () => {
    const flat = vagueFlat({ property: { floor: 3 }, observedAt: "2026-11-20T08:00:00Z" });
    const filedAsHouse = sameFlat(flat, { observedAt: "2026-11-20T09:00:00Z", property: { type: "house" } });
    const house = sameFlat(flat, { observedAt: "2026-11-20T10:00:00Z", title: "Maison 3 pièces", property: { type: "house", floor: 0 } });
    await ingest(database.db, [flat, filedAsHouse, house]);
    const propertyId = (await classifiedOf(database.db, flat)).propertyId;
    const filed = await classifiedOf(database.db, filedAsHouse);
    expect(filed.propertyId).toBe(propertyId);
    expect(filed.propertyType).toBe("house");
    expect((await classifiedOf(database.db, house)).propertyId).not.toBe(propertyId);
  });

  it("groups a listing whose title names the other type with its copies, and keeps the portal's type there", async () => {
    const flat = vagueFlat({ title: "Appartement 3 pièces lumineux", property: { floor: undefined }, observedAt: "2026-11-20T08:00:00Z" });
    const filedAsHouse = sameFlat(flat, {
      observedAt: "2026-11-20T09:00:00Z",
      title: "Appartement T3 avec balcon",
      property: { type: "house", floor: undefined },
    });
    const house = sameFlat(flat, { observedAt: "2026-11-20T10:00:00Z", title: "Maison 3 pièces", property: { type: "house", floor: undefined } });
    await ingest(database.db, [flat, filedAsHouse, house]);
    const propertyId = (await classifiedOf(database.db, flat)).propertyId;
    const filed = await classifiedOf(database.db, filedAsHouse);
    expect(filed.propertyId).toBe(propertyId);
    expect(filed.propertyType).toBe("house");
    expect((await classifiedOf(database.db, house)).propertyId).not.toBe(propertyId);
  });

  it("keeps apart two agents of one mandatary network who each hold an exclusive mandate", async () => {
    // Flats of one building sold by two agents: each advert shows the building's façade among its own photos. Two
    // exclusive mandates say two flats; without them the same adverts are taken for one flat.
    const network = companyNumbersFor(424_242);
    const agent = (phone: string, isExclusiveMandate: boolean, facade: number, price: number) => {
      const n = (listingNumber += 1);
      return vagueFlat({
        source: { domain: "safti.fr", url: `https://www.safti.fr/annonces/achat/appartement/paris-11e/${n}` },
        publisher: { type: "mandatary", name: "SAFTI", phone, email: undefined, siret: network.siret },
        contact: undefined,
        transaction: { isExclusiveMandate, price },
        media: { images: [{ url: `https://img.example.fr/facade-${facade}.jpg`, perceptualHash: imageHashFor(facade, 0) }, ...photos(n, 5)] },
      });
    };
    const first = agent("07 73 99 33 40", true, 1, 650_000);
    const second = agent("06 33 01 45 07", true, 1, 650_000);
    await ingest(database.db, [first]);
    await ingest(database.db, [revise(second, { observedAt: "2026-11-20T09:00:00Z" })]);
    expect((await classifiedOf(database.db, second)).propertyId).not.toBe((await classifiedOf(database.db, first)).propertyId);

    const shared = [agent("07 73 99 33 40", false, 2, 990_000), agent("06 33 01 45 07", false, 2, 990_000)];
    await ingest(database.db, shared);
    expect((await classifiedOf(database.db, shared[1] as Record<string, unknown>)).propertyId).toBe(
      (await classifiedOf(database.db, shared[0] as Record<string, unknown>)).propertyId,
    );
  });

  it("splits a listing off its property when a correction no longer fits; the property keeps its id", async () => {
    const seloger = observation({ observedAt: "2026-11-20T08:00:00Z" });
    const leboncoin = sameFlat(seloger, {
      observedAt: "2026-11-20T09:00:00Z",
      source: { domain: "leboncoin.fr", url: `https://www.leboncoin.fr/ventes_immobilieres/${(listingNumber += 1)}.htm` },
    });
    await ingest(database.db, [seloger, leboncoin]);
    const propertyId = (await classifiedOf(database.db, seloger)).propertyId;
    expect((await classifiedOf(database.db, leboncoin)).propertyId).toBe(propertyId);

    // The portal corrects its listing: it was another, larger flat two floors up.
    await ingest(database.db, [revise(leboncoin, { observedAt: "2026-11-22T08:00:00Z", property: { area: 71, roomCount: 3, floor: 5 } })]);
    const corrected = await classifiedOf(database.db, leboncoin);
    expect((await classifiedOf(database.db, seloger)).propertyId).toBe(propertyId);
    expect(corrected.propertyId).not.toBe(propertyId);
    expect((await propertyById(database.db, propertyId)).sourceDomains).toEqual(["seloger.com"]);
    expect((await eventsOf(database.db, corrected.propertyId)).map((event) => event.type)).toEqual(["created"]);
    expect((await eventsOf(database.db, corrected.id)).at(-1)?.changedFields).toEqual(expect.arrayContaining(["area", "propertyId"]));
  });

  it("groups a copy whose area has a shifted decimal point with its property, whichever arrives first", async () => {
    for (const typoFirst of [false, true]) {
      const seloger = observation({ observedAt: "2026-11-20T08:00:00Z", property: { area: 48.5, roomCount: 2 } });
      const typo = sameFlat(seloger, {
        observedAt: "2026-11-20T09:00:00Z",
        source: { domain: "leboncoin.fr", url: `https://www.leboncoin.fr/ventes_immobilieres/${(listingNumber += 1)}.htm` },
        property: { area: 485, roomCount: 2 },
      });
      await ingest(database.db, typoFirst ? [typo] : [seloger]);
      await ingest(database.db, typoFirst ? [seloger] : [typo]);
      expect((await classifiedOf(database.db, typo)).propertyId).toBe((await classifiedOf(database.db, seloger)).propertyId);
    }
  });

  const place = (postcode: string, name: string) => ({ postcode, city: { name }, latitude: null, longitude: null });
  it.each([
    {
      neighbours: "of one intercommunality",
      listed: place("67300", "Schiltigheim"),
      copiedUnder: place("67000", "Strasbourg"),
      copyInseeCode: "67482",
      elsewhere: place("67500", "Haguenau"), // another intercommunality and postcode
    },
    {
      // Saint-Jean-d'Illac and Martignas-sur-Jalle are both 33127, in two intercommunalities.
      neighbours: "of two intercommunalities that share a postcode",
      listed: place("33127", "Saint-Jean-d'Illac"),
      copiedUnder: place("33127", "Martignas-sur-Jalle"),
      copyInseeCode: "33273",
      elsewhere: place("33500", "Libourne"),
    },
  ])(
    "groups a copy filed under a neighbouring commune ($neighbours), and not one filed elsewhere",
    async ({ listed, copiedUnder, copyInseeCode, elsewhere }) => {
      const agency = observation({ observedAt: "2026-11-20T08:00:00Z", location: listed });
      const copy = sameFlat(agency, {
        observedAt: "2026-11-20T09:00:00Z",
        source: { domain: "leboncoin.fr", url: `https://www.leboncoin.fr/ventes_immobilieres/${(listingNumber += 1)}.htm` },
        location: copiedUnder,
      });
      const apart = sameFlat(agency, {
        observedAt: "2026-11-20T10:00:00Z",
        source: { domain: "pap.fr", url: `https://www.pap.fr/annonces/appartement-r${(listingNumber += 1)}` },
        location: elsewhere,
      });
      // The copy comes in a later batch: it is looked for among the stored classifieds of the other communes.
      await ingest(database.db, [agency, apart]);
      await ingest(database.db, [copy]);
      const propertyId = (await classifiedOf(database.db, agency)).propertyId;
      expect((await classifiedOf(database.db, copy)).inseeCode).toBe(copyInseeCode);
      expect((await classifiedOf(database.db, copy)).propertyId).toBe(propertyId);
      expect((await classifiedOf(database.db, apart)).propertyId).not.toBe(propertyId);
      expect((await propertyById(database.db, propertyId)).sourceDomains).toEqual(["leboncoin.fr", "seloger.com"]);
      // Regrouping reads the neighbouring communes together: it keeps the property whole.
      expect(await regroupStored(database.db)).toMatchObject({ moved: 0, merged: 0, created: 0 });
      expect((await classifiedOf(database.db, copy)).propertyId).toBe(propertyId);
    },
  );

  it("moves a relocated listing out of its property, so that no property spans two departments", async () => {
    const annecy = { postcode: "74000", city: { name: "Annecy" }, latitude: 45.899, longitude: 6.129 };
    const first = observation({ observedAt: "2026-11-20T08:00:00Z", location: annecy });
    const second = sameFlat(first, {
      observedAt: "2026-11-20T09:00:00Z",
      source: { domain: "leboncoin.fr", url: `https://www.leboncoin.fr/ventes_immobilieres/${(listingNumber += 1)}.htm` },
    });
    await ingest(database.db, [first, second]);
    const propertyId = (await classifiedOf(database.db, first)).propertyId;
    expect((await classifiedOf(database.db, second)).propertyId).toBe(propertyId);

    const chambery = { postcode: "73000", city: { name: "Chambéry" }, latitude: 45.566, longitude: 5.921 };
    await ingest(database.db, [revise(second, { observedAt: "2026-11-22T08:00:00Z", location: chambery })]);
    const moved = await classifiedOf(database.db, second);
    expect(moved.department).toBe("73");
    expect(moved.propertyId).not.toBe(propertyId);
    expect((await propertyById(database.db, moved.propertyId)).department).toBe("73");
    expect((await propertyById(database.db, propertyId)).department).toBe("74");
    const [spanning] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(classifieds)
      .innerJoin(properties, eq(properties.id, classifieds.propertyId))
      .where(sql`${classifieds.department} <> ${properties.department}`);
    expect(spanning?.n).toBe(0);
  });

  it("regrouping the stored classifieds again changes nothing the second time, and repairs a wrong grouping", async () => {
    const listing = observation({ observedAt: "2026-11-20T08:00:00Z" });
    await ingest(database.db, [listing, sameFlat(listing, { observedAt: "2026-11-20T09:00:00Z" }), vagueFlat({ property: { area: 90, roomCount: 4 } })]);
    const first = await regroupStored(database.db);
    expect(first.blocks).toBeGreaterThan(0);
    const second = await regroupStored(database.db);
    expect(second).toMatchObject({ moved: 0, merged: 0, created: 0 });

    // Two unrelated flats put in one property (by an older model, say): regrouping splits them again.
    const a = observation({ observedAt: "2026-11-20T08:00:00Z" });
    const b = observation({ observedAt: "2026-11-20T08:00:00Z" });
    await ingest(database.db, [a, b]);
    const rowA = await classifiedOf(database.db, a);
    const rowB = await classifiedOf(database.db, b);
    await database.db.update(classifieds).set({ propertyId: rowA.propertyId }).where(eq(classifieds.id, rowB.id));
    const repaired = await regroupStored(database.db);
    expect(repaired.moved).toBe(1);
    expect((await classifiedOf(database.db, b)).propertyId).not.toBe(rowA.propertyId);
    expect((await classifiedOf(database.db, a)).propertyId).toBe(rowA.propertyId);
  });
});

describe("grouping: the same grouping whatever the order of the lines", () => {
  /** A small feed: flats listed on several portals, hard negatives (one agency, one building, one programme). */
  function feed(): Record<string, unknown>[] {
    const lines: Record<string, unknown>[] = [];
    let hour = 0;
    const at = () => new Date(Date.UTC(2026, 10, 10, 0, 0, 0) + (hour += 1) * 3_600_000).toISOString();
    for (let flat = 0; flat < 8; flat += 1) {
      const original = observation({ observedAt: at(), property: { area: 30 + flat * 9, roomCount: 1 + (flat % 4), bedroomCount: flat % 4 } });
      lines.push(original);
      lines.push(
        sameFlat(original, {
          observedAt: at(),
          source: { domain: "leboncoin.fr", url: `https://www.leboncoin.fr/ventes_immobilieres/${(listingNumber += 1)}.htm` },
        }),
      );
      if (flat % 2 === 0) lines.push(byOwner(original, { observedAt: at(), media: original["media"] }));
      // Its neighbour three floors up: same size, same agency.
      lines.push(
        observation({
          observedAt: at(),
          publisher: original["publisher"],
          property: { ...(original["property"] as object), floor: ((original["property"] as { floor: number }).floor + 3) % 400 },
        }),
      );
    }
    // A programme: one promoter, shared renders, units of one size on different floors.
    const renders = photos(999_001, 2);
    const promoter = observation({ observedAt: at() })["publisher"];
    for (let unit = 0; unit < 5; unit += 1) {
      lines.push(
        observation({
          observedAt: at(),
          publisher: promoter,
          title: "Programme neuf Les Jardins",
          description: "Résidence neuve, livraison 2027, du studio au 4 pièces.",
          property: { area: 62 + unit * 0.5, roomCount: 3, bedroomCount: 2, floor: unit, isNew: true },
          media: { images: renders },
          transaction: { price: 480_000 + unit * 15_000 },
        }),
      );
    }
    return lines;
  }

  /** Shuffles the listings, each listing's own lines kept in order. */
  function reordered(lines: readonly Record<string, unknown>[], seed: number): Record<string, unknown>[] {
    let state = seed;
    const random = () => (state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0) / 2 ** 32;
    return [...lines]
      .map((line) => ({ line, order: random() }))
      .sort((a, b) => a.order - b.order)
      .map(({ line }) => line);
  }

  async function grouping(lines: readonly Record<string, unknown>[], batchSize: number): Promise<string[]> {
    const database = await createTestDatabase();
    try {
      await ingest(database.db, lines, { batchSize });
      const rows = await database.db.select({ urlKey: classifieds.urlKey, propertyId: classifieds.propertyId }).from(classifieds);
      const groups = new Map<string, string[]>();
      for (const row of rows) groups.set(row.propertyId, [...(groups.get(row.propertyId) ?? []), row.urlKey]);
      return [...groups.values()].map((keys) => keys.sort().join(" ")).sort();
    } finally {
      await database.close();
    }
  }

  it("groups one feed the same in several orders and batch sizes", async () => {
    const lines = feed();
    const expected = await grouping(lines, 1_000);
    expect(expected.length).toBeGreaterThan(8);
    expect(expected.length).toBeLessThan(lines.length);
    for (const [seed, batchSize] of [
      [1, 7],
      [2, 3],
      [3, 1_000],
    ] as const) {
      expect(await grouping(reordered(lines, seed), batchSize)).toEqual(expected);
    }
  }, 120_000);
});

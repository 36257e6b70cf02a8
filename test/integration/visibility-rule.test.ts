import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { classifieds } from "../../src/db/schema/index.js";
import { isWithinContract, type Contract } from "../../src/domain/contract.js";
import { classifiedVisible } from "../../src/modules/access/access.repository.js";
import { seededRandom, PUBLISHERS } from "../factories/generated-listings.js";
import { createListing, PLACES } from "../factories/listings.js";
import { createTestDatabase, type TestDatabase } from "../support/database.js";

/**
 * One visibility rule. Reads decide what a caller sees with the SQL predicate (`classifiedVisible`, access
 * repository); the event fan-out decides it in process (`isWithinContract`, domain/contract.ts). Random
 * contracts over random classifieds: both must keep exactly the same classifieds, so that a subscriber is never
 * told of a listing it cannot read, nor kept from one it can.
 */
describe("the visibility rule, as SQL and in process", () => {
  let database: TestDatabase;
  const random = seededRandom(20261125);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const some = <T>(items: readonly T[]): T[] => items.filter(() => random() < 0.3);

  beforeAll(async () => {
    database = await createTestDatabase();
    for (let index = 0; index < 60; index += 1) {
      const publisher = pick(PUBLISHERS);
      // A professional with a SIRET (its SIREN derived), a SIREN alone (as some portals give it), or a private seller.
      const roll = random();
      const numbers =
        roll < 0.6
          ? { publisherSiren: publisher.siren, publisherSiret: publisher.siret }
          : roll < 0.8
            ? { publisherSiren: publisher.siren, publisherSiret: null }
            : { publisherSiren: null, publisherSiret: null };
      await createListing(database.db, { place: pick(PLACES), classifieds: [numbers], images: 0, history: [] });
    }
  });
  afterAll(async () => {
    await database.close();
  });

  function randomContract(): Contract {
    const allDepartments = random() < 0.25;
    return {
      allDepartments,
      departments: allDepartments ? [] : some(PLACES.map((place) => place.department)),
      sirens: random() < 0.5 ? some(PUBLISHERS.map((publisher) => publisher.siren)) : [],
      sirets: random() < 0.5 ? some(PUBLISHERS.map((publisher) => publisher.siret)) : [],
    };
  }

  it("keeps the same classifieds for 300 random contracts", async () => {
    const rows = await database.db.select().from(classifieds);
    expect(rows).toHaveLength(60);
    let seenSome = 0;
    for (let round = 0; round < 300; round += 1) {
      const contract = randomContract();
      const bySql = (await database.db.select({ id: classifieds.id }).from(classifieds).where(classifiedVisible(contract))).map((row) => row.id).sort();
      const inProcess = rows
        .filter((row) => isWithinContract(contract, { department: row.department, siren: row.publisherSiren, siret: row.publisherSiret }))
        .map((row) => row.id)
        .sort();
      expect(bySql, JSON.stringify(contract)).toEqual(inProcess);
      if (inProcess.length > 0 && inProcess.length < rows.length) seenSome += 1;
    }
    // The contracts drawn must tell the two apart where they could differ: most keep some rows and drop others.
    expect(seenSome).toBeGreaterThan(150);
  });
});

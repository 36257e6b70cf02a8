import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { findMatchCandidates } from "../../src/modules/ingest/ingest.repository.js";
import { candidateWindows, mergeWindows } from "../../src/modules/ingest/property-assignment.js";
import { observation } from "../factories/observations.js";
import { createTestDatabase, type TestDatabase } from "../support/database.js";
import { classifiedOf, ingest } from "./ingest.helpers.js";

/**
 * The stored classifieds a batch reads as match candidates: those of its communes' windows, and of its zones'
 * windows in the zone's other communes only.
 */

const place = (postcode: string, name: string) => ({ postcode, city: { name }, latitude: null, longitude: null });
const flat = { property: { area: 62, roomCount: 3 }, transaction: { price: 310_000 } };

describe("match candidates of a batch", () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase();
  });
  afterEach(async () => {
    await database.close();
  });

  it("reads a zone's look-alikes in its other communes, not those of another zone of the department", async () => {
    const schiltigheim = observation({ ...flat, location: place("67300", "Schiltigheim") });
    // Bischwiller is in Haguenau's intercommunality, not Strasbourg's.
    const bischwiller = observation({ ...flat, location: place("67240", "Bischwiller") });
    await ingest(database.db, [schiltigheim, bischwiller]);
    const stored = await classifiedOf(database.db, schiltigheim);
    const other = await classifiedOf(database.db, bischwiller);

    // A batch of a Strasbourg flat like them and of a smaller flat in Haguenau, whose zone is Bischwiller's.
    const strasbourgFlat = { ...stored, inseeCode: "67482" };
    const haguenauFlat = { ...other, inseeCode: "67180", area: 30, priceCurrent: 150_000 };
    const windows = mergeWindows([...candidateWindows(strasbourgFlat), ...candidateWindows(haguenauFlat)]);
    const found = (await findMatchCandidates(database.db, windows)).map((candidate) => candidate.classifiedId);
    expect(found).toEqual([stored.id]);
  });
});

import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { deferIndexes } from "../../src/db/deferred-indexes.js";
import { rowsOf } from "../../src/db/result-rows.js";
import { deferredIndexes } from "../../src/db/schema/index.js";
import { storeByPlace, worthStoringByPlace } from "../../src/modules/ingest/bulk-maintenance.js";
import { FirstLoad } from "../../src/modules/ingest/first-load.js";
import { observation } from "../factories/observations.js";
import { createTestDatabase, type TestDatabase } from "../support/database.js";
import { ingest } from "./ingest.helpers.js";

/** Each index of `properties` by name, as PostgreSQL would create it again. */
async function propertyIndexDefinitions(database: TestDatabase): Promise<Map<string, string>> {
  const result = await database.db.execute(sql`select indexname as name, indexdef as definition from pg_indexes where tablename = 'properties'`);
  return new Map(rowsOf<{ name: string; definition: string }>(result).map((row) => [row.name, row.definition]));
}

async function deferredNames(database: TestDatabase): Promise<string[]> {
  return (await database.db.select({ name: deferredIndexes.name }).from(deferredIndexes)).map((row) => row.name).sort();
}

function distinctFlats(count: number, firstArea: number): Record<string, unknown>[] {
  return Array.from({ length: count }, (_, index) => observation({ property: { area: firstArea + index } }));
}

const PLACES = [
  { postcode: "75011", city: { name: "Paris" }, latitude: 48.857, longitude: 2.379 },
  { postcode: "73000", city: { name: "Chambéry" }, latitude: 45.566, longitude: 5.921 },
  { postcode: "74000", city: { name: "Annecy" }, latitude: 45.899, longitude: 6.129 },
];

/** The departments of the properties, in the order the table stores them. */
async function departmentsAsStored(database: TestDatabase): Promise<string[]> {
  const result = await database.db.execute(sql`select department from properties order by ctid`);
  return rowsOf<{ department: string }>(result).map((row) => row.department);
}

/**
 * A first load (an ingest of several batches into a database without properties) builds the search indexes of
 * `properties` once at its end instead of row by row; whatever happens, they end up as the schema declares them.
 */
describe("the search indexes of a first load", () => {
  let database: TestDatabase;
  let declared: Map<string, string>;
  beforeEach(async () => {
    database = await createTestDatabase();
    declared = await propertyIndexDefinitions(database);
  });
  afterEach(async () => {
    await database.close();
  });

  it("are dropped when the second batch of an ingest into an empty database comes, and not for its first", async () => {
    const load = await FirstLoad.begin(database.db);
    await load.beforeBatch(0);
    expect(await propertyIndexDefinitions(database)).toEqual(declared);
    await load.beforeBatch(1);
    const during = await propertyIndexDefinitions(database);
    expect([...during.keys()]).toEqual(["properties_pkey"]); // the primary key is a constraint the writes need
    expect(await deferredNames(database)).toEqual([...declared.keys()].filter((name) => name !== "properties_pkey").sort());
    expect(load.indexesDeferred).toBe(true);

    await load.abandon(); // an ingest that failed builds them at once
    expect(await propertyIndexDefinitions(database)).toEqual(declared);
    expect(await deferredNames(database)).toEqual([]);
  });

  it("are kept up to date as usual by an ingest into a database that holds properties", async () => {
    await ingest(database.db, distinctFlats(3, 30));
    const load = await FirstLoad.begin(database.db);
    await load.beforeBatch(1);
    expect(load.indexesDeferred).toBe(false);
    expect(await propertyIndexDefinitions(database)).toEqual(declared);
  });

  it("are built as declared at the end of a first load of several batches", async () => {
    const { summary } = await ingest(database.db, distinctFlats(40, 30), { batchSize: 10 });
    expect(summary.created).toBe(40);
    expect(await propertyIndexDefinitions(database)).toEqual(declared);
    expect(await deferredNames(database)).toEqual([]);
  });

  it("are built once, as declared, when two first loads run together", async () => {
    const [one, two] = await Promise.all([
      ingest(database.db, distinctFlats(30, 30), { batchSize: 10 }),
      ingest(database.db, distinctFlats(30, 300), { batchSize: 10 }),
    ]);
    expect(one.summary.created + two.summary.created).toBe(60);
    expect(await propertyIndexDefinitions(database)).toEqual(declared);
    expect(await deferredNames(database)).toEqual([]);
  });

  it("are built at the next start when the load that dropped them was cut short, and not while it runs", async () => {
    await ingest(database.db, distinctFlats(5, 30));
    const running = await deferIndexes(database.db, "properties"); // a load, stopped after its drop
    expect((await propertyIndexDefinitions(database)).size).toBe(1);
    if (database.kind === "postgres") {
      // Another process starting while the load runs leaves them to it (on the embedded database, one process
      // owns the data: nothing else starts during a load).
      await database.migrate();
      expect((await propertyIndexDefinitions(database)).size).toBe(1);
    }
    await running?.release(); // the load's process is gone
    await database.migrate(); // every start migrates
    expect(await propertyIndexDefinitions(database)).toEqual(declared);
    expect(await deferredNames(database)).toEqual([]);
    await database.migrate(); // and a start with nothing left to build changes nothing
    expect(await propertyIndexDefinitions(database)).toEqual(declared);
  });

  it("store the properties by place when the loaded table outgrows one page of the visibility map", async () => {
    const flats = Array.from({ length: 45 }, (_, index) => observation({ location: PLACES[index % PLACES.length], property: { area: 30 + index } }));
    await ingest(database.db, flats, { batchSize: 10 });
    const arrived = await departmentsAsStored(database);
    expect(arrived).not.toEqual([...arrived].sort()); // stored in arrival order: a table this small is not reordered

    await storeByPlace(database.db);
    const stored = await departmentsAsStored(database);
    expect(stored).toEqual([...arrived].sort());
    expect(await propertyIndexDefinitions(database)).toEqual(declared); // the index it ordered by is gone

    expect(worthStoringByPlace(32_672)).toBe(false); // 255 MB of properties: one page of the map covers them
    expect(worthStoringByPlace(32_673)).toBe(true);
  });
});

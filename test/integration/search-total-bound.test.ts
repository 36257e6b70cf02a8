import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { searchProperties, searchPropertiesPage } from "../../src/modules/search/search.service.js";
import { EXACT_TOTAL_BOUND } from "../../src/modules/search/search.types.js";
import { rowsOf } from "../../src/db/result-rows.js";
import { takeIngestTurn } from "../../src/modules/ingest/ingest-turn.js";
import { buildSearchFixtures, insertSearchFixtures } from "../factories/search-properties.js";
import { EVERYWHERE } from "../factories/viewers.js";
import { createTestDatabase, type TestDatabase } from "../support/database.js";

/**
 * Copies of one stored property under new ids and without text (cheaper to index), enough to pass the bound:
 * made in SQL, where ingesting them would take minutes.
 */
async function copyProperty(database: TestDatabase, id: string, copies: number, department: string, cheaperBy = 0): Promise<void> {
  await database.db.execute(sql`
    insert into properties
    select copy.* from properties p cross join generate_series(1, ${copies}::int) as copies(n),
      lateral jsonb_populate_record(null::properties,
        to_jsonb(p) || jsonb_build_object('id', md5(${department}::text || ${cheaperBy}::int || copies.n)::uuid, 'department', ${department}::text,
          'search_text', '', 'price_current', p.price_current - ${cheaperBy}::int)) as copy
    where p.id = ${id}::uuid`);
}

describe("property search: totals beyond the bound", () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
    const [fixture] = buildSearchFixtures(1, 5);
    if (!fixture) throw new Error("no fixture");
    await insertSearchFixtures(database.db, [fixture]);
    // Written last and cheaper, so that reading the first matches to count them stops before these.
    await copyProperty(database, fixture.property.id, EXACT_TOTAL_BOUND + 1, "01");
    await copyProperty(database, fixture.property.id, 499, "01", 1);
    await copyProperty(database, fixture.property.id, EXACT_TOTAL_BOUND - 1, "02");
    await copyProperty(database, fixture.property.id, EXACT_TOTAL_BOUND + 1, "03");
  }, 120_000);
  afterAll(async () => {
    await database?.close();
  });

  it("counts exactly up to the bound", async () => {
    expect(await searchProperties(database.db, EVERYWHERE, { locationDepartments: ["02"] }, undefined, { offset: 0, limit: 5 })).toMatchObject({
      total: EXACT_TOTAL_BOUND - 1,
      totalIsExact: true,
    });
  });

  it("says the total is a lower bound beyond it, on a page and when only counting", async () => {
    for (const limit of [5, 0]) {
      const result = await searchProperties(database.db, EVERYWHERE, { locationDepartments: ["01"] }, undefined, { offset: 0, limit });
      expect(result).toMatchObject({ total: EXACT_TOTAL_BOUND, totalIsExact: false });
    }
    expect(await searchProperties(database.db, EVERYWHERE, {}, undefined, { offset: 0, limit: 5 })).toMatchObject({
      total: EXACT_TOTAL_BOUND,
      totalIsExact: false,
    });
  });

  it("pages through the sort index beyond the bound, by offset and after a position alike", async () => {
    const sort = { by: "price", order: "desc" } as const;
    const expected = rowsOf<{ id: string }>(
      await database.db.execute(sql`select id from properties where department = '01' order by price_current desc, id desc offset 40 limit 20`),
    ).map((row) => row.id);
    const byOffset = await searchPropertiesPage(database.db, EVERYWHERE, { locationDepartments: ["01"] }, sort, { offset: 40, limit: 20 });
    expect(byOffset.rows.map((row) => row.id)).toEqual(expected);
    const before = await searchPropertiesPage(database.db, EVERYWHERE, { locationDepartments: ["01"] }, sort, { offset: 20, limit: 20 });
    const afterPosition = await searchPropertiesPage(database.db, EVERYWHERE, { locationDepartments: ["01"] }, sort, {
      offset: 40,
      limit: 20,
      after: before.positions.at(-1),
    });
    expect(afterPosition.rows.map((row) => row.id)).toEqual(expected);
    expect(afterPosition).toMatchObject({ total: EXACT_TOTAL_BOUND, totalIsExact: false });
    // After the last of the dearer ones: only the cheaper ones, past the matches a first read takes to count.
    const deep = rowsOf<{ id: string; price: number }>(
      await database.db.execute(
        sql`select id, price_current as price from properties where department = '01' order by price_current desc, id desc offset 10000 limit 6`,
      ),
    );
    const [anchor, ...beyond] = deep;
    const deepPage = await searchPropertiesPage(database.db, EVERYWHERE, { locationDepartments: ["01"] }, sort, {
      offset: 10_001,
      limit: 5,
      after: { key: String(anchor?.price), id: anchor?.id ?? "" },
    });
    expect(deepPage.rows.map((row) => row.id)).toEqual(beyond.map((row) => row.id));
  });

  it("counts again once an ingest has written", async () => {
    const inDepartment03 = () => searchProperties(database.db, EVERYWHERE, { locationDepartments: ["03"] }, undefined, { offset: 0, limit: 5 });
    const broad = { total: EXACT_TOTAL_BOUND, totalIsExact: false };
    expect(await inDepartment03()).toMatchObject(broad);
    // Paged again with nothing written in between: the same answer (from the sort order's index alone).
    expect(await searchProperties(database.db, EVERYWHERE, { locationDepartments: ["03"] }, undefined, { offset: 20, limit: 5 })).toMatchObject(broad);
    // An ingest transaction takes its turn before it writes (ingest-turn.ts); here it removes two of them.
    await database.db.transaction(async (tx) => {
      await takeIngestTurn(tx);
      await tx.execute(sql`delete from properties where id in (select id from properties where department = '03' limit 2)`);
    });
    const onlyCounting = await searchProperties(database.db, EVERYWHERE, { locationDepartments: ["03"] }, undefined, { offset: 0, limit: 0 });
    expect(onlyCounting).toMatchObject({ total: EXACT_TOTAL_BOUND - 1, totalIsExact: true });
    expect(await inDepartment03()).toMatchObject({ total: EXACT_TOTAL_BOUND - 1, totalIsExact: true });
  });
});

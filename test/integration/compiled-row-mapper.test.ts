import { eq, getTableColumns, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { classifiedImageLists, classifiedPriceHistory, classifieds, properties } from "../../src/db/schema/index.js";
import { compiledRowMapper, rawRows, withCompiledRowMapper } from "../../src/modules/compiled-row-mapper.js";
import { createListing } from "../factories/listings.js";
import { createTestDatabase, type TestDatabase } from "../support/database.js";

/** Rows mapped by the compiled mapping must be exactly Drizzle's own rows: keys, key order, values, types. */
describe("compiled row mapping", () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
    await createListing(database.db, {
      classifieds: [{}, { publisherSiren: null, latitude: null, removedAt: new Date() }],
      images: 3,
      history: [300_000, 290_000, 280_000],
    });
  });
  afterAll(async () => {
    await database?.close();
  });

  const tables = { properties, classifieds, classifiedImageLists, classifiedPriceHistory };

  it.each(Object.keys(tables) as (keyof typeof tables)[])("every column of %s, nulls, timestamps, JSON and arrays included", async (name) => {
    const table = tables[name];
    const drizzleMapped = database.db.select().from(table).prepare(`mapper_test_${name}_drizzle`);
    const compiled = withCompiledRowMapper(database.db.select().from(table).prepare(`mapper_test_${name}_compiled`));
    const expected = await drizzleMapped.execute();
    const actual = await compiled.execute();
    expect(expected.length).toBeGreaterThan(0);
    expect(actual).toStrictEqual(expected);
    expect(actual.map((row) => Object.keys(row))).toStrictEqual(expected.map((row) => Object.keys(row)));
  });

  it("a flat selection over a join maps like Drizzle", async () => {
    const build = (suffix: string) =>
      database.db
        .select({ id: classifiedImageLists.classifiedId, images: classifiedImageLists.images, seenAt: classifieds.firstSeenAt })
        .from(classifiedImageLists)
        .innerJoin(classifieds, eq(classifieds.id, classifiedImageLists.classifiedId))
        .prepare(`mapper_test_join_${suffix}`);
    const expected = await build("drizzle").execute();
    expect(await withCompiledRowMapper(build("compiled")).execute()).toStrictEqual(expected);
  });

  it("leaves nested selections and SQL expressions to Drizzle", async () => {
    const nested = withCompiledRowMapper(
      database.db
        .select({ p: { id: properties.id } })
        .from(properties)
        .prepare("mapper_test_nested"),
    );
    const expression = withCompiledRowMapper(database.db.select({ n: sql<number>`1` }).from(properties).prepare("mapper_test_expression"));
    expect(Reflect.get(nested, "customResultMapper")).toBeUndefined();
    expect(Reflect.get(expression, "customResultMapper")).toBeUndefined();
    expect((await nested.execute())[0]?.p.id).toBeTypeOf("string");
  });

  it("maps the leading columns of raw rows like Drizzle, leaving what follows them to the caller", async () => {
    const columns = getTableColumns(properties);
    const expected = await database.db.select(columns).from(properties).orderBy(properties.id);
    const statement = database.db
      .select({ ...columns, extra: sql<number>`41 + 1` })
      .from(properties)
      .orderBy(properties.id)
      .toSQL();
    const raw = await rawRows(database.db, statement);
    const mapRow = compiledRowMapper<(typeof expected)[number]>(columns);
    expect(raw.map(mapRow)).toStrictEqual(expected);
    expect(raw.map((row) => Object.keys(mapRow(row)))).toStrictEqual(expected.map((row) => Object.keys(row)));
    expect(raw.map((row) => row[Object.keys(columns).length])).toStrictEqual(expected.map(() => 42));
  });
});

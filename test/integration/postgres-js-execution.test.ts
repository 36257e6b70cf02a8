import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { classifieds } from "../../src/db/schema/index.js";
import { withCompiledRowMapper } from "../../src/modules/compiled-row-mapper.js";
import { withDirectExecution } from "../../src/modules/postgres-js-execution.js";
import { createListing } from "../factories/listings.js";
import { createTestDatabase, testDatabaseUrl, type TestDatabase } from "../support/database.js";

/** A statement run directly on postgres.js answers exactly what Drizzle's `execute` answers. */
describe("direct execution of prepared statements", () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
    await createListing(database.db, { classifieds: [{}, { publisherSiren: null, removedAt: new Date() }, {}] });
  });
  afterAll(async () => {
    await database?.close();
  });

  // A placeholder, a bound constant and a placeholder through a column's encoder, like the loaders' statements.
  const build = (name: string) =>
    database.db
      .select()
      .from(classifieds)
      .where(
        and(
          sql`${classifieds.id} = any(${sql.placeholder("ids")}::uuid[])`,
          sql`${classifieds.department} <> ${"00"}`,
          eq(classifieds.status, sql.placeholder("status")),
        ),
      )
      .orderBy(asc(classifieds.id))
      .prepare(name);

  it("answers Drizzle's rows, on PostgreSQL without Drizzle's execute and on PGlite with it", async () => {
    const all = await database.db.select({ id: classifieds.id }).from(classifieds);
    const values = { ids: `{${all.map((row) => row.id).join(",")}}`, status: "available" };
    const drizzle = withCompiledRowMapper(build("direct_test_drizzle"));
    const direct = withDirectExecution(withCompiledRowMapper(build("direct_test_direct")));
    const expected = await drizzle.execute(values);
    expect(expected.length).toBe(all.length);
    expect(await direct.execute(values)).toStrictEqual(expected);
    expect(await direct.execute({ ...values, status: "removed" })).toStrictEqual(await drizzle.execute({ ...values, status: "removed" }));
    expect(Object.hasOwn(direct, "execute")).toBe(testDatabaseUrl !== undefined);
  });

  it("refuses a run without a placeholder's value, as Drizzle does", async () => {
    const direct = withDirectExecution(withCompiledRowMapper(build("direct_test_missing")));
    await expect(direct.execute({ ids: "{}" })).rejects.toThrow('No value for placeholder "status" was provided');
  });

  it("leaves a statement without a compiled row mapping to Drizzle", () => {
    const nested = withDirectExecution(
      database.db
        .select({ c: { id: classifieds.id } })
        .from(classifieds)
        .prepare("direct_test_nested"),
    );
    expect(Object.hasOwn(nested, "execute")).toBe(false);
  });
});

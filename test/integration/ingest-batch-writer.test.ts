import { sql } from "drizzle-orm";
import type { Sql } from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BatchWriter, WriteRefused } from "../../src/modules/ingest/batch-writer.js";
import { IngestTurnMoved } from "../../src/modules/ingest/ingest-turn.js";
import { createTestDatabase, testDatabaseUrl, type TestDatabase } from "../support/database.js";

/** postgres.js answers `execute` with the rows. */
const rowsOf = (result: unknown) => result as Array<Record<string, unknown>>;

describe.skipIf(testDatabaseUrl === undefined)("batch writer: a batch sent whole from a thread of its own (PostgreSQL)", () => {
  let database: TestDatabase;
  let writer: BatchWriter;

  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.execute(sql`create table writer_probe (value int not null)`);
    await database.db.execute(sql`insert into ingest_epoch (id, epoch) values (1, 5)`);
    writer = new BatchWriter((database.db as unknown as { $client: Sql }).$client);
  });
  afterAll(async () => {
    await writer?.close();
    await database?.close();
  });

  const probe = async () => rowsOf(await database.db.execute(sql`select value from writer_probe order by value`)).map((row) => row["value"]);
  const epoch = async () => rowsOf(await database.db.execute(sql`select epoch::int from ingest_epoch`))[0]?.["epoch"];

  it("commits the statements after taking the turn the plan assumed, and tells the new epoch", async () => {
    const turns: number[] = [];
    await writer.write(5, [sql`insert into writer_probe values (1)`, sql`insert into writer_probe values (${2})`], (taken) => turns.push(taken));
    expect(turns).toEqual([6]);
    expect(await probe()).toEqual([1, 2]);
    expect(await epoch()).toBe(6);
  });

  it("writes nothing when another batch committed since the plan's reads", async () => {
    await expect(writer.write(5, [sql`insert into writer_probe values (3)`], () => undefined)).rejects.toBeInstanceOf(IngestTurnMoved);
    expect(await probe()).toEqual([1, 2]);
    expect(await epoch()).toBe(6);
  });

  it("writes nothing when a statement is refused, and reports its SQLSTATE", async () => {
    const refused = writer.write(6, [sql`insert into writer_probe values (4)`, sql`insert into writer_probe values (null)`], () => undefined);
    await expect(refused).rejects.toBeInstanceOf(WriteRefused);
    await expect(refused).rejects.toMatchObject({ code: "23502" });
    expect(await probe()).toEqual([1, 2]);
    expect(await epoch()).toBe(6);
  });

  it("sends JSON parameters as the text Drizzle built", async () => {
    await writer.write(
      6,
      [sql`insert into writer_probe select (e #>> '{}')::int from jsonb_array_elements(${JSON.stringify([7, 8])}::jsonb) as e`],
      () => undefined,
    );
    expect(await probe()).toEqual([1, 2, 7, 8]);
  });
});

import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { rawRows } from "../../src/modules/compiled-row-mapper.js";
import { findMatchCandidates, matchCandidatesStatement } from "../../src/modules/ingest/ingest.repository.js";
import { candidateWindows, mergeWindows, type CandidateWindow } from "../../src/modules/ingest/property-assignment.js";
import { observation } from "../factories/observations.js";
import { createTestDatabase, type TestDatabase } from "../support/database.js";
import { classifiedOf, ingest } from "./ingest.helpers.js";

/**
 * The stored classifieds a batch reads as match candidates: those of its communes' windows, and of its zones'
 * windows in the communes neighbouring each of its classifieds only.
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

  /** A Strasbourg flat's windows, whose zone window finds five look-alikes in Schiltigheim. */
  async function zoneLookAlikes() {
    const lookAlikes = [0, 1, 2, 3, 4].map((n) =>
      observation({ ...flat, transaction: { price: 310_000 + n * 1_000 }, location: place("67300", "Schiltigheim") }),
    );
    await ingest(database.db, lookAlikes);
    const stored = await classifiedOf(database.db, lookAlikes[0] ?? {});
    const windows = mergeWindows(candidateWindows({ ...stored, inseeCode: "67482" }));
    expect(await findMatchCandidates(database.db, windows)).toHaveLength(5);
    return windows;
  }

  /**
   * The statement's plan as on a large table: nested loops over the windows and index scans, which the planner
   * picks at that size, and also without statistics (a first load). A table of a few rows is read whole instead;
   * `alsoOff` turns more of the planner's methods off (a few rows kept in memory and read again for each window).
   */
  async function planAtScale(windows: readonly CandidateWindow[], alsoOff: readonly string[] = []): Promise<PlanNode[]> {
    const plan = await database.db.transaction(async (tx) => {
      for (const method of ["hashjoin", "mergejoin", "seqscan", "bitmapscan", ...alsoOff]) await tx.execute(sql.raw(`set local enable_${method} = off`));
      const [[explained]] = (await rawRows(tx, sql`explain (analyze, format json) ${matchCandidatesStatement(windows)}`)) as [[unknown]];
      return explained;
    });
    return planNodes(typeof plan === "string" ? JSON.parse(plan) : plan);
  }

  it("reads each of its parameters once, however many classifieds the zones' windows find", async () => {
    const parameterScans = (await planAtScale(await zoneLookAlikes())).filter((node) => node["Node Type"] === "CTE Scan");
    expect(parameterScans.length).toBeGreaterThan(0);
    // A parameter scanned once per row found costs the batch's communes times the rows, which grow with the table.
    // Once, or never in a branch with nothing to join.
    for (const scan of parameterScans) expect(scan["Actual Loops"], `scans of ${scan["CTE Name"]}`).toBeLessThanOrEqual(1);
  });

  it("bounds a zone's window by price within the index, not by reading every classified of its areas", async () => {
    const zoneScans = (await planAtScale(await zoneLookAlikes(), ["material"])).filter((node) => node["Index Name"] === "classifieds_department_match_idx");
    expect(zoneScans).toHaveLength(1);
    const [scan] = zoneScans;
    expect(scan?.["Index Cond"]).toContain("price_current");
    expect(scan?.Filter ?? "").not.toContain("price_current");
  });
});

type PlanNode = {
  "Node Type"?: string;
  "CTE Name"?: string;
  "Index Name"?: string;
  "Index Cond"?: string;
  Filter?: string;
  "Actual Loops"?: number;
  Plans?: PlanNode[];
  Plan?: PlanNode;
};

/** Every node of an `explain (format json)` plan. */
function planNodes(value: unknown): PlanNode[] {
  const roots = (Array.isArray(value) ? value : [value]) as PlanNode[];
  return roots.flatMap((root) => {
    const node = root.Plan ?? root;
    return [node, ...(node.Plans ?? []).flatMap((child) => planNodes(child))];
  });
}

import { getTableColumns } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { classifieds } from "../../src/db/schema/index.js";
import { newClassifiedRow } from "../../src/modules/ingest/new-classified-row.js";
import type { NormalisedObservation } from "../../src/modules/ingest/normalised.types.js";
import { prepareLine } from "../../src/modules/ingest/prepare-line.js";
import { observation } from "../factories/observations.js";

const AT = new Date("2026-11-25T10:00:00Z");

function normalised(): NormalisedObservation {
  const result = prepareLine(JSON.stringify(observation({})), AT);
  if (!result.ok || result.line.kind !== "observation") throw new Error("expected a full observation");
  return result.line;
}

describe("a new classified's row", () => {
  const line = normalised();
  const bookkeeping = {
    id: "018f0000-0000-7000-8000-000000000001",
    propertyId: "",
    urlKey: line.urlKey,
    sourceUrl: line.sourceUrl,
    status: line.status,
    imagesDigest: line.imagesDigest,
    imageHashes: "",
    priceInitial: line.content.priceCurrent,
    firstSeenAt: AT,
    lastSeenAt: AT,
    lastModifiedAt: AT,
    removedAt: null,
  };
  const row = newClassifiedRow(bookkeeping, line.content);

  it("has every column of the table, in the table's order, as the rows read back from the database", () => {
    expect(Object.keys(row)).toEqual(Object.keys(getTableColumns(classifieds)));
  });

  it("takes the bookkeeping columns from the bookkeeping and every other column from the content", () => {
    expect(row).toEqual({ ...line.content, ...bookkeeping });
  });
});

import { and, asc, getTableColumns, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import {
  classifiedImages,
  classifiedPriceHistory,
  classifieds,
  type ClassifiedImageRow,
  type ClassifiedPriceHistoryRow,
  type ClassifiedRow,
} from "../../db/schema/index.js";
import type { Contract } from "../../domain/contract.js";
import { classifiedVisible, ownedByVisibleClassified } from "../access/access.repository.js";
import { textArrayLiteral, uuidArrayLiteral } from "../loader-order.js";
import { compiledRowMapper, preparedStatement } from "../compiled-row-mapper.js";
import { contractStatements } from "../statement-cache.js";

/**
 * Reads of classifieds and their images and price history, always within the caller's contract. Each read is
 * one prepared statement per contract (see statement-cache.ts) taking its keys as one array parameter, so a
 * DataLoader batch of any size is one round trip with the same SQL text.
 */

const ids = sql.placeholder("ids");
const keys = sql.placeholder("keys");
const imageColumns = getTableColumns(classifiedImages);

function prepareStatements(db: Database, contract: Contract) {
  const visible = classifiedVisible(contract);
  return {
    byIds: db
      .select()
      .from(classifieds)
      .where(and(sql`${classifieds.id} = any(${ids}::uuid[])`, visible))
      .prepare("classifieds_by_ids"),
    byPropertyIds: db
      .select()
      .from(classifieds)
      .where(and(sql`${classifieds.propertyId} = any(${ids}::uuid[])`, visible))
      .orderBy(asc(classifieds.firstSeenAt), asc(classifieds.id))
      .prepare("classifieds_by_property_ids"),
    byUrlKeys: db
      .select()
      .from(classifieds)
      .where(and(sql`${classifieds.urlKey} = any(${keys}::text[])`, visible))
      .prepare("classifieds_by_url_keys"),
    // Images and price history in one statement: one round trip and one statement for the server, where a
    // reader asks for both almost always. Both parts share one column list; an image has a position, a price
    // history entry has none (see mediaOf).
    media: preparedStatement(
      db,
      "classified_media_by_classified_ids",
      sql`select ${sql.join(Object.values(imageColumns), sql`, `)}, null::integer as value, null::timestamptz as observed_at
        from ${classifiedImages}
        where ${classifiedImages.classifiedId} = any(${ids}::uuid[]) and ${ownedByVisibleClassified(contract, classifiedImages.classifiedId)}
        union all
        select ${classifiedPriceHistory.id}, ${classifiedPriceHistory.classifiedId}, null, null, null, null, null,
          ${classifiedPriceHistory.value}, ${classifiedPriceHistory.observedAt}
        from ${classifiedPriceHistory}
        where ${classifiedPriceHistory.classifiedId} = any(${ids}::uuid[])
          and ${ownedByVisibleClassified(contract, classifiedPriceHistory.classifiedId)}
        order by classified_id, position, observed_at, id`,
      mediaOf,
    ),
  };
}

type ClassifiedStatements = ReturnType<typeof prepareStatements>;
const statements = contractStatements<ClassifiedStatements>(prepareStatements);

/** The visible classifieds among `classifiedIds` (malformed ids match nothing), in no particular order. */
export function findClassifiedsByIds(db: Database, contract: Contract, classifiedIds: readonly string[]): Promise<ClassifiedRow[]> {
  return statements(db, contract).byIds.execute({ ids: uuidArrayLiteral(classifiedIds) });
}

/** The visible classifieds of the given properties, oldest first (first seen, then id). */
export function findClassifiedsByPropertyIds(
  db: Database,
  contract: Contract,
  propertyIds: readonly string[],
): Promise<ClassifiedRow[]> {
  return statements(db, contract).byPropertyIds.execute({ ids: uuidArrayLiteral(propertyIds) });
}

/** The visible classifieds whose canonical url key is one of `urlKeys`. */
export function findClassifiedsByUrlKeys(db: Database, contract: Contract, urlKeys: readonly string[]): Promise<ClassifiedRow[]> {
  return statements(db, contract).byUrlKeys.execute({ keys: textArrayLiteral(urlKeys) });
}

/** The images and the price history of classifieds, as one statement reads them. */
export type ClassifiedMediaRows = { images: ClassifiedImageRow[]; priceHistory: ClassifiedPriceHistoryRow[] };

/**
 * Images (by classified, then position) and price history (by classified, then time, oldest first) of the
 * visible classifieds among `classifiedIds`.
 */
export function findMediaByClassifiedIds(
  db: Database,
  contract: Contract,
  classifiedIds: readonly string[],
): Promise<ClassifiedMediaRows> {
  return statements(db, contract).media.execute({ ids: uuidArrayLiteral(classifiedIds) });
}

const imageRow = compiledRowMapper<ClassifiedImageRow>(imageColumns);
const POSITION = Object.keys(imageColumns).indexOf("position");
/** The two price history columns follow the image columns. */
const VALUE = Object.keys(imageColumns).length;
const OBSERVED_AT = VALUE + 1;
const decodeObservedAt = (text: unknown): Date => classifiedPriceHistory.observedAt.mapFromDriverValue(text as string) as Date;

/** Splits the media statement's rows: an image has a position, a price history entry has none. */
function mediaOf(rows: unknown[][]): ClassifiedMediaRows {
  const media: ClassifiedMediaRows = { images: [], priceHistory: [] };
  for (const row of rows) {
    if (row[POSITION] !== null) media.images.push(imageRow(row));
    else media.priceHistory.push({ id: row[0] as string, classifiedId: row[1] as string, value: row[VALUE] as number, observedAt: decodeObservedAt(row[OBSERVED_AT]) });
  }
  return media;
}

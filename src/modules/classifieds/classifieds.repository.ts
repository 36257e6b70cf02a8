import { and, asc, getTableColumns, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import {
  classifiedImageLists,
  classifiedPriceHistory,
  classifieds,
  imagesOfList,
  type ClassifiedImageListRow,
  type ClassifiedImageRow,
  type ClassifiedPriceHistoryRow,
  type ClassifiedRow,
  type StoredImage,
} from "../../db/schema/index.js";
import type { Contract } from "../../domain/contract.js";
import { classifiedVisible, ownedByVisibleClassified } from "../access/access.repository.js";
import { columnList, compiledRowMapper, rawRows } from "../compiled-row-mapper.js";
import { textArrayLiteral, uuidArrayLiteral } from "../loader-order.js";
import { contractStatements } from "../statement-cache.js";

/**
 * Reads of classifieds and their images and price history, always within the caller's contract. Each read is
 * one prepared statement per contract (see statement-cache.ts) taking its keys as one array parameter, so a
 * DataLoader batch of any size is one round trip with the same SQL text.
 */

const ids = sql.placeholder("ids");
const keys = sql.placeholder("keys");

/** The classifieds of the properties `propertyIds` (an array of ids), in the order a property lists them: oldest first. */
const ofProperties = (propertyIds: unknown) => sql`${classifieds.propertyId} = any(${propertyIds}::uuid[])`;
const OLDEST_FIRST = [asc(classifieds.firstSeenAt), asc(classifieds.id)];

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
      .where(and(ofProperties(ids), visible))
      .orderBy(...OLDEST_FIRST)
      .prepare("classifieds_by_property_ids"),
    byUrlKeys: db
      .select()
      .from(classifieds)
      .where(and(sql`${classifieds.urlKey} = any(${keys}::text[])`, visible))
      .prepare("classifieds_by_url_keys"),
    imageLists: db
      .select()
      .from(classifiedImageLists)
      .where(and(sql`${classifiedImageLists.classifiedId} = any(${ids}::uuid[])`, ownedByVisibleClassified(contract, classifiedImageLists.classifiedId)))
      .prepare("classified_image_lists_by_classified_ids"),
    priceHistory: db
      .select()
      .from(classifiedPriceHistory)
      .where(and(sql`${classifiedPriceHistory.classifiedId} = any(${ids}::uuid[])`, ownedByVisibleClassified(contract, classifiedPriceHistory.classifiedId)))
      .orderBy(asc(classifiedPriceHistory.classifiedId), asc(classifiedPriceHistory.observedAt), asc(classifiedPriceHistory.id))
      .prepare("classified_price_history_by_classified_ids"),
  };
}

type ClassifiedStatements = ReturnType<typeof prepareStatements>;
const statements = contractStatements<ClassifiedStatements>(prepareStatements);

/** The visible classifieds among `classifiedIds` (malformed ids match nothing), in no particular order. */
export function findClassifiedsByIds(db: Database, contract: Contract, classifiedIds: readonly string[]): Promise<ClassifiedRow[]> {
  return statements(db, contract).byIds.execute({ ids: uuidArrayLiteral(classifiedIds) });
}

/** The visible classifieds of the given properties, oldest first (first seen, then id). */
export function findClassifiedsByPropertyIds(db: Database, contract: Contract, propertyIds: readonly string[]): Promise<ClassifiedRow[]> {
  return statements(db, contract).byPropertyIds.execute({ ids: uuidArrayLiteral(propertyIds) });
}

/** The visible classifieds whose canonical url key is one of `urlKeys`. */
export function findClassifiedsByUrlKeys(db: Database, contract: Contract, urlKeys: readonly string[]): Promise<ClassifiedRow[]> {
  return statements(db, contract).byUrlKeys.execute({ keys: textArrayLiteral(urlKeys) });
}

/** Images of the visible classifieds among `classifiedIds`, each classified's in position order. */
export async function findImagesByClassifiedIds(db: Database, contract: Contract, classifiedIds: readonly string[]): Promise<ClassifiedImageRow[]> {
  return expandLists(await statements(db, contract).imageLists.execute({ ids: uuidArrayLiteral(classifiedIds) }));
}

/** Price history of the visible classifieds among `classifiedIds`, by classified then time (oldest first). */
export function findPriceHistoryByClassifiedIds(db: Database, contract: Contract, classifiedIds: readonly string[]): Promise<ClassifiedPriceHistoryRow[]> {
  return statements(db, contract).priceHistory.execute({ ids: uuidArrayLiteral(classifiedIds) });
}

function expandLists(lists: readonly ClassifiedImageListRow[]): ClassifiedImageRow[] {
  return lists.flatMap((list) => imagesOfList(list.classifiedId, list.images));
}

/** What a page shows of each classified besides the classified itself (see findClassifiedsWithDetailsByPropertyIds). */
export type ClassifiedDetails = { images?: boolean; priceHistory?: boolean };

export type ClassifiedsWithDetails = { classifieds: ClassifiedRow[]; images: ClassifiedImageRow[]; priceHistory: ClassifiedPriceHistoryRow[] };

const CLASSIFIED_COLUMNS = getTableColumns(classifieds);
const CLASSIFIED_COLUMN_LIST = columnList(CLASSIFIED_COLUMNS, '"classifieds"');
const classifiedOfRow = compiledRowMapper<ClassifiedRow>(CLASSIFIED_COLUMNS);
/** Where a row's details start: after the classified's own columns. */
const FIRST_DETAIL = Object.keys(CLASSIFIED_COLUMNS).length;

/** A classified's prices as one JSON array of `[id, value, epoch milliseconds]`, oldest first. */
const PRICE_HISTORY_JSON = sql`(select coalesce(json_agg(json_build_array(h.id, h.value, extract(epoch from h.observed_at) * 1000) order by h.observed_at, h.id), '[]'::json)
  from ${classifiedPriceHistory} h where h.classified_id = ${classifieds.id})`;
const IMAGE_LIST = sql`(select l.images from ${classifiedImageLists} l where l.classified_id = ${classifieds.id})`;

/**
 * The visible classifieds of the properties `propertyIds`, oldest first, with their price history and image lists
 * as asked, in one statement: a page of properties shows them all, and three statements cost the gateway and the
 * database three round trips' work for the same rows. The details hang off classifieds the contract shows, so
 * they are within it too.
 */
export async function findClassifiedsWithDetailsByPropertyIds(
  db: Database,
  contract: Contract,
  propertyIds: readonly string[],
  details: ClassifiedDetails,
): Promise<ClassifiedsWithDetails> {
  const statement = sql`select ${CLASSIFIED_COLUMN_LIST}, ${details.priceHistory ? PRICE_HISTORY_JSON : sql`null`}, ${details.images ? IMAGE_LIST : sql`null`}
    from ${classifieds}
    where ${ofProperties(uuidArrayLiteral(propertyIds))} and ${classifiedVisible(contract)}
    order by ${sql.join(OLDEST_FIRST, sql`, `)}`;
  const found: ClassifiedsWithDetails = { classifieds: [], images: [], priceHistory: [] };
  // A dozen texts at most (three choices of details, four shapes of contract), always read by property id.
  for (const row of await rawRows(db, statement, { prepared: true })) {
    const classified = classifiedOfRow(row);
    found.classifieds.push(classified);
    const prices = fromJson(row[FIRST_DETAIL]) as Array<[id: string, value: number, observedAt: number]> | null;
    for (const [id, value, observedAt] of prices ?? []) found.priceHistory.push({ id, classifiedId: classified.id, value, observedAt: new Date(observedAt) });
    const images = fromJson(row[FIRST_DETAIL + 1]) as StoredImage[] | null;
    if (images) found.images.push(...imagesOfList(classified.id, images));
  }
  return found;
}

/** A JSON value as the driver gives it: already parsed by some, as text by others. */
function fromJson(value: unknown): unknown {
  return typeof value === "string" ? JSON.parse(value) : value;
}

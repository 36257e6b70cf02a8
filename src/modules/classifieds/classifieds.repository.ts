import { and, asc, inArray, sql } from "drizzle-orm";
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
} from "../../db/schema/index.js";
import type { Contract } from "../../domain/contract.js";
import { classifiedVisible, ownedByVisibleClassified } from "../access/access.repository.js";
import { textArrayLiteral, uuidArrayLiteral } from "../loader-order.js";
import { contractStatements } from "../statement-cache.js";

/**
 * Reads of classifieds and their images and price history, always within the caller's contract. Each read is
 * one prepared statement per contract (see statement-cache.ts) taking its keys as one array parameter, so a
 * DataLoader batch of any size is one round trip with the same SQL text.
 */

const ids = sql.placeholder("ids");
const keys = sql.placeholder("keys");

function prepareStatements(db: Database, contract: Contract) {
  const visible = classifiedVisible(contract);
  // The visible classifieds of the properties `ids`: what the images and prices of properties hang off.
  const visibleOfProperties = () =>
    db
      .select({ id: classifieds.id })
      .from(classifieds)
      .where(and(sql`${classifieds.propertyId} = any(${ids}::uuid[])`, visible));
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
    imageLists: db
      .select()
      .from(classifiedImageLists)
      .where(and(sql`${classifiedImageLists.classifiedId} = any(${ids}::uuid[])`, ownedByVisibleClassified(contract, classifiedImageLists.classifiedId)))
      .prepare("classified_image_lists_by_classified_ids"),
    imageListsOfProperties: db
      .select()
      .from(classifiedImageLists)
      .where(inArray(classifiedImageLists.classifiedId, visibleOfProperties()))
      .prepare("classified_image_lists_by_property_ids"),
    priceHistory: db
      .select()
      .from(classifiedPriceHistory)
      .where(and(sql`${classifiedPriceHistory.classifiedId} = any(${ids}::uuid[])`, ownedByVisibleClassified(contract, classifiedPriceHistory.classifiedId)))
      .orderBy(asc(classifiedPriceHistory.classifiedId), asc(classifiedPriceHistory.observedAt), asc(classifiedPriceHistory.id))
      .prepare("classified_price_history_by_classified_ids"),
    priceHistoryOfProperties: db
      .select()
      .from(classifiedPriceHistory)
      .where(inArray(classifiedPriceHistory.classifiedId, visibleOfProperties()))
      .orderBy(asc(classifiedPriceHistory.classifiedId), asc(classifiedPriceHistory.observedAt), asc(classifiedPriceHistory.id))
      .prepare("classified_price_history_by_property_ids"),
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

/** Images of the visible classifieds of the properties `propertyIds`, each classified's in position order. */
export async function findImagesByPropertyIds(db: Database, contract: Contract, propertyIds: readonly string[]): Promise<ClassifiedImageRow[]> {
  return expandLists(await statements(db, contract).imageListsOfProperties.execute({ ids: uuidArrayLiteral(propertyIds) }));
}

function expandLists(lists: readonly ClassifiedImageListRow[]): ClassifiedImageRow[] {
  return lists.flatMap((list) => imagesOfList(list.classifiedId, list.images));
}

/** Price history of the visible classifieds of the properties `propertyIds`, by classified then time. */
export function findPriceHistoryByPropertyIds(db: Database, contract: Contract, propertyIds: readonly string[]): Promise<ClassifiedPriceHistoryRow[]> {
  return statements(db, contract).priceHistoryOfProperties.execute({ ids: uuidArrayLiteral(propertyIds) });
}

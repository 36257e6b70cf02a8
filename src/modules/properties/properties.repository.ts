import { and, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { classifieds, properties, propertyRedirects, type PropertyRow } from "../../db/schema/index.js";
import type { Contract } from "../../domain/contract.js";
import { classifiedVisible, visibleProperties } from "../access/access.repository.js";
import { textArrayLiteral, uuidArrayLiteral } from "../loader-order.js";
import { contractStatements } from "../statement-cache.js";

/** Reads of properties within the caller's contract: a property is visible when one of its classifieds is. */

const ids = sql.placeholder("ids");
const keys = sql.placeholder("keys");

function prepareStatements(db: Database, contract: Contract) {
  const visible = visibleProperties(db, contract);
  return {
    byIds: visible.query
      .select()
      .from(properties)
      .where(and(sql`${properties.id} = any(${ids}::uuid[])`, visible.where))
      .prepare("properties_by_ids"),
    // A URL names a classified; its property is found through it, and only when that classified is visible.
    idsByUrlKeys: db
      .select({ urlKey: classifieds.urlKey, propertyId: classifieds.propertyId })
      .from(classifieds)
      .where(and(sql`${classifieds.urlKey} = any(${keys}::text[])`, classifiedVisible(contract)))
      .prepare("property_ids_by_url_keys"),
  };
}

const statements = contractStatements(prepareStatements);

/** The visible properties among `propertyIds` (malformed ids match nothing), in no particular order. */
export function findPropertiesByIds(db: Database, contract: Contract, propertyIds: readonly string[]): Promise<PropertyRow[]> {
  return statements(db, contract).byIds.execute({ ids: uuidArrayLiteral(propertyIds) });
}

/** For each url key of a visible classified, the id of that classified's property. */
export function findPropertyIdsByUrlKeys(db: Database, contract: Contract, urlKeys: readonly string[]): Promise<{ urlKey: string; propertyId: string }[]> {
  return statements(db, contract).idsByUrlKeys.execute({ keys: textArrayLiteral(urlKeys) });
}

/**
 * Where ids of properties absorbed by a merge lead now (README, "Properties"). Not bounded by the contract:
 * the target is then read through it like any id, so an absorbed id outside the contract stays as absent as
 * an unknown one.
 */
export async function findPropertyRedirects(db: Database, propertyIds: readonly string[]): Promise<{ fromId: string; toId: string }[]> {
  return db
    .select({ fromId: propertyRedirects.fromId, toId: propertyRedirects.toId })
    .from(propertyRedirects)
    .where(sql`${propertyRedirects.fromId} = any(${uuidArrayLiteral(propertyIds)}::uuid[])`);
}

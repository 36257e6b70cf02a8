import { and, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { classifieds, properties, type PropertyRow } from "../../db/schema/index.js";
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
export function findPropertyIdsByUrlKeys(
  db: Database,
  contract: Contract,
  urlKeys: readonly string[],
): Promise<{ urlKey: string; propertyId: string }[]> {
  return statements(db, contract).idsByUrlKeys.execute({ keys: textArrayLiteral(urlKeys) });
}

import { sql, type SQL } from "drizzle-orm";
import { alias, type AnyPgColumn } from "drizzle-orm/pg-core";
import type { Database } from "../../db/client.js";
import { classifieds, properties } from "../../db/schema/index.js";
import type { Contract } from "../../domain/contract.js";
import { partialPropertyView } from "./partial-property-view.js";

/**
 * The one place that turns a caller's contract into SQL. Every read of classifieds or properties goes through
 * `classifiedVisible` or `visibleProperties` (and of their images and prices, `ownedByVisibleClassified`), so an object outside the contract is exactly as absent as one
 * that does not exist.
 *
 * A classified is visible when its department is covered (all departments, or listed) and, when the contract
 * lists SIRENs or SIRETs, its publisher's SIREN or SIRET is listed. A property is visible when at least one of
 * its classifieds is, and shows only what its visible classifieds say.
 */
export function classifiedVisible(contract: Contract, table: PublisherColumns = classifieds): SQL {
  const department = contract.allDepartments ? sql`true` : sql`${table.department} = any(${textArray(contract.departments)})`;
  if (!restrictsPublishers(contract)) return sql`(${department})`;
  return sql`(${department} and (${table.publisherSiren} = any(${textArray(contract.sirens)}) or ${table.publisherSiret} = any(${textArray(contract.sirets)})))`;
}

/** `classifieds` as the owner of a row that hangs off a classified (an image, a price). */
const OWNER = "owner";
const owner = alias(classifieds, OWNER);

/**
 * The condition that keeps the rows hanging off a classified (images, price history), through their
 * `classifiedId` column: their classified is visible. A contract over every department without a publisher
 * narrowing sees every classified, so it needs no condition and the statement reads no `classifieds` row.
 */
export function ownedByVisibleClassified(contract: Contract, classifiedId: AnyPgColumn): SQL {
  if (contract.allDepartments && !restrictsPublishers(contract)) return sql`true`;
  return sql`exists (select 1 from ${classifieds} as ${sql.identifier(OWNER)} where ${owner.id} = ${classifiedId} and ${classifiedVisible(contract, owner)})`;
}

/**
 * Where reads of `properties` select from, and the condition that keeps the visible ones. Queries select from
 * the `properties` table object as usual, starting from `query` and adding `where`.
 *
 * Without a publisher restriction the stored rows are what the caller sees: every classified of a property
 * is in the property's commune, so the department alone decides. With one, `query` puts a common table
 * expression named `properties` in front of the statement, which shadows the table with the properties as
 * derived from the caller's visible classifieds (see partial-property-view.ts); filters, sorts and counts then
 * work on what the caller sees. `views` is that expression (none without a publisher restriction), for a
 * statement that needs more of its own after it.
 */
export function visibleProperties(db: Database, contract: Contract): { query: ReturnType<Database["with"]>; where: SQL; views: PropertiesView[] } {
  if (!restrictsPublishers(contract)) {
    const where = contract.allDepartments ? sql`true` : sql`${properties.department} = any(${textArray(contract.departments)})`;
    return { query: db.with(), where, views: [] };
  }
  const view = db.$with("properties", {}).as(partialPropertyView((table) => classifiedVisible(contract, table)));
  return { query: db.with(view), where: sql`true`, views: [view] };
}

/** The contract's view of `properties`, for a caller that puts more common table expressions after it. */
type PropertiesView = Parameters<Database["with"]>[number];

/** The columns of `classifieds` (or of an alias of it) the rule reads. */
type PublisherColumns = { department: AnyPgColumn; publisherSiren: AnyPgColumn; publisherSiret: AnyPgColumn };

function restrictsPublishers(contract: Contract): boolean {
  return contract.sirens.length > 0 || contract.sirets.length > 0;
}

function textArray(values: readonly string[]): SQL {
  return sql`${`{${values.map((v) => `"${v.replace(/["\\]/g, "")}"`).join(",")}}`}::text[]`;
}

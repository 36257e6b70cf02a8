import { sql, type SQL } from "drizzle-orm";
import { classifieds, properties } from "../../db/schema/index.js";
import type { Contract } from "../../domain/contract.js";

/**
 * The one place that turns a caller's contract into SQL. Every read of classifieds or properties adds one of
 * these predicates, so an object outside the contract is exactly as absent as one that does not exist.
 *
 * A classified is visible when its department is covered (all departments, or listed) and, when the contract
 * lists SIRENs or SIRETs, its publisher's SIREN or SIRET is listed. A property is visible when at least one of
 * its classifieds is.
 */
export function classifiedVisible(contract: Contract, table: typeof classifieds = classifieds): SQL {
  const department = contract.allDepartments
    ? sql`true`
    : sql`${table.department} = any(${textArray(contract.departments)})`;
  if (contract.sirens.length === 0 && contract.sirets.length === 0) return sql`(${department})`;
  return sql`(${department} and (${table.publisherSiren} = any(${textArray(contract.sirens)}) or ${table.publisherSiret} = any(${textArray(contract.sirets)})))`;
}

export function propertyVisible(contract: Contract): SQL {
  if (contract.sirens.length === 0 && contract.sirets.length === 0) {
    // Every classified of a property is in the property's commune, so the department alone decides.
    return contract.allDepartments ? sql`true` : sql`${properties.department} = any(${textArray(contract.departments)})`;
  }
  return sql`exists (select 1 from ${classifieds} where ${classifieds.propertyId} = ${properties.id} and ${classifiedVisible(contract)})`;
}

function textArray(values: readonly string[]): SQL {
  return sql`${`{${values.map((v) => `"${v.replace(/["\\]/g, "")}"`).join(",")}}`}::text[]`;
}

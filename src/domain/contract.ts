/**
 * A customer's contract: the data it may read. Departments bound it geographically; SIREN and SIRET lists,
 * when non-empty, further restrict it to those publishers. This module holds the in-memory form of the
 * rule (the event fan-out uses it); the access repository holds the same rule as SQL (every read uses it). A test
 * runs random contracts over random classifieds through both and requires them to agree
 * (test/integration/visibility-rule.test.ts).
 */
import { listDepartments, normaliseDepartmentCode } from "./geography.js";
import { normaliseSiren, normaliseSiret } from "./siren.js";

export type Contract = {
  allDepartments: boolean;
  departments: readonly string[];
  sirens: readonly string[];
  sirets: readonly string[];
};

/** What the contract is checked against: a classified (or one classified of a property). */
export type ContractItem = { department: string; siren: string | null; siret: string | null };

/**
 * True when the item is within the contract: its department is covered (all departments, or listed) AND,
 * when the contract lists SIRENs or SIRETs, its publisher's SIREN is listed or its SIRET is listed.
 * Values are compared exactly: contracts are stored normalised (see `validateContract`) and items carry
 * official department codes and bare digits. A listed SIREN does not cover an item whose SIREN is unknown
 * even if its SIRET starts with it; ingest fills the SIREN from the SIRET, so that case does not arise.
 */
export function isWithinContract(contract: Contract, item: ContractItem): boolean {
  const departmentCovered = contract.allDepartments || contract.departments.includes(item.department);
  if (!departmentCovered) return false;
  if (contract.sirens.length === 0 && contract.sirets.length === 0) return true;
  const sirenListed = item.siren !== null && contract.sirens.includes(item.siren);
  const siretListed = item.siret !== null && contract.sirets.includes(item.siret);
  return sirenListed || siretListed;
}

/**
 * A contract as typed by an operator: lists, or text separated by commas or semicolons (departments also by
 * spaces: `"75, 92 2a"`; SIRENs and SIRETs keep their inner spaces: `"552 100 554, 732 829 320"`).
 */
export type ContractInput = {
  allDepartments?: boolean;
  departments?: readonly string[] | string;
  sirens?: readonly string[] | string;
  sirets?: readonly string[] | string;
};

export type ContractValidation = { ok: true; contract: Contract } | { ok: false; errors: string[] };

/**
 * Checks and normalises a contract before it is stored. Department codes get their official form (`1` ->
 * `01`, `2a` -> `2A`) and must exist; SIRENs and SIRETs lose their separators and must pass their check
 * digits. Duplicates are removed and lists sorted (departments in official order), so equal contracts are
 * equal values. `allDepartments` together with a department list is refused as ambiguous. A contract that
 * grants nothing (no department) is valid: it is how an account whose data access is not configured looks.
 * Every problem is reported, not only the first.
 */
export function validateContract(input: ContractInput): ContractValidation {
  const errors: string[] = [];
  const allDepartments = input.allDepartments ?? false;
  const departmentEntries = entriesOf(input.departments, /[,;\s]+/);
  if (allDepartments && departmentEntries.length > 0) {
    errors.push("allDepartments cannot be combined with a list of departments: give one or the other");
  }

  const departments = normaliseAll(departmentEntries, normaliseDepartmentCode, "department", errors);
  const sirens = normaliseAll(entriesOf(input.sirens, /[,;\n]+/), normaliseSiren, "SIREN", errors);
  const sirets = normaliseAll(entriesOf(input.sirets, /[,;\n]+/), normaliseSiret, "SIRET", errors);
  if (errors.length > 0) return { ok: false, errors };

  const officialOrder = listDepartments();
  return {
    ok: true,
    contract: {
      allDepartments,
      departments: departments.sort((a, b) => officialOrder.indexOf(a) - officialOrder.indexOf(b)),
      sirens: sirens.sort(),
      sirets: sirets.sort(),
    },
  };
}

function entriesOf(value: readonly string[] | string | undefined, separators: RegExp): string[] {
  if (value === undefined) return [];
  const parts = typeof value === "string" ? value.split(separators) : value;
  return parts.map((part) => part.trim()).filter((part) => part !== "");
}

/** Normalised, de-duplicated values; one error per entry that cannot be normalised. */
function normaliseAll(entries: readonly string[], normalise: (raw: string) => string | null, what: string, errors: string[]): string[] {
  const values = new Set<string>();
  for (const entry of entries) {
    const value = normalise(entry);
    if (value === null) errors.push(`${JSON.stringify(entry)} is not a valid ${what}`);
    else values.add(value);
  }
  return [...values];
}

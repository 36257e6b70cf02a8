import type { WebhookFilterValue } from "../../db/schema/index.js";
import { PROPERTY_TYPES, TRANSACTION_TYPES, isOneOf, type PropertyType, type TransactionType } from "../../domain/enums.js";
import { normaliseDepartmentCode } from "../../domain/geography.js";
import { normaliseSiren, normaliseSiret } from "../../domain/siren.js";
import { normaliseDomain, type ListingStreamFilter } from "../events/event-filter.js";

/** A webhook's stream filter as a caller gives it (every list optional). */
export type WebhookFilterInput = {
  transactionTypes?: readonly string[] | null | undefined;
  propertyTypes?: readonly string[] | null | undefined;
  sourceDomains?: readonly string[] | null | undefined;
  departments?: readonly string[] | null | undefined;
  sirens?: readonly string[] | null | undefined;
  sirets?: readonly string[] | null | undefined;
};

export type FilterValidation = { ok: true; filter: WebhookFilterValue } | { ok: false; errors: Record<string, string[]> };

const MAX_VALUES = 1_000;

/**
 * Checks and normalises a stream filter: enumerations must be known values, department codes take their
 * official form, SIRENs and SIRETs must pass their check digits, domains become registrable domains.
 * Duplicates go; empty lists are dropped (they do not filter). Every problem is reported, keyed by field.
 */
export function validateWebhookFilter(input: WebhookFilterInput | null | undefined): FilterValidation {
  const errors: Record<string, string[]> = {};
  const filter: WebhookFilterValue = {};
  const field = <T extends string>(name: keyof WebhookFilterValue, values: readonly string[] | null | undefined, normalise: (raw: string) => T | null) => {
    if (!values || values.length === 0) return;
    const problems: string[] = [];
    if (values.length > MAX_VALUES) problems.push(`at most ${MAX_VALUES} values`);
    const normalised = new Set<string>();
    for (const raw of values) {
      const value = typeof raw === "string" ? normalise(raw) : null;
      if (value === null) problems.push(`${JSON.stringify(raw)} is not a valid value`);
      else normalised.add(value);
    }
    if (problems.length > 0) errors[`filter.${name}`] = problems;
    else filter[name] = [...normalised].sort();
  };
  field("transactionTypes", input?.transactionTypes, (raw) => (isOneOf(TRANSACTION_TYPES, raw) ? raw : null));
  field("propertyTypes", input?.propertyTypes, (raw) => (isOneOf(PROPERTY_TYPES, raw) ? raw : null));
  field("sourceDomains", input?.sourceDomains, (raw) => (raw.trim() === "" || raw.length > 253 ? null : normaliseDomain(raw)));
  field("departments", input?.departments, normaliseDepartmentCode);
  field("sirens", input?.sirens, normaliseSiren);
  field("sirets", input?.sirets, normaliseSiret);
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, filter };
}

/** The stored filter as an event-stream filter (values were validated when stored; unknown ones are dropped). */
export function streamFilterOf(value: WebhookFilterValue): ListingStreamFilter {
  return {
    transactionTypes: value.transactionTypes?.filter((v): v is TransactionType => isOneOf(TRANSACTION_TYPES, v)),
    propertyTypes: value.propertyTypes?.filter((v): v is PropertyType => isOneOf(PROPERTY_TYPES, v)),
    sourceDomains: value.sourceDomains,
    departments: value.departments,
    sirens: value.sirens,
    sirets: value.sirets,
  };
}

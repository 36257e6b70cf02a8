import type { EventRow } from "../../db/schema/index.js";
import { isWithinContract, type Contract } from "../../domain/contract.js";
import type { EventResource, EventType, PropertyType, TransactionType } from "../../domain/enums.js";
import { sourceDomainOf } from "../../domain/url-key.js";

/** The columns of an event that decide who may see it and which streams it belongs to. */
export type EventFacts = Pick<EventRow, "type" | "resource" | "department" | "propertyType" | "transactionType" | "sourceDomains" | "sirens" | "sirets">;

/**
 * What a subscriber or webhook asks for. Every list narrows the stream; an absent or empty list does not.
 * Within a list values are alternatives (any of); between lists, all must hold.
 */
export type ListingStreamFilter = {
  types?: readonly EventType[] | null;
  resources?: readonly EventResource[] | null;
  departments?: readonly string[] | null;
  propertyTypes?: readonly PropertyType[] | null;
  transactionTypes?: readonly TransactionType[] | null;
  sourceDomains?: readonly string[] | null;
  /** Publisher SIRENs; with `sirets`, an event matches when either list has one of its publishers. */
  sirens?: readonly string[] | null;
  sirets?: readonly string[] | null;
};

export type EventPredicate = (event: EventFacts) => boolean;

/**
 * Whether the holder of `contract` may see the event: `isWithinContract` applied to the event's denormalised
 * columns. A property event carries the SIRENs and SIRETs of all its classifieds (which share its department),
 * so it is visible exactly when one of its classifieds is, as in the access repository's SQL.
 */
export function isEventVisible(contract: Contract, event: EventFacts): boolean {
  const { department } = event;
  if (event.sirens.length === 0 && event.sirets.length === 0) {
    return isWithinContract(contract, { department, siren: null, siret: null });
  }
  return (
    event.sirens.some((siren) => isWithinContract(contract, { department, siren, siret: null })) ||
    event.sirets.some((siret) => isWithinContract(contract, { department, siren: null, siret }))
  );
}

/** Compiles a filter into a predicate (sets built once: it runs for every event and every subscriber). */
export function compileStreamFilter(filter: ListingStreamFilter): EventPredicate {
  const types = toSet(filter.types);
  const resources = toSet(filter.resources);
  const departments = toSet(filter.departments);
  const propertyTypes = toSet(filter.propertyTypes);
  const transactionTypes = toSet(filter.transactionTypes);
  const sourceDomains = toSet(filter.sourceDomains?.map(normaliseDomain));
  const sirens = toSet(filter.sirens);
  const sirets = toSet(filter.sirets);
  return (event) =>
    (types === undefined || types.has(event.type)) &&
    (resources === undefined || resources.has(event.resource)) &&
    (departments === undefined || departments.has(event.department)) &&
    (propertyTypes === undefined || propertyTypes.has(event.propertyType)) &&
    (transactionTypes === undefined || transactionTypes.has(event.transactionType)) &&
    (sourceDomains === undefined || event.sourceDomains.some((domain) => sourceDomains.has(domain))) &&
    ((sirens === undefined && sirets === undefined) ||
      event.sirens.some((siren) => sirens?.has(siren) === true) ||
      event.sirets.some((siret) => sirets?.has(siret) === true));
}

/** A predicate for "visible under `contract` and matching `filter`". */
export function streamPredicate(contract: Contract, filter: ListingStreamFilter): EventPredicate {
  const matches = compileStreamFilter(filter);
  return (event) => isEventVisible(contract, event) && matches(event);
}

/** Domains as stored on events: the registrable domain, lower-case (`www.SeLoger.com` -> `seloger.com`). */
export function normaliseDomain(value: string): string {
  const trimmed = value.trim().toLowerCase();
  return sourceDomainOf(trimmed) ?? trimmed;
}

function toSet<T extends string>(values: readonly T[] | null | undefined): Set<string> | undefined {
  return values && values.length > 0 ? new Set(values) : undefined;
}

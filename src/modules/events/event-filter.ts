import type { EventListing, EventRow } from "../../db/schema/index.js";
import { isWithinContract, type Contract } from "../../domain/contract.js";
import type { EventResource, EventType, PropertyType, TransactionType } from "../../domain/enums.js";
import { sourceDomainOf } from "../../domain/url-key.js";
import { distinctValues } from "../common/distinct-values.js";

/** The columns of an event that decide who may see it and which streams it belongs to. */
export type EventFacts = Pick<
  EventRow,
  "type" | "resource" | "department" | "propertyType" | "transactionType" | "sourceDomains" | "sirens" | "sirets" | "changedFields" | "listings" | "viewOnly"
>;

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
 * so it is visible when one of its classifieds is, as in the access repository's SQL.
 */
export function isEventVisible(contract: Contract, event: EventFacts): boolean {
  return eventAsSeenBy(contract, event) !== null;
}

/**
 * The event as the holder of `contract` sees it, or null when it may not see it. Under a contract narrowed to
 * publishers, a property event's listings decide (see `events.listings`):
 * - one of the contract's own classifieds must belong to the property, before or after the change, and one must
 *   have caused the event when any did;
 * - a property its own classifieds join is `created` for it, one they all leave or that withdraws them all
 *   `removed`, whatever the stored property's event says (another publisher's listing may have been there before,
 *   or stay after);
 * - an `updated` event names what changed as its own causes' publishers see the property, and is not shown when
 *   nothing did (`viewChanges`);
 * - its portals and publisher numbers are those of its own members only, so that no stream filter tells it what
 *   another publisher's listing of the same flat is, or that there is one;
 * - an event of its own view of a property (`events.viewOnly`) goes only to such a contract, when it does not see
 *   every member.
 */
export function eventAsSeenBy<E extends EventFacts>(contract: Contract, event: E): E | null {
  const { department, listings } = event;
  const narrowed = contract.sirens.length > 0 || contract.sirets.length > 0;
  if (event.viewOnly && (!narrowed || listings === null)) return null; // the stored property, unchanged
  if (!narrowed || listings === null) return anyPublisherVisible(contract, department, event.sirens, event.sirets) ? event : null;
  const own = listings.filter((listing) => isWithinContract(contract, { department, siren: listing.siren, siret: listing.siret }));
  const after = own.filter((listing) => listing.member);
  const before = own.filter((listing) => (listing.member && !listing.joined) || (!listing.member && listing.cause));
  if (after.length === 0 && before.length === 0) return null;
  if (listings.some((listing) => listing.cause) && !own.some((listing) => listing.cause)) return null;
  if (event.viewOnly && after.length === listings.filter((listing) => listing.member).length) return null;
  const appeared = before.length === 0 && event.type !== "created";
  const disappeared = after.length === 0 && event.type !== "removed";
  const changes = appeared || disappeared ? [] : viewChanges(own, event);
  if (changes !== undefined && changes.length === 0 && !appeared && !disappeared) return null; // nothing it sees changed
  const seenFrom = after.length > 0 ? after : before;
  // Its classifieds all withdrawn while another publisher's stays on sale: the property as it sees it is removed.
  const fields = changes ?? event.changedFields;
  const withdrawn = event.type === "updated" && fields.includes("status") && after.length > 0 && after.every((listing) => listing.active === false);
  return {
    ...event,
    ...(appeared || disappeared || withdrawn ? { type: appeared ? "created" : "removed" } : {}),
    ...(changes === undefined ? {} : { changedFields: changes }),
    sourceDomains: distinctValues(seenFrom.map((listing) => listing.sourceDomain)),
    sirens: distinctValues(seenFrom.map((listing) => listing.siren)),
    sirets: distinctValues(seenFrom.map((listing) => listing.siret)),
    listings: own,
  };
}

/**
 * What changed in the property as the contract's own causes' publishers see it, or undefined when the event does not
 * say: a property's creation or removal, a merge, one of its own listings joining or leaving (the recorded fields
 * say so), an event recorded before views were. A view event already is one.
 */
function viewChanges(own: readonly EventListing[], event: EventFacts): string[] | undefined {
  if (event.viewOnly || event.type !== "updated" || own.some((listing) => listing.joined || !listing.member)) return undefined;
  const causes = own.filter((listing) => listing.cause);
  if (causes.length === 0 || causes.some((listing) => listing.changes === undefined)) return undefined;
  return distinctValues(causes.flatMap((listing) => listing.changes ?? []));
}

/** Whether a classified of `department` with one of these publisher numbers (or with none) is within the contract. */
function anyPublisherVisible(contract: Contract, department: string, sirens: readonly string[], sirets: readonly string[]): boolean {
  if (sirens.length === 0 && sirets.length === 0) return isWithinContract(contract, { department, siren: null, siret: null });
  return (
    sirens.some((siren) => isWithinContract(contract, { department, siren, siret: null })) ||
    sirets.some((siret) => isWithinContract(contract, { department, siren: null, siret }))
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
  return (event) => seenIfMatching(contract, matches, event) !== null;
}

/** The event as the holder of `contract` sees it (`eventAsSeenBy`) when it may see it and it matches; else null. */
export function seenIfMatching<E extends EventFacts>(contract: Contract, matches: EventPredicate, event: E): E | null {
  const seen = eventAsSeenBy(contract, event);
  return seen !== null && matches(seen) ? seen : null;
}

/** Domains as stored on events: the registrable domain, lower-case (`www.SeLoger.com` -> `seloger.com`). */
export function normaliseDomain(value: string): string {
  const trimmed = value.trim().toLowerCase();
  return sourceDomainOf(trimmed) ?? trimmed;
}

function toSet<T extends string>(values: readonly T[] | null | undefined): Set<string> | undefined {
  return values && values.length > 0 ? new Set(values) : undefined;
}

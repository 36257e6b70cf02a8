/**
 * The `events` rows a batch records: one per changed classified and one per changed property, carrying what
 * readers need to apply contracts and stream filters without loading the listing.
 */
import type { ClassifiedRow, EventListing, NewEventRow, PropertyRow } from "../../db/schema/index.js";
import type { EventType } from "../../domain/enums.js";
import { distinctValues } from "../common/distinct-values.js";
import type { ClassifiedChange } from "./classified-changes.js";

/** created for a classified new in this batch; removed when it went to `removed`; updated otherwise; null when only lastSeenAt moved. */
export function classifiedEventType(change: ClassifiedChange): EventType | null {
  if (change.before === undefined) return "created";
  if (change.changedFields.size === 0) return null;
  return change.row.status === "removed" && change.before.status !== "removed" ? "removed" : "updated";
}

export function classifiedEvent(change: ClassifiedChange, type: EventType): NewEventRow {
  const { row } = change;
  return {
    type,
    resource: "classified",
    resourceId: row.id,
    propertyId: row.propertyId,
    department: row.department,
    propertyType: row.propertyType,
    transactionType: row.transactionType,
    sourceDomains: [row.sourceDomain],
    sirens: row.publisherSiren === null ? [] : [row.publisherSiren],
    sirets: row.publisherSiret === null ? [] : [row.publisherSiret],
    changedFields: type === "created" ? [] : [...change.changedFields].sort(),
  };
}

/** What a property event says of its listings (see `propertyEvent`). */
export type PropertyEventListings = {
  causes: readonly ClassifiedRow[];
  joined?: readonly ClassifiedRow[];
  viewChangesOf?: (cause: ClassifiedRow) => string[];
};

/**
 * A property event carries the portals and publisher numbers of all its classifieds, removed ones included, and
 * its listings (see `events.listings`): its members, and `causes`, the classifieds whose change made it, members
 * or not (one that left the property). Without causes (a property derived again with no classified changed) it
 * goes to whoever sees the property. `joined`: the members that joined it with this change (new, or moved in);
 * `viewChangesOf`: what changed in the property as a cause's publisher sees it.
 * When every one of them has the same publisher numbers, as most properties' have, the columns above already say
 * all the listings would, and none are recorded.
 */
export function propertyEvent(
  property: PropertyRow,
  members: readonly ClassifiedRow[],
  type: EventType,
  changedFields: readonly string[],
  { causes, joined = [], viewChangesOf }: PropertyEventListings,
): NewEventRow {
  const listing = (row: ClassifiedRow, member: boolean): EventListing => {
    const cause = causes.includes(row);
    const entry: EventListing = {
      siren: row.publisherSiren,
      siret: row.publisherSiret,
      sourceDomain: row.sourceDomain,
      member,
      joined: joined.includes(row),
      active: row.status !== "removed",
      cause,
    };
    return cause && viewChangesOf !== undefined ? { ...entry, changes: viewChangesOf(row) } : entry;
  };
  return {
    type,
    resource: "property",
    resourceId: property.id,
    propertyId: property.id,
    department: property.department,
    propertyType: property.propertyType,
    transactionType: property.transactionType,
    sourceDomains: distinctValues(members.map((row) => row.sourceDomain)),
    sirens: distinctValues(members.map((row) => row.publisherSiren)),
    sirets: distinctValues(members.map((row) => row.publisherSiret)),
    changedFields: [...changedFields].sort(),
    listings: onePublisher([...members, ...causes])
      ? null
      : [...members.map((row) => listing(row, true)), ...causes.filter((row) => !members.includes(row)).map((row) => listing(row, false))],
  };
}

/**
 * The event of a property whose stored columns did not change while what its causes' publishers see of it did
 * (`viewChanges`, see `events.viewOnly`), or null when nothing they see changed or all its listings have one
 * publisher (whoever sees one of them sees the stored property).
 */
export function propertyViewEvent(
  property: PropertyRow,
  members: readonly ClassifiedRow[],
  causes: readonly ClassifiedRow[],
  viewChanges: () => readonly string[],
): NewEventRow | null {
  if (onePublisher([...members, ...causes])) return null;
  const changedFields = viewChanges();
  return changedFields.length === 0 ? null : { ...propertyEvent(property, members, "updated", changedFields, { causes }), viewOnly: true };
}

function onePublisher(rows: readonly ClassifiedRow[]): boolean {
  const [first] = rows;
  return rows.every((row) => row.publisherSiren === first?.publisherSiren && row.publisherSiret === first?.publisherSiret);
}

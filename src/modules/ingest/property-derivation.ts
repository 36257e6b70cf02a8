/**
 * A property's columns, derived from its classifieds (README, "Properties"). Pure: the caller passes every
 * classified of the property in its final state, and the property row as stored before the batch.
 */
import type { ClassifiedRow, PropertyPricePoint, PropertyRow } from "../../db/schema/index.js";
import type { EventType } from "../../domain/enums.js";
import { pricePerSquareMeter } from "../../domain/price.js";
import { distinctValues } from "../common/distinct-values.js";

/** A classified of the property: final state, and the state before the batch (undefined when created by it). */
export type PropertyMember = { row: ClassifiedRow; before: ClassifiedRow | undefined };

export type DerivedProperty = {
  row: PropertyRow;
  /** The stored row differs (including columns that raise no event, such as lastSeenAt). */
  write: boolean;
  /** Event to record, or null when nothing a subscriber sees changed. */
  eventType: EventType | null;
  changedFields: string[];
};

/** Columns whose change is a change of the property for subscribers. */
const EVENT_COLUMNS = [
  "leadClassifiedId",
  "status",
  "description",
  "propertyType",
  "transactionType",
  "inseeCode",
  "cityName",
  "postcode",
  "department",
  "latitude",
  "longitude",
  "area",
  "roomCount",
  "bedroomCount",
  "balconyExists",
  "terraceExists",
  "parkingExists",
  "cellarExists",
  "elevatorExists",
  "garageExists",
  "gardenExists",
  "swimmingPoolExists",
  "isProgram",
  "dpeLabel",
  "gesLabel",
  "priceInitial",
  "priceCurrent",
  "pricePerSquareMeter",
  "sourceDomains",
  "firstSeenAt",
] as const satisfies ReadonlyArray<keyof PropertyRow>;

/** Columns written but not announced: bookkeeping and search helpers. */
const QUIET_COLUMNS = ["priceHistory", "priceChangedAt", "sourceDomainsCount", "searchText", "lastSeenAt", "lastModifiedAt"] as const satisfies ReadonlyArray<
  keyof PropertyRow
>;

export function deriveProperty(propertyId: string, members: readonly PropertyMember[], previous: PropertyRow | undefined): DerivedProperty {
  const rows = members.map((member) => member.row);
  const active = rows.filter((row) => row.status !== "removed");
  const shown = active.length > 0 ? active : rows;
  const lead = [...shown].sort(byRecency)[0];
  if (lead === undefined) throw new Error(`property ${propertyId} has no classified`);
  const located = [...shown].sort(byRecency).find((row) => row.latitude !== null && row.longitude !== null) ?? lead;
  const priceCurrent = Math.min(...shown.map((row) => row.priceCurrent));
  const latestChange = new Date(Math.max(...rows.map((row) => row.lastModifiedAt.getTime())));
  const firstSeenAt = new Date(Math.min(...rows.map((row) => row.firstSeenAt.getTime())));
  // A property created by this batch starts from the first price of its first-seen classified (a price
  // change observed in the same batch as the creation still shows as a change).
  const firstListed = [...rows].sort(byFirstSeen)[0] ?? lead;
  const priceInitial = previous?.priceInitial ?? firstListed.priceInitial;
  const priceBefore = previous?.priceCurrent ?? priceInitial;
  const priceMoved = priceBefore !== priceCurrent;
  const sourceDomains = distinctValues(shown.map((row) => row.sourceDomain));

  const row: PropertyRow = {
    id: propertyId,
    leadClassifiedId: lead.id,
    status: active.some((item) => item.status === "available") ? "available" : lead.status,
    description: lead.description,
    propertyType: lead.propertyType,
    transactionType: lead.transactionType,
    inseeCode: lead.inseeCode,
    cityName: lead.cityName,
    postcode: lead.postcode,
    department: lead.department,
    latitude: located.latitude,
    longitude: located.longitude,
    area: lead.area,
    roomCount: lead.roomCount,
    bedroomCount: lead.bedroomCount,
    balconyExists: lead.balconyExists,
    terraceExists: lead.terraceExists,
    parkingExists: lead.parkingExists,
    cellarExists: lead.cellarExists,
    elevatorExists: lead.elevatorExists,
    garageExists: lead.garageExists,
    gardenExists: lead.gardenExists,
    swimmingPoolExists: lead.swimmingPoolExists,
    isProgram: lead.propertyIsProgram,
    dpeLabel: lead.dpeLabel,
    gesLabel: lead.gesLabel,
    priceInitial,
    priceCurrent,
    pricePerSquareMeter: pricePerSquareMeter(priceCurrent, lead.area),
    priceHistory: priceHistoryOf(
      previous?.priceHistory ?? [{ value: priceInitial, timestamp: firstSeenAt.toISOString() }],
      priceMoved ? { value: priceCurrent, timestamp: latestChange.toISOString() } : undefined,
    ),
    priceChangedAt: priceMoved ? latestChange : (previous?.priceChangedAt ?? null),
    sourceDomains,
    sourceDomainsCount: sourceDomains.length,
    searchText: searchTextOf([...shown].sort(byFirstSeen)),
    firstSeenAt,
    lastSeenAt: new Date(Math.max(...rows.map((item) => item.lastSeenAt.getTime()))),
    lastModifiedAt: previous?.lastModifiedAt ?? latestChange,
  };

  if (previous === undefined) return { row, write: true, eventType: "created", changedFields: [] };
  const changedFields: string[] = EVENT_COLUMNS.filter((column) => !sameColumn(previous[column], row[column]));
  if (imagesChanged(members, previous.leadClassifiedId, lead)) changedFields.push("images");
  if (membershipChanged(members)) changedFields.push("classifieds");
  if (changedFields.length > 0) row.lastModifiedAt = latestChange;
  const write = changedFields.length > 0 || QUIET_COLUMNS.some((column) => !sameColumn(previous[column], row[column]));
  const eventType: EventType | null = changedFields.length === 0 ? null : row.status === "removed" && previous.status !== "removed" ? "removed" : "updated";
  return { row, write, eventType, changedFields };
}

/**
 * What changed in the property as a contract narrowed to a cause's publisher sees it (README, "Tokens and
 * contracts"): the property derived from that publisher's classifieds alone, before the batch and after it, for
 * each cause's SIREN and each cause's SIRET. Empty when no such view changed.
 */
export function publisherViewChanges(propertyId: string, members: readonly PropertyMember[], causes: readonly ClassifiedRow[]): string[] {
  const changed = new Set<string>();
  const sirens = new Set(causes.map((cause) => cause.publisherSiren).filter((siren) => siren !== null));
  const sirets = new Set(causes.map((cause) => cause.publisherSiret).filter((siret) => siret !== null));
  const views: Array<(row: ClassifiedRow) => boolean> = [
    ...[...sirens].map((siren) => (row: ClassifiedRow) => row.publisherSiren === siren),
    ...[...sirets].map((siret) => (row: ClassifiedRow) => row.publisherSiret === siret),
  ];
  for (const isOwn of views) {
    const own = members.filter((member) => isOwn(member.row));
    const before = own.flatMap((member) => (member.before === undefined ? [] : [{ row: member.before, before: member.before }]));
    if (own.length === 0 || before.length === 0) continue; // its first classified, or its last gone: the property appears or goes
    const previous = deriveProperty(propertyId, before, undefined).row;
    for (const field of deriveProperty(propertyId, own, previous).changedFields) changed.add(field);
  }
  return [...changed].sort();
}

/** Most recently modified first; then most recently seen; then by id, so that the order is total. */
function byRecency(a: ClassifiedRow, b: ClassifiedRow): number {
  return b.lastModifiedAt.getTime() - a.lastModifiedAt.getTime() || b.lastSeenAt.getTime() - a.lastSeenAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/**
 * First seen first, then by id. Members come partly from the batch and partly from a read in no particular
 * order: whatever depends on their order (the search text, the first-listed price) sorts them this way, so that
 * the same classifieds always derive the same property and an unchanged one is not rewritten.
 */
function byFirstSeen(a: ClassifiedRow, b: ClassifiedRow): number {
  return a.firstSeenAt.getTime() - b.firstSeenAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** The first price is recorded at creation; an entry is appended each time the derived price moves. */
function priceHistoryOf(history: PropertyPricePoint[], point: PropertyPricePoint | undefined): PropertyPricePoint[] {
  return point === undefined ? history : [...history, point];
}

/** Titles and descriptions, distinct, lower-case without accents: what `searchQuery` matches against. */
function searchTextOf(rows: readonly ClassifiedRow[]): string {
  const texts = new Set<string>();
  for (const row of rows) {
    if (row.title !== null) texts.add(row.title);
    if (row.description !== null) texts.add(row.description);
  }
  return unaccent([...texts].join("\n").toLowerCase());
}

export function unaccent(text: string): string {
  return text
    .replace(/œ/g, "oe")
    .replace(/æ/g, "ae")
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "");
}

/** The lead changed, or the lead's own images changed in this batch. */
function imagesChanged(members: readonly PropertyMember[], previousLeadId: string | null, lead: ClassifiedRow): boolean {
  if (previousLeadId !== lead.id) return true;
  const member = members.find((item) => item.row.id === lead.id);
  return member?.before !== undefined && member.before.imagesDigest !== lead.imagesDigest;
}

/** A classified joined the property, or one of them was removed or came back. */
function membershipChanged(members: readonly PropertyMember[]): boolean {
  return members.some(({ row, before }) => before === undefined || (before.status === "removed") !== (row.status === "removed"));
}

function sameColumn(a: unknown, b: unknown): boolean {
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  if (Array.isArray(a) && Array.isArray(b)) return JSON.stringify(a) === JSON.stringify(b);
  return a === b;
}

/**
 * What two classifieds of one block (same zone, property type and transaction type) have in common, as the
 * discrete observations the match model weighs (pair-score.ts): one level per compared feature (`area:same`,
 * `price:within3pct`, `photos.otherPublisher:two`, ...), or the conflict that makes them two properties whatever
 * else agrees (two floors, a studio and a four-room flat, prices far apart). Unknown values give no level.
 *
 * Photos, texts and energy figures are read in context: one publisher copies its own advert whole (its photos
 * and texts prove less than another publisher's), and units of one new-build programme share the promoter's
 * renders, texts and energy study (so between two new builds they prove less still).
 */
import { isFrenchMobile } from "../phone.js";
import { areNeighbours } from "./grouping-zone.js";
import { includesPhoto, type PackedPhoto } from "./photo-hash.js";
import { differentLots } from "./stated-lot.js";
import { textDistance } from "./text-signature.js";

/** What grouping knows of a classified. */
export type GroupingRecord = {
  /** Stable identity (the canonical url key): ties are broken on it, so that arrival order never matters. */
  key: string;
  inseeCode: string;
  /** The grouping zone of its commune (`groupingZoneOf`): only classifieds of one zone, and of neighbouring communes, are compared. */
  zone: string;
  /** The type it is blocked on (grouping-type.ts): the portal's, or a mislabelled flat's. */
  groupingType: string;
  transactionType: string;
  area: number | null;
  landArea: number | null;
  roomCount: number | null;
  bedroomCount: number | null;
  /** The listing's floor, or where it gives none, the one its text states (stated-floor.ts). */
  floor: number | null;
  price: number;
  photos: readonly PackedPhoto[];
  textSignature: string | null;
  /** The copropriété's number of lots its advert gives: the building's, so equal on every copy of one flat. */
  condominiumLots: number | null;
  /** A sale's yearly copropriété charges its advert gives: the flat's share, so they differ between its neighbours. */
  condominiumCharges: number | null;
  /** The lot of a programme or subdivision its advert names (stated-lot.ts). */
  lot: string | null;
  /** The portal it is published on (its registrable domain). */
  sourceDomain: string;
  /** When it was first seen, in milliseconds since the epoch: its first observation's, so whatever order lines arrive in. */
  firstSeen: number;
  publisherSiret: string | null;
  publisherSiren: string | null;
  publisherType: string | null;
  publisherPhone: string | null;
  /** The publisher's name folded to a key (`publisherNameKey`): portals spell one agency's name many ways. */
  publisherName: string | null;
  publisherEmail: string | null;
  publisherIsProfessional: boolean | null;
  contactPhone: string | null;
  /** An exclusive mandate: the publisher alone sells the property. */
  isExclusiveMandate: boolean | null;
  latitude: number | null;
  longitude: number | null;
  dpeLabel: string | null;
  dpeValue: number | null;
  gesLabel: string | null;
  gesValue: number | null;
  constructionYear: number | null;
  /** New build or part of a programme: units of one programme share renders and texts. */
  isNewBuild: boolean;
  /** balcony, terrace, parking, cellar, elevator, garage, garden, swimming pool (null: unknown). */
  flags: ReadonlyArray<boolean | null>;
};

/** Areas further apart than this share of the larger one are two properties (measurement noise stays under ~8%). */
export const MAX_AREA_GAP = 0.12;

/** The observations of a pair: its levels, or the feature whose disagreement rules a match out. */
export type PairComparison = { conflict: string; levels?: undefined } | { conflict?: undefined; levels: string[] };

/**
 * A fitted model: the intercept, one weight per level, and the two thresholds clustering applies to its
 * scores (cluster.ts): a pair links at `link`, two groups join when the average over their pairs reaches `group`.
 */
export type MatchModel = { intercept: number; link: number; group: number; levels: Readonly<Record<string, number>> };

/** The block of a classified (zone, grouping type, transaction type): only classifieds of one block are compared. */
export function blockKey(of: Pick<GroupingRecord, "zone" | "groupingType" | "transactionType">): string {
  return `${of.zone}|${of.groupingType}|${of.transactionType}`;
}

/** Same block (same zone, grouping type and transaction type): only such classifieds are ever compared (grouping-zone.ts). */
export function sameBlock(a: GroupingRecord, b: GroupingRecord): boolean {
  return a.zone === b.zone && a.groupingType === b.groupingType && a.transactionType === b.transactionType;
}

/**
 * Classifieds of two communes of one zone are compared only when both give an area, within this share of the
 * larger plus half a square metre, and asking prices within NEIGHBOUR_PRICE_GAP: a copy filed under the
 * neighbouring commune is the same flat, measured and priced alike by its publishers, while a looser rule compares a
 * city's flats with hundreds in its other arrondissements (at a million classifieds, 4% and 8% doubled the ingest's
 * time: docs/performance.md).
 */
export const NEIGHBOUR_AREA_GAP = 0.01;
export const NEIGHBOUR_PRICE_GAP = 0.04;

/**
 * Whether grouping compares two classifieds of one block: of one commune, when their areas are comparable; of two
 * neighbouring communes (grouping-zone.ts), when their areas and prices are close (NEIGHBOUR_AREA_GAP). Symmetric.
 */
export function worthComparing(a: GroupingRecord, b: GroupingRecord): boolean {
  if (a.inseeCode === b.inseeCode) return areasComparable(a.area, b.area);
  if (a.area === null || b.area === null) return false;
  return (
    Math.abs(a.area - b.area) <= NEIGHBOUR_AREA_GAP * Math.max(a.area, b.area) + 0.5 &&
    Math.abs(a.price - b.price) <= NEIGHBOUR_PRICE_GAP * Math.max(a.price, b.price) &&
    areNeighbours(a.inseeCode, b.inseeCode)
  );
}

/** Two classifieds whose known areas are this far apart are never compared (a cheap first cut). */
export function areasComparable(a: number | null, b: number | null): boolean {
  return a === null || b === null || Math.abs(a - b) <= MAX_AREA_GAP * Math.max(a, b) + 1;
}

const CONFLICTING = "conflict";

/**
 * How many photos two classifieds share, each counted 1 or less, or how to count them: a function is called only
 * for a pair that no disagreement rules out. Weighing a pair's photos is what scoring it costs most (the photos
 * of every comparable classified showing them are looked at), and most pairs of a large block conflict.
 */
export type SharedPhotos = number | (() => number);

/**
 * The levels of a pair of one block. `sharedPhotos` is how many photos the two share, each counted 1 or less:
 * the caller may discount photos that many listings share (an agency's logo, a programme's renders) or that
 * listings of two properties show (a building's façade).
 */
export function comparePair(a: GroupingRecord, b: GroupingRecord, sharedPhotos: SharedPhotos = () => countSharedPhotos(a, b)): PairComparison {
  if (!sameBlock(a, b)) return { conflict: "block" };
  const levels: string[] = [];
  for (const { feature, levelOf } of CONFLICTABLE_FEATURES) {
    const level = levelOf(a, b);
    if (level === CONFLICTING) return { conflict: feature };
    if (level !== null) levels.push(levelName(feature, level));
  }
  const newBuilds = a.isNewBuild && b.isNewBuild;
  const samePublisher = isSamePublisher(a, b);
  if (samePublisher && twoFloorsAboveGround(a.floor, b.floor)) return { conflict: "publisherFloor" };
  if (samePublisher && twoFlatsPostedTogether(a, b)) return { conflict: "publisherPortal" };
  const context = CONTEXTS[(samePublisher ? 2 : 0) + (newBuilds ? 1 : 0)] as Context; // 0 to 3
  const push = (feature: string, level: string | null) => {
    if (level !== null) levels.push(levelName(feature, level));
  };
  push(context.dpeValue, valueLevel(a.dpeValue, b.dpeValue));
  push(context.gesValue, valueLevel(a.gesValue, b.gesValue));
  push("landArea", landAreaLevel(a.landArea, b.landArea));
  push("lots", lotsLevel(a.condominiumLots, b.condominiumLots));
  push("charges", chargesLevel(a.condominiumCharges, b.condominiumCharges));
  push("flags", flagLevel(a.flags, b.flags));
  push("distance", distanceLevel(a, b));
  // Filed under two communes: a copy's publisher chose the neighbouring name, or two flats of two towns.
  if (a.inseeCode !== b.inseeCode) levels.push("commune:other");
  const photos = typeof sharedPhotos === "number" ? sharedPhotos : sharedPhotos();
  if (samePublisher && photos === 0) {
    const conflict = onePublishersTwoFlats(a, b);
    if (conflict !== null) return { conflict };
  }
  push(context.photos, photoLevel(a, b, photos));
  push(context.text, textLevel(textDistance(a.textSignature, b.textSignature)));
  if (samePublisher) levels.push("publisher:same");
  // A private seller posting on two portals leaves the same phone; a professional's phone is its office's.
  if (a.publisherIsProfessional === false && b.publisherIsProfessional === false && a.contactPhone !== null && a.contactPhone === b.contactPhone)
    levels.push("privatePhone:same");
  return { levels };
}

/** The features read in the context of the pair (one publisher or two, two new builds or not), by that context. */
type Context = { dpeValue: string; gesValue: string; photos: string; text: string };
const CONTEXTS: readonly Context[] = [false, true].flatMap((samePublisher) =>
  [false, true].map((newBuilds) => {
    const builds = newBuilds ? ".newBuilds" : "";
    const publisher = samePublisher ? ".samePublisher" : ".otherPublishers";
    return { dpeValue: `dpeValue${builds}`, gesValue: `gesValue${builds}`, photos: `photos${publisher}${builds}`, text: `text${publisher}${builds}` };
  }),
);

/**
 * `feature:level`, made once per feature and level and then reused: the model looks every level of every pair
 * scored up by this name, and a name made once is found faster than one built again for each pair.
 */
function levelName(feature: string, level: string): string {
  let byLevel = levelNames.get(feature);
  if (byLevel === undefined) {
    byLevel = new Map();
    levelNames.set(feature, byLevel);
  }
  let name = byLevel.get(level);
  if (name === undefined) {
    name = `${feature}:${level}`;
    byLevel.set(level, name);
  }
  return name;
}
const levelNames = new Map<string, Map<string, string>>();

/** Whether two classifieds cannot be one property whatever else they share: another block, or a conflict. */
export function cannotBeOne(a: GroupingRecord, b: GroupingRecord): boolean {
  if (!sameBlock(a, b)) return true;
  for (const { levelOf } of CONFLICTABLE_FEATURES) if (levelOf(a, b) === CONFLICTING) return true;
  return false;
}

/**
 * The features whose disagreement can rule a match out (`CONFLICTING`), each with its level for a pair (null when
 * unknown). A table read in place: the clustering asks `cannotBeOne` of many pairs of a block, and building the
 * levels as a list for each pair made a quarter of the ingest's garbage.
 */
const CONFLICTABLE_FEATURES: ReadonlyArray<{ feature: string; levelOf: (a: GroupingRecord, b: GroupingRecord) => string | null }> = [
  { feature: "area", levelOf: (a, b) => areaLevel(a.area, b.area) },
  { feature: "rooms", levelOf: (a, b) => roomLevel(a.roomCount, b.roomCount) },
  { feature: "bedrooms", levelOf: (a, b) => countLevel(a.bedroomCount, b.bedroomCount) },
  { feature: "floor", levelOf: (a, b) => countLevel(a.floor, b.floor) }, // the ground floor written 0 or 1
  { feature: "price", levelOf: (a, b) => priceLevel(a.price, b.price) },
  { feature: "dpeLabel", levelOf: (a, b) => labelLevel(a.dpeLabel, b.dpeLabel) },
  { feature: "gesLabel", levelOf: (a, b) => labelLevel(a.gesLabel, b.gesLabel) },
  { feature: "year", levelOf: (a, b) => yearLevel(a.constructionYear, b.constructionYear) },
  { feature: "mandate", levelOf: (a, b) => (twoExclusiveAgents(a, b) ? CONFLICTING : null) },
  { feature: "lot", levelOf: (a, b) => (a.lot !== null && b.lot !== null && differentLots(a.lot, b.lot) ? CONFLICTING : null) },
];

/**
 * The same professional publisher. Portals give a publisher's identity in pieces: the SIRET on some, only the
 * SIREN on others (leboncoin), often neither, and the agency's phone, e-mail or name spelt their own way. Company
 * numbers decide when both listings give them (a SIRET against the other's SIREN compares SIRENs); otherwise the
 * same office phone, e-mail or name says it is one agency. A mandatary network publishes thousands of agents
 * under one SIRET and one name: there only the agent's own phone or e-mail identifies the publisher.
 */
export function isSamePublisher(a: GroupingRecord, b: GroupingRecord): boolean {
  if (a.publisherIsProfessional === false || b.publisherIsProfessional === false) return false;
  const company = sameCompany(a, b);
  if (company === false) return false;
  const sameContact = samePublisherContact(a, b);
  // An agent's own phone or e-mail identifies them even on a portal that does not say they are a mandatary.
  if (a.publisherType === "mandatary" || b.publisherType === "mandatary") return a.publisherType !== "agency" && b.publisherType !== "agency" && sameContact;
  return company === true || sameContact || (a.publisherName !== null && a.publisherName === b.publisherName);
}

/**
 * Two adverts of one publisher that share a single photo and whose texts were written separately. A publisher
 * copies its own advert of a flat whole, photos and text, to every portal and when it lists the flat again: these
 * are two of its flats, and the one photo they share shows what the flats have in common (the building's façade,
 * the street, the view).
 */
export function oneAgencysTwoAdverts(a: GroupingRecord, b: GroupingRecord): boolean {
  if (!isSamePublisher(a, b)) return false;
  const distance = textDistance(a.textSignature, b.textSignature);
  return distance !== null && distance > SIMILAR_TEXT_MAX_BITS && countSharedPhotos(a, b) === 1;
}

/**
 * Two mandatary agents each holding an exclusive mandate: a property's sale is left to one agent, so these are two
 * properties. An agent is told apart by their own mobile; a network's switchboard (a landline), or a phone or e-mail
 * the two share, may be one agent's copy on another portal. Not applied between agencies: portals give one agency
 * under another establishment's SIRET or a holding's SIREN, and on the evaluation feeds the rule cost more copies
 * there than it kept flats apart (docs/grouping-quality.md).
 */
function twoExclusiveAgents(a: GroupingRecord, b: GroupingRecord): boolean {
  if (a.isExclusiveMandate !== true || b.isExclusiveMandate !== true) return false;
  if (a.publisherType !== "mandatary" || b.publisherType !== "mandatary") return false;
  if (samePublisherContact(a, b) || sharedValue(a.contactPhone, b.contactPhone)) return false;
  return a.publisherPhone !== null && b.publisherPhone !== null && isFrenchMobile(a.publisherPhone) && isFrenchMobile(b.publisherPhone);
}

/** The same publisher's phone or e-mail on both. */
function samePublisherContact(a: GroupingRecord, b: GroupingRecord): boolean {
  return sharedValue(a.publisherPhone, b.publisherPhone) || sharedValue(a.publisherEmail, b.publisherEmail);
}

function sharedValue(a: string | null, b: string | null): boolean {
  return a !== null && a === b;
}

/**
 * Two adverts whose energy figures differ by more than a tenth (DPE or GES value) and that share at most two photos:
 * two flats' diagnoses. One flat diagnosed again is still shown with its own photos, most of which its copies share.
 */
export function twoDiagnosedFlats(a: GroupingRecord, b: GroupingRecord): boolean {
  return twoDiagnoses(a, b) && countSharedPhotos(a, b) <= 2;
}

/** Energy figures more than a tenth apart, DPE or GES value: two diagnoses, of two flats or of one diagnosed again. */
function twoDiagnoses(a: GroupingRecord, b: GroupingRecord): boolean {
  return valueLevel(a.dpeValue, b.dpeValue) === "different" || valueLevel(a.gesValue, b.gesValue) === "different";
}

/** Whether the company numbers say one company (true), two (false), or nothing (null: a side gives none). */
function sameCompany(a: GroupingRecord, b: GroupingRecord): boolean | null {
  if (a.publisherSiret !== null && b.publisherSiret !== null) return a.publisherSiret === b.publisherSiret;
  if (a.publisherSiren !== null && b.publisherSiren !== null) return a.publisherSiren === b.publisherSiren;
  return null;
}

/**
 * A publisher's name as a key: case, accents, spaces and punctuation dropped ("Immobilière  du Parc" and
 * "IMMOBILIERE DU PARC" are one key); null for a name without a letter or digit.
 */
export function publisherNameKey(name: string): string | null {
  const key = name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "");
  return key === "" ? null : key;
}

function areaLevel(a: number | null, b: number | null): string | null {
  if (a === null || b === null) return null;
  const gap = Math.abs(a - b) / Math.max(a, b);
  if (gap <= 0.015 || Math.abs(a - b) <= 0.5) return "same";
  if (gap <= 0.085) return "close"; // carrez or floor area, rounding
  return gap <= MAX_AREA_GAP ? "far" : CONFLICTING;
}

/**
 * Rooms one apart: the living room counted or not. Two apart: an owner who gives only the bedrooms where the agency
 * counts a double living room as two rooms, or two flats; the model weighs it (`rooms:twoApart`).
 */
function roomLevel(a: number | null, b: number | null): string | null {
  if (a === null || b === null) return null;
  return Math.abs(a - b) === 2 ? "twoApart" : countLevel(a, b);
}

function countLevel(a: number | null, b: number | null): string | null {
  if (a === null || b === null) return null;
  const gap = Math.abs(a - b);
  if (gap === 0) return "same";
  return gap === 1 ? "offByOne" : CONFLICTING;
}

/**
 * Two floors, one of them above the first: one publisher's software sends one flat's floor to every portal, so its
 * two adverts giving two floors are two flats. Between two publishers a floor written one off is weighed, not ruled
 * out (portals count from the ground floor or from the first); so is one publisher's 0 and 1, the ground floor
 * written either way. Counted on the labelled pairs of the training feeds and of the fourth generator's seeds 1 and
 * 2: of one publisher's adverts with floors one apart above the first, none was one property, against 3,654 pairs of
 * two flats that no other disagreement ruled out (docs/grouping-quality.md).
 */
function twoFloorsAboveGround(a: number | null, b: number | null): boolean {
  return a !== null && b !== null && a !== b && Math.max(a, b) > 1;
}

/**
 * One publisher's two adverts on one portal, first seen within this of each other and showing mostly photos of their
 * own, are two properties. Its software posts a mandate once on each portal it sends adverts to: a flat it lists
 * again (a stale advert refreshed, a price cut) follows the advert taken down, weeks later, and one posted twice by
 * mistake (two negotiators) shows the same photos; an agency's flats of one residence go up together, each with its
 * own rooms' photos beside the residence's.
 */
const POSTED_TOGETHER_MS = 10 * 86_400_000; // ten days

function twoFlatsPostedTogether(a: GroupingRecord, b: GroupingRecord): boolean {
  if (a.sourceDomain !== b.sourceDomain || Math.abs(a.firstSeen - b.firstSeen) > POSTED_TOGETHER_MS) return false;
  // Every photo shared counted whole: the pair's own count discounts photos that many comparable adverts show, and
  // all the copies of one flat show its photos.
  return countSharedPhotos(a, b) * 2 < Math.min(a.photos.length, b.photos.length);
}

/**
 * One publisher's two adverts priced further apart than this, sharing no photo, are two properties. A publisher
 * asks one price for one flat on every portal its software sends the advert to (two publishers' prices differ by
 * their fees), and when it cuts the price and lists the flat again, it shows the same photos. Counted on the
 * labelled pairs of ten evaluation feeds: 9 of one property against 10,341 of two (docs/grouping-quality.md).
 */
const ONE_PUBLISHER_PRICE_GAP = 0.08;

/**
 * What says that one publisher's two adverts sharing no photo are two properties, or null: a price further apart
 * than ONE_PUBLISHER_PRICE_GAP, two energy diagnoses (DPE or GES values more than a tenth apart) or two flats'
 * copropriété charges (more than a tenth apart). A publisher's software sends one flat's price, diagnosis and
 * charges to every portal; when the flat is listed again after a new diagnosis or a year's charges, it shows the
 * same photos. Counted on the labelled pairs of the 35 evaluation feeds that no earlier rule rules out: of one
 * publisher's adverts sharing no photo with two diagnoses, none was one property against 9,611 of two; with two
 * flats' charges, none against 5,274 of two (docs/grouping-quality.md).
 */
function onePublishersTwoFlats(a: GroupingRecord, b: GroupingRecord): string | null {
  if (priceGap(a.price, b.price) > ONE_PUBLISHER_PRICE_GAP) return "publisherPrice";
  if (twoDiagnoses(a, b)) return "publisherDiagnosis";
  return chargesLevel(a.condominiumCharges, b.condominiumCharges) === "different" ? "publisherCharges" : null;
}

/** How far apart two prices are, as a share of the higher; 0 when either is unknown. */
function priceGap(a: number, b: number): number {
  return a <= 0 || b <= 0 ? 0 : Math.abs(a - b) / Math.max(a, b);
}

function priceLevel(a: number, b: number): string | null {
  if (a <= 0 || b <= 0) return null;
  const gap = priceGap(a, b);
  if (gap <= 0.005) return "same";
  if (gap <= 0.03) return "within3pct";
  if (gap <= 0.08) return "within8pct"; // fees included or not, a price cut not yet copied everywhere
  if (gap <= 0.15) return "within15pct";
  return gap <= 0.3 ? "within30pct" : CONFLICTING;
}

function labelLevel(a: string | null, b: string | null): string | null {
  if (a === null || b === null) return null;
  const gap = Math.abs(a.charCodeAt(0) - b.charCodeAt(0));
  if (gap === 0) return "same";
  return gap === 1 ? "adjacent" : CONFLICTING;
}

/** Energy figures (kWh/m²/year, kg CO₂/m²/year) come from one diagnosis: equal on every copy of one property. */
function valueLevel(a: number | null, b: number | null): string | null {
  if (a === null || b === null) return null;
  const gap = Math.abs(a - b) / Math.max(a, b, 1);
  if (gap <= 0.02) return "same";
  return gap <= 0.1 ? "close" : "different";
}

/** Not a conflict: one publisher may count every lot and another only the main ones (flats, not cellars). */
function lotsLevel(a: number | null, b: number | null): string | null {
  if (a === null || b === null) return null;
  return a === b ? "same" : "different";
}

/**
 * Not a conflict either between two publishers: an owner may give last year's charges and the agency this year's
 * (one publisher's two figures sharing no photo are: `onePublishersTwoFlats`).
 */
function chargesLevel(a: number | null, b: number | null): string | null {
  if (a === null || b === null) return null;
  const gap = Math.abs(a - b) / Math.max(a, b);
  if (gap <= 0.02) return "same"; // a monthly figure rounded, then counted over the year
  return gap <= 0.1 ? "close" : "different";
}

function yearLevel(a: number | null, b: number | null): string | null {
  if (a === null || b === null) return null;
  const gap = Math.abs(a - b);
  if (gap === 0) return "same";
  if (gap <= 3) return "within3";
  return gap <= 15 ? "within15" : CONFLICTING;
}

function landAreaLevel(a: number | null, b: number | null): string | null {
  if (a === null || b === null) return null;
  const gap = Math.abs(a - b) / Math.max(a, b);
  if (gap <= 0.03) return "same";
  return gap <= 0.2 ? "close" : "different";
}

/**
 * Amenities are ticked carelessly: only how many disagree is kept, up to three. One or two that agree say
 * little (flats of one building share its elevator, most flats of a street have a cellar): no disagreement
 * among fewer than three compared is a level of its own.
 */
function flagLevel(a: ReadonlyArray<boolean | null>, b: ReadonlyArray<boolean | null>): string | null {
  let compared = 0;
  let disagreements = 0;
  for (let index = 0; index < a.length; index += 1) {
    const x = a[index];
    const y = b[index];
    if (x === null || x === undefined || y === null || y === undefined) continue;
    compared += 1;
    if (x !== y) disagreements += 1;
  }
  if (compared === 0) return null;
  if (disagreements === 0 && compared < 3) return "disagree0ofFew";
  return `disagree${Math.min(disagreements, 3)}`;
}

/** Portals place a listing at its address, its street or its commune's centre: only a large gap says much. */
function distanceLevel(a: GroupingRecord, b: GroupingRecord): string | null {
  if (a.latitude === null || a.longitude === null || b.latitude === null || b.longitude === null) return null;
  const metres = haversineMetres(a.latitude, a.longitude, b.latitude, b.longitude);
  if (metres <= 25) return "within25m";
  if (metres <= 600) return "within600m";
  if (metres <= 1500) return "within1500m";
  return metres <= 5000 ? "within5km" : "further";
}

/**
 * Shared photos, counted up to three. One photo in common among several is often not the flat (an agency's
 * logo, a stock picture of the town, the building's entrance); between listings of one or two photos it is all
 * there is: a level of its own. An advert copied from another shows all its photos, or the first ones where a
 * portal keeps fewer, while one or two in common between two adverts of many photos each (`ofMany`) may be of
 * what two flats share (the façade, the staircase, the view): levels of their own, which the fit weighs apart
 * (a copy cropped from another's photos shares only some of them too).
 */
function photoLevel(a: GroupingRecord, b: GroupingRecord, shared: number): string | null {
  const fewer = Math.min(a.photos.length, b.photos.length);
  if (fewer === 0) return null;
  if (shared < 0.5) return fewer >= 3 ? "noneOfMany" : "noneOfFew";
  if (shared < 1.5) return fewer <= 2 ? "oneOfFew" : fewer >= 6 ? "oneOfMany" : "one";
  if (shared < 2.5) return fewer >= 8 ? "twoOfMany" : "two";
  return "threeOrMore";
}

/** Text signatures further apart than this many bits were written separately, not copied from one advert. */
const SIMILAR_TEXT_MAX_BITS = 12;

function textLevel(distance: number | null): string | null {
  if (distance === null) return null;
  if (distance <= 4) return "same";
  if (distance <= SIMILAR_TEXT_MAX_BITS) return "similar";
  return distance <= 20 ? "unlike" : "different";
}

/**
 * Photos the two share, each counted once: counted from both sides and the smaller kept, so that two near-copies
 * of one photo on one side count once and the result does not depend on the order of the arguments.
 */
export function countSharedPhotos(a: GroupingRecord, b: GroupingRecord): number {
  return Math.min(matchedPhotos(a, b), matchedPhotos(b, a));
}

function matchedPhotos(a: GroupingRecord, b: GroupingRecord): number {
  let count = 0;
  for (const photo of a.photos) if (includesPhoto(b.photos, photo)) count += 1;
  return count;
}

function haversineMetres(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const radians = Math.PI / 180;
  const dLat = (lat2 - lat1) * radians;
  const dLon = (lon2 - lon1) * radians;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * radians) * Math.cos(lat2 * radians) * Math.sin(dLon / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.min(1, Math.sqrt(h)));
}

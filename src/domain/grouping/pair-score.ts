/**
 * How strongly two classifieds of one block (same commune, property type and transaction type) look like one
 * real-world property: a match weight in the manner of Fellegi-Sunter, the sum of one weight per compared
 * feature. A feature that agrees adds roughly how much more often it agrees on copies of one property than on
 * two distinct properties of the same block (log scale); one that disagrees subtracts as much. Unknown values
 * add nothing. Some disagreements are conflicts: the two cannot be one property whatever else agrees (two
 * floors, a studio and a four-room flat), and the pair gets `CONFLICT`.
 *
 * The weights are set from what portals are known to do (see README, "Properties"): one publisher copies its
 * advert with the same photos and text to several portals; different publishers of one flat share few photos,
 * measure the area differently (carrez or floor area, rounding: up to about 8%), count the living room as a room
 * or not, and ask prices a few percent apart (fees included or not); distinct flats of one building or one
 * new-build programme share renders, texts and areas but not floors, prices or energy figures.
 */
import { samePhoto, type PackedPhoto } from "./photo-hash.js";
import { textDistance } from "./text-signature.js";

/** What grouping knows of a classified. */
export type GroupingRecord = {
  /** Stable identity (the canonical url key): ties are broken on it, so that arrival order never matters. */
  key: string;
  inseeCode: string;
  propertyType: string;
  transactionType: string;
  area: number | null;
  landArea: number | null;
  roomCount: number | null;
  bedroomCount: number | null;
  floor: number | null;
  price: number;
  photos: readonly PackedPhoto[];
  textSignature: string | null;
  publisherSiret: string | null;
  publisherSiren: string | null;
  publisherType: string | null;
  publisherPhone: string | null;
  publisherIsProfessional: boolean | null;
  contactPhone: string | null;
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

/** The score of a pair that cannot be one property. */
export const CONFLICT = Number.NEGATIVE_INFINITY;

/** Areas further apart than this share of the larger one are two properties (measurement noise stays under ~8%). */
export const MAX_AREA_GAP = 0.12;


/** The most shared photos add to a pair's weight. */
export const MAX_PHOTO_POINTS = 8;

/** Receives each feature's contribution, to explain a decision. */
export type Explain = (feature: string, points: number) => void;

/** Same block: only such classifieds are ever compared. */
export function sameBlock(a: GroupingRecord, b: GroupingRecord): boolean {
  return a.inseeCode === b.inseeCode && a.propertyType === b.propertyType && a.transactionType === b.transactionType;
}

/** Two classifieds whose known areas are this far apart are never compared (a cheap first cut). */
export function areasComparable(a: number | null, b: number | null): boolean {
  return a === null || b === null || Math.abs(a - b) <= MAX_AREA_GAP * Math.max(a, b) + 1;
}

/**
 * The match weight of two classifieds of one block; `CONFLICT` when they cannot be one property. `sharedPhotos`
 * is how many photos the two share, each counted 1 or less: the caller may discount photos that many listings
 * share (an agency's logo, a programme's renders); by default every shared photo counts 1.
 */
export function scorePair(a: GroupingRecord, b: GroupingRecord, sharedPhotos: number = countSharedPhotos(a, b), explain?: Explain): number {
  let score = 0;
  const add = (feature: string, points: number): boolean => {
    explain?.(feature, points);
    score += points;
    return points !== CONFLICT;
  };
  if (!sameBlock(a, b)) return CONFLICT;
  if (!add("area", areaPoints(a.area, b.area))) return CONFLICT;
  if (!add("rooms", countPoints(a.roomCount, b.roomCount, 0.8, -1))) return CONFLICT; // the living room counted or not
  if (!add("bedrooms", countPoints(a.bedroomCount, b.bedroomCount, 0.5, -1.5))) return CONFLICT;
  if (!add("floor", floorPoints(a.floor, b.floor))) return CONFLICT;
  if (!add("price", pricePoints(a.price, b.price))) return CONFLICT;
  if (!add("energy", energyPoints(a, b))) return CONFLICT;
  if (!add("year", yearPoints(a.constructionYear, b.constructionYear))) return CONFLICT;
  add("landArea", landAreaPoints(a.landArea, b.landArea));
  add("flags", flagPoints(a.flags, b.flags));
  add("distance", distancePoints(a, b));

  const samePublisher = isSamePublisher(a, b);
  // One photo in common between two listings of one publisher is its logo or a stock picture: a publisher
  // copying its own advert copies all of it.
  const photos = samePublisher && sharedPhotos < 2 ? { points: 0, bothHavePhotos: a.photos.length > 0 && b.photos.length > 0 } : sharedPhotoPoints(a, b, sharedPhotos);
  add("photos", photos.points);
  const text = textDistance(a.textSignature, b.textSignature);
  // A publisher writes its adverts from templates: its texts look alike whatever the flat.
  add("text", samePublisher ? Math.min(textPoints(text), 1) : textPoints(text));
  // One publisher copies its own advert whole: the same publisher showing other photos (its logo at most in
  // common) and another text is publishing another property.
  if (samePublisher && photos.bothHavePhotos && sharedPhotos < 2 && Math.min(a.photos.length, b.photos.length) >= 3) add("samePublisherOtherPhotos", -3);
  if (samePublisher && text !== null && text > 20) add("samePublisherOtherText", -1.5);
  // A private seller posting on two portals leaves the same phone; a professional's phone is its office's.
  if (a.publisherIsProfessional === false && b.publisherIsProfessional === false && a.contactPhone !== null && a.contactPhone === b.contactPhone) {
    add("privatePhone", 3);
  }
  // Every unit of a new-build programme is shown with the promoter's renders, texts, plans and energy study,
  // whoever lists it: those prove nothing there; only what differs between units (floor, exact price) can tell
  // two listings of one unit.
  if (a.isNewBuild && b.isNewBuild) add("programmeUnits", -photos.points - textPoints(text) - Math.max(0, energyValuePoints(a, b)) - 2);
  return score;
}

/** The publisher is the same company and, for mandatary networks (one SIRET for thousands of agents), the same agent. */
export function isSamePublisher(a: GroupingRecord, b: GroupingRecord): boolean {
  const sameCompany = (a.publisherSiret !== null && a.publisherSiret === b.publisherSiret) || (a.publisherSiret === null && b.publisherSiret === null && a.publisherSiren !== null && a.publisherSiren === b.publisherSiren);
  if (!sameCompany) return false;
  if (a.publisherType === "mandatary" || b.publisherType === "mandatary") return a.publisherPhone !== null && a.publisherPhone === b.publisherPhone;
  return true;
}

function areaPoints(a: number | null, b: number | null): number {
  if (a === null || b === null) return 0;
  const gap = Math.abs(a - b) / Math.max(a, b);
  // Flats of one size are common in a block: agreement says little, disagreement much.
  if (gap <= 0.015 || Math.abs(a - b) <= 0.5) return 2;
  if (gap <= 0.085) return 0.5; // carrez or floor area, rounding
  if (gap <= MAX_AREA_GAP) return -2;
  return CONFLICT;
}

function countPoints(a: number | null, b: number | null, same: number, offByOne: number): number {
  if (a === null || b === null) return 0;
  const gap = Math.abs(a - b);
  if (gap === 0) return same;
  return gap === 1 ? offByOne : CONFLICT;
}

function floorPoints(a: number | null, b: number | null): number {
  if (a === null || b === null) return 0;
  const gap = Math.abs(a - b);
  if (gap === 0) return 2;
  return gap === 1 ? -3 : CONFLICT; // ground floor written 0 or 1
}

function pricePoints(a: number, b: number): number {
  if (a <= 0 || b <= 0) return 0;
  const gap = Math.abs(a - b) / Math.max(a, b);
  if (gap <= 0.005) return 1; // prices are round numbers: similar flats often ask the same
  if (gap <= 0.03) return 0.3;
  if (gap <= 0.08) return 0; // fees included or not, a price cut not yet copied everywhere
  if (gap <= 0.15) return -2;
  if (gap <= 0.3) return -4;
  return CONFLICT;
}

function energyPoints(a: GroupingRecord, b: GroupingRecord): number {
  const labels = labelPoints(a.dpeLabel, b.dpeLabel) + labelPoints(a.gesLabel, b.gesLabel) * 0.5;
  if (labels === CONFLICT) return CONFLICT;
  return labels + energyValuePoints(a, b);
}

/** Equal energy figures (kWh/m²/year, kg CO₂/m²/year) come from one diagnosis: equal on every copy of one property. */
function energyValuePoints(a: GroupingRecord, b: GroupingRecord): number {
  return valuePoints(a.dpeValue, b.dpeValue, 3, -2.5) + valuePoints(a.gesValue, b.gesValue, 2, -1.5);
}

function labelPoints(a: string | null, b: string | null): number {
  if (a === null || b === null) return 0;
  const gap = Math.abs(a.charCodeAt(0) - b.charCodeAt(0));
  if (gap === 0) return 1;
  return gap === 1 ? -2 : CONFLICT;
}

function valuePoints(a: number | null, b: number | null, same: number, different: number): number {
  if (a === null || b === null) return 0;
  const gap = Math.abs(a - b) / Math.max(a, b, 1);
  if (gap <= 0.02) return same;
  return gap <= 0.1 ? 0 : different;
}

function yearPoints(a: number | null, b: number | null): number {
  if (a === null || b === null) return 0;
  const gap = Math.abs(a - b);
  if (gap === 0) return 1; // every flat of a building shares it, and portals round some years (1900, 1930)
  if (gap <= 3) return 0;
  return gap <= 15 ? -2 : CONFLICT;
}

function landAreaPoints(a: number | null, b: number | null): number {
  if (a === null || b === null) return 0;
  const gap = Math.abs(a - b) / Math.max(a, b);
  if (gap <= 0.03) return 1.5;
  return gap <= 0.2 ? 0 : -2;
}

/** Amenities are ticked carelessly: a disagreement counts a little, an agreement not at all. */
function flagPoints(a: ReadonlyArray<boolean | null>, b: ReadonlyArray<boolean | null>): number {
  let disagreements = 0;
  for (let index = 0; index < a.length; index += 1) {
    const x = a[index];
    const y = b[index];
    if (x !== null && x !== undefined && y !== null && y !== undefined && x !== y) disagreements += 1;
  }
  return -0.5 * Math.min(disagreements, 4);
}

/** Portals place a listing at its address, its street or its commune's centre: only a large gap says something. */
function distancePoints(a: GroupingRecord, b: GroupingRecord): number {
  if (a.latitude === null || a.longitude === null || b.latitude === null || b.longitude === null) return 0;
  const metres = haversineMetres(a.latitude, a.longitude, b.latitude, b.longitude);
  if (metres <= 25) return 0.5;
  if (metres <= 1500) return 0;
  return metres <= 5000 ? -1 : -2.5;
}

function textPoints(distance: number | null): number {
  if (distance === null) return 0;
  if (distance <= 4) return 3.5;
  return distance <= 12 ? 1 : 0;
}

/**
 * Two shared photos count 6.5, three or more 8. One photo in common among several counts 3 only: it is often
 * not the flat (an agency's logo, a stock picture of the town, the building's entrance); between listings of one
 * or two photos it is all there is, and counts 5.
 */
function sharedPhotoPoints(a: GroupingRecord, b: GroupingRecord, shared: number): { points: number; bothHavePhotos: boolean } {
  const bothHavePhotos = a.photos.length > 0 && b.photos.length > 0;
  if (!bothHavePhotos || shared <= 0) return { points: 0, bothHavePhotos };
  if (shared >= 2) return { points: Math.min(6.5 + 1.5 * (shared - 2), MAX_PHOTO_POINTS), bothHavePhotos };
  const single = Math.min(a.photos.length, b.photos.length) <= 2 ? 5 : 3;
  return { points: single * shared, bothHavePhotos };
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
  for (const photo of a.photos) if (b.photos.some((other) => samePhoto(photo, other))) count += 1;
  return count;
}

function haversineMetres(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const radians = Math.PI / 180;
  const dLat = (lat2 - lat1) * radians;
  const dLon = (lon2 - lon1) * radians;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * radians) * Math.cos(lat2 * radians) * Math.sin(dLon / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.min(1, Math.sqrt(h)));
}

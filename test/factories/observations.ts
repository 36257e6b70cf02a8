import { luhnCheckDigit } from "../../src/domain/siren.js";

/**
 * Ingest observations (one NDJSON line each) for tests: a complete valid observation with deep overrides.
 * Every call describes a different flat on a different url with a different publisher, photos and floor (two
 * floors apart at least: grouping never puts two floors in one property), so that unrelated observations never
 * group into one property unless a test makes them the same flat (`sameFlat`).
 */

let sequence = 0;

/** A valid SIREN and SIRET derived from `n` (Luhn check digits computed). */
export function companyNumbersFor(n: number): { siren: string; siret: string } {
  const sirenBody = String(10_000_000 + (n % 89_999_999)).padStart(8, "0");
  const siren = sirenBody + String(luhnCheckDigit(sirenBody));
  const siretBody = `${siren}${String(n % 10_000).padStart(4, "0")}`;
  return { siren, siret: siretBody + String(luhnCheckDigit(siretBody)) };
}

/** A 16-digit hex perceptual hash that differs from the hashes of other `n` by many bits. */
export function imageHashFor(n: number, index: number): string {
  let state = (n * 7919 + index * 104_729 + 12_345) >>> 0;
  let hash = "";
  for (let digit = 0; digit < 16; digit += 1) {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    hash += ((state >>> 16) & 0xf).toString(16);
  }
  return hash;
}

export type ObservationJson = ReturnType<typeof baseObservation>;

/**
 * Values a test may override: any subset, at any depth, of any type (tests feed messy and invalid values on
 * purpose); `undefined` removes a key; arrays are replaced.
 */
export type ObservationOverrides = { [key: string]: unknown };

function baseObservation(n: number) {
  const numbers = companyNumbersFor(n);
  return {
    source: { domain: "seloger.com", url: `https://www.seloger.com/annonces/achat/appartement/paris-11eme-75/${100_000 + n}.htm` },
    observedAt: "2026-11-20T08:00:00Z",
    status: "available",
    publishedAt: "2026-11-18T09:00:00Z",
    title: `Appartement 2 pièces ${n}`,
    description: descriptionFor(n),
    publisher: {
      isProfessional: true,
      type: "agency",
      name: `Agence République ${n}`,
      email: `Contact${n}@Agence-Republique.fr`,
      phone: frenchLandline(n),
      feesUrl: "https://www.agence-republique.fr/honoraires",
      siret: numbers.siret,
    },
    contact: { name: "Camille Martin", email: "camille.martin@example.fr", phone: "06 12 34 56 78", isRefusingSolicitation: false },
    location: { postcode: "75011", city: { name: "Paris" }, latitude: 48.857, longitude: 2.379 },
    property: {
      type: "apartment",
      area: 42.5,
      roomCount: 2,
      bedroomCount: 1,
      bathroomCount: 1,
      floor: (n * 7) % 400,
      balconyExists: true,
      terraceExists: false,
      parkingExists: false,
      elevatorExists: true,
    },
    energy: { dpe: { label: "D", value: 180 }, ges: { label: "E", value: 45 } },
    transaction: { type: "sale", price: 650_000, isExclusiveMandate: false },
    media: {
      images: [0, 1, 2].map((index) => ({
        url: `https://img.seloger.com/${n}/${index}.jpg`,
        perceptualHash: imageHashFor(n, index),
        differenceHash: imageHashFor(n + 1_000_000, index),
        averageHash: imageHashFor(n + 2_000_000, index),
      })),
    },
  };
}

const PHRASES = [
  "Bel appartement traversant, proche métro.",
  "Séjour lumineux donnant sur jardin.",
  "Cuisine équipée ouverte sur le salon.",
  "Parquet ancien, moulures et cheminée.",
  "Immeuble haussmannien bien entretenu.",
  "Chambre calme sur cour arborée.",
  "Salle d'eau refaite avec goût.",
  "Proche commerces, écoles et marché.",
  "Double vitrage et chauffage individuel.",
  "Cave et local vélos en sous-sol.",
  "Vue dégagée, sans vis-à-vis.",
  "Copropriété de standing, gardien.",
] as const;

/** A description of its own for every `n`: four phrases picked by its digits, and its reference. */
function descriptionFor(n: number): string {
  const picked = [0, 1, 2, 3].map((index) => PHRASES[Math.floor(n / 12 ** index + index * 5) % PHRASES.length]);
  return `${picked.join(" ")} Réf ${n}.`;
}

/** A Paris landline (01 44 ..) unique for every `n` below a million. */
function frenchLandline(n: number): string {
  const digits = String(n % 1_000_000).padStart(6, "0");
  return `01 44 ${digits.slice(0, 2)} ${digits.slice(2, 4)} ${digits.slice(4)}`;
}

/** A complete valid observation, deep-merged with `overrides`. */
export function observation(overrides: ObservationOverrides = {}): Record<string, unknown> {
  sequence += 1;
  return deepMerge(baseObservation(sequence), overrides);
}

/** The same listing observed again: `base` deep-merged with `overrides` (a new `observedAt`, a new price...). */
export function revise(base: Record<string, unknown>, overrides: ObservationOverrides): Record<string, unknown> {
  return deepMerge(base, overrides);
}

/**
 * Another listing of the flat `original` describes (on another url, by another publisher unless overridden):
 * the same photos, floor, areas and energy figures, a title and description of its own.
 */
export function sameFlat(original: Record<string, unknown>, overrides: ObservationOverrides = {}): Record<string, unknown> {
  const copy = observation({ property: original["property"], energy: original["energy"], media: original["media"], location: original["location"] });
  return deepMerge(copy, overrides);
}

/** A bare removal line. */
export function removal(url: string, observedAt: string): Record<string, unknown> {
  return { source: { url }, observedAt, status: "removed" };
}

/** NDJSON lines of the given observations (objects are serialised, strings kept as they are). */
export function toLines(items: ReadonlyArray<Record<string, unknown> | string>): string[] {
  return items.map((item) => (typeof item === "string" ? item : JSON.stringify(item)));
}

function deepMerge(base: object, overrides: object): Record<string, unknown> {
  const result: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(overrides)) {
    const current = result[key];
    if (value === undefined) delete result[key];
    else if (isPlainObject(value) && isPlainObject(current)) result[key] = deepMerge(current, value);
    else result[key] = value;
  }
  return result;
}

function isPlainObject(value: unknown): value is object {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

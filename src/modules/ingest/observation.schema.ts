/**
 * One line of an ingest feed: an observation of one listing on one portal, as a collector saw it (README,
 * "Ingest format"). The schema checks structure and coerces loosely written scalars (see loose-values.ts);
 * domain normalisation (url key, phones, SIRET, geography...) happens afterwards in normalise.ts.
 *
 * Unknown keys are rejected at every level: the format is ours, and a misspelt optional field ("desciption")
 * would otherwise vanish silently. A collector that needs a new field gets it added here first.
 */
import type { z } from "zod";
import {
  HEATING_SOURCES,
  HEATING_SYSTEMS,
  HEATING_TYPES,
  LISTING_STATUSES,
  ORIENTATIONS,
  PROPERTY_TYPES,
  PUBLISHER_TYPES,
  TRANSACTION_TYPES,
} from "../../domain/enums.js";
import {
  area,
  bool,
  code,
  date,
  decimal,
  enumOf,
  literal,
  MAX_INTEGER,
  MAX_YEAR,
  object,
  optionalArray,
  optionalObject,
  requiredDateTime,
  requiredEnum,
  requiredText,
  requiredWhole,
  rootSchema,
  text,
  whole,
} from "./observation-fields.js";
import { looseEnum } from "./loose-values.js";

const source = () => object({ domain: text(253), url: requiredText(2048, "a URL") });
const energyRating = () => optionalObject({ label: text(100), value: whole(0, MAX_INTEGER), date: date(true) });
const count = () => whole(0, 10_000);

/** A full observation: the listing as seen on the portal at `observedAt`. */
export const observationSchema = rootSchema({
  source: source(),
  observedAt: requiredDateTime(),
  status: enumOf(LISTING_STATUSES),
  publishedAt: date(true),
  title: text(1_000),
  description: text(100_000),
  currency: literal("euro"),
  squareUnit: literal("squareMeter"),
  publisher: optionalObject({
    isProfessional: bool(),
    type: enumOf(PUBLISHER_TYPES),
    name: text(500),
    email: text(500),
    phone: text(100),
    feesUrl: text(2048),
    siren: code(40),
    siret: code(40),
  }),
  contact: optionalObject({
    name: text(500),
    email: text(500),
    phone: text(100),
    /** Derived from `phone` on the way out; accepted for symmetry with the v1 representation, not stored. */
    phoneExists: bool(),
    isRefusingSolicitation: bool(),
  }),
  location: object({
    postcode: code(10),
    inseeCode: code(10),
    city: optionalObject({ name: text(200), inseeCode: code(10) }),
    department: text(10),
    country: literal("france"),
    latitude: decimal(-90, 90),
    longitude: decimal(-180, 180),
  }),
  property: object({
    type: requiredEnum(PROPERTY_TYPES),
    area: area(),
    landArea: area(),
    livingRoomArea: area(),
    balconyArea: area(),
    terraceArea: area(),
    roomCount: count(),
    bedroomCount: count(),
    bathroomCount: count(),
    showerRoomCount: count(),
    toiletCount: count(),
    balconyCount: count(),
    terraceCount: count(),
    floor: whole(-20, 500),
    floorCount: whole(0, 500),
    constructionYear: whole(1000, MAX_YEAR),
    renovationYear: whole(1000, MAX_YEAR),
    orientation: enumOf(ORIENTATIONS),
    balconyExists: bool(),
    terraceExists: bool(),
    parkingExists: bool(),
    airConditioningExists: bool(),
    alarmExists: bool(),
    atticExists: bool(),
    caretakerExists: bool(),
    cellarExists: bool(),
    doorCodeExists: bool(),
    elevatorExists: bool(),
    fireplaceExists: bool(),
    garageExists: bool(),
    gardenExists: bool(),
    intercomExists: bool(),
    swimmingPoolExists: bool(),
    toiletSeparateExists: bool(),
    isCondominium: bool(),
    isDisabledFriendly: bool(),
    isDualAspect: bool(),
    isNew: bool(),
    isOccupied: bool(),
    renovationIsNeeded: bool(),
    propertyIsProgram: bool(),
  }),
  energy: optionalObject({
    dpe: energyRating(),
    ges: energyRating(),
    heating: optionalObject({ source: enumOf(HEATING_SOURCES), system: enumOf(HEATING_SYSTEMS), type: enumOf(HEATING_TYPES) }),
  }),
  transaction: object({
    type: requiredEnum(TRANSACTION_TYPES),
    price: requiredWhole(0, MAX_INTEGER),
    isExclusiveMandate: bool(),
  }),
  media: optionalObject({
    images: optionalArray({ url: requiredText(4096, "a URL"), perceptualHash: text(512), differenceHash: text(512), averageHash: text(512) }, 200),
  }),
});

export type Observation = z.output<typeof observationSchema.schema>;

/** A removal: the listing is gone from the portal. Nothing else is needed (or allowed). */
export const removalSchema = rootSchema({ source: source(), observedAt: requiredDateTime(), status: requiredEnum(["removed"]) });

export type Removal = z.output<typeof removalSchema.schema>;

const REMOVAL_KEYS: ReadonlySet<string> = new Set(["source", "observedAt", "status"]);

export type ParsedLine = { ok: true; kind: "observation"; value: Observation } | { ok: true; kind: "removal"; value: Removal } | { ok: false; reason: string };

/**
 * Validates a decoded JSON line. A line whose status is `removed` and that carries nothing but `source`,
 * `observedAt` and `status` is a removal; anything else must be a full observation.
 */
export function parseObservation(json: unknown): ParsedLine {
  if (typeof json !== "object" || json === null || Array.isArray(json)) return { ok: false, reason: "line is not a JSON object" };
  const isRemoval = Object.keys(json).every((key) => REMOVAL_KEYS.has(key)) && looseEnum(["removed"])((json as { status?: unknown }).status) === "removed"; // `json` is a non-null object here: reading an absent key is safe.
  if (isRemoval) {
    const result = removalSchema.safeParse(json);
    return result.success ? { ok: true, kind: "removal", value: result.data } : { ok: false, reason: describeIssues(result.error.issues) };
  }
  const result = observationSchema.safeParse(json);
  return result.success ? { ok: true, kind: "observation", value: result.data } : { ok: false, reason: describeIssues(result.error.issues) };
}

/** At most this many problems are listed in one reject reason. */
const MAX_ISSUES = 5;

/** `media.images[2].url: must be a URL; foo: unknown field` */
export function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  const described = issues.slice(0, MAX_ISSUES).map((issue) => {
    if (issue.code === "unrecognized_keys") {
      return issue.keys.map((key) => `${formatPath([...issue.path, key])}: unknown field`).join("; ");
    }
    return `${formatPath(issue.path)}: ${issue.message}`;
  });
  const more = issues.length > MAX_ISSUES ? `; and ${issues.length - MAX_ISSUES} more problems` : "";
  return described.join("; ") + more;
}

/** `["media", "images", 2, "url"]` → `media.images[2].url`. */
export function formatPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return "(line)";
  return path.reduce<string>((text, part) => {
    if (typeof part === "number") return `${text}[${part}]`;
    return text === "" ? String(part) : `${text}.${String(part)}`;
  }, "");
}

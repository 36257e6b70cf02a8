/**
 * Observation → normalised classified fields, with the domain rules: canonical url key and portal domain,
 * E.164 phones, e-mails, SIREN/SIRET (SIREN derived from SIRET, both checked), French geography, energy
 * labels, price per m². Every reject names the field and what is wrong with it.
 */
import { normaliseEmail } from "../../domain/email.js";
import { normaliseEnergyLabel } from "../../domain/energy.js";
import { normaliseDepartmentCode } from "../../domain/geography.js";
import { toE164 } from "../../domain/phone.js";
import { pricePerSquareMeter } from "../../domain/price.js";
import { normaliseSiren, normaliseSiret } from "../../domain/siren.js";
import { canonicalUrlKey, sourceDomainOf } from "../../domain/url-key.js";
import { condominiumCharges, condominiumLots } from "../../domain/grouping/condominium.js";
import { groupingTypeOf } from "../../domain/grouping/grouping-type.js";
import { statedFloor } from "../../domain/grouping/stated-floor.js";
import { statedLot } from "../../domain/grouping/stated-lot.js";
import { textSignature } from "../../domain/grouping/text-signature.js";
import { imagesDigest } from "./images-digest.js";
import { resolveLocationCached } from "./location-cache.js";
import { memoise } from "./memo.js";
import type { ClassifiedContent, NormalisedImage, Normalisation } from "./normalised.types.js";
import type { Observation, ParsedLine, Removal } from "./observation.schema.js";

const cachedE164 = memoise((raw) => toE164(raw));
const cachedEmail = memoise(normaliseEmail);
const cachedDomain = memoise(sourceDomainOf);

/** How far ahead of the clock an observation may be dated (collectors' clocks drift; a later date is a bug). */
const MAX_CLOCK_SKEW_MS = 24 * 60 * 60 * 1000;

/** Thrown inside this module only, to stop at the first invalid field; turned into a reject below. */
class FieldError extends Error {
  constructor(
    readonly path: string,
    readonly problem: string,
  ) {
    super(`${path}: ${problem}`);
  }
}

/**
 * Normalises a line that passed the schema. `now` bounds `observedAt` (an observation from the future would
 * make every later real one look stale).
 */
export function normaliseLine(parsed: Extract<ParsedLine, { ok: true }>, now: Date = new Date()): Normalisation {
  try {
    return { ok: true, value: parsed.kind === "removal" ? normaliseRemoval(parsed.value, now) : normaliseObservation(parsed.value, now) };
  } catch (error) {
    if (error instanceof FieldError) return { ok: false, reason: error.message };
    throw error;
  }
}

function normaliseRemoval(removal: Removal, now: Date) {
  const { urlKey, sourceUrl } = identity(removal.source);
  return { kind: "removal" as const, observedAt: checkedObservedAt(removal.observedAt, now), urlKey, sourceUrl };
}

function normaliseObservation(observation: Observation, now: Date) {
  const { urlKey, sourceUrl, sourceDomain } = identity(observation.source);
  const observedAt = checkedObservedAt(observation.observedAt, now);
  const publisher = observation.publisher ?? {};
  const contact = observation.contact ?? {};
  const property = observation.property;
  const energy = observation.energy ?? {};
  const numbers = companyNumbers(publisher.siren, publisher.siret);
  const location = locate(observation.location);
  const price = observation.transaction.price;
  const area = property.area ?? null;
  const description = observation.description?.replace(/\r\n?/g, "\n") ?? null;

  const content: ClassifiedContent = {
    sourceDomain,
    title: observation.title ?? null,
    description,
    textSignature: textSignature(observation.title ?? null, description),
    condominiumLots: condominiumLots(observation.title ?? null, description),
    // A rent's charges are the tenant's monthly provision, not the flat's share of the copropriété's.
    condominiumCharges: observation.transaction.type === "sale" ? condominiumCharges(observation.title ?? null, description) : null,
    // A house's advert describes its own storeys ("au rez-de-chaussée, le séjour"), not a floor in a building.
    statedFloor: property.type === "apartment" ? statedFloor(observation.title ?? null, description) : null,
    statedLot: statedLot(observation.title ?? null, description),

    publisherIsProfessional: publisher.isProfessional ?? null,
    publisherType: publisher.type ?? null,
    publisherName: publisher.name ?? null,
    publisherEmail: email(publisher.email, "publisher.email"),
    publisherPhone: phone(publisher.phone, "publisher.phone"),
    publisherFeesUrl: webUrl(publisher.feesUrl, "publisher.feesUrl"),
    publisherSiren: numbers.siren,
    publisherSiret: numbers.siret,

    contactName: contact.name ?? null,
    contactEmail: email(contact.email, "contact.email"),
    contactPhone: phone(contact.phone, "contact.phone"),
    contactIsRefusingSolicitation: contact.isRefusingSolicitation ?? null,

    inseeCode: location.inseeCode,
    cityName: location.cityName,
    postcode: location.postcode,
    department: location.department,
    latitude: location.latitude,
    longitude: location.longitude,

    propertyType: property.type,
    groupingType: groupingTypeOf(property.type, property.floor ?? null, observation.title ?? null),
    area,
    landArea: property.landArea ?? null,
    livingRoomArea: property.livingRoomArea ?? null,
    balconyArea: property.balconyArea ?? null,
    terraceArea: property.terraceArea ?? null,
    roomCount: property.roomCount ?? null,
    bedroomCount: property.bedroomCount ?? null,
    bathroomCount: property.bathroomCount ?? null,
    showerRoomCount: property.showerRoomCount ?? null,
    toiletCount: property.toiletCount ?? null,
    balconyCount: property.balconyCount ?? null,
    terraceCount: property.terraceCount ?? null,
    floor: property.floor ?? null,
    floorCount: property.floorCount ?? null,
    constructionYear: property.constructionYear ?? null,
    renovationYear: property.renovationYear ?? null,
    orientation: property.orientation ?? null,
    balconyExists: property.balconyExists ?? null,
    terraceExists: property.terraceExists ?? null,
    parkingExists: property.parkingExists ?? null,
    airConditioningExists: property.airConditioningExists ?? null,
    alarmExists: property.alarmExists ?? null,
    atticExists: property.atticExists ?? null,
    caretakerExists: property.caretakerExists ?? null,
    cellarExists: property.cellarExists ?? null,
    doorCodeExists: property.doorCodeExists ?? null,
    elevatorExists: property.elevatorExists ?? null,
    fireplaceExists: property.fireplaceExists ?? null,
    garageExists: property.garageExists ?? null,
    gardenExists: property.gardenExists ?? null,
    intercomExists: property.intercomExists ?? null,
    swimmingPoolExists: property.swimmingPoolExists ?? null,
    toiletSeparateExists: property.toiletSeparateExists ?? null,
    isCondominium: property.isCondominium ?? null,
    isDisabledFriendly: property.isDisabledFriendly ?? null,
    isDualAspect: property.isDualAspect ?? null,
    isNew: property.isNew ?? null,
    isOccupied: property.isOccupied ?? null,
    renovationIsNeeded: property.renovationIsNeeded ?? null,
    propertyIsProgram: property.propertyIsProgram ?? null,

    dpeLabel: normaliseEnergyLabel(energy.dpe?.label ?? null),
    dpeValue: energy.dpe?.value ?? null,
    dpeDate: energy.dpe?.date ?? null,
    gesLabel: normaliseEnergyLabel(energy.ges?.label ?? null),
    gesValue: energy.ges?.value ?? null,
    gesDate: energy.ges?.date ?? null,
    heatingSource: energy.heating?.source ?? null,
    heatingSystem: energy.heating?.system ?? null,
    heatingType: energy.heating?.type ?? null,

    transactionType: observation.transaction.type,
    isExclusiveMandate: observation.transaction.isExclusiveMandate ?? null,
    priceCurrent: price,
    pricePerSquareMeter: pricePerSquareMeter(price, area),

    publishedAt: observation.publishedAt ?? null,
  };
  const images = (observation.media?.images ?? []).map(image);
  return {
    kind: "observation" as const,
    observedAt,
    urlKey,
    sourceUrl,
    status: observation.status ?? "available",
    content,
    images,
    imagesDigest: imagesDigest(images),
  };
}

/** Canonical key, portal domain and the link to keep for a listing URL; a given `source.domain` must agree. */
function identity(source: { url: string; domain?: string | undefined }) {
  const urlKey = canonicalUrlKey(source.url);
  // The key starts with the canonical host (and port): portals are few, so their domain is looked up once.
  const sourceDomain = urlKey === null ? null : cachedDomain(urlKey.replace(/[/?].*$/, "").replace(/:\d+$/, ""));
  if (urlKey === null || sourceDomain === null) throw new FieldError("source.url", `${JSON.stringify(source.url)} is not a usable http(s) listing URL`);
  if (source.domain !== undefined) {
    const given = source.domain.trim().toLowerCase().replace(/\.$/, "");
    const givenDomain = cachedDomain(given) ?? given;
    if (givenDomain !== sourceDomain) {
      throw new FieldError("source.domain", `${JSON.stringify(source.domain)} does not match the URL's domain ${sourceDomain}`);
    }
  }
  return { urlKey, sourceDomain, sourceUrl: linkOf(source.url) };
}

/** The URL as a link: scheme added when missing (https), fragment dropped. */
function linkOf(raw: string): string {
  const text = raw.trim().replace(/#.*$/, "");
  return /^https?:\/\//i.test(text) ? text : `https://${text.replace(/^\/+/, "")}`;
}

function checkedObservedAt(observedAt: Date, now: Date): Date {
  if (observedAt.getTime() > now.getTime() + MAX_CLOCK_SKEW_MS) {
    throw new FieldError("observedAt", `${observedAt.toISOString()} is more than a day in the future`);
  }
  return observedAt;
}

/** SIREN and SIRET, each checked (Luhn); the SIREN is derived from the SIRET and must agree with a given one. */
function companyNumbers(rawSiren: string | undefined, rawSiret: string | undefined): { siren: string | null; siret: string | null } {
  const siret = rawSiret === undefined ? null : normaliseSiret(rawSiret);
  if (rawSiret !== undefined && siret === null) {
    throw new FieldError("publisher.siret", `${JSON.stringify(rawSiret)} is not a valid SIRET (14 digits, Luhn check)`);
  }
  const siren = rawSiren === undefined ? null : normaliseSiren(rawSiren);
  if (rawSiren !== undefined && siren === null) {
    throw new FieldError("publisher.siren", `${JSON.stringify(rawSiren)} is not a valid SIREN (9 digits, Luhn check)`);
  }
  const derived = siret?.slice(0, 9) ?? null;
  if (siren !== null && derived !== null && siren !== derived) {
    throw new FieldError("publisher.siren", `${siren} is not the SIREN of SIRET ${siret} (${derived})`);
  }
  return { siren: siren ?? derived, siret };
}

function locate(location: Observation["location"]) {
  const inseeCode = location.inseeCode ?? location.city?.inseeCode;
  if (location.inseeCode !== undefined && location.city?.inseeCode !== undefined && location.inseeCode !== location.city.inseeCode) {
    throw new FieldError("location.inseeCode", `${location.inseeCode} contradicts location.city.inseeCode ${location.city.inseeCode}`);
  }
  const resolved = resolveLocationCached({
    postcode: location.postcode ?? null,
    inseeCode: inseeCode ?? null,
    cityName: location.city?.name ?? null,
    latitude: location.latitude ?? null,
    longitude: location.longitude ?? null,
  });
  if (!resolved.ok) throw new FieldError("location", resolved.reason);
  if (location.department !== undefined) {
    const department = normaliseDepartmentCode(location.department);
    if (department !== resolved.location.department) {
      throw new FieldError(
        "location.department",
        `${JSON.stringify(location.department)} contradicts the commune ${resolved.location.cityName} (department ${resolved.location.department})`,
      );
    }
  }
  return resolved.location;
}

function email(raw: string | undefined, path: string): string | null {
  if (raw === undefined) return null;
  const address = cachedEmail(raw);
  if (address === null) throw new FieldError(path, `${JSON.stringify(raw)} is not a valid e-mail address`);
  return address;
}

function phone(raw: string | undefined, path: string): string | null {
  if (raw === undefined) return null;
  const number = cachedE164(raw);
  if (number === null) throw new FieldError(path, `${JSON.stringify(raw)} is not a valid phone number`);
  return number;
}

/** An http(s) URL, scheme added when missing; anything else is rejected. */
function webUrl(raw: string | undefined, path: string): string | null {
  if (raw === undefined) return null;
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(raw.trim())?.[1]?.toLowerCase();
  if (scheme !== undefined && scheme !== "http" && scheme !== "https") throw new FieldError(path, `${JSON.stringify(raw)} is not an http(s) URL`);
  const link = linkOf(raw);
  if (!/^https?:\/\/[^/?#]/i.test(link) || !URL.canParse(link)) throw new FieldError(path, `${JSON.stringify(raw)} is not a valid http(s) URL`);
  return link;
}

const HEX = /^[0-9a-f]+$/i;

function image(
  raw: { url: string; perceptualHash?: string | undefined; differenceHash?: string | undefined; averageHash?: string | undefined },
  position: number,
): NormalisedImage {
  const path = `media.images[${position}]`;
  const url = webUrl(raw.url, `${path}.url`);
  if (url === null) throw new FieldError(`${path}.url`, "is required");
  return {
    position,
    url,
    perceptualHash: imageHash(raw.perceptualHash, `${path}.perceptualHash`),
    differenceHash: imageHash(raw.differenceHash, `${path}.differenceHash`),
    averageHash: imageHash(raw.averageHash, `${path}.averageHash`),
  };
}

/** Image hashes are compared bit by bit (Hamming distance), so they must be hexadecimal; stored lower-case. */
function imageHash(raw: string | undefined, path: string): string | null {
  if (raw === undefined) return null;
  if (!HEX.test(raw)) throw new FieldError(path, `${JSON.stringify(raw)} is not a hexadecimal hash`);
  return raw.toLowerCase();
}

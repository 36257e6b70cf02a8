import { TYPE_WORDS } from "./listing-texts.js";
import { asciiWord } from "./names.js";
import { shortCityName } from "./places.js";
import type { PropertySpec } from "./property-spec.js";
import type { Random } from "./random.js";

/** Portals professionals publish on, with their share of listings. */
export const PROFESSIONAL_PORTALS: ReadonlyArray<readonly [string, number]> = [
  ["seloger.com", 30],
  ["leboncoin.fr", 25],
  ["bienici.com", 15],
  ["logic-immo.com", 10],
  ["figaroimmo.fr", 6],
  ["avendrealouer.fr", 5],
  ["ouestfrance-immo.com", 5],
  ["paruvendu.fr", 4],
];

/** Portals private sellers use. */
export const PRIVATE_PORTALS: ReadonlyArray<readonly [string, number]> = [
  ["pap.fr", 5],
  ["leboncoin.fr", 5],
  ["paruvendu.fr", 1],
];

/**
 * Listing ids unique within one generated feed: the classified's sequence number multiplied by a constant
 * prime to 10 (a permutation of 0..10^digits-1) plus a per-seed offset, so that they look random but never
 * repeat.
 */
export function listingId(sequence: number, offset: number, digits: number): string {
  const modulus = 10 ** digits;
  const value = (Number((BigInt(sequence) * 7_919n) % BigInt(modulus)) + offset) % modulus;
  return String(value).padStart(digits, "0");
}

/** The listing's address on its portal, in the portal's own URL scheme. */
export function listingUrl(domain: string, spec: PropertySpec, id: string, publisherSlug: string): string {
  const sale = spec.transaction === "sale";
  const type = TYPE_WORDS[spec.attributes.type].slug;
  const city = asciiWord(shortCityName(spec.place));
  const department = spec.place.department.toLowerCase();
  switch (domain) {
    case "seloger.com":
      return `https://www.seloger.com/annonces/${sale ? "achat" : "locations"}/${type}/${city}-${department}/${id}.htm`;
    case "leboncoin.fr":
      return `https://www.leboncoin.fr/ad/${sale ? "ventes_immobilieres" : "locations"}/2${id}`;
    case "bienici.com":
      return `https://www.bienici.com/annonce/${sale ? "vente" : "location"}/${city}/${type}/${publisherSlug}-${id}`;
    case "pap.fr":
      return `https://www.pap.fr/annonces/${type}-${city}-${spec.postcode}-r4${id}`;
    case "logic-immo.com":
      return `https://www.logic-immo.com/detail-${sale ? "vente" : "location"}-${id}.htm`;
    case "figaroimmo.fr":
      return `https://www.figaroimmo.fr/annonces/annonce-${id}.html`;
    case "avendrealouer.fr":
      return `https://www.avendrealouer.fr/${sale ? "vente" : "location"}/${city}-${department}/${type}/${id}.html`;
    case "ouestfrance-immo.com":
      return `https://www.ouestfrance-immo.com/immobilier/${sale ? "vente" : "location"}/${type}/${city}-${spec.place.inseeCode.toLowerCase()}/${id}.htm`;
    default:
      return `https://www.${domain}/immobilier/${sale ? "vente" : "location"}/${type}/${id}`;
  }
}

/** Campaign parameters that alert e-mails and social links add; the canonical url key ignores them. */
export function withTracking(random: Random, url: string): string {
  if (!random.chance(0.1)) return url;
  const tracking = random.pick([
    "utm_source=alerte_email&utm_medium=email&utm_campaign=alerte",
    "utm_source=facebook&fbclid=IwAR" + random.hex(12),
    "gclid=Cj0K" + random.hex(10),
  ]);
  return `${url}?${tracking}`;
}

export function imageUrl(domain: string, id: string, position: number): string {
  return `https://img.${domain}/photos/${id}/${position + 1}.jpg`;
}

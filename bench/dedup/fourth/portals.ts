/**
 * The portals a collector crawls and how each one shows a listing: what it rounds, omits or adds, how often it is
 * visited, how its addresses and image URLs look.
 */
import type { Rng } from "./rng.js";
import type { Kind, TitleStyle, Tx } from "./text.js";

export type CoordMode = "blurred" | "centroid" | "none";

export type PortalId =
  | "seloger"
  | "leboncoin"
  | "pap"
  | "bienici"
  | "logicimmo"
  | "figaro"
  | "ouestfrance"
  | "paruvendu"
  | "avendrealouer"
  | "selogerneuf"
  | "immonot"
  | "entreparticuliers"
  | "orpi"
  | "century21"
  | "laforet"
  | "iad"
  | "safti"
  | "capifrance"
  | "proprietes-privees"
  | "optimhome"
  | "efficity"
  | "megagence";

export type Portal = {
  id: PortalId;
  domain: string;
  /** Shows whole square metres. */
  areaRound: boolean;
  /** Writes numbers as text ("250 000 €", "64,5 m²"). */
  textNumbers: boolean;
  floorShown: number;
  bedroomsShown: number;
  /** Probability that the DPE/GES values (not only the labels) are given. */
  dpeValues: number;
  /** Probability of the optional details (year, flags, heating). */
  details: number;
  coords: readonly (readonly [CoordMode, number])[];
  insee: number;
  /** Probability that a listing carries only a postcode (no city name, no INSEE code). */
  postcodeOnly: number;
  siret: number;
  onlyPerceptualHash: boolean;
  crawlDays: readonly [number, number];
  localTime: boolean;
  dateOnlyPublished: boolean;
  title: TitleStyle;
  truncateAt: number | null;
  stripPhones: number;
  underOffer: boolean;
  soldStatus: boolean;
  photoCap: (professional: boolean, rng: Rng) => number;
};

const P = (p: Partial<Portal> & Pick<Portal, "id" | "domain">): Portal => ({
  areaRound: false,
  textNumbers: false,
  floorShown: 0.85,
  bedroomsShown: 0.8,
  dpeValues: 0.8,
  details: 0.6,
  coords: [
    ["blurred", 50],
    ["none", 50],
  ],
  insee: 0.6,
  postcodeOnly: 0.03,
  siret: 0.7,
  onlyPerceptualHash: false,
  crawlDays: [5, 10],
  localTime: false,
  dateOnlyPublished: false,
  title: "typed",
  truncateAt: null,
  stripPhones: 0,
  underOffer: false,
  soldStatus: false,
  photoCap: () => 30,
  ...p,
});

export const PORTALS: Record<PortalId, Portal> = {
  seloger: P({ id: "seloger", domain: "seloger.com", insee: 0.75, siret: 0.85, crawlDays: [4, 9], underOffer: true, soldStatus: true }),
  leboncoin: P({
    id: "leboncoin",
    domain: "leboncoin.fr",
    areaRound: true,
    floorShown: 0.55,
    bedroomsShown: 0.5,
    dpeValues: 0.55,
    details: 0.35,
    coords: [
      ["centroid", 70],
      ["blurred", 20],
      ["none", 10],
    ],
    insee: 0.85,
    siret: 0.6,
    crawlDays: [3, 8],
    title: "freeform",
    truncateAt: 4000,
    stripPhones: 0.5,
    photoCap: (pro, rng) => (pro ? 20 : rng.chance(0.55) ? 3 : 10),
  }),
  pap: P({
    id: "pap",
    domain: "pap.fr",
    areaRound: true,
    coords: [
      ["centroid", 55],
      ["none", 45],
    ],
    insee: 0.3,
    postcodeOnly: 0.06,
    siret: 0,
    crawlDays: [6, 12],
    dateOnlyPublished: true,
    title: "pap",
    photoCap: (_pro, rng) => rng.int(8, 12),
  }),
  bienici: P({
    id: "bienici",
    domain: "bienici.com",
    coords: [
      ["blurred", 85],
      ["none", 15],
    ],
    insee: 0.92,
    siret: 0.9,
    crawlDays: [5, 11],
    title: "city",
    underOffer: true,
    details: 0.75,
    photoCap: () => 50,
  }),
  logicimmo: P({
    id: "logicimmo",
    domain: "logic-immo.com",
    areaRound: true,
    floorShown: 0.5,
    coords: [
      ["blurred", 35],
      ["none", 65],
    ],
    insee: 0.5,
    crawlDays: [6, 13],
    title: "city",
    truncateAt: 1400,
    underOffer: true,
    photoCap: () => 20,
  }),
  figaro: P({
    id: "figaro",
    domain: "lefigaro.fr",
    coords: [
      ["blurred", 50],
      ["centroid", 20],
      ["none", 30],
    ],
    insee: 0.4,
    siret: 0.5,
    crawlDays: [7, 14],
    title: "figaro",
    photoCap: () => 20,
  }),
  ouestfrance: P({
    id: "ouestfrance",
    domain: "ouestfrance-immo.com",
    areaRound: true,
    insee: 0.7,
    postcodeOnly: 0.2,
    siret: 0.6,
    crawlDays: [6, 12],
    localTime: true,
    dateOnlyPublished: true,
    title: "city",
    photoCap: () => 15,
  }),
  paruvendu: P({
    id: "paruvendu",
    domain: "paruvendu.fr",
    areaRound: true,
    textNumbers: true,
    floorShown: 0.3,
    dpeValues: 0.3,
    details: 0.2,
    coords: [["none", 1]],
    insee: 0,
    postcodeOnly: 0.1,
    siret: 0.3,
    onlyPerceptualHash: true,
    crawlDays: [8, 16],
    title: "pap",
    truncateAt: 900,
    photoCap: () => 8,
  }),
  avendrealouer: P({ id: "avendrealouer", domain: "avendrealouer.fr", insee: 0.3, siret: 0.5, crawlDays: [7, 14], title: "city", photoCap: () => 20 }),
  selogerneuf: P({ id: "selogerneuf", domain: "selogerneuf.com", insee: 0.8, siret: 0.8, crawlDays: [7, 14], photoCap: () => 20 }),
  immonot: P({
    id: "immonot",
    domain: "immonot.com",
    coords: [
      ["centroid", 40],
      ["none", 60],
    ],
    insee: 0.5,
    siret: 0.8,
    onlyPerceptualHash: true,
    crawlDays: [7, 15],
    title: "pap",
    photoCap: () => 10,
  }),
  entreparticuliers: P({
    id: "entreparticuliers",
    domain: "entreparticuliers.com",
    areaRound: true,
    textNumbers: true,
    coords: [["none", 1]],
    insee: 0,
    siret: 0,
    onlyPerceptualHash: true,
    crawlDays: [8, 16],
    title: "pap",
    photoCap: () => 10,
  }),
  orpi: network("orpi", "orpi.com"),
  century21: network("century21", "century21.fr"),
  laforet: network("laforet", "laforet.com"),
  iad: network("iad", "iadfrance.fr"),
  safti: network("safti", "safti.fr"),
  capifrance: network("capifrance", "capifrance.fr"),
  "proprietes-privees": network("proprietes-privees", "proprietes-privees.com"),
  optimhome: network("optimhome", "optimhome.com"),
  efficity: network("efficity", "efficity.com"),
  megagence: network("megagence", "megagence.com"),
};

function network(id: PortalId, domain: string): Portal {
  return P({
    id,
    domain,
    coords: [
      ["blurred", 30],
      ["none", 70],
    ],
    insee: 0.2,
    siret: 0.95,
    crawlDays: [7, 14],
    title: "network",
    underOffer: true,
    soldStatus: true,
  });
}

export type UrlContext = {
  tx: Tx;
  kind: Kind;
  rooms: number;
  area: number;
  citySlug: string;
  postcode: string;
  dept: string;
  insee: string;
  quarterSlug: string;
  agencySlug: string;
};

/** A listing address on the portal, unique thanks to the random identifiers. */
export function listingUrl(portal: Portal, c: UrlContext, rng: Rng): string {
  const sale = c.tx === "sale";
  const k = c.kind === "house" ? "maison" : "appartement";
  switch (portal.id) {
    case "seloger":
      return `https://www.seloger.com/annonces/${sale ? "achat" : "locations"}/${k}/${c.citySlug}-${c.dept}/${c.quarterSlug}/${rng.digits(9)}.htm`;
    case "leboncoin":
      return `https://www.leboncoin.fr/ad/${sale ? "ventes_immobilieres" : "locations"}/${rng.int(2, 3)}${rng.digits(9)}`;
    case "pap":
      return `https://www.pap.fr/annonces/${k}-${c.citySlug}-${c.postcode}-r${rng.int(4, 4)}${rng.digits(8)}`;
    case "bienici":
      return `https://www.bienici.com/annonce/${sale ? "vente" : "location"}/${c.citySlug}/${k}/${c.rooms}pieces/${c.agencySlug.slice(0, 12)}-${rng.hex(12)}`;
    case "logicimmo":
      return `https://www.logic-immo.com/detail-${sale ? "vente" : "location"}-${rng.hex(8)}-${rng.hex(4)}-${rng.hex(4)}-${rng.hex(4)}-${rng.hex(12)}.htm`;
    case "figaro":
      return `https://immobilier.lefigaro.fr/annonces/annonce-${rng.digits(8)}.html`;
    case "ouestfrance":
      return `https://www.ouestfrance-immo.com/immobilier/${sale ? "vente" : "location"}/${k}/${c.citySlug}-${c.dept}-${c.insee}/${c.rooms}-pieces-${rng.digits(8)}.htm`;
    case "paruvendu":
      return `https://www.paruvendu.fr/immobilier/${sale ? "vente" : "location"}/${k}/${rng.digits(10)}A1K${sale ? "IVH" : "ILH"}${c.kind === "house" ? "MA" : "AP"}000`;
    case "avendrealouer":
      return `https://www.avendrealouer.fr/${sale ? "vente" : "location"}/${c.citySlug}-${c.dept}/b-${k}/${c.rooms}-pieces/loc-101-${rng.digits(5)}/fd-${rng.digits(8)}.html`;
    case "selogerneuf":
      return `https://www.selogerneuf.com/annonces/achat/${k}/${c.citySlug}-${c.dept}/${rng.digits(6)}/${rng.digits(9)}/`;
    case "immonot":
      return `https://www.immonot.com/annonce-immobiliere/vente-${k}-${c.citySlug}-${c.dept}/${rng.digits(7)}.html`;
    case "entreparticuliers":
      return `https://www.entreparticuliers.com/annonces-immobilieres/${sale ? "vente" : "location"}/${k}/${c.citySlug}-${c.postcode}/ref-${rng.digits(7)}`;
    case "orpi":
      return `https://www.orpi.com/annonce-${sale ? "vente" : "location"}-${k}-t${c.rooms}-${c.citySlug}-${c.postcode}-${rng.digits(6)}/`;
    case "century21":
      return `https://www.century21.fr/trouver_logement/detail/${rng.digits(10)}/`;
    case "laforet":
      return `https://www.laforet.com/agence-immobiliere/${c.agencySlug}/${sale ? "acheter" : "louer"}/${c.citySlug}/${k}-${c.rooms}-pieces-${rng.digits(7)}`;
    case "iad":
      return `https://www.iadfrance.fr/annonce/${k}-${sale ? "vente" : "location"}-${c.rooms}-pieces-${c.citySlug}-${Math.round(c.area)}m2/r${rng.digits(7)}`;
    case "safti":
      return `https://www.safti.fr/annonces/${sale ? "achat" : "location"}/${k}/${c.citySlug}-${c.postcode}/${rng.digits(6)}`;
    case "capifrance":
      return `https://www.capifrance.fr/annonce/${sale ? "vente" : "location"}/${k}/${c.citySlug}/${rng.digits(7)}`;
    case "proprietes-privees":
      return `https://www.proprietes-privees.com/annonce/${k}-${c.citySlug}-${c.postcode}/${rng.digits(7)}`;
    case "optimhome":
      return `https://www.optimhome.com/annonce-${k}-${sale ? "vente" : "location"}-${c.citySlug}-${rng.digits(7)}.html`;
    case "efficity":
      return `https://www.efficity.com/achat-immobilier/${k}-${c.citySlug}-${c.postcode}/${rng.digits(6)}/`;
    case "megagence":
      return `https://www.megagence.com/annonce/${sale ? "vente" : "location"}-${k}-${c.citySlug}-${rng.digits(6)}`;
  }
}

export function imageUrl(portal: Portal, rng: Rng): string {
  const h = rng.hex(32);
  switch (portal.id) {
    case "seloger":
    case "selogerneuf":
      return `https://v.seloger.com/s/width/800/visuels/${h.slice(0, 1)}/${h.slice(1, 2)}/${h.slice(2, 3)}/${h}.jpg`;
    case "leboncoin":
      return `https://img.leboncoin.fr/api/v1/lbcpb1/images/${h.slice(0, 2)}/${h.slice(2, 4)}/${h.slice(4, 6)}/${h}${rng.hex(8)}.jpg?rule=ad-large`;
    case "pap":
      return `https://cdn.pap.fr/photos/pap/${h.slice(0, 2)}/${h}.jpg`;
    case "bienici":
      return `https://file.bienici.com/photo/${h}_${rng.digits(3)}.jpg?width=1200`;
    case "logicimmo":
      return `https://mmf.logic-immo.com/mmf/ads/photo-prop-800x600/${h.slice(0, 3)}/${h.slice(3, 4)}/${h}.jpg`;
    case "figaro":
      return `https://i.f1g.fr/media/cms/immobilier/${h}.jpg`;
    case "ouestfrance":
      return `https://media.ouestfrance-immo.com/photos/${h.slice(0, 2)}/${h}.jpg`;
    default:
      return `https://www.${portal.domain}/photos/${h.slice(0, 2)}/${h}.jpg`;
  }
}

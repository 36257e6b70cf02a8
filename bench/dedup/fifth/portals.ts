/**
 * The portals: each with its own URL and image-URL shapes, rounding, omissions, spellings and crawl cadence.
 * Frequencies are probabilities per listing (or per observation where said).
 */
import { slug } from "./ids.js";
import type { Rng } from "./rng.js";

export type UrlContext = {
  transaction: "sale" | "rent";
  type: "apartment" | "house";
  city: string;
  postcode: string;
  dept: string;
  insee: string;
  rooms: number;
  area: number;
  publisherSlug: string;
  networkAgentId: string;
};

export type AreaStyle = "int" | "floor" | "one" | "two" | "text";
export type PriceStyle = "number" | "text" | "dotted";
export type GpsStyle = "exact" | "rounded" | "centre" | "none";

export type Portal = {
  domain: string;
  /** Host of listing pages (the URL's host; the registrable domain is `domain`). */
  host: string;
  /** Sends source.domain alongside the URL. */
  sendsDomain: boolean;
  url: (rng: Rng, c: UrlContext) => string;
  imageUrl: (rng: Rng, listingKey: string, index: number) => string;
  area: AreaStyle;
  price: PriceStyle;
  /** Probability that a listing on this portal carries the INSEE code, and the department. */
  insee: number;
  department: number;
  gps: GpsStyle;
  /** Probability the room count is left out (the portal shows bedrooms only, or nothing). */
  roomsMissing: number;
  /** Probability the energy block is left out. */
  energyMissing: number;
  maxImages: number;
  /** Bits of hash noise per copy (0..noise), and the probability a listing's images are cropped. */
  noise: number;
  crop: number;
  /** Days between two visits of the collector. */
  revisit: readonly [number, number];
  /** Collector's hour (UTC) of the visits, and whether it writes local offsets (+01:00/+02:00). */
  hour: readonly [number, number];
  localOffset: boolean;
  /** What the portal shows of a professional's registration: "siret", "siren", or nothing. */
  registration: "siret" | "siren" | "none";
  /** Shows under-offer / sold / rented statuses before the listing disappears. */
  statuses: boolean;
  /** publishedAt as a date alone, as a date-time, or absent. */
  published: "date" | "datetime" | "none";
  phone: "spaced" | "compact" | "dotted" | "international";
  upperCaseCity: number;
};

const typeFr = (c: UrlContext) => (c.type === "house" ? "maison" : "appartement");
const txFr = (c: UrlContext) => (c.transaction === "sale" ? "vente" : "location");
const txAchat = (c: UrlContext) => (c.transaction === "sale" ? "achat" : "location");

export const PORTALS: Record<string, Portal> = {
  leboncoin: {
    domain: "leboncoin.fr",
    host: "www.leboncoin.fr",
    sendsDomain: true,
    url: (rng, c) => `https://www.leboncoin.fr/ad/${c.transaction === "sale" ? "ventes_immobilieres" : "locations"}/${rng.int(2, 3)}${rng.digits(9)}`,
    imageUrl: (rng) => `https://img.leboncoin.fr/api/v1/lbcpb1/images/${rng.hex(2)}/${rng.hex(2)}/${rng.hex(2)}/${rng.hex(40)}.jpg?rule=ad-large`,
    area: "int",
    price: "number",
    insee: 0,
    department: 0,
    gps: "centre",
    roomsMissing: 0.05,
    energyMissing: 0.15,
    maxImages: 10,
    noise: 3,
    crop: 0.25,
    revisit: [2, 6],
    hour: [5, 9],
    localOffset: false,
    registration: "siren",
    statuses: false,
    published: "datetime",
    phone: "compact",
    upperCaseCity: 0,
  },
  seloger: {
    domain: "seloger.com",
    host: "www.seloger.com",
    sendsDomain: true,
    url: (rng, c) =>
      `https://www.seloger.com/annonces/${txAchat(c)}/${typeFr(c)}/${slug(c.city)}-${c.dept.toLowerCase()}/${rng.int(18, 26)}${rng.digits(7)}.htm`,
    imageUrl: (rng) => `https://v.seloger.com/s/width/800/visuels/${rng.hex(1)}/${rng.hex(1)}/${rng.hex(1)}/${rng.hex(32)}.jpg`,
    area: "two",
    price: "number",
    insee: 0.9,
    department: 0.5,
    gps: "rounded",
    roomsMissing: 0,
    energyMissing: 0.05,
    maxImages: 30,
    noise: 2,
    crop: 0.05,
    revisit: [4, 9],
    hour: [1, 4],
    localOffset: false,
    registration: "siret",
    statuses: true,
    published: "datetime",
    phone: "spaced",
    upperCaseCity: 0,
  },
  selogerneuf: {
    domain: "selogerneuf.com",
    host: "www.selogerneuf.com",
    sendsDomain: true,
    url: (rng, c) => `https://www.selogerneuf.com/annonces/neuf/programme/${slug(c.city)}-${c.dept.toLowerCase()}/${rng.digits(9)}/`,
    imageUrl: (rng) => `https://v.seloger.com/s/crop/590x330/visuels/${rng.hex(1)}/${rng.hex(1)}/${rng.hex(32)}.jpg`,
    area: "two",
    price: "number",
    insee: 1,
    department: 0.8,
    gps: "exact",
    roomsMissing: 0,
    energyMissing: 0.3,
    maxImages: 12,
    noise: 2,
    crop: 0.1,
    revisit: [7, 14],
    hour: [1, 4],
    localOffset: false,
    registration: "siret",
    statuses: false,
    published: "date",
    phone: "spaced",
    upperCaseCity: 0,
  },
  logicimmo: {
    domain: "logic-immo.com",
    host: "www.logic-immo.com",
    sendsDomain: false,
    url: (rng, c) => `https://www.logic-immo.com/detail-${txFr(c)}-${rng.hex(8)}-${rng.hex(4)}-${rng.hex(4)}-${rng.hex(4)}-${rng.hex(12)}.htm`,
    imageUrl: (rng) => `https://mmf.logic-immo.com/mmf/ads/photo-prop-800x600/${rng.hex(3)}/${rng.hex(1)}/${rng.hex(8)}-${rng.hex(4)}.jpg`,
    area: "floor",
    price: "number",
    insee: 0.8,
    department: 0,
    gps: "none",
    roomsMissing: 0,
    energyMissing: 0.1,
    maxImages: 15,
    noise: 3,
    crop: 0.1,
    revisit: [7, 14],
    hour: [10, 14],
    localOffset: false,
    registration: "siret",
    statuses: false,
    published: "none",
    phone: "dotted",
    upperCaseCity: 0.2,
  },
  bienici: {
    domain: "bienici.com",
    host: "www.bienici.com",
    sendsDomain: true,
    url: (rng, c) =>
      `https://www.bienici.com/annonce/${txFr(c)}/${slug(c.city)}/${typeFr(c)}/${c.rooms}pieces/${c.publisherSlug.slice(0, 8)}-${rng.digits(10)}`,
    imageUrl: (rng, key, i) => `https://file.bienici.com/photo/${key}_${i}_${rng.hex(8)}.jpg?width=1200&height=900&fit=cover`,
    area: "one",
    price: "number",
    insee: 1,
    department: 1,
    gps: "exact",
    roomsMissing: 0,
    energyMissing: 0.02,
    maxImages: 30,
    noise: 1,
    crop: 0,
    revisit: [2, 5],
    hour: [3, 6],
    localOffset: false,
    registration: "siret",
    statuses: true,
    published: "datetime",
    phone: "international",
    upperCaseCity: 0,
  },
  pap: {
    domain: "pap.fr",
    host: "www.pap.fr",
    sendsDomain: true,
    url: (rng, c) => `https://www.pap.fr/annonces/${typeFr(c)}-${slug(c.city)}-${c.postcode.slice(0, 2)}-r4${rng.digits(8)}`,
    imageUrl: (rng) => `https://cdn.pap.fr/photos/pap/${rng.hex(2)}/${rng.hex(2)}/${rng.digits(9)}.jpg`,
    area: "int",
    price: "text",
    insee: 0,
    department: 0,
    gps: "none",
    roomsMissing: 0,
    energyMissing: 0.1,
    maxImages: 12,
    noise: 2,
    crop: 0.05,
    revisit: [4, 8],
    hour: [6, 8],
    localOffset: true,
    registration: "none",
    statuses: false,
    published: "date",
    phone: "spaced",
    upperCaseCity: 0,
  },
  paruvendu: {
    domain: "paruvendu.fr",
    host: "www.paruvendu.fr",
    sendsDomain: false,
    url: (rng, c) => `https://www.paruvendu.fr/immobilier/${txFr(c)}/${typeFr(c)}/${rng.digits(10)}A1KIVH${c.type === "house" ? "MA" : "AP"}000`,
    imageUrl: (rng) => `https://img.paruvendu.fr/media_ext/_https_/photos.paruvendu.fr/${rng.digits(10)}_${rng.int(1, 9)}.jpg`,
    area: "int",
    price: "dotted",
    insee: 0,
    department: 0,
    gps: "none",
    roomsMissing: 0.2,
    energyMissing: 0.4,
    maxImages: 8,
    noise: 4,
    crop: 0.2,
    revisit: [10, 20],
    hour: [12, 16],
    localOffset: true,
    registration: "none",
    statuses: false,
    published: "date",
    phone: "dotted",
    upperCaseCity: 0.7,
  },
  ouestfrance: {
    domain: "ouestfrance-immo.com",
    host: "www.ouestfrance-immo.com",
    sendsDomain: true,
    url: (rng, c) =>
      `https://www.ouestfrance-immo.com/immobilier/${txFr(c)}/${typeFr(c)}/${slug(c.city)}-${c.dept}-${c.insee}/${c.rooms}-pieces-${rng.digits(8)}.htm`,
    imageUrl: (rng) => `https://media.ouestfrance-immo.com/photos/${rng.digits(3)}/${rng.digits(8)}_${rng.hex(6)}.jpg`,
    area: "one",
    price: "number",
    insee: 0.9,
    department: 0.3,
    gps: "none",
    roomsMissing: 0,
    energyMissing: 0.1,
    maxImages: 20,
    noise: 2,
    crop: 0.05,
    revisit: [5, 10],
    hour: [2, 5],
    localOffset: false,
    registration: "siret",
    statuses: true,
    published: "date",
    phone: "spaced",
    upperCaseCity: 0,
  },
  figaro: {
    domain: "lefigaro.fr",
    host: "immobilier.lefigaro.fr",
    sendsDomain: true,
    url: (rng) => `https://immobilier.lefigaro.fr/annonces/annonce-${rng.int(6, 7)}${rng.digits(7)}.html`,
    imageUrl: (rng) => `https://i.lefigaro.fr/immobilier/annonces/${rng.hex(2)}/${rng.hex(24)}.jpg`,
    area: "two",
    price: "number",
    insee: 0.7,
    department: 0,
    gps: "none",
    roomsMissing: 0,
    energyMissing: 0.1,
    maxImages: 20,
    noise: 2,
    crop: 0.05,
    revisit: [7, 14],
    hour: [9, 12],
    localOffset: false,
    registration: "siret",
    statuses: false,
    published: "datetime",
    phone: "spaced",
    upperCaseCity: 0,
  },
  superimmo: {
    domain: "superimmo.com",
    host: "www.superimmo.com",
    sendsDomain: false,
    url: (rng, c) =>
      `https://www.superimmo.com/annonces/${txAchat(c)}-${typeFr(c)}-${slug(c.city)}-${c.postcode}-${c.rooms}-pieces/${rng.alnum(6, "abcdef0123456789")}`,
    imageUrl: (rng) => `https://cdn.superimmo.com/thumbs/640x480/${rng.hex(12)}.jpg`,
    area: "int",
    price: "number",
    insee: 0,
    department: 0,
    gps: "none",
    roomsMissing: 0.1,
    energyMissing: 0.5,
    maxImages: 8,
    noise: 5,
    crop: 0.15,
    revisit: [10, 20],
    hour: [18, 22],
    localOffset: true,
    registration: "none",
    statuses: false,
    published: "none",
    phone: "compact",
    upperCaseCity: 0.3,
  },
  avendrealouer: {
    domain: "avendrealouer.fr",
    host: "www.avendrealouer.fr",
    sendsDomain: false,
    url: (rng, c) =>
      `https://www.avendrealouer.fr/${txFr(c)}/${slug(c.city)}-${c.postcode.slice(0, 2)}/b-${typeFr(c)}/loc-101-${rng.digits(5)}/fd-${rng.digits(9)}.html`,
    imageUrl: (rng) => `https://static.avendrealouer.fr/Pictures/${rng.digits(9)}/${rng.hex(8)}.jpg`,
    area: "int",
    price: "number",
    insee: 0.5,
    department: 0,
    gps: "none",
    roomsMissing: 0,
    energyMissing: 0.2,
    maxImages: 10,
    noise: 3,
    crop: 0.1,
    revisit: [7, 14],
    hour: [13, 17],
    localOffset: false,
    registration: "siret",
    statuses: false,
    published: "date",
    phone: "spaced",
    upperCaseCity: 0,
  },
  greenacres: {
    domain: "green-acres.fr",
    host: "www.green-acres.fr",
    sendsDomain: true,
    url: (rng, c) =>
      `https://www.green-acres.fr/fr/properties/${typeFr(c)}/${slug(c.city)}/${rng.alnum(2, "abcdefghij")}-${rng.digits(5)}-${rng.digits(4)}.htm`,
    imageUrl: (rng) => `https://photos.green-acres.com/p/${rng.hex(4)}/${rng.hex(20)}.jpg`,
    area: "int",
    price: "number",
    insee: 0,
    department: 0.6,
    gps: "centre",
    roomsMissing: 0.3,
    energyMissing: 0.2,
    maxImages: 20,
    noise: 3,
    crop: 0.3,
    revisit: [10, 20],
    hour: [20, 23],
    localOffset: false,
    registration: "none",
    statuses: false,
    published: "none",
    phone: "international",
    upperCaseCity: 0,
  },
  entreparticuliers: {
    domain: "entreparticuliers.com",
    host: "www.entreparticuliers.com",
    sendsDomain: true,
    url: (rng, c) => `https://www.entreparticuliers.com/annonces-immobilieres/${txFr(c)}/${typeFr(c)}/${slug(c.city)}/ref-${rng.digits(7)}`,
    imageUrl: (rng) => `https://photos.entreparticuliers.com/${rng.digits(7)}/${rng.hex(10)}.jpg`,
    area: "text",
    price: "text",
    insee: 0,
    department: 0,
    gps: "none",
    roomsMissing: 0.1,
    energyMissing: 0.3,
    maxImages: 10,
    noise: 3,
    crop: 0.1,
    revisit: [7, 14],
    hour: [7, 10],
    localOffset: true,
    registration: "none",
    statuses: false,
    published: "date",
    phone: "spaced",
    upperCaseCity: 0,
  },
  iad: {
    domain: "iadfrance.fr",
    host: "www.iadfrance.fr",
    sendsDomain: true,
    url: (rng, c) =>
      `https://www.iadfrance.fr/annonce/${typeFr(c)}-${txFr(c)}-${c.rooms}-pieces-${slug(c.city)}-${Math.round(c.area)}m2/r${rng.int(1, 1)}${rng.digits(6)}`,
    imageUrl: (rng) => `https://photos.iadfrance.com/${rng.hex(2)}/${rng.hex(2)}/${rng.hex(16)}-800x600.jpg`,
    area: "two",
    price: "number",
    insee: 0,
    department: 0,
    gps: "centre",
    roomsMissing: 0,
    energyMissing: 0.02,
    maxImages: 20,
    noise: 2,
    crop: 0,
    revisit: [3, 7],
    hour: [4, 6],
    localOffset: false,
    registration: "siret",
    statuses: true,
    published: "date",
    phone: "spaced",
    upperCaseCity: 0,
  },
  safti: {
    domain: "safti.fr",
    host: "www.safti.fr",
    sendsDomain: true,
    url: (rng, c) => `https://www.safti.fr/annonces/${txAchat(c)}/${typeFr(c)}/${slug(c.city)}-${c.postcode}/${rng.digits(6)}`,
    imageUrl: (rng) => `https://media.safti.fr/biens/${rng.digits(6)}/${rng.hex(20)}.jpeg`,
    area: "one",
    price: "number",
    insee: 0.6,
    department: 0,
    gps: "none",
    roomsMissing: 0,
    energyMissing: 0.02,
    maxImages: 20,
    noise: 2,
    crop: 0,
    revisit: [4, 8],
    hour: [4, 6],
    localOffset: false,
    registration: "siret",
    statuses: true,
    published: "date",
    phone: "spaced",
    upperCaseCity: 0,
  },
  capifrance: {
    domain: "capifrance.fr",
    host: "www.capifrance.fr",
    sendsDomain: true,
    url: (rng, c) => `https://www.capifrance.fr/${txFr(c)}/${typeFr(c)}/${slug(c.city)}-${c.postcode}/${rng.digits(6)}`,
    imageUrl: (rng) => `https://img.capifrance.fr/annonces/${rng.digits(6)}/${rng.hex(12)}.jpg`,
    area: "one",
    price: "number",
    insee: 0,
    department: 0,
    gps: "none",
    roomsMissing: 0,
    energyMissing: 0.05,
    maxImages: 15,
    noise: 2,
    crop: 0,
    revisit: [5, 10],
    hour: [4, 6],
    localOffset: false,
    registration: "siret",
    statuses: true,
    published: "date",
    phone: "dotted",
    upperCaseCity: 0,
  },
  notaires: {
    domain: "notaires.fr",
    host: "www.immobilier.notaires.fr",
    sendsDomain: true,
    url: (rng, c) => `https://www.immobilier.notaires.fr/fr/annonce-immo-${typeFr(c)}-${txFr(c)}-${slug(c.city)}-${c.dept.toLowerCase()}/${rng.digits(7)}`,
    imageUrl: (rng) => `https://media.immobilier.notaires.fr/inotr/media/${rng.digits(4)}/${rng.hex(16)}.jpg`,
    area: "two",
    price: "number",
    insee: 1,
    department: 1,
    gps: "none",
    roomsMissing: 0,
    energyMissing: 0.05,
    maxImages: 8,
    noise: 2,
    crop: 0,
    revisit: [10, 20],
    hour: [11, 14],
    localOffset: false,
    registration: "siret",
    statuses: false,
    published: "date",
    phone: "spaced",
    upperCaseCity: 0,
  },
  etreproprio: {
    domain: "etreproprio.com",
    host: "www.etreproprio.com",
    sendsDomain: true,
    url: (rng, c) => `https://www.etreproprio.com/annonce-terrain-maison-${slug(c.city)}-${c.postcode}-${rng.digits(8)}.html`,
    imageUrl: (rng) => `https://img.etreproprio.com/photos/${rng.digits(8)}/${rng.hex(10)}.jpg`,
    area: "one",
    price: "number",
    insee: 0.5,
    department: 0,
    gps: "none",
    roomsMissing: 0,
    energyMissing: 0.6,
    maxImages: 8,
    noise: 2,
    crop: 0.1,
    revisit: [7, 14],
    hour: [15, 18],
    localOffset: false,
    registration: "siret",
    statuses: false,
    published: "date",
    phone: "spaced",
    upperCaseCity: 0,
  },
};

export type PortalKey = keyof typeof PORTALS;

/** How the area is written. */
export function writeArea(style: AreaStyle, area: number): number | string {
  switch (style) {
    case "int":
      return Math.round(area);
    case "floor":
      return Math.floor(area);
    case "one":
      return Math.round(area * 10) / 10;
    case "two":
      return Math.round(area * 100) / 100;
    case "text":
      return `${String(Math.round(area * 10) / 10).replace(".", ",")} m²`;
  }
}

export function writePrice(style: PriceStyle, price: number): number | string {
  switch (style) {
    case "number":
      return price;
    case "text":
      return `${String(price).replace(/\B(?=(\d{3})+(?!\d))/g, " ")} €`;
    case "dotted":
      // "1.250.000" for millions; below, the French narrow no-break space ("245\u202f000 €").
      return price >= 1_000_000 ? String(price).replace(/\B(?=(\d{3})+(?!\d))/g, ".") : `${String(price).replace(/\B(?=(\d{3})+(?!\d))/g, "\u202f")}\u00a0€`;
  }
}

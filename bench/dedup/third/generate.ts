// Independent feed generator for the dedup evaluation (bench/dedup/third).
//   npx tsx bench/dedup/third/generate.ts --objects 3000 --seed 5 --out /tmp/third5
// Writes OUT/feed.ndjson (observations in observedAt order) and OUT/truth.json (one entry per listing URL).
// See bench/dedup/third/README.md for what is modelled and how often.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import {
  AGENCY_PREFIX,
  AGENCY_WORDS,
  COMMUNES,
  type Commune,
  FIRST,
  FRANCHISES,
  LAST,
  MANAGERS,
  NEIGHBOUR_ONLY,
  NETWORKS,
  PROGRAMME_NAMES,
  PROGRAMME_WORDS,
  PROMOTERS,
  REGION_PHONE,
  SOFTWARE,
} from "./data.js";
import { R, Rng, setSeed } from "./rng.js";
import {
  type AgencyVoice,
  agencyDescription,
  autoTitle,
  fmtArea,
  fmtInt,
  freeTitle,
  ownerDescription,
  programmeDescription,
  type TextFacts,
  slug,
  stripAccents,
  truncate,
} from "./text.js";
// The evaluation's truth shape (bench/dedup/generate.ts), so that the compiler checks what truth.json holds.
import type { ListingTruth } from "../generate.js";

const { values: argv } = parseArgs({
  options: {
    objects: { type: "string", default: "3000" },
    seed: { type: "string", default: "5" },
    out: { type: "string", default: "/tmp/third" },
  },
});
const N_OBJECTS = Number(argv.objects);
const SEED = Number(argv.seed);
setSeed(SEED);
const OUT = argv.out!;

// ---------------------------------------------------------------- time window
const DAY0 = Date.UTC(2026, 6, 1); // 2026-07-01
const WINDOW = 145; // days, up to 2026-11-23
const DAY_MS = 86_400_000;
const dayToMs = (d: number) => DAY0 + Math.round(d * DAY_MS);
const DST_END = Date.UTC(2026, 9, 25, 1); // Europe/Paris back to +01:00
function iso(ms: number, local = false): string {
  if (!local) return `${new Date(ms).toISOString().slice(0, 19)}Z`;
  const off = ms < DST_END ? 2 : 1;
  return `${new Date(ms + off * 3_600_000).toISOString().slice(0, 19)}+0${off}:00`;
}
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const frDate = (ms: number) => {
  const d = new Date(ms);
  return `${String(d.getUTCDate()).padStart(2, "0")}/${String(d.getUTCMonth() + 1).padStart(2, "0")}/${d.getUTCFullYear()}`;
};

// ---------------------------------------------------------------- identifiers
function luhnOk(s: string): boolean {
  let sum = 0;
  for (let i = 0; i < s.length; i++) {
    let d = s.charCodeAt(s.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}
function withLuhn(body: string): string {
  for (let c = 0; c < 10; c++) if (luhnOk(body + c)) return body + c;
  throw new Error("luhn");
}
const usedSiren = new Set<string>();
function makeSiren(r: Rng): string {
  for (;;) {
    const s = withLuhn(
      r.weighted([
        ["3", 1],
        ["4", 2],
        ["5", 2],
        ["7", 1],
        ["8", 3],
        ["9", 2],
      ] as const) + r.digits(7, false),
    );
    if (s.startsWith("356000") || usedSiren.has(s)) continue;
    usedSiren.add(s);
    return s;
  }
}
function makeSiret(r: Rng, siren: string): string {
  return withLuhn(siren + r.pick(["0001", "0002", "0003", "0004", "0005", "0006", "0011", "0012", "0019", "0024", "0031"]));
}
type SirFmt = "plain" | "spaced" | "dotted" | "number" | "siren" | "both" | "none";
function sirFields(siret: string | undefined, fmt: SirFmt): Record<string, unknown> {
  if (!siret) return {};
  switch (fmt) {
    case "plain":
      return { siret };
    case "spaced":
      return { siret: `${siret.slice(0, 3)} ${siret.slice(3, 6)} ${siret.slice(6, 9)} ${siret.slice(9)}` };
    case "dotted":
      return { siret: `${siret.slice(0, 3)}.${siret.slice(3, 6)}.${siret.slice(6, 9)}.${siret.slice(9)}` };
    case "number":
      return { siret: Number(siret) };
    case "siren":
      return { siren: siret.slice(0, 9) };
    case "both":
      return { siret, siren: siret.slice(0, 9) };
    case "none":
      return {};
  }
}
function landline(r: Rng, region: string): string {
  return r.pick(REGION_PHONE[region] ?? ["0140"]) + r.digits(6, false);
}
function mobile(r: Rng): string {
  return r.chance(0.7) ? `06${r.digits(8, false)}` : `07${r.int(3, 8)}${r.digits(7, false)}`;
}
function fmtPhone(n: string, style: number): string {
  const pairs = n.match(/../g)!;
  switch (style) {
    case 0:
      return pairs.join(" ");
    case 1:
      return n;
    case 2:
      return `+33 ${n[1]} ${pairs.slice(1).join(" ")}`;
    case 3:
      return `+33${n.slice(1)}`;
    case 4:
      return pairs.join(".");
    case 5:
      return pairs.join("-");
    case 6:
      return `+33 (0)${n[1]} ${pairs.slice(1).join(" ")}`;
    default:
      return `0033${n.slice(1)}`;
  }
}
const emailLocal = (s: string) =>
  stripAccents(s)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ".")
    .replace(/^\.|\.$/g, "");

// ---------------------------------------------------------------- image hashes
type H = [number, number];
const rh = (r: Rng): H => [r.u32(), r.u32()];
function flipBits(h: H, k: number, r: Rng): H {
  const used = new Set<number>();
  let [hi, lo] = h;
  while (used.size < k) {
    const b = r.int(0, 63);
    if (used.has(b)) continue;
    used.add(b);
    if (b < 32) hi = (hi ^ (1 << b)) >>> 0;
    else lo = (lo ^ (1 << (b - 32))) >>> 0;
  }
  return [hi, lo];
}
const hx = (h: H) => h[0].toString(16).padStart(8, "0") + h[1].toString(16).padStart(8, "0");
type Shot = { id: number; root: number; p: H; d: H; a: H; tag: string };
let SHOT = 0;
function baseShot(r: Rng, tag: string): Shot {
  const id = ++SHOT;
  return { id, root: id, p: rh(r), d: rh(r), a: rh(r), tag };
}
/** angle: the same room photographed by someone else; near: a screenshot/crop of someone's photo. */
function deriveShot(b: Shot, r: Rng, kind: "angle" | "near"): Shot {
  const [kp, kd, ka] = kind === "angle" ? [r.int(12, 27), r.int(18, 32), r.int(10, 24)] : [r.int(4, 10), r.int(6, 14), r.int(3, 9)];
  const id = ++SHOT;
  return { id, root: kind === "near" ? b.root : id, p: flipBits(b.p, kp, r), d: flipBits(b.d, kd, r), a: flipBits(b.a, ka, r), tag: b.tag };
}
type Flip = { p: [number, number]; d: [number, number]; a: [number, number] };
function encode(s: Shot, key: string, f: Flip): { p: string; d: string; a: string } {
  const r = R("enc", s.id, key);
  return { p: hx(flipBits(s.p, r.int(...f.p), r)), d: hx(flipBits(s.d, r.int(...f.d), r)), a: hx(flipBits(s.a, r.int(...f.a), r)) };
}

// ---------------------------------------------------------------- portals
type CoordMode = "exact" | "jitter" | "centre" | "none";
type UrlCtx = {
  tx: "sale" | "rent";
  type: "apartment" | "house";
  commune: Commune;
  postcode: string;
  rooms?: number;
  area?: number;
  quartier: string;
  pub: Publisher;
  prog?: string;
  lot?: string;
};
type Portal = {
  id: string;
  domain: string;
  host: string;
  kind: "generalist" | "owner" | "own";
  sourceDomain: number; // prob the collector writes source.domain
  crawl: [number, number];
  maxPhotos: number;
  flip: Flip;
  hotlink: number;
  coords: [CoordMode, number][];
  insee: number;
  dept: number;
  pubAt: ["dt" | "date" | "none", number][];
  localTime: boolean;
  email: number;
  sir: [SirFmt, number][];
  truncate: number;
  truncLen: number;
  textNums: number;
  areaInt: boolean;
  title: string;
  status: "camel" | "upper" | "snake";
  tracking: number;
  trackParam: string[];
  trackingPhone: number;
  underOffer: number;
  sold: number;
  removalSeen: number;
  extras: number;
  meta: number;
  hashMissing: number;
  url: (c: UrlCtx, r: Rng) => string;
  img: (r: Rng, i: number) => string;
};
const typeFr = (t: string) => (t === "house" ? "maison" : "appartement");
const base: Omit<Portal, "id" | "domain" | "host" | "kind" | "url" | "img"> = {
  sourceDomain: 0.8,
  crawl: [6, 13],
  maxPhotos: 30,
  flip: { p: [0, 2], d: [0, 4], a: [0, 3] },
  hotlink: 0,
  coords: [
    ["exact", 0.2],
    ["jitter", 0.2],
    ["centre", 0.2],
    ["none", 0.4],
  ],
  insee: 0.2,
  dept: 0.2,
  pubAt: [
    ["dt", 0.5],
    ["date", 0.3],
    ["none", 0.2],
  ],
  localTime: false,
  email: 0.4,
  sir: [
    ["plain", 0.6],
    ["spaced", 0.1],
    ["none", 0.3],
  ],
  truncate: 0,
  truncLen: 300,
  textNums: 0,
  areaInt: false,
  title: "free",
  status: "camel",
  tracking: 0,
  trackParam: [],
  trackingPhone: 0,
  underOffer: 0,
  sold: 0,
  removalSeen: 0.85,
  extras: 0.5,
  meta: 0.3,
  hashMissing: 0.02,
};
const PORTALS: Record<string, Portal> = {};
function addPortal(p: Partial<Portal> & Pick<Portal, "id" | "domain" | "host" | "kind" | "url" | "img">): Portal {
  const full = { ...base, ...p } as Portal;
  PORTALS[p.id] = full;
  return full;
}
addPortal({
  id: "seloger",
  domain: "seloger.com",
  host: "www.seloger.com",
  kind: "generalist",
  crawl: [4, 9],
  maxPhotos: 30,
  coords: [
    ["exact", 0.12],
    ["jitter", 0.45],
    ["centre", 0.2],
    ["none", 0.23],
  ],
  insee: 0.1,
  dept: 0.3,
  pubAt: [
    ["dt", 0.9],
    ["none", 0.1],
  ],
  email: 0.1,
  sir: [
    ["plain", 0.55],
    ["spaced", 0.1],
    ["siren", 0.1],
    ["none", 0.25],
  ],
  title: "seloger",
  tracking: 0.05,
  trackParam: ["xtor=AL-"],
  trackingPhone: 0.4,
  extras: 0.75,
  hashMissing: 0.015,
  url: (c, r) =>
    `https://www.seloger.com/annonces/${c.tx === "sale" ? "achat" : "locations"}/${typeFr(c.type)}/${slug(c.commune.names[0]!)}-${c.commune.dept}/${slug(c.quartier)}/${r.int(2, 2)}${r.digits(8, false)}.htm`,
  img: (r) => `https://v.seloger.com/s/width/800/visuels/${r.hex(1)}/${r.hex(1)}/${r.hex(1)}/${r.hex(1)}/${r.hex(40)}.jpg`,
});
addPortal({
  id: "leboncoin",
  domain: "leboncoin.fr",
  host: "www.leboncoin.fr",
  kind: "generalist",
  crawl: [3, 8],
  maxPhotos: 20,
  flip: { p: [0, 3], d: [1, 5], a: [0, 3] },
  coords: [
    ["exact", 0.08],
    ["jitter", 0.5],
    ["centre", 0.37],
    ["none", 0.05],
  ],
  insee: 0.5,
  dept: 0.5,
  pubAt: [["dt", 1]],
  email: 0,
  sir: [
    ["siren", 0.5],
    ["plain", 0.2],
    ["none", 0.3],
  ],
  areaInt: true,
  title: "free",
  status: "snake",
  tracking: 0.08,
  trackParam: ["utm_source=alerte", "utm_medium=email", "utm_campaign=saved_search"],
  extras: 0.55,
  meta: 0.1,
  hashMissing: 0.03,
  url: (c, r) => `https://www.leboncoin.fr/ad/${c.tx === "sale" ? "ventes_immobilieres" : "locations"}/${r.int(2, 3)}${r.digits(9, false)}`,
  img: (r) => `https://img.leboncoin.fr/api/v1/lbcpb1/images/${r.hex(2)}/${r.hex(2)}/${r.hex(2)}/${r.hex(40)}.jpg?rule=ad-large`,
});
addPortal({
  id: "pap",
  domain: "pap.fr",
  host: "www.pap.fr",
  kind: "owner",
  crawl: [4, 10],
  maxPhotos: 12,
  flip: { p: [1, 6], d: [2, 8], a: [1, 4] },
  coords: [
    ["exact", 0.1],
    ["jitter", 0.2],
    ["centre", 0.4],
    ["none", 0.3],
  ],
  insee: 0.05,
  dept: 0.1,
  pubAt: [
    ["date", 0.8],
    ["none", 0.2],
  ],
  email: 0,
  areaInt: true,
  title: "pap",
  extras: 0.45,
  url: (c, r) => `https://www.pap.fr/annonces/${typeFr(c.type)}-${slug(c.commune.names[0]!)}-${c.postcode}-r${r.int(4, 4)}${r.digits(8, false)}`,
  img: (r) => `https://cdn.pap.fr/photos/pap/${r.hex(2)}/${r.hex(2)}/${r.hex(32)}.jpg`,
});
addPortal({
  id: "bienici",
  domain: "bienici.com",
  host: "www.bienici.com",
  kind: "generalist",
  crawl: [5, 10],
  maxPhotos: 30,
  coords: [
    ["exact", 0.35],
    ["jitter", 0.3],
    ["centre", 0.1],
    ["none", 0.25],
  ],
  insee: 0.85,
  dept: 0.6,
  pubAt: [["dt", 1]],
  email: 0.2,
  sir: [
    ["plain", 0.7],
    ["both", 0.1],
    ["none", 0.2],
  ],
  title: "bienici",
  extras: 0.7,
  meta: 0.6,
  url: (c, r) =>
    `https://www.bienici.com/annonce/${c.tx === "sale" ? "vente" : "location"}/${slug(c.commune.names[0]!)}/${typeFr(c.type)}/${c.rooms ?? 1}pieces/${slug(c.pub.name).slice(0, 12)}-${r.digits(9, false)}`,
  img: (r) => `https://file.bienici.com/photo/${r.hex(32)}.jpg?width=600&height=370&fit=cover`,
});
addPortal({
  id: "logicimmo",
  domain: "logic-immo.com",
  host: "www.logic-immo.com",
  kind: "generalist",
  crawl: [6, 14],
  maxPhotos: 20,
  flip: { p: [2, 6], d: [3, 8], a: [1, 4] },
  coords: [
    ["exact", 0.1],
    ["jitter", 0.2],
    ["centre", 0.2],
    ["none", 0.5],
  ],
  insee: 0.1,
  dept: 0.1,
  pubAt: [
    ["date", 0.6],
    ["none", 0.4],
  ],
  email: 0.3,
  sir: [
    ["plain", 0.5],
    ["dotted", 0.1],
    ["none", 0.4],
  ],
  truncate: 0.3,
  truncLen: 280,
  title: "logicimmo",
  trackingPhone: 0.4,
  extras: 0.4,
  url: (c, r) => `https://www.logic-immo.com/detail-${c.tx === "sale" ? "vente" : "location"}-${r.hex(8)}-${r.hex(4)}-${r.hex(4)}-${r.hex(4)}-${r.hex(12)}.htm`,
  img: (r) => `https://mmf.logic-immo.com/mmf/ads/photo-prop-800x600/${r.hex(3)}/${r.hex(1)}/${r.hex(1)}/${r.hex(8)}-${r.hex(4)}.jpg`,
});
addPortal({
  id: "figaro",
  domain: "lefigaro.fr",
  host: "immobilier.lefigaro.fr",
  kind: "generalist",
  crawl: [7, 14],
  maxPhotos: 25,
  hotlink: 0.6,
  coords: [
    ["exact", 0.25],
    ["jitter", 0.15],
    ["centre", 0.2],
    ["none", 0.4],
  ],
  insee: 0.3,
  dept: 0.3,
  pubAt: [
    ["dt", 0.5],
    ["none", 0.5],
  ],
  localTime: true,
  email: 0.5,
  sir: [
    ["plain", 0.4],
    ["number", 0.3],
    ["none", 0.3],
  ],
  truncate: 0.1,
  truncLen: 400,
  title: "figaro",
  status: "upper",
  extras: 0.5,
  sourceDomain: 0.5,
  url: (c, r) => `https://immobilier.lefigaro.fr/annonces/annonce-${r.int(6, 7)}${r.digits(7, false)}.html`,
  img: (r) => `https://photos.immobilier.lefigaro.fr/${r.hex(2)}/${r.hex(30)}.jpg`,
});
addPortal({
  id: "avendrealouer",
  domain: "avendrealouer.fr",
  host: "www.avendrealouer.fr",
  kind: "generalist",
  crawl: [7, 16],
  maxPhotos: 20,
  hotlink: 0.8,
  coords: [
    ["exact", 0.1],
    ["centre", 0.3],
    ["none", 0.6],
  ],
  insee: 0,
  dept: 0.2,
  pubAt: [
    ["date", 0.5],
    ["none", 0.5],
  ],
  email: 0.6,
  sir: [
    ["plain", 0.4],
    ["number", 0.2],
    ["none", 0.4],
  ],
  textNums: 0.8,
  title: "free",
  extras: 0.35,
  url: (c, r) =>
    `https://www.avendrealouer.fr/${c.tx === "sale" ? "vente" : "location"}/${slug(c.commune.names[0]!)}-${c.commune.dept}/b-${typeFr(c.type)}/loc-101-${r.digits(5)}/fd-${r.digits(8)}.html`,
  img: (r) => `https://cdn.avendrealouer.fr/photos/${r.hex(32)}.jpg`,
});
addPortal({
  id: "entreparticuliers",
  domain: "entreparticuliers.com",
  host: "www.entreparticuliers.com",
  kind: "owner",
  crawl: [7, 16],
  maxPhotos: 8,
  flip: { p: [1, 5], d: [2, 7], a: [1, 4] },
  coords: [
    ["centre", 0.4],
    ["none", 0.6],
  ],
  insee: 0,
  dept: 0.3,
  pubAt: [
    ["date", 0.7],
    ["none", 0.3],
  ],
  email: 0.3,
  textNums: 0.5,
  title: "free",
  extras: 0.3,
  url: (c, r) =>
    `https://www.entreparticuliers.com/annonces-immobilieres/${c.tx === "sale" ? "vente" : "location"}/${typeFr(c.type)}/${slug(c.commune.names[0]!)}-${c.postcode}/ref-${r.digits(7)}`,
  img: (r) => `https://static.entreparticuliers.com/photos/${r.hex(24)}.jpg`,
});
const ownSite = (id: string, domain: string, host: string, url: Portal["url"], extra: Partial<Portal> = {}) =>
  addPortal({
    id,
    domain,
    host,
    kind: "own",
    crawl: [6, 14],
    coords: [
      ["exact", 0.3],
      ["jitter", 0.2],
      ["centre", 0.2],
      ["none", 0.3],
    ],
    insee: 0.3,
    dept: 0.3,
    pubAt: [
      ["dt", 0.4],
      ["date", 0.3],
      ["none", 0.3],
    ],
    email: 0.7,
    sir: [
      ["plain", 0.5],
      ["none", 0.5],
    ],
    title: "free",
    underOffer: 0.35,
    sold: 0.15,
    extras: 0.55,
    hotlink: 0.5,
    url,
    img: (r) => `https://${host.replace(/^www\./, "media.")}/photos/${r.hex(24)}.jpg`,
    ...extra,
  });
ownSite(
  "iadfrance",
  "iadfrance.fr",
  "www.iadfrance.fr",
  (c, r) =>
    `https://www.iadfrance.fr/annonce/${typeFr(c.type)}-${c.tx === "sale" ? "vente" : "location"}-${c.rooms ?? 1}-pieces-${slug(c.commune.names[0]!)}-${Math.round(c.area ?? 0)}m2/r${r.digits(7)}`,
);
ownSite(
  "safti",
  "safti.fr",
  "www.safti.fr",
  (c, r) =>
    `https://www.safti.fr/annonces/${c.tx === "sale" ? "achat" : "location"}/${typeFr(c.type)}/${slug(c.commune.names[0]!)}-${c.postcode}/${r.digits(6)}`,
);
ownSite(
  "capifrance",
  "capifrance.fr",
  "www.capifrance.fr",
  (c, r) =>
    `https://www.capifrance.fr/annonces-immobilieres/${slug(c.commune.names[0]!)}-${c.postcode}/${typeFr(c.type)}-${c.rooms ?? 1}-pieces-${r.digits(7)}`,
);
ownSite(
  "optimhome",
  "optimhome.com",
  "www.optimhome.com",
  (c, r) => `https://www.optimhome.com/annonce-immobiliere/${typeFr(c.type)}-${slug(c.commune.names[0]!)}-${r.digits(6)}`,
);
ownSite(
  "proprietes-privees",
  "proprietes-privees.com",
  "www.proprietes-privees.com",
  (c, r) =>
    `https://www.proprietes-privees.com/annonce/${typeFr(c.type)}-a-${c.tx === "sale" ? "vendre" : "louer"}-${slug(c.commune.names[0]!)}-${r.digits(6)}`,
);
ownSite(
  "orpi",
  "orpi.com",
  "www.orpi.com",
  (c, r) =>
    `https://www.orpi.com/annonce-${c.tx === "sale" ? "vente" : "location"}-${typeFr(c.type)}-t${c.rooms ?? 1}-${slug(c.commune.names[0]!)}-${c.postcode}-b-e${r.alnum(6)}/`,
);
ownSite("c21", "century21.fr", "www.century21.fr", (_c, r) => `https://www.century21.fr/trouver_logement/detail/${r.digits(10)}/`);
ownSite(
  "laforet",
  "laforet.com",
  "www.laforet.com",
  (c, r) =>
    `https://www.laforet.com/agence-immobiliere/${slug(c.pub.name).slice(0, 30)}/${c.tx === "sale" ? "acheter" : "louer"}/${slug(c.commune.names[0]!)}/${typeFr(c.type)}-${c.rooms ?? 1}-pieces-${r.digits(7)}`,
);
ownSite(
  "guyhoquet",
  "guy-hoquet.com",
  "www.guy-hoquet.com",
  (c, r) => `https://www.guy-hoquet.com/biens/result/${r.digits(6)}-${typeFr(c.type)}-${slug(c.commune.names[0]!)}`,
);
ownSite(
  "plaza",
  "stephaneplazaimmobilier.com",
  "www.stephaneplazaimmobilier.com",
  (c, r) =>
    `https://www.stephaneplazaimmobilier.com/immobilier-${c.tx === "sale" ? "acheter" : "louer"}/${r.digits(6)}/${typeFr(c.type)}-${c.rooms ?? 1}-pieces-${slug(c.commune.names[0]!)}`,
);
ownSite(
  "era",
  "erafrance.com",
  "www.erafrance.com",
  (c, r) => `https://www.erafrance.com/annonce/${c.tx === "sale" ? "vente" : "location"}-${typeFr(c.type)}-${slug(c.commune.names[0]!)}-${r.digits(7)}`,
);
for (const m of MANAGERS)
  ownSite(
    `mgr:${m.brand}`,
    m.domain,
    m.host,
    (c, r) =>
      `https://${m.host}/${c.tx === "sale" ? "achat" : "location"}/${slug(c.commune.names[0]!)}-${c.commune.dept}/${typeFr(c.type)}/${c.rooms ?? 1}-pieces/${r.digits(8)}.htm`,
    { underOffer: 0, sold: 0.1 },
  );
for (const p of PROMOTERS)
  ownSite(
    `prom:${p.brand}`,
    p.domain,
    `www.${p.domain}`,
    (c, r) =>
      `https://www.${p.domain}/programme-neuf/${slug(c.commune.names[0]!)}/${slug(c.prog ?? "programme")}/lot-${slug(c.lot ?? r.digits(3))}-${r.digits(5)}`,
    {
      underOffer: 0,
      sold: 0,
      crawl: [8, 16],
      coords: [
        ["exact", 0.6],
        ["centre", 0.2],
        ["none", 0.2],
      ],
    },
  );
function websitePortal(pub: Publisher): Portal {
  const city = slug(COMMUNES.find((c) => c.region === pub.region)!.names[0]!).replace(/-\d.*$/, "");
  const dom = `${slug(pub.name)
    .replace(/^(agence|cabinet)-/, "")
    .slice(0, 24)}-${city}.fr`;
  return (
    PORTALS[`web:${pub.key}`] ??
    ownSite(
      `web:${pub.key}`,
      dom,
      `www.${dom}`,
      (c, r) => `https://www.${dom}/${c.tx === "sale" ? "vente" : "location"}/${typeFr(c.type)}-${slug(c.commune.names[0]!)}/${r.digits(6)}`,
      {
        crawl: [8, 18],
        underOffer: 0.3,
        sold: 0.3,
        email: 0.9,
        sir: [
          ["plain", 0.3],
          ["none", 0.7],
        ],
      },
    )
  );
}

// ---------------------------------------------------------------- publishers
type Agent = { first: string; last: string; phone: string; email: string; ownSiret?: string; rsac: string; city: string };
type Kind = "agency" | "franchise" | "network" | "manager" | "promoter" | "owner";
type Publisher = {
  key: string;
  kind: Kind;
  siret?: string;
  altSiret?: string;
  brand?: string;
  name: string;
  variants: string[];
  phone?: string;
  email?: string;
  feesUrl?: string;
  region: string;
  site?: string; // own portal id
  website?: boolean;
  software?: { name: string; host: string };
  agents: Agent[];
  agentsByRegion?: Record<string, Agent[]>;
  size: number;
  upper: boolean;
  emoji: number;
  typo: number;
  intro: number;
  energyLine: boolean;
  georisques: boolean;
  commission: number;
  rentCC: boolean;
  logo?: Shot;
  placeholder?: Shot;
  dpeChart: boolean;
  stock: boolean;
  measure: number; // prob of publishing a floor area instead of Carrez
  roundArea: boolean;
  genericPostcode: number;
  lbcAsPrivate: number;
  phoneStyle: number;
  refStyle: number;
  ownerIdx?: number;
  noAgency?: boolean;
  refusing?: boolean;
  hidePhone?: boolean;
};
const PUBLISHERS: Publisher[] = [];
const REGIONS = [...new Set(COMMUNES.map((c) => c.region))];
const STOCK: Record<string, Shot[]> = {};
for (const reg of REGIONS) {
  const r = R("stock", reg);
  STOCK[reg] = [baseShot(r, "stock"), baseShot(r, "stock"), baseShot(r, "stock")];
}
const DPE_CHART: Record<string, Shot> = {};
{
  const r = R("dpechart");
  for (const l of "abcdefg") DPE_CHART[l] = baseShot(r, "dpe");
}

function newAgent(r: Rng, region: string, emailDomain: string, ownSiretP: number): Agent {
  const first = r.pick(FIRST);
  const last = r.pick(LAST);
  const city = COMMUNES.find((c) => c.region === region)!.name.replace(/ \d+.*$/, "");
  const a: Agent = {
    first,
    last,
    phone: mobile(r),
    city,
    email: r.chance(0.85) ? `${emailLocal(first)}.${emailLocal(last)}@${emailDomain}` : `${emailLocal(first)[0]}${emailLocal(last)}@${emailDomain}`,
    ownSiret: undefined,
    rsac: "",
  };
  const siren = makeSiren(r);
  a.rsac = siren;
  if (r.chance(ownSiretP)) a.ownSiret = makeSiret(r, siren);
  return a;
}
function style(r: Rng, p: Partial<Publisher>): Publisher {
  return {
    agents: [],
    size: 1,
    upper: r.chance(0.05),
    emoji: r.chance(0.12) ? r.float(0.2, 0.6) : 0,
    typo: r.chance(0.2) ? r.float(0.02, 0.1) : 0,
    intro: r.int(0, 5),
    energyLine: r.chance(0.6),
    georisques: r.chance(0.6),
    commission: Math.round(r.float(3.5, 7) * 10) / 10,
    rentCC: r.chance(0.8),
    dpeChart: r.chance(0.12),
    stock: r.chance(0.06),
    measure: r.chance(0.15) ? r.float(0.3, 0.8) : 0.03,
    roundArea: r.chance(0.45),
    genericPostcode: r.chance(0.2) ? 0.7 : 0.05,
    lbcAsPrivate: r.chance(0.04) ? 0.5 : 0,
    refStyle: r.weighted([
      [0, 4],
      [1, 3],
      [2, 3],
    ] as const),
    phoneStyle: r.weighted([
      [0, 6],
      [1, 2],
      [2, 1],
      [4, 1],
      [3, 0.5],
      [5, 0.3],
    ] as const),
    ...(p as object),
  } as unknown as Publisher;
}
function agencyName(r: Rng, commune: Commune): string {
  return r.weighted([
    [() => `${r.pick(AGENCY_PREFIX)} ${r.pick(AGENCY_WORDS)}`, 4],
    [() => `${r.pick(LAST)} Immobilier`, 2],
    [() => `${r.pick(AGENCY_PREFIX)} ${commune.names[0]} ${r.pick(commune.quartiers)}`, 1.5],
    [() => `${r.pick(LAST)} & ${r.pick(LAST)} Immobilier`, 0.7],
    [() => `${r.pick(["Immo", "Habitat", "Logis", "Toit", "Clé"])} ${r.pick(["Plus", "Conseil", "Services", "Transactions", "et Patrimoine"])}`, 1],
  ] as const)();
}
function nameVariants(r: Rng, name: string, brand: string | undefined, city: string): string[] {
  const v = [brand ? `${brand} ${name}` : name];
  v.push(v[0]!.toUpperCase());
  v.push(
    stripAccents(v[0]!)
      .replace(/Saint-/g, "St ")
      .replace(/-/g, " "),
  );
  if (brand) v.push(`${brand} - ${name} ${city}`, name.toUpperCase(), `${brand.toUpperCase()} ${stripAccents(name).toUpperCase()}`);
  else v.push(`SARL ${stripAccents(name).toUpperCase()}`, `${name} - ${city}`, `${name.replace(/^(Agence|Cabinet) /, "")}`);
  return r.shuffle(v.slice(0)).slice(0, 4);
}
function makeAgency(r: Rng, region: string, franchise: boolean, idx: number): Publisher {
  const cs = COMMUNES.filter((c) => c.region === region);
  const home = r.weighted(cs.map((c) => [c, c.weight] as const));
  const fr = franchise ? r.pick(FRANCHISES) : undefined;
  const name = fr
    ? r.pick([`${r.pick(["Agence", "", ""])} ${r.pick(AGENCY_WORDS)}`.trim(), `${home.names[0]} ${r.pick(home.quartiers)}`, `${r.pick(LAST)} Immobilier`])
    : agencyName(r, home);
  const siren = makeSiren(r);
  const full = fr ? `${fr.brand} ${name}` : name;
  const dom = `${slug(full).slice(0, 30)}.fr`;
  const p = style(r, {
    key: "",
    kind: franchise ? "franchise" : "agency",
    brand: fr?.brand,
    name: full,
    variants: nameVariants(r, name, fr?.brand, home.names[0]!),
    region,
    phone: landline(r, region),
    email: r.pick([`contact@${dom}`, `agence@${dom}`, `${slug(home.names[0]!).slice(0, 10)}@${dom}`]),
    feesUrl: r.chance(0.7) ? `https://www.${dom}/honoraires` : undefined,
    site: fr ? r.pick(["", fr.site]) || fr.site : undefined,
    website: !fr && r.chance(0.15),
    software: r.pick(SOFTWARE),
    size: r.logn(0.9) * (franchise ? 1.4 : 1),
  });
  p.siret = makeSiret(r, siren);
  if (r.chance(0.15)) p.altSiret = makeSiret(r, siren); // another establishment of the same company
  p.key = p.siret;
  for (let i = 0; i < r.int(1, 4); i++) p.agents.push(newAgent(r, region, dom, 0));
  if (r.chance(0.08)) p.logo = baseShot(r, "logo");
  if (r.chance(0.15)) p.placeholder = baseShot(r, "placeholder");
  void idx;
  return p;
}
const POOLS: Record<string, { agencies: Publisher[]; managers: Publisher[] }> = {};
const NETS: Publisher[] = [];
{
  for (const net of NETWORKS) {
    const r = R("net", net.brand);
    const p = style(r, {
      key: "",
      kind: "network",
      brand: net.brand,
      name: net.names[0]!,
      variants: net.names,
      region: "",
      phone: undefined,
      email: undefined,
      feesUrl: `https://www.${net.domain}/honoraires`,
      site: (
        { "iad France": "iadfrance", SAFTI: "safti", Capifrance: "capifrance", Optimhome: "optimhome", "Propriétés Privées": "proprietes-privees" } as Record<
          string,
          string
        >
      )[net.brand],
      size: net.share,
      agentsByRegion: {},
      upper: false,
      georisques: true,
      energyLine: true,
    });
    p.siret = makeSiret(r, makeSiren(r));
    p.key = p.siret;
    for (const reg of REGIONS) {
      const w = COMMUNES.filter((c) => c.region === reg).reduce((a, c) => a + c.weight, 0);
      const n = Math.max(1, Math.round(w * net.share * 2.2));
      p.agentsByRegion![reg] = Array.from({ length: n }, () => newAgent(r, reg, net.emailDomain, 0.25));
    }
    NETS.push(p);
    PUBLISHERS.push(p);
  }
  for (const reg of REGIONS) {
    const r = R("pool", reg);
    const w = COMMUNES.filter((c) => c.region === reg).reduce((a, c) => a + c.weight, 0);
    const n = 3 + Math.round(w * 2);
    const agencies: Publisher[] = [];
    for (let i = 0; i < n; i++) agencies.push(makeAgency(r, reg, r.chance(0.4), i));
    const managers: Publisher[] = [];
    const nm = reg === "lot" || reg === "luberon" || reg === "colmar" ? 1 : Math.min(4, 1 + Math.round(w / 6));
    for (const m of r.sample(MANAGERS, nm)) {
      const cityName = COMMUNES.find((c) => c.region === reg)!.names[0]!;
      const p = style(r, {
        key: "",
        kind: "manager",
        brand: m.brand,
        name: `${m.brand} ${cityName}`,
        variants: [`${m.brand} ${cityName}`, `${m.brand.toUpperCase()} ${stripAccents(cityName).toUpperCase()}`, m.brand, `${m.brand} - Location ${cityName}`],
        region: reg,
        phone: landline(r, reg),
        email: `location.${slug(cityName)}@${m.domain}`,
        feesUrl: `https://${m.host}/honoraires`,
        site: `mgr:${m.brand}`,
        size: r.logn(0.4) * 3,
        rentCC: true,
      });
      p.siret = makeSiret(r, makeSiren(r));
      p.key = p.siret;
      for (let i = 0; i < r.int(2, 5); i++) p.agents.push(newAgent(r, reg, m.domain, 0));
      managers.push(p);
    }
    POOLS[reg] = { agencies, managers };
    PUBLISHERS.push(...agencies, ...managers);
  }
}
const PROMOTER_PUBS: Publisher[] = PROMOTERS.map((pr) => {
  const r = R("promoter", pr.brand);
  const p = style(r, {
    key: "",
    kind: "promoter",
    brand: pr.brand,
    name: pr.brand,
    variants: [pr.brand, pr.brand.toUpperCase(), `${pr.brand} Résidentiel`, `${pr.brand} - Espace de vente`],
    region: "",
    phone: `09${r.int(69, 78)}${r.digits(6, false)}`,
    email: `contact@${pr.domain}`,
    site: `prom:${pr.brand}`,
    size: 1,
    upper: false,
    typo: 0,
    emoji: 0,
    measure: 0,
    roundArea: false,
  });
  p.siret = makeSiret(r, makeSiren(r));
  p.key = p.siret;
  return p;
});
let OWNER_SEQ = 0;
function newOwner(r: Rng, region: string): Publisher {
  const n = ++OWNER_SEQ;
  const first = r.pick(FIRST);
  const last = r.pick(LAST);
  const p = style(r, {
    key: `owner:${n}`,
    kind: "owner",
    name: r.weighted([
      [first, 3],
      [`${first} ${last[0]}.`, 1],
      [`M. ${last}`, 1],
      [`${first} ${last}`, 1],
    ] as const),
    variants: [],
    region,
    phone: mobile(r),
    email: r.chance(0.4)
      ? `${emailLocal(first)}.${emailLocal(last)}${r.chance(0.5) ? r.int(1, 99) : ""}@${r.pick(["gmail.com", "orange.fr", "hotmail.fr", "free.fr", "yahoo.fr", "sfr.fr", "laposte.net"])}`
      : undefined,
    upper: r.chance(0.05),
    emoji: r.chance(0.1) ? r.float(0.2, 0.5) : 0,
    typo: r.chance(0.5) ? r.float(0.05, 0.25) : 0.02,
    measure: 0.15,
    roundArea: true,
    genericPostcode: 0.1,
    phoneStyle: r.weighted([
      [0, 4],
      [1, 3],
      [4, 1.5],
      [2, 1],
      [3, 0.5],
      [6, 0.3],
      [7, 0.2],
    ] as const),
    noAgency: r.chance(0.4),
    refusing: r.chance(0.5),
    hidePhone: r.chance(0.35),
  });
  p.ownerIdx = n;
  return p;
}

// ---------------------------------------------------------------- objects
type Tx = "sale" | "rent";
type PType = "apartment" | "house";
type Programme = {
  id: number;
  name: string;
  promoter: Publisher;
  commune: Commune;
  lat: number;
  lon: number;
  postcode: string;
  quartier: string;
  units: number;
  delivery: string;
  year: number;
  renders: Shot[];
  plans: Map<string, Shot>;
  launch: number;
  floors: number;
  partner?: Publisher;
};
type Building = {
  id: number;
  lat: number;
  lon: number;
  year: number;
  floorCount: number;
  elevator: boolean;
  facade: Shot;
  stair: Shot;
  view?: Shot;
  postcode: string;
  quartier: string;
  commune: Commune;
  decoupe?: Publisher;
  heating: Heating;
};
type Heating = { source: string; system: string; type: string };
type Obj = {
  id: number;
  commune: Commune;
  type: PType;
  tx: Tx;
  area: number;
  rooms: number;
  bedrooms: number;
  bathrooms: number;
  floor?: number;
  floorCount?: number;
  year: number;
  dpe: { label: string; value: number };
  ges: { label: string; value: number };
  heating: Heating;
  flags: Record<string, boolean>;
  balconyArea?: number;
  terraceArea?: number;
  landArea?: number;
  orientation: string;
  lat: number;
  lon: number;
  postcode: string;
  quartier: string;
  price: number;
  charges: number;
  coproLots?: number;
  coproCharges?: number;
  furnished: boolean;
  isNew: boolean;
  selling: string[];
  subjects: Shot[];
  t0: number;
  tEnd: number;
  drops: { day: number; pct: number }[];
  families: string[];
  programme?: Programme;
  lot?: string;
  typology?: string;
  building?: Building;
  twinPub?: Publisher;
  twinKind?: "agency" | "network";
  kitchen: string;
  bath: string;
};
const DPE_T = [70, 110, 180, 250, 330, 420, 600];
const GES_T = [6, 11, 30, 50, 70, 100, 150];
const LETTERS = "abcdefg";
function labelOf(v: number, t: number[]): string {
  for (let i = 0; i < t.length; i++) if (v <= t[i]!) return LETTERS[i]!;
  return "g";
}
function valueIn(r: Rng, label: string, t: number[]): number {
  const i = LETTERS.indexOf(label);
  const lo = i === 0 ? Math.round(t[0]! * 0.5) : t[i - 1]! + 1;
  return r.int(lo, t[i]!);
}
function pickYear(r: Rng, c: Commune, type: PType): number {
  const old = ["lille", "marseille", "strasbourg", "dijon", "lot", "luberon", "colmar"].includes(c.region) ? 1.5 : 1;
  const band = r.weighted([
    [0, 30 * old],
    [1, 25],
    [2, 20],
    [3, 13],
    [4, type === "house" ? 10 : 12],
  ] as const);
  const pre = r.weighted([
    [[1650, 1849], 1],
    [[1850, 1914], 5.5],
    [[1915, 1947], 3.5],
  ] as const);
  return [r.int(pre[0], pre[1]), r.int(1948, 1974), r.int(1975, 1999), r.int(2000, 2012), r.int(2013, 2024)][band]!;
}
function energy(r: Rng, year: number, heating: Heating, isNew: boolean) {
  let idx: number;
  if (isNew)
    idx = r.weighted([
      [0, 6],
      [1, 3],
    ] as const);
  else if (year < 1948)
    idx = r.weighted([
      [2, 1],
      [3, 4],
      [4, 4],
      [5, 2],
      [6, 1.5],
    ] as const);
  else if (year < 1975)
    idx = r.weighted([
      [2, 1],
      [3, 4],
      [4, 4],
      [5, 1.5],
      [6, 0.6],
    ] as const);
  else if (year < 2000)
    idx = r.weighted([
      [2, 3],
      [3, 5],
      [4, 2],
      [5, 0.4],
    ] as const);
  else if (year < 2013)
    idx = r.weighted([
      [1, 1],
      [2, 5],
      [3, 3],
    ] as const);
  else
    idx = r.weighted([
      [0, 1],
      [1, 4],
      [2, 3],
    ] as const);
  const dl = LETTERS[idx]!;
  const dv = valueIn(r, dl, DPE_T);
  let gv: number;
  if (heating.source === "electricity") gv = Math.max(1, Math.round(dv * r.float(0.03, 0.08)));
  else if (heating.source === "gas") gv = Math.round(dv * r.float(0.18, 0.24));
  else if (heating.source === "fuel") gv = Math.round(dv * r.float(0.28, 0.34));
  else gv = Math.max(1, Math.round(dv * r.float(0.02, 0.12)));
  return { dpe: { label: dl, value: dv }, ges: { label: labelOf(gv, GES_T), value: gv } };
}
function pickHeating(r: Rng, type: PType, isNew: boolean): Heating {
  if (isNew)
    return {
      source: r.pick(["electricity", "gas", "aerothermal"]),
      system: r.pick(["floor", "radiator", "reversibleAirConditioning"]),
      type: r.pick(["individual", "shared"]),
    };
  const source = r.weighted([
    ["electricity", 40],
    ["gas", 45],
    ["fuel", 5],
    ["wood", 3],
    ["pellet", 2],
    ["aerothermal", 5],
  ] as const);
  const type2 =
    type === "house"
      ? "individual"
      : r.weighted([
          ["individual", 6],
          ["shared", 3],
          ["city", 0.7],
        ] as const);
  return { source, system: source === "wood" ? "stove" : source === "aerothermal" ? r.pick(["floor", "reversibleAirConditioning"]) : "radiator", type: type2 };
}
const ORIENTS = ["north", "northEast", "east", "southEast", "south", "southWest", "west", "northWest"];
function roomsArea(r: Rng, type: PType, tx: Tx, c: Commune): [number, number] {
  if (type === "house") {
    const rooms = r.weighted([
      [3, 2],
      [4, 4],
      [5, 4],
      [6, 2.5],
      [7, 1],
      [8, 0.5],
    ] as const);
    const area = Math.round(30 + rooms * r.float(15, 24) * (c.saleHouse > 6000 ? 1.2 : 1));
    return [rooms, area];
  }
  const rooms =
    tx === "rent"
      ? r.weighted([
          [1, 28],
          [2, 35],
          [3, 23],
          [4, 10],
          [5, 4],
        ] as const)
      : r.weighted([
          [1, 12],
          [2, 28],
          [3, 30],
          [4, 20],
          [5, 8],
          [6, 2],
        ] as const);
  const rng: Record<number, [number, number]> = { 1: [15, 34], 2: [32, 55], 3: [50, 78], 4: [68, 98], 5: [86, 135], 6: [110, 180] };
  let a = r.float(...rng[rooms]!);
  const dec = r.weighted([
    [2, 5],
    [1, 2],
    [0, 3],
  ] as const);
  a = dec === 2 ? Math.round(a * 100) / 100 : dec === 1 ? Math.round(a * 10) / 10 : Math.round(a);
  return [rooms, a];
}
function makeObject(
  id: number,
  c: Commune,
  type: PType,
  tx: Tx,
  o: { programme?: Programme; building?: Building; like?: Obj; floor?: number; forceRooms?: number; forceArea?: number } = {},
): Obj {
  const r = R("obj", id);
  const isNew = !!o.programme;
  let [rooms, area] = roomsArea(r, type, tx, c);
  if (o.forceRooms !== undefined) rooms = o.forceRooms;
  if (o.forceArea !== undefined) area = o.forceArea;
  if (o.like) {
    rooms = o.like.rooms;
    area = Math.round(o.like.area * r.float(0.96, 1.04) * (Number.isInteger(o.like.area) ? 1 : 100)) / (Number.isInteger(o.like.area) ? 1 : 100);
  }
  const bedrooms = type === "house" ? Math.max(1, rooms - r.int(1, 2)) : Math.max(0, rooms - 1);
  const b = o.building;
  const year = o.programme ? o.programme.year : b ? b.year : pickYear(r, c, type);
  const floorCount = type === "apartment" ? (b ? b.floorCount : o.programme ? o.programme.floors : c.weight < 1 ? r.int(1, 3) : r.int(2, 9)) : undefined;
  const floor = type === "apartment" ? (o.floor ?? r.int(0, floorCount!)) : undefined;
  const heating = b ? b.heating : pickHeating(r, type, isNew);
  const en = energy(r, year, heating, isNew);
  const south = ["marseille", "nice", "luberon", "toulouse"].includes(c.region);
  const flags: Record<string, boolean> = {
    elevator:
      type === "apartment" &&
      (b ? b.elevator : isNew ? floorCount! >= 2 : (floorCount! >= 5 && r.chance(0.8)) || (year > 1980 && r.chance(0.5)) || r.chance(0.1)),
    balcony: type === "apartment" && r.chance(isNew ? 0.6 : year > 1960 ? 0.45 : 0.2),
    terrace: r.chance(isNew ? 0.3 : south ? 0.25 : 0.12),
    parking: r.chance(isNew ? 0.8 : type === "house" ? 0.6 : c.weight >= 5 ? 0.3 : 0.55),
    cellar: r.chance(type === "house" ? 0.35 : year < 1948 ? 0.65 : isNew ? 0.1 : 0.4),
    garden: type === "house" ? r.chance(0.88) : (floor === 0 && r.chance(0.3)) || (isNew && floor === 0),
    pool: type === "house" && r.chance(south ? 0.3 : 0.05),
    garage: type === "house" && r.chance(0.5),
    fireplace: r.chance(type === "house" ? 0.35 : year < 1948 ? 0.15 : 0.04),
    caretaker: type === "apartment" && r.chance(0.15),
    intercom: type === "apartment" && r.chance(0.75),
    doorCode: type === "apartment" && r.chance(0.5),
    dualAspect: r.chance(0.3),
    toiletSeparate: rooms >= 3 && r.chance(0.6),
  };
  let ppm = tx === "sale" ? (type === "house" ? c.saleHouse : c.saleFlat) : c.rent;
  ppm *= r.logn(0.14);
  ppm *= 1 + Math.max(-0.12, Math.min(0.25, (45 - area) / 140));
  if (floor === 0) ppm *= 0.94;
  if (floor !== undefined && floor >= 3 && flags.elevator) ppm *= 1.03;
  if (tx === "sale" && (en.dpe.label === "f" || en.dpe.label === "g")) ppm *= 0.9;
  if (isNew) ppm *= 1.22;
  const furnished = tx === "rent" && r.chance(rooms <= 2 ? 0.45 : 0.15);
  if (furnished) ppm *= 1.12;
  let price = ppm * area;
  if (type === "house" && flags.pool) price *= 1.06;
  price = tx === "sale" ? Math.round(price / 1000) * 1000 : Math.round(price / 5) * 5;
  const charges = tx === "rent" ? Math.round(((type === "house" ? 0.5 : r.float(1.2, 3)) * area) / 5) * 5 : 0;
  const selling: string[] = [];
  for (const [k, p] of [
    ["lumineux", 0.5],
    ["calme", 0.4],
    ["parquet", year < 1975 ? 0.35 : 0.1],
    ["moulures", year < 1948 ? 0.3 : 0],
    ["renove", 0.2],
    ["travaux", en.dpe.label >= "f" ? 0.5 : 0.1],
    ["vue", c.view ? 0.5 : 0.08],
    ["traversant", flags.dualAspect ? 0.6 : 0],
    ["hsp", year < 1948 ? 0.15 : 0],
  ] as const)
    if (r.chance(p)) selling.push(k);
  // photo subjects of the real object (each publisher photographs them its own way)
  const subjects: Shot[] = [];
  const nSub = Math.min(16, 3 + rooms + (type === "house" ? 3 : 1) + r.int(0, 3));
  for (let i = 0; i < nSub; i++) subjects.push(baseShot(r, "room"));
  let lat = r.float(c.box[0], c.box[1]);
  let lon = r.float(c.box[2], c.box[3]);
  let postcode = r.weighted(c.postcodes.map((p, i) => [p, i === 0 ? 2 : 1] as const));
  let quartier = r.pick(c.quartiers);
  if (b) [lat, lon, postcode, quartier] = [b.lat, b.lon, b.postcode, b.quartier];
  if (o.programme) [lat, lon, postcode, quartier] = [o.programme.lat, o.programme.lon, o.programme.postcode, o.programme.quartier];
  const landArea = type === "house" ? Math.round((area * (c.weight >= 5 ? r.float(0.8, 4) : r.float(1.5, 12))) / 10) * 10 : undefined;
  return {
    id,
    commune: c,
    type,
    tx,
    area,
    rooms,
    bedrooms,
    bathrooms: rooms >= 5 ? 2 : 1,
    floor,
    floorCount,
    year,
    ...en,
    heating,
    flags,
    balconyArea: flags.balcony ? Math.round(r.float(3, 12) * 10) / 10 : undefined,
    terraceArea: flags.terrace ? Math.round(r.float(8, 40)) : undefined,
    landArea,
    orientation: r.pick(ORIENTS),
    lat,
    lon,
    postcode,
    quartier,
    price,
    charges,
    coproLots: type === "apartment" ? (isNew ? o.programme!.units : r.int(4, 120)) : undefined,
    coproCharges: type === "apartment" ? Math.round((area * r.float(14, 38) * (flags.elevator ? 1.2 : 1)) / 10) * 10 : undefined,
    furnished,
    isNew,
    selling,
    subjects,
    t0: 0,
    tEnd: 0,
    drops: [],
    families: [],
    programme: o.programme,
    building: b,
    kitchen: r.pick(["équipée", "aménagée et équipée", "ouverte sur le séjour", "indépendante", "américaine", "entièrement équipée"]),
    bath: r.pick(["une salle de bains", "une salle d'eau", "une salle d'eau avec douche à l'italienne", "une salle de bains avec baignoire"]),
  };
}
function scheduleObject(o: Obj, r: Rng): void {
  const dur = o.tx === "sale" ? Math.min(320, Math.max(12, Math.round(75 * r.logn(0.6)))) : Math.min(100, Math.max(7, Math.round(21 * r.logn(0.6))));
  o.t0 = r.int(-dur + 6, WINDOW - 8);
  o.tEnd = o.t0 + dur;
  if (o.tx === "sale") {
    if (r.chance(0.32)) o.drops.push({ day: o.t0 + r.int(20, 70), pct: r.float(0.02, 0.08) });
    if (o.drops.length && r.chance(0.3)) o.drops.push({ day: o.drops[0]!.day + r.int(20, 50), pct: r.float(0.02, 0.06) });
  } else if (r.chance(0.12)) o.drops.push({ day: o.t0 + r.int(10, 30), pct: r.float(0.02, 0.06) });
  o.drops = o.drops.filter((d) => d.day < o.tEnd);
}

// ---------------------------------------------------------------- families and objects
const OBJECTS: Obj[] = [];
const pickCommune = (r: Rng, filter: (c: Commune) => boolean = () => true) => r.weighted(COMMUNES.filter(filter).map((c) => [c, c.weight] as const));
function pickTypeTx(r: Rng, c: Commune): [PType, Tx] {
  const type: PType = r.chance(c.aptShare) ? "apartment" : "house";
  const tx: Tx = r.chance(type === "house" ? c.rentShare * 0.35 : c.rentShare) ? "rent" : "sale";
  return [type, tx];
}
{
  const r = R("families");
  let id = 0;
  const left = () => N_OBJECTS - id;
  let progN = 0;
  let buildN = 0;
  let twinN = 0;
  // new-build programmes: ~3.5% of objects
  const progTarget = Math.round(N_OBJECTS * 0.035);
  while (id < progTarget && left() > 4) {
    progN++;
    const c = pickCommune(r, (x) => x.weight >= 1 && x.aptShare >= 0.3);
    const promoter = r.pick(PROMOTER_PUBS);
    const houses = c.aptShare < 0.6 && r.chance(0.35);
    const lat = r.float(c.box[0], c.box[1]);
    const lon = r.float(c.box[2], c.box[3]);
    const pr = R("prog", progN);
    const delivery = r.pick(["2027", "2028"]);
    const prog: Programme = {
      id: progN,
      name: `${r.pick(PROGRAMME_NAMES)} ${r.pick(PROGRAMME_WORDS)}`,
      promoter,
      commune: c,
      lat,
      lon,
      postcode: r.pick(c.postcodes),
      quartier: r.pick(c.quartiers),
      units: r.int(18, 90),
      delivery: `au ${r.pick(["1er", "2e", "3e", "4e"])} trimestre ${delivery}`,
      year: Number(delivery),
      renders: Array.from({ length: r.int(3, 6) }, () => baseShot(pr, "render")),
      plans: new Map(),
      launch: r.int(-240, WINDOW - 40),
      floors: houses ? 1 : r.int(3, 7),
      partner: r.chance(0.35) ? (r.chance(0.5) ? r.pick(NETS) : r.pick(POOLS[c.region]!.agencies)) : undefined,
    };
    const nLots = Math.min(left(), r.int(4, 10));
    const typos: [string, number, number][] = houses
      ? [
          ["V4", 4, r.float(82, 95)],
          ["V5", 5, r.float(98, 115)],
        ]
      : [
          ["T2", 2, r.float(39, 47)],
          ["T3", 3, r.float(58, 68)],
          ["T4", 4, r.float(78, 88)],
          ["T1", 1, r.float(24, 31)],
        ];
    for (let k = 0; k < nLots; k++) {
      const ty = r.weighted(typos.map((t, i) => [t, [4, 5, 2, 1][i] ?? 1] as const));
      const floor = houses ? 0 : r.int(0, prog.floors);
      const area = Math.round(ty[2] * r.float(0.985, 1.015) * 100) / 100; // same plan, within 3%
      const o = makeObject(++id, c, houses ? "house" : "apartment", "sale", { programme: prog, floor, forceRooms: ty[1], forceArea: area });
      o.lot = `${r.pick(["A", "B", "C"])}${houses ? "" : floor}${String(r.int(1, 12)).padStart(2, "0")}`;
      o.typology = ty[0];
      if (!prog.plans.has(ty[0])) prog.plans.set(ty[0], baseShot(pr, "plan"));
      o.families.push(`programme:${progN}`);
      const lr = R("lot", id);
      const dur = Math.round(r.float(40, 380));
      o.t0 = prog.launch + lr.int(0, 20);
      o.tEnd = o.t0 + dur;
      if (lr.chance(0.15)) o.drops.push({ day: o.t0 + lr.int(30, 120), pct: lr.float(0.02, 0.05) });
      o.drops = o.drops.filter((d) => d.day < o.tEnd);
      if (o.tEnd < 3) o.tEnd = lr.int(3, 30);
      OBJECTS.push(o);
    }
  }
  // several flats of one building: ~6%
  const buildTarget = id + Math.round(N_OBJECTS * 0.06);
  while (id < buildTarget && left() > 2) {
    buildN++;
    const c = pickCommune(r, (x) => x.aptShare >= 0.6);
    const br = R("building", buildN);
    const floorCount = br.int(3, 8);
    const year = pickYear(br, c, "apartment");
    const heating = pickHeating(br, "apartment", false);
    const decoupe = br.chance(0.45);
    const b: Building = {
      id: buildN,
      lat: br.float(c.box[0], c.box[1]),
      lon: br.float(c.box[2], c.box[3]),
      year,
      floorCount,
      elevator: floorCount >= 5 ? br.chance(0.85) : br.chance(0.2),
      facade: baseShot(br, "facade"),
      stair: baseShot(br, "stair"),
      view: c.view ? baseShot(br, "view") : undefined,
      postcode: br.pick(c.postcodes),
      quartier: br.pick(c.quartiers),
      commune: c,
      heating,
      decoupe: decoupe
        ? br.weighted([
            [br.pick(POOLS[c.region]!.agencies), 4],
            [br.pick(NETS), 1],
          ] as const)
        : undefined,
    };
    const n = Math.min(left(), br.int(2, 4));
    const tx: Tx = br.chance(c.rentShare) ? "rent" : "sale";
    const floors = br.sample(
      Array.from({ length: floorCount + 1 }, (_, i) => i),
      n,
    );
    let first: Obj | undefined;
    const t0 = br.int(-15, WINDOW - 10);
    for (let k = 0; k < n; k++) {
      const o = makeObject(++id, c, "apartment", tx, {
        building: b,
        floor: floors[k] ?? br.int(0, floorCount),
        like: decoupe && first && br.chance(0.7) ? first : undefined,
      });
      first ??= o;
      o.families.push(`building:${buildN}`);
      scheduleObject(o, R("sched", id));
      if (decoupe) {
        const dur = o.tEnd - o.t0;
        o.t0 = t0 + br.int(0, 10);
        o.tEnd = o.t0 + Math.max(dur, 10);
      }
      OBJECTS.push(o);
    }
  }
  // two similar flats of one agency (or of one mandatary network) in one commune: ~4%
  const twinTarget = id + Math.round(N_OBJECTS * 0.04);
  while (id < twinTarget && left() >= 2) {
    twinN++;
    const tr = R("twins", twinN);
    const c = pickCommune(tr, (x) => x.weight >= 1);
    const [type, tx] = pickTypeTx(tr, c);
    const network = tr.chance(0.35) && tx === "sale";
    const pub = network ? tr.weighted(NETS.map((n) => [n, n.size] as const)) : tr.weighted(POOLS[c.region]!.agencies.map((a) => [a, a.size] as const));
    const a = makeObject(++id, c, type, tx);
    const b = makeObject(++id, c, type, tx, { like: a });
    b.quartier = tr.chance(0.6) ? a.quartier : b.quartier;
    b.postcode = a.postcode;
    scheduleObject(a, R("sched", a.id));
    scheduleObject(b, R("sched", b.id));
    b.t0 = Math.min(WINDOW - 8, a.t0 + tr.int(-20, 20));
    b.tEnd = Math.max(b.t0 + 8, b.tEnd);
    for (const o of [a, b]) {
      o.families.push(`twins:${twinN}`);
      o.twinPub = pub;
      o.twinKind = network ? "network" : "agency";
      OBJECTS.push(o);
    }
  }
  // the rest: single objects
  while (id < N_OBJECTS) {
    const sr = R("single", id + 1);
    const c = pickCommune(sr);
    const [type, tx] = pickTypeTx(sr, c);
    const o = makeObject(++id, c, type, tx);
    scheduleObject(o, R("sched", id));
    OBJECTS.push(o);
  }
}

// ---------------------------------------------------------------- publications (one publisher's ad of one object) and listings
type Pres = {
  type: PType;
  commune: Commune;
  postcode: string;
  cityName: string;
  area?: number;
  rooms?: number;
  bedrooms?: number;
  bathrooms?: number;
  floor?: number;
  floorCount?: number;
  year?: number;
  dpe?: { label?: string; value?: number };
  ges?: { label?: string; value?: number };
  flags: Record<string, boolean | undefined>;
  landArea?: number;
  orientation?: string;
  heating?: Heating;
  exclusive?: boolean;
};
type Ev = { day: number; kind: "price" | "area" | "rooms" | "commune" | "desc" | "photos" | "type"; value: unknown };
type Pubn = {
  id: number;
  obj: Obj;
  pub: Publisher;
  agent?: Agent;
  start: number;
  end: number;
  pres: Pres;
  price0: number;
  events: Ev[];
  shots: Shot[];
  asPrivate: boolean;
  listings: Listing[];
  net: number;
  commissionPct: number;
  cc: boolean;
};
type Listing = {
  idx: number;
  pubn: Pubn;
  portal: Portal;
  url: string;
  start: number;
  end: number;
  relistingOf: Listing | null;
  lag: number;
  coordMode: CoordMode;
  coord?: [number, number];
  giveInsee: boolean;
  giveDept: boolean;
  sir: SirFmt;
  pubAt: "dt" | "date" | "none";
  trackingPhone?: string;
  shuffle: boolean;
  textNums: boolean;
  emailFmt: number;
  statusTail: { from: number; status: string }[];
  lines: { t: number; line: string }[];
  firstUrl?: string;
  useSoftware: boolean;
  meta: boolean;
  photoCap: number;
};
const PUBNS: Pubn[] = [];
const USED_URLS = new Set<string>();
const LISTINGS: Listing[] = [];
let PUBN_SEQ = 0;

function measureArea(r: Rng, o: Obj, pub: Publisher): number | undefined {
  if (r.chance(pub.kind === "owner" ? 0.04 : 0.025)) return undefined; // missing
  let a = o.area;
  if (pub.kind !== "promoter") {
    if (r.chance(pub.measure))
      a *= r.float(1.02, 1.08); // floor area (mansard, "surface au sol") vs Carrez
    else if (r.chance(0.1)) a *= r.float(0.98, 1.02); // re-measured
    if (pub.kind === "owner" && r.chance(0.2)) a = Math.round(a / 5) * 5; // "environ 60 m²"
  }
  if (pub.roundArea || r.chance(0.3)) a = r.chance(0.7) ? Math.round(a) : Math.floor(a);
  return Math.round(a * 100) / 100;
}
function shownFlag(r: Rng, v: boolean, pub: Publisher): boolean | undefined {
  const give = pub.kind === "owner" ? 0.55 : 0.7;
  if (v) return r.chance(give) ? true : r.chance(0.02) ? false : undefined;
  return r.chance(0.3) ? false : r.chance(0.015) ? true : undefined;
}
function makePres(r: Rng, o: Obj, pub: Publisher): Pres {
  const owner = pub.kind === "owner";
  let rooms: number | undefined = o.rooms;
  const rr = r.next();
  if (o.type === "house" ? rr < 0.18 : rr < 0.11) rooms = o.rooms + (r.chance(0.6) ? 1 : -1); // living room / office / kitchen counted or not
  if (owner && r.chance(0.04)) rooms = o.bedrooms; // bedrooms given as rooms
  if (rooms !== undefined && rooms < 1) rooms = 1;
  if (r.chance(0.015)) rooms = undefined;
  let bedrooms: number | undefined = r.chance(owner ? 0.35 : 0.22) ? undefined : o.bedrooms;
  if (bedrooms !== undefined && r.chance(0.05)) bedrooms = Math.max(0, bedrooms + (r.chance(0.5) ? 1 : -1));
  let floor = o.floor;
  if (floor !== undefined) {
    if (r.chance(0.3)) floor = undefined;
    else if (floor === 0 && r.chance(0.06)) floor = 1;
    else if (r.chance(0.05)) floor = floor + (r.chance(0.5) ? 1 : -1);
    if (floor !== undefined && floor < 0) floor = 0;
  }
  let year: number | undefined = r.chance(owner ? 0.35 : 0.5) ? o.year : undefined;
  if (year !== undefined && !o.isNew) {
    if (owner && r.chance(0.3)) year = Math.floor(year / 10) * 10;
    else if (r.chance(0.15)) year += r.int(-10, 10);
  }
  let dpe: Pres["dpe"];
  let ges: Pres["ges"];
  if (!r.chance(owner ? 0.3 : 0.15)) {
    dpe = { label: o.dpe.label, value: r.chance(0.78) ? o.dpe.value : undefined };
    if (r.chance(0.05))
      dpe.label = LETTERS[Math.max(0, Math.min(6, LETTERS.indexOf(o.dpe.label) + (r.chance(0.5) ? 1 : -1)))]; // an older diagnostic
    else if (r.chance(0.02) && dpe.value) dpe.value = Math.round(dpe.value * r.float(0.5, 0.8)); // value from another method
    if (!r.chance(0.25)) ges = { label: o.ges.label, value: r.chance(0.7) ? o.ges.value : undefined };
  }
  // commune: sometimes a neighbouring, better-known or adjacent commune
  let commune = o.commune;
  if (o.commune.neighbours.length && r.chance(pub.kind === "owner" ? 0.02 : 0.03)) {
    const nb = r.pick(o.commune.neighbours);
    commune = COMMUNES.find((c) => c.insee === nb) ?? NEIGHBOUR_ONLY.find((c) => c.insee === nb) ?? o.commune;
  }
  const postcode = commune === o.commune ? (r.chance(pub.genericPostcode) ? commune.postcodes[0]! : o.postcode) : commune.postcodes[0]!;
  const type: PType = r.chance(0.008) ? (o.type === "house" ? "apartment" : "house") : o.type;
  const flags: Record<string, boolean | undefined> = {};
  for (const [k, v] of Object.entries(o.flags)) flags[k] = shownFlag(r, v, pub);
  return {
    type,
    commune,
    postcode,
    cityName: r.chance(0.85) ? commune.names[0]! : r.pick(commune.names),
    area: measureArea(r, o, pub),
    rooms,
    bedrooms,
    bathrooms: r.chance(0.3) ? o.bathrooms : undefined,
    floor,
    floorCount: o.floorCount !== undefined && r.chance(0.3) ? o.floorCount : undefined,
    year,
    dpe,
    ges,
    flags,
    landArea: o.landArea && r.chance(0.7) ? (r.chance(0.2) ? Math.round(o.landArea / 100) * 100 : o.landArea) : undefined,
    orientation: r.chance(0.15) ? o.orientation : undefined,
    heating: r.chance(0.3) ? o.heating : undefined,
  };
}
function roundPrice(r: Rng, p: number, tx: Tx, style: number): number {
  if (tx === "rent") return style === 0 ? Math.round(p) : Math.round(p / 5) * 5;
  if (style === 0) return Math.round(p / 1000) * 1000;
  if (style === 1) return Math.round(p / 5000) * 5000 - (r.chance(0.5) ? 1000 : 0); // 249 000
  if (style === 2) return Math.round(p / 500) * 500;
  return Math.round(p / 100) * 100;
}
function pickPortals(r: Rng, pub: Publisher, o: Obj): Portal[] {
  const ps: Portal[] = [];
  const add = (id: string, p: number) => {
    if (PORTALS[id] && r.chance(p)) ps.push(PORTALS[id]!);
  };
  if (pub.kind === "owner") {
    add("leboncoin", o.tx === "rent" ? 0.85 : 0.75);
    add("pap", 0.4);
    add("entreparticuliers", 0.06);
    if (!ps.length) ps.push(PORTALS.leboncoin!);
    return ps;
  }
  if (pub.kind === "promoter") {
    add(pub.site!, 0.9);
    add("seloger", 0.6);
    add("bienici", 0.5);
    add("logicimmo", 0.35);
  } else if (pub.kind === "network") {
    add(pub.site!, 0.95);
    add("leboncoin", 0.55);
    add("bienici", 0.45);
    add("seloger", 0.35);
    add("logicimmo", 0.12);
  } else if (pub.kind === "manager") {
    add(pub.site!, 0.9);
    add("seloger", 0.6);
    add("leboncoin", 0.5);
    add("bienici", 0.4);
  } else {
    if (pub.site) add(pub.site, 0.85);
    if (pub.website) ps.push(websitePortal(pub));
    add("seloger", 0.7);
    add("leboncoin", 0.6);
    add("bienici", 0.55);
    add("logicimmo", 0.3);
    add("figaro", 0.18);
    add("avendrealouer", 0.12);
  }
  if (!ps.length) ps.push(PORTALS.seloger!);
  const own = ps.filter((p) => p.kind === "own");
  const others = r.shuffle(ps.filter((p) => p.kind !== "own"));
  return [...own, ...others].slice(0, r.int(1, 4) >= 3 ? 4 : r.chance(0.5) ? 3 : 2);
}

function pubnShots(r: Rng, o: Obj, pub: Publisher, earlier: Pubn[]): Shot[] {
  const shots: Shot[] = [];
  if (o.programme && (pub.kind === "promoter" || pub === o.programme.partner)) {
    shots.push(...o.programme.renders);
    if (r.chance(0.8)) shots.splice(r.int(1, shots.length), 0, o.programme.plans.get(o.typology!)!);
    return r.chance(0.3) ? r.shuffle(shots) : shots;
  }
  const owner = pub.kind === "owner";
  const noPhotos = owner ? (o.tx === "rent" ? 0.18 : 0.12) : o.tx === "rent" ? 0.07 : 0.035;
  if (r.chance(noPhotos)) {
    if (pub.placeholder && r.chance(0.6)) shots.push(pub.placeholder);
    return shots;
  }
  const proEarlier = earlier.filter((e) => e.shots.length > 2 && !e.obj.programme);
  if (proEarlier.length && r.chance(owner ? 0.06 : 0.18)) {
    // photos taken from another publisher's ad (shared mandate, copied from the owner's ad, screenshot)
    const src = r.pick(proEarlier);
    const near = r.chance(0.45);
    for (const s of src.shots) if (s.tag === "room" || s.tag === "facade") shots.push(near ? deriveShot(s, r, "near") : s);
    if (r.chance(0.4)) r.shuffle(shots);
  } else {
    const n = owner ? r.int(1, Math.min(10, o.subjects.length)) : r.int(Math.min(5, o.subjects.length), o.subjects.length);
    for (const s of r.sample(o.subjects, n)) shots.push(deriveShot(s, r, "angle"));
  }
  const b = o.building;
  if (b && !owner) {
    if (b.decoupe === pub) {
      shots.unshift(b.facade);
      if (r.chance(0.7)) shots.push(b.stair);
      if (b.view && r.chance(0.6)) shots.push(b.view);
    } else if (r.chance(0.4)) shots.push(deriveShot(b.facade, r, "angle"));
  }
  if (!owner) {
    if (pub.stock && r.chance(0.35)) shots.push(r.pick(STOCK[o.commune.region]!));
    if (pub.dpeChart) shots.push(DPE_CHART[o.dpe.label]!);
    if (pub.logo) shots.push(pub.logo);
  }
  return shots;
}

function addListing(pubn: Pubn, portal: Portal, start: number, end: number, relistingOf: Listing | null): Listing {
  const r = R("listing", pubn.id, portal.id, start, relistingOf ? relistingOf.idx : -1);
  const o = pubn.obj;
  const pr = pubn.pres;
  const coordMode =
    pubn.pub.kind === "owner" && portal.id === "leboncoin"
      ? r.weighted([
          ["jitter", 0.5],
          ["centre", 0.45],
          ["none", 0.05],
        ] as const)
      : r.weighted(portal.coords);
  let coord: [number, number] | undefined;
  if (coordMode === "exact") coord = [o.lat + r.float(-0.0002, 0.0002), o.lon + r.float(-0.0002, 0.0002)];
  else if (coordMode === "jitter") {
    const c = pr.commune;
    const m = c.coastal ? 0 : 0.003;
    const dl = r.float(0.001, 0.006) * (r.chance(0.5) ? 1 : -1);
    const dn = r.float(0.001, 0.008) * (r.chance(0.5) ? 1 : -1);
    coord = [Math.min(c.box[1] + m, Math.max(c.box[0] - m, o.lat + dl)), Math.min(c.box[3] + m, Math.max(c.box[2] - m, o.lon + dn))];
    if (c !== o.commune) coord = [o.lat + dl / 3, o.lon + dn / 3];
  } else if (coordMode === "centre") {
    const c = pr.commune;
    const marseille = c.insee.startsWith("132") && r.chance(0.5);
    coord = marseille ? [43.2969, 5.3811] : [c.lat, c.lon];
  }
  if (coord) {
    const dec =
      coordMode === "centre"
        ? 4
        : r.weighted([
            [6, 3],
            [5, 2],
            [7, 1],
            [4, 1],
          ] as const);
    coord = [Number(coord[0].toFixed(dec)), Number(coord[1].toFixed(dec))];
  }
  const idx = LISTINGS.length;
  const urlR = R("url", pubn.id, portal.id, idx);
  const prog = o.programme;
  const ctx: UrlCtx = {
    tx: o.tx,
    type: pr.type,
    commune: pr.commune,
    postcode: pr.postcode,
    rooms: pr.rooms,
    area: pr.area,
    quartier: o.quartier,
    pub: pubn.pub,
    prog: prog?.name,
    lot: o.lot,
  };
  let url = portal.url(ctx, urlR);
  while (USED_URLS.has(url)) url = portal.url(ctx, urlR);
  USED_URLS.add(url);
  const l: Listing = {
    idx,
    pubn,
    portal,
    url,
    start,
    end,
    relistingOf,
    lag: portal.kind === "own" ? 0 : r.float(0, 2.5),
    coordMode,
    coord,
    giveInsee: r.chance(portal.insee),
    giveDept: r.chance(portal.dept),
    sir: r.weighted(portal.sir),
    pubAt: r.weighted(portal.pubAt),
    trackingPhone: pubn.pub.kind !== "owner" && r.chance(portal.trackingPhone) ? `09${r.int(70, 75)}${r.digits(6, false)}` : undefined,
    shuffle: r.chance(0.1),
    textNums: r.chance(portal.textNums),
    emailFmt: r.weighted([
      [0, 8],
      [1, 1],
      [2, 0.5],
      [3, 0.3],
    ] as const),
    statusTail: [],
    lines: [],
    useSoftware: r.chance(portal.hotlink),
    meta: r.chance(portal.meta),
    photoCap: portal.id === "leboncoin" && pubn.pub.kind === "owner" ? 10 : portal.maxPhotos,
  };
  if (portal.tracking && r.chance(portal.tracking)) {
    url += `${url.includes("?") ? "&" : "?"}${portal.trackParam.map((t) => (t.endsWith("-") ? `${t}${r.digits(5)}` : t)).join("&")}`;
    l.url = url;
  }
  LISTINGS.push(l);
  pubn.listings.push(l);
  return l;
}

function buildPublications(): void {
  for (const o of OBJECTS) {
    const r = R("pubs", o.id);
    const region = o.commune.region;
    const pool = POOLS[region]!;
    type Spec = { pub: Publisher; agent?: Agent; start: number; end: number; exclusive: boolean };
    const specs: Spec[] = [];
    const pickPro = (rent: boolean, exclude: Publisher[]): { pub: Publisher; agent?: Agent } => {
      for (let tries = 0; tries < 10; tries++) {
        const kind = rent
          ? r.weighted([
              ["agency", 50],
              ["manager", 35],
              ["network", 15],
            ] as const)
          : r.weighted([
              ["agency", 75],
              ["network", 25],
            ] as const);
        let pub: Publisher;
        if (kind === "manager" && pool.managers.length) pub = r.weighted(pool.managers.map((m) => [m, m.size] as const));
        else if (kind === "network") pub = r.weighted(NETS.map((n) => [n, n.size] as const));
        else pub = r.weighted(pool.agencies.map((a) => [a, a.size] as const));
        if (exclude.includes(pub) && tries < 9) continue;
        return { pub, agent: pub.kind === "network" ? r.pick(pub.agentsByRegion![region]!) : pub.agents.length ? r.pick(pub.agents) : undefined };
      }
      throw new Error("unreachable");
    };
    const endLag = () => (o.tx === "sale" ? r.int(0, 7) : r.int(0, 4));
    if (o.programme) {
      const p = o.programme;
      specs.push({ pub: p.promoter, start: o.t0, end: o.tEnd + endLag(), exclusive: false });
      if (p.partner && r.chance(0.6)) {
        const agent = p.partner.kind === "network" ? r.pick(p.partner.agentsByRegion![region]!) : r.pick(p.partner.agents);
        specs.push({ pub: p.partner, agent, start: o.t0 + r.int(5, 60), end: o.tEnd + endLag(), exclusive: false });
      }
    } else if (o.twinPub) {
      const pub = o.twinPub;
      const agent = pub.kind === "network" ? r.pick(pub.agentsByRegion![region]!) : pub.agents.length ? r.pick(pub.agents) : undefined;
      specs.push({ pub, agent, start: o.t0, end: o.tEnd + endLag(), exclusive: r.chance(0.4) });
      if (r.chance(0.2)) specs.push({ ...pickPro(o.tx === "rent", [pub]), start: o.t0 + r.int(0, 30), end: o.tEnd + endLag(), exclusive: false });
    } else if (o.building?.decoupe) {
      const pub = o.building.decoupe;
      const agent = pub.kind === "network" ? r.pick(pub.agentsByRegion![region]!) : pub.agents.length ? r.pick(pub.agents) : undefined;
      specs.push({ pub, agent, start: o.t0, end: o.tEnd + endLag(), exclusive: true });
    } else {
      const x = r.next();
      const rent = o.tx === "rent";
      const ownerOnly = rent ? 0.35 : 0.18;
      const ownerPlus = rent ? 0.05 : 0.1;
      const single = rent ? 0.5 : 0.47;
      if (x < ownerOnly) {
        specs.push({ pub: newOwner(r, region), start: o.t0, end: o.tEnd + endLag(), exclusive: false });
      } else if (x < ownerOnly + ownerPlus) {
        const owner = newOwner(r, region);
        const s1 = { ...pickPro(rent, []), start: o.t0 + r.int(7, 60), end: o.tEnd + endLag(), exclusive: false };
        specs.push({ pub: owner, start: o.t0, end: r.chance(0.4) ? s1.start + r.int(0, 30) : o.tEnd + endLag(), exclusive: false });
        if (s1.start < o.tEnd) specs.push(s1);
        if (r.chance(0.3)) {
          const s2 = { ...pickPro(rent, [s1.pub]), start: o.t0 + r.int(10, 80), end: o.tEnd + endLag(), exclusive: false };
          if (s2.start < o.tEnd) specs.push(s2);
        }
      } else if (x < ownerOnly + ownerPlus + single) {
        specs.push({ ...pickPro(rent, []), start: o.t0, end: o.tEnd + endLag(), exclusive: !rent && r.chance(0.4) });
      } else {
        const n = rent
          ? 2
          : r.weighted([
              [2, 3],
              [3, 1],
            ] as const);
        const used: Publisher[] = [];
        for (let k = 0; k < n; k++) {
          const s = { ...pickPro(rent, used), start: o.t0 + (k === 0 ? 0 : r.int(0, 35)), end: o.tEnd + endLag(), exclusive: false };
          if (s.start >= o.tEnd) continue;
          used.push(s.pub);
          specs.push(s);
        }
      }
    }
    // simple mandates expire, owners give up
    for (const s of specs.slice(1)) if (!s.exclusive && r.chance(0.1)) s.end = Math.min(s.end, s.start + r.int(30, 100));
    const earlier: Pubn[] = [];
    let listingsForObject = 0;
    for (const s of specs) {
      const pr = R("pubn", o.id, s.pub.key);
      const pres = makePres(pr, o, s.pub);
      pres.exclusive = s.exclusive;
      const owner = s.pub.kind === "owner";
      let net = o.price;
      let commission = 0;
      let price0: number;
      const cc = o.tx === "rent" && (owner ? pr.chance(0.55) : s.pub.rentCC || pr.chance(0.3));
      if (o.tx === "sale") {
        if (owner) {
          price0 = roundPrice(pr, o.price * pr.float(0.99, 1.07), "sale", pr.int(0, 3));
          net = price0;
        } else if (s.pub.kind === "promoter") {
          price0 = roundPrice(pr, o.price, "sale", 3);
        } else {
          commission = Math.round((s.pub.commission + pr.float(-0.8, 0.8)) * 10) / 10;
          net = Math.round((o.price * pr.float(0.98, 1.03)) / 1000) * 1000;
          price0 = roundPrice(
            pr,
            net * (1 + commission / 100),
            "sale",
            pr.weighted([
              [0, 3],
              [1, 3],
              [2, 1],
            ] as const),
          );
        }
      } else {
        const hc = Math.round(o.price * (owner ? pr.float(0.98, 1.04) : 1));
        price0 = cc ? hc + o.charges : hc;
        net = hc;
      }
      if (pr.chance(0.004)) price0 = o.tx === "sale" ? Math.round(price0 / 10) : price0 * 10; // a typo in the price
      const pubn: Pubn = {
        id: ++PUBN_SEQ,
        obj: o,
        pub: s.pub,
        agent: s.agent,
        start: s.start,
        end: Math.max(s.end, s.start + 2),
        pres,
        price0,
        events: [],
        shots: [],
        asPrivate: !owner && pr.chance(s.pub.lbcAsPrivate * 0.3),
        listings: [],
        net,
        commissionPct: commission,
        cc,
      };
      pubn.shots = pubnShots(pr, o, s.pub, earlier);
      // events over the publication's life
      let price = price0;
      if (price0 !== Math.round(price0) || pr.chance(0) || (o.tx === "sale" ? price0 < o.price * 0.3 : price0 > o.price * 5)) {
        // typo fixed after a few days
        const fixed = o.tx === "sale" ? price0 * 10 : price0 / 10;
        pubn.events.push({ day: s.start + pr.int(1, 10), kind: "price", value: fixed });
        price = fixed;
      }
      for (const d of o.drops) {
        if (!pr.chance(owner ? 0.8 : 0.88)) continue;
        price = roundPrice(
          pr,
          price * (1 - d.pct),
          o.tx,
          o.tx === "sale"
            ? pr.weighted([
                [0, 3],
                [1, 2],
                [2, 1],
              ] as const)
            : 1,
        );
        pubn.events.push({ day: d.day + pr.int(0, 10), kind: "price", value: price });
      }
      if (pr.chance(0.06) && o.tx === "sale")
        pubn.events.push({ day: s.start + pr.int(10, 60), kind: "price", value: roundPrice(pr, price * pr.float(0.985, 1.01), "sale", 2) });
      if (pres.area !== undefined && pr.chance(0.006)) {
        // typo in the area, fixed later (or not)
        const good = pres.area;
        const a = Math.round(good);
        pres.area = pr.pick([a * 10, Number(String(a).split("").reverse().join("")) || a + 10, Math.round(a / 10), a + 100]);
        if (pr.chance(0.65)) pubn.events.push({ day: s.start + pr.int(1, 20), kind: "area", value: good });
      } else if (pr.chance(0.02) && pres.area !== undefined) {
        pubn.events.push({ day: s.start + pr.int(3, 40), kind: "area", value: pr.chance(0.6) ? o.area : Math.round(o.area * pr.float(0.97, 1.05)) });
      }
      if (pr.chance(0.015))
        pubn.events.push({ day: s.start + pr.int(3, 40), kind: "rooms", value: pres.rooms === o.rooms ? o.rooms + (pr.chance(0.5) ? 1 : -1) || 1 : o.rooms });
      if (pres.commune !== o.commune && pr.chance(0.3)) pubn.events.push({ day: s.start + pr.int(3, 30), kind: "commune", value: o.commune });
      else if (pres.commune === o.commune && o.commune.neighbours.length && pr.chance(0.006)) {
        const nb = pr.pick(o.commune.neighbours);
        pubn.events.push({
          day: s.start + pr.int(3, 30),
          kind: "commune",
          value: COMMUNES.find((c) => c.insee === nb) ?? NEIGHBOUR_ONLY.find((c) => c.insee === nb),
        });
      }
      if (pres.type !== o.type && pr.chance(0.5)) pubn.events.push({ day: s.start + pr.int(2, 20), kind: "type", value: o.type });
      if (pr.chance(0.12)) pubn.events.push({ day: s.start + pr.int(5, 60), kind: "desc", value: 1 });
      if (pubn.shots.length && pr.chance(0.08) && !o.programme) {
        const extra = pr.sample(o.subjects, pr.int(1, 3)).map((x) => deriveShot(x, pr, "angle"));
        pubn.events.push({ day: s.start + pr.int(3, 40), kind: "photos", value: extra });
      } else if (!pubn.shots.length && pr.chance(0.25)) {
        const extra = pr.sample(o.subjects, pr.int(3, 8)).map((x) => deriveShot(x, pr, "angle"));
        pubn.events.push({ day: s.start + pr.int(2, 20), kind: "photos", value: extra });
      }
      pubn.events.sort((a, b) => a.day - b.day);
      earlier.push(pubn);
      PUBNS.push(pubn);
      // portals, relists
      const portals = pickPortals(pr, s.pub, o);
      for (const portal of portals) {
        if (listingsForObject >= 7) break;
        const lr = R("lst", pubn.id, portal.id);
        let start = pubn.start + (portal.kind === "own" ? 0 : lr.float(0, 3));
        const end = pubn.end + (portal.kind === "own" ? lr.int(0, 10) : lr.float(0, 3));
        if (end < 0 || start > WINDOW) continue;
        listingsForObject++;
        // re-listing under a new URL by the same publisher: remove and publish again (bump to the top)
        const relistP = portal.id === "leboncoin" ? (owner ? 0.16 : 0.08) : portal.id === "pap" ? 0.08 : portal.kind === "own" ? 0.015 : 0.03;
        let prev: Listing | null = null;
        let guard = 0;
        while (guard++ < 3) {
          if (lr.chance(relistP) && end - start > 20) {
            const cut = start + lr.int(10, Math.max(11, Math.floor(end - start) - 5));
            const l = addListing(pubn, portal, start, cut, prev);
            prev = l;
            start = cut + lr.float(-1.5, 6);
            if (lr.chance(0.5)) {
              // republished with a lower price
              const cur = currentPrice(pubn, start);
              pubn.events.push({ day: start - 0.01, kind: "price", value: roundPrice(lr, cur * lr.float(0.96, 0.99), o.tx, 1) });
              pubn.events.sort((a, b) => a.day - b.day);
            }
          } else break;
        }
        addListing(pubn, portal, start, end, prev);
      }
    }
  }
}
function currentPrice(p: Pubn, day: number): number {
  let price = p.price0;
  for (const e of p.events) if (e.kind === "price" && e.day <= day) price = e.value as number;
  return price;
}

// ---------------------------------------------------------------- rendering an observation
function stateAt(p: Pubn, day: number) {
  const pres: Pres = { ...p.pres, flags: p.pres.flags };
  let price = p.price0;
  let descV = 0;
  let extraShots: Shot[] = [];
  for (const e of p.events) {
    if (e.day > day) break;
    if (e.kind === "price") price = e.value as number;
    else if (e.kind === "area") pres.area = e.value as number;
    else if (e.kind === "rooms") pres.rooms = e.value as number;
    else if (e.kind === "commune") {
      pres.commune = e.value as Commune;
      pres.postcode = (e.value as Commune) === p.obj.commune ? p.obj.postcode : (e.value as Commune).postcodes[0]!;
      pres.cityName = (e.value as Commune).names[0]!;
    } else if (e.kind === "type") pres.type = e.value as PType;
    else if (e.kind === "desc") descV++;
    else if (e.kind === "photos") extraShots = [...extraShots, ...(e.value as Shot[])];
  }
  return { pres, price, descV, shots: [...p.shots, ...extraShots] };
}
function facts(p: Pubn, pres: Pres, price: number, day: number): TextFacts {
  const o = p.obj;
  const f = pres.flags;
  return {
    type: pres.type,
    tx: o.tx,
    houseWord: o.commune.houseWord ?? "maison",
    rooms: pres.rooms,
    bedrooms: pres.bedrooms,
    area: pres.area,
    floor: pres.floor,
    floorCount: pres.floorCount,
    elevator: f.elevator,
    balcony: f.balcony,
    balconyArea: o.balconyArea,
    terrace: f.terrace,
    terraceArea: o.terraceArea,
    parking: f.parking,
    garage: f.garage,
    cellar: f.cellar,
    garden: f.garden,
    landArea: pres.landArea,
    pool: f.pool,
    fireplace: f.fireplace,
    dualAspect: f.dualAspect,
    orientation: pres.orientation,
    year: pres.year,
    city: pres.cityName.replace(/ \d+(er|e|ème)? Arrondissement$/, ""),
    quartier: o.quartier,
    transit: o.commune.transit,
    landmark: o.commune.landmark,
    view: o.commune.view,
    furnished: o.furnished,
    price,
    net: o.tx === "sale" ? Math.round(price / (1 + p.commissionPct / 100) / 100) * 100 : undefined,
    commissionPct: p.commissionPct,
    feesPaidBy: p.commissionPct > 0 ? "buyer" : "seller",
    rentHC: o.tx === "rent" ? (p.cc ? price - o.charges : price) : undefined,
    charges: o.charges,
    cc: p.cc,
    dpe: pres.dpe?.label,
    dpeValue: pres.dpe?.value,
    ges: pres.ges?.label,
    coproLots: o.coproLots,
    coproCharges: o.coproCharges,
    energyLo: o.dpe.value && pres.area ? Math.round((o.dpe.value * pres.area * 0.14) / 10) * 10 : undefined,
    energyHi: o.dpe.value && pres.area ? Math.round((o.dpe.value * pres.area * 0.19) / 10) * 10 : undefined,
    selling: o.selling,
    kitchen: o.kitchen,
    bath: o.bath,
    exclusive: !!pres.exclusive,
    availableFrom: o.tx === "rent" ? (R("avail", o.id).chance(0.5) ? "immédiatement" : `le ${frDate(dayToMs(o.t0 + 20))}`) : undefined,
    rentControl: ["59350", "38185"].includes(o.commune.insee),
  };
}
const descCache = new Map<string, string>();
function description(p: Pubn, l: Listing, pres: Pres, price: number, descV: number, day: number): string {
  const key = `${p.id}|${descV}|${price}|${pres.area}|${pres.rooms}|${pres.commune.insee}|${p.asPrivate && l.portal.id === "leboncoin"}`;
  let d = descCache.get(key);
  if (d === undefined) {
    const r = R("desc", p.id, descV);
    const f = facts(p, pres, price, day);
    const pub = p.pub;
    if (pub.kind === "owner" || (p.asPrivate && l.portal.id === "leboncoin")) {
      d = ownerDescription(r, f, {
        upper: pub.upper,
        emoji: pub.emoji,
        typo: pub.kind === "owner" ? pub.typo : 0.02,
        noAgency: !!pub.noAgency,
        first: pub.name,
      });
    } else if (pub.kind === "promoter" || (p.obj.programme && pub === p.obj.programme.partner && r.chance(0.5))) {
      const prog = p.obj.programme!;
      d = programmeDescription(R("progdesc", prog.id, pub.key), f, {
        progName: prog.name,
        units: prog.units,
        delivery: prog.delivery,
        lot: p.obj.lot!,
        brand: prog.promoter.brand!,
        variant: R("pv", pub.key, prog.id).int(0, 5),
      });
    } else {
      const a = p.agent;
      const v: AgencyVoice = {
        name: pub.variants[0] ?? pub.name,
        brand: pub.kind === "network" ? undefined : pub.brand ? pub.name : undefined,
        intro: pub.intro + descV,
        upper: pub.upper,
        emoji: pub.emoji,
        typo: pub.typo,
        energy: pub.energyLine,
        georisques: pub.georisques,
        signature:
          pub.refStyle === 0
            ? ""
            : `${R("refw", pub.key).pick(["Réf. ", "Référence : ", "Réf : ", "REF "])}${pub.refStyle === 1 ? R("ref", p.id).digits(R("refl", pub.key).int(4, 6)) : `${p.obj.tx === "sale" ? "V" : "L"}${R("refp", pub.key).pick(["A", "M", "T", ""])}${R("ref", p.id).digits(4)}`}`,
        agentLine:
          pub.kind === "network" && a
            ? `${pub.brand} - ${a.first} ${a.last.toUpperCase()} (${fmtPhone(a.phone, 0)}), agent commercial${r.chance(0.5) ? ` immatriculé au RSAC de ${a.city} sous le numéro ${a.rsac.replace(/(\d{3})(\d{3})(\d{3})/, "$1 $2 $3")}` : ""}. Honoraires à la charge ${p.commissionPct > 0 ? "de l'acquéreur" : "du vendeur"}.`
            : a && r.chance(0.4)
              ? `Contact : ${a.first} ${a.last} - ${fmtPhone(a.phone, 0)}`
              : undefined,
      };
      if (pub.kind === "network") v.intro = R("ni", p.agent?.email ?? "").int(0, 5);
      d = agencyDescription(r, f, v);
    }
    descCache.set(key, d);
  }
  const r = R("descportal", l.idx, descV);
  if (l.portal.truncate && r.chance(l.portal.truncate)) d = truncate(d, l.portal.truncLen + r.int(-40, 40));
  if (l.portal.id === "avendrealouer" || l.portal.id === "pap") d = d.replace(/[\u{1F300}-\u{1FAFF}\u2600-\u27BF\u2B50\u26F0]\uFE0F?\s?/gu, "");
  if (l.portal.id === "leboncoin" && r.chance(0.3)) d = d.replace(/\n\n/g, "\n");
  return d;
}
function title(p: Pubn, l: Listing, pres: Pres, price: number): string {
  const r = R("title", p.id, l.portal.id);
  const f = facts(p, pres, price, 0);
  const city = f.city;
  if (p.obj.programme && p.pub.kind === "promoter")
    return `${p.obj.programme.name} - ${pres.rooms === 1 ? "Studio" : `${pres.type === "house" ? "Maison" : "Appartement"} T${pres.rooms ?? p.obj.rooms}`} - Lot ${p.obj.lot}`;
  if (l.portal.title !== "free") return autoTitle(l.portal.title, f, city);
  const kind = p.pub.kind === "owner" || (p.asPrivate && l.portal.id === "leboncoin") ? "owner" : p.pub.kind === "network" ? "network" : "pro";
  return freeTitle(
    r,
    f,
    kind,
    (kind === "owner" ? p.pub.upper || r.chance(0.12) : r.chance(0.2)) && l.portal.id === "leboncoin",
    kind === "owner" ? p.pub.emoji : 0.05,
  );
}
function numOut(v: number | undefined, asText: boolean, unit: string): unknown {
  if (v === undefined) return undefined;
  if (!asText) return v;
  return unit === "€" ? `${fmtInt(v)} €` : unit === "m²" ? `${fmtArea(v)} m²` : String(v);
}
const statusWord = (s: string, style: Portal["status"]) =>
  style === "upper" ? s.replace(/([A-Z])/g, "_$1").toUpperCase() : style === "snake" ? s.replace(/([A-Z])/g, "_$1").toLowerCase() : s;
function render(l: Listing, day: number, ms: number, status: string, urlForLine: string): string {
  const p = l.pubn;
  const o = p.obj;
  const pub = p.pub;
  const portal = l.portal;
  const st = stateAt(p, day - l.lag);
  const pres = st.pres;
  const price = st.price;
  const r = R("obs", l.idx);
  const pr = R("obs-fixed", l.idx); // the same on every visit
  const owner = pub.kind === "owner" || (p.asPrivate && portal.id === "leboncoin");
  // area as the portal shows it
  let area = pres.area;
  if (area !== undefined && portal.areaInt) area = Math.round(area);
  const rich = portal.extras;
  const keep = (k: string) => R("keep", l.idx, k).chance(rich + 0.3);
  const fl = pres.flags;
  const property: Record<string, unknown> = {
    type: pres.type,
    area: area === undefined ? (pr.chance(0.3) ? 0 : undefined) : numOut(area, l.textNums, "m²"),
    roomCount: pres.rooms === undefined ? undefined : l.textNums ? String(pres.rooms) : pres.rooms,
    bedroomCount: keep("bed") ? pres.bedrooms : undefined,
    bathroomCount: keep("bath") ? pres.bathrooms : undefined,
    floor: o.type === "apartment" && portal.id !== "pap" && keep("floor") ? pres.floor : undefined,
    floorCount: keep("fc") ? pres.floorCount : undefined,
    constructionYear: keep("year") ? pres.year : undefined,
    landArea: pres.type === "house" && keep("land") ? pres.landArea : undefined,
    orientation: keep("or") ? pres.orientation : undefined,
    balconyExists: fl.balcony,
    terraceExists: fl.terrace,
    parkingExists: fl.parking,
    cellarExists: keep("cellar") ? fl.cellar : undefined,
    elevatorExists: pres.type === "apartment" ? fl.elevator : undefined,
    gardenExists: fl.garden,
    swimmingPoolExists: keep("pool") ? fl.pool : undefined,
    garageExists: keep("garage") ? fl.garage : undefined,
    fireplaceExists: keep("fire") ? fl.fireplace : undefined,
    caretakerExists: keep("care") ? fl.caretaker : undefined,
    intercomExists: keep("intercom") ? fl.intercom : undefined,
    doorCodeExists: keep("code") ? fl.doorCode : undefined,
    isDualAspect: keep("dual") ? fl.dualAspect : undefined,
    toiletSeparateExists: keep("wc") ? fl.toiletSeparate : undefined,
    isNew: o.isNew ? (pr.chance(0.7) ? true : undefined) : keep("new") && pr.chance(0.3) ? false : undefined,
    propertyIsProgram: o.programme && pub.kind === "promoter" && pr.chance(0.5) ? true : undefined,
  };
  if (pres.type === "apartment" && property.floor === undefined && o.floor === 0 && pr.chance(0.1)) property.floor = "0";
  // energy
  let energy: Record<string, unknown> | undefined;
  if (pres.dpe || pres.ges || (owner && pr.chance(0.2))) {
    const lab = (x?: string) =>
      x === undefined
        ? undefined
        : pr.weighted([
            [x.toUpperCase(), 6],
            [x, 2],
            [`Classe énergie ${x.toUpperCase()}`, portal.id === "avendrealouer" ? 3 : 0],
          ] as const);
    energy = {};
    if (pres.dpe) energy.dpe = { label: lab(pres.dpe.label), value: pres.dpe.value };
    else energy.dpe = { label: pr.pick(["NC", "Vierge", "non communiqué"]) };
    if (pres.ges) energy.ges = { label: pres.ges.label ? pres.ges.label.toUpperCase() : undefined, value: pres.ges.value };
    if (pres.dpe && pr.chance(0.15)) (energy.dpe as Record<string, unknown>).date = isoDate(dayToMs(o.t0 - pr.int(10, 800)));
    if (pres.heating && keep("heat")) energy.heating = pres.heating;
  }
  // location
  const location: Record<string, unknown> = {
    postcode: pr.chance(0.02) && pres.postcode.startsWith("0") ? pres.postcode.slice(1) : pres.postcode,
    city: { name: pres.cityName, inseeCode: l.giveInsee ? pres.commune.insee : undefined },
    department: l.giveDept ? pres.commune.dept : undefined,
    country: l.meta ? "france" : undefined,
  };
  if (l.coord) {
    location.latitude = l.coord[0];
    location.longitude = l.coord[1];
  }
  // publisher and contact
  let publisher: Record<string, unknown>;
  let contact: Record<string, unknown> | undefined;
  const phoneOut = (n: string | undefined, style: number) => (n ? fmtPhone(n, style) : undefined);
  const emailOut = (e: string | undefined, name: string) => {
    if (!e || !pr.chance(portal.email)) return undefined;
    switch (l.emailFmt) {
      case 1:
        return `${stripAccents(name)} <${e}>`;
      case 2:
        return `mailto:${e}`;
      case 3:
        return e.replace("@", "[at]");
      default:
        return pr.chance(0.1) ? e.toUpperCase() : e;
    }
  };
  if (owner) {
    publisher = { isProfessional: false, name: pr.chance(0.4) ? (p.asPrivate ? (p.agent?.first ?? pub.name) : pub.name) : undefined };
    const phone = p.asPrivate ? (p.agent?.phone ?? mobile(pr)) : pub.phone!;
    contact = {
      name: pr.chance(0.7) ? (p.asPrivate ? p.agent?.first : pub.name) : undefined,
      phone: pub.hidePhone && portal.id === "leboncoin" ? undefined : phoneOut(phone, pub.phoneStyle),
      email: portal.id === "leboncoin" ? undefined : emailOut(pub.email, pub.name),
      isRefusingSolicitation: portal.id === "pap" ? true : pub.refusing ? (pr.chance(0.7) ? true : undefined) : undefined,
    };
  } else {
    const agent = p.agent;
    let siret = pub.siret;
    if (pub.altSiret && R("alt", pub.key, portal.id).chance(0.5)) siret = pub.altSiret;
    if (pub.kind === "network" && agent?.ownSiret && (portal.id === "leboncoin" || portal.id === "seloger") && pr.chance(0.6)) siret = agent.ownSiret;
    const nameV = R("nv", pub.key, portal.id).pick(pub.variants.length ? pub.variants : [pub.name]);
    publisher = {
      isProfessional: true,
      type: pr.chance(0.85) ? (pub.kind === "network" ? "mandatary" : "agency") : undefined,
      name: pub.kind === "network" && agent && pr.chance(0.3) ? `${nameV} - ${agent.first} ${agent.last}` : nameV,
      email: emailOut(pub.kind === "network" ? agent?.email : pub.email, nameV),
      phone: l.trackingPhone
        ? fmtPhone(l.trackingPhone, 0)
        : pub.kind === "network"
          ? phoneOut(agent?.phone, pub.phoneStyle)
          : phoneOut(pub.phone, pub.phoneStyle),
      feesUrl: pub.feesUrl && pr.chance(0.5) ? pub.feesUrl : undefined,
      ...sirFields(siret, l.sir),
    };
    if (agent && pr.chance(pub.kind === "network" ? 0.85 : 0.45)) {
      contact = {
        name: pr.chance(0.8) ? `${agent.first} ${agent.last}` : `${agent.first} ${agent.last[0]}.`,
        phone: pr.chance(0.8) ? fmtPhone(agent.phone, R("aps", agent.email).int(0, 5)) : undefined,
        email: emailOut(agent.email, agent.first),
      };
    }
  }
  // transaction
  const transaction: Record<string, unknown> = {
    type: o.tx,
    price: l.textNums ? (price >= 1000 && pr.chance(0.3) ? fmtInt(price, ".") : `${fmtInt(price)} €`) : price,
    isExclusiveMandate: !owner && pres.exclusive !== undefined && pr.chance(0.6) ? pres.exclusive : undefined,
  };
  // images
  let shots = st.shots;
  if (l.shuffle) shots = R("shuf", l.idx).shuffle([...shots]);
  shots = shots.slice(0, l.photoCap);
  const images = shots.map((s, i) => {
    const encKey = l.useSoftware && pub.software ? `sw|${pub.key}` : `${portal.id}|${pub.key}`;
    const h = encode(s, encKey, l.useSoftware ? { p: [0, 1], d: [0, 1], a: [0, 1] } : portal.flip);
    const ur = R("img", l.useSoftware ? `sw${pub.key}` : l.idx, s.id);
    const url = l.useSoftware && pub.software ? `https://${pub.software.host}/${slug(pub.key).slice(0, 14)}/${ur.hex(24)}.jpg` : portal.img(ur, i);
    if (R("hm", l.idx, s.id).chance(portal.hashMissing)) return { url };
    return { url, perceptualHash: h.p, differenceHash: h.d, averageHash: h.a };
  });
  const pubAtMs = dayToMs(l.start) - R("pa", l.idx).int(0, 10 * 3600) * 1000;
  const obs: Record<string, unknown> = {
    source: { domain: pr.chance(portal.sourceDomain) ? (pr.chance(0.3) ? portal.host.replace(/^www\./, "") : portal.domain) : undefined, url: urlForLine },
    observedAt: iso(ms, portal.localTime),
    status: statusWord(status, portal.status),
    publishedAt: l.pubAt === "dt" ? iso(pubAtMs) : l.pubAt === "date" ? isoDate(pubAtMs) : undefined,
    title: title(p, l, pres, price),
    description: description(p, l, pres, price, st.descV, day),
    currency: l.meta ? "euro" : undefined,
    squareUnit: l.meta ? "squareMeter" : undefined,
    publisher,
    contact,
    location,
    property,
    energy,
    transaction,
    media: images.length ? { images } : pr.chance(0.5) ? { images: [] } : undefined,
  };
  return JSON.stringify(obs);
}

// ---------------------------------------------------------------- visits
function visits(): void {
  for (const l of LISTINGS) {
    const r = R("visits", l.idx);
    const o = l.pubn.obj;
    const portal = l.portal;
    // status tail: under offer (agency sites show "sous compromis"), sold/rented banners
    let end = l.end;
    let underFrom = Infinity;
    let soldFrom = Infinity;
    {
      if (o.tx === "sale" && portal.underOffer && l.pubn.pub.kind !== "owner" && l.end >= o.tEnd && r.chance(portal.underOffer)) {
        underFrom = o.tEnd;
        end = o.tEnd + r.int(10, 60);
      }
      if (portal.sold && l.end >= o.tEnd && r.chance(portal.sold)) {
        soldFrom = end;
        end = end + r.int(5, 25);
      }
    }
    let t = Math.max(l.start, 0) + r.float(0.05, 1.5);
    const first = t;
    let firstLine = true;
    let lastDay = -Infinity;
    let url = l.url;
    // the url as first seen (with tracking parameters or not); later visits come through the plain url
    const plain = l.url.replace(/[?&](utm_[^&]*|xtor=[^&]*)/g, "").replace(/\?$/, "");
    while (t < Math.min(end, WINDOW)) {
      const ms = Math.floor(dayToMs(t) / 1000) * 1000;
      const day = (ms - DAY0) / DAY_MS;
      if (day > lastDay + 0.5) {
        const status = day >= soldFrom ? (o.tx === "sale" ? "sold" : "rented") : day >= underFrom ? "underOffer" : "available";
        if (!firstLine) url = r.chance(0.85) ? plain : l.url;
        l.lines.push({ t: ms, line: render(l, day, ms, status, url) });
        if (firstLine) l.firstUrl = url;
        firstLine = false;
        lastDay = day;
      }
      t += r.float(...portal.crawl);
    }
    void first;
    // removal seen by the collector
    if (l.lines.length && end < WINDOW && r.chance(portal.removalSeen)) {
      let tr = Math.max(end, lastDay + 0.6) + r.float(0.1, portal.crawl[1]);
      if (tr < WINDOW) {
        const ms = dayToMs(tr);
        l.lines.push({ t: ms, line: JSON.stringify({ source: { url: plain }, observedAt: iso(ms, portal.localTime), status: "removed" }) });
        tr = 0;
      }
    }
  }
}

// ---------------------------------------------------------------- main
buildPublications();
visits();
const emitted = LISTINGS.filter((l) => l.lines.length > 0);
// photos shared with the object's other listings (same underlying photo, whoever re-encoded it)
const shotsOf = new Map<number, Set<number>>();
for (const l of emitted) {
  const set = new Set<number>();
  for (const line of l.lines) {
    const st = stateAt(l.pubn, (line.t - DAY0) / DAY_MS - l.lag);
    for (const s of st.shots.slice(0, l.photoCap))
      if (s.tag === "room" || s.tag === "facade" || s.tag === "stair" || s.tag === "view" || s.tag === "render" || s.tag === "plan") set.add(s.root);
  }
  shotsOf.set(l.idx, set);
}
const byObj = new Map<number, Listing[]>();
for (const l of emitted) {
  const a = byObj.get(l.pubn.obj.id) ?? [];
  a.push(l);
  byObj.set(l.pubn.obj.id, a);
}
const truth: ListingTruth[] = emitted.map((l) => {
  const o = l.pubn.obj;
  const mine = shotsOf.get(l.idx)!;
  let shares = false;
  for (const other of byObj.get(o.id)!) {
    if (other === l) continue;
    for (const s of shotsOf.get(other.idx)!) if (mine.has(s)) shares = true;
    if (shares) break;
  }
  let rel = l.relistingOf;
  while (rel && !rel.lines.length) rel = rel.relistingOf;
  return {
    url: l.firstUrl!,
    objectId: o.id,
    publisher: l.pubn.pub.key,
    professional: l.pubn.pub.kind !== "owner",
    relistingOf: rel ? rel.firstUrl! : null,
    sharesPhotosWithOriginal: shares,
    families: o.families,
    block: `${o.commune.insee}|${o.type}|${o.tx}`,
    area: o.area,
    rooms: o.rooms,
  };
});
const lines = emitted.flatMap((l) => l.lines.map((x, i) => ({ ...x, k: l.idx, i })));
lines.sort((a, b) => a.t - b.t || a.k - b.k || a.i - b.i);
mkdirSync(OUT, { recursive: true });
writeFileSync(join(OUT, "feed.ndjson"), `${lines.map((x) => x.line).join("\n")}\n`);
writeFileSync(join(OUT, "truth.json"), `${JSON.stringify(truth, null, 0).replace(/\},\{/g, "},\n{")}\n`);
const objs = new Set(truth.map((t) => t.objectId));
console.log(JSON.stringify({ objects: objs.size, listings: truth.length, lines: lines.length, publications: PUBNS.length, out: OUT }));
if (process.env.THIRD_DEBUG) {
  for (const o of OBJECTS) {
    if (objs.has(o.id)) continue;
    const ps = PUBNS.filter((p) => p.obj === o);
    console.log(
      o.id,
      o.tx,
      o.t0,
      o.tEnd,
      o.families,
      ps.map((p) => [p.pub.kind, p.start, p.end, p.listings.map((l) => [l.portal.id, l.start.toFixed(1), l.end.toFixed(1)])]),
    );
  }
}

// Hold-out evaluation feed for the grouping of classifieds into properties.
//
//   npx tsx bench/dedup/holdout/generate.ts --objects 3000 --seed 11 --out /tmp/holdout
//
// Writes OUT/feed.ndjson (observations in observedAt order) and OUT/truth.json (one entry per listing).
// Independent of the project's own evaluation generator: see README.md next to this file.

import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { AGENCY_BRANDS, AGENCY_SUFFIXES, COMMUNES, FIRST_NAMES, LAST_NAMES, NETWORKS, OWNER_MAIL_DOMAINS, PROGRAMME_NAMES, PROMOTER_NAMES } from "./data.js";
import type { Commune, Network, Sector } from "./data.js";
import { newLandline, newMobile, newSiren, newSiret, slugify, spellEmail, spellName, spellPhone, spellSiret } from "./ids.js";
import { Rng } from "./rng.js";
import { agencyDescription, fmtInt, mandataryDescription, ownerDescription, programmeDescription, title } from "./text.js";
import type { Facts } from "./text.js";

// ---------------------------------------------------------------- arguments

function parseArgs(argv: string[]): { objects: number; seed: number; out: string } {
  const opts = { objects: 3000, seed: 11, out: "/tmp/holdout" };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const v = argv[i + 1];
    if (a === "--objects" && v) {
      opts.objects = Number(v);
      i++;
    } else if (a === "--seed" && v) {
      opts.seed = Number(v);
      i++;
    } else if (a === "--out" && v) {
      opts.out = v;
      i++;
    } else if (a === "--help" || a === "-h") {
      console.log("usage: npx tsx bench/dedup/holdout/generate.ts [--objects N] [--seed S] [--out DIR]");
      process.exit(0);
    } else throw new Error(`unknown argument ${a}`);
  }
  if (!Number.isInteger(opts.objects) || opts.objects < 1) throw new Error("--objects must be a positive whole number");
  if (!Number.isFinite(opts.seed)) throw new Error("--seed must be a number");
  return opts;
}

// ---------------------------------------------------------------- time

const DAY0 = Date.UTC(2026, 5, 1); // 2026-06-01
const LAST_DAY = 176; // 2026-11-24
const DAY_MS = 86_400_000;

function dateOf(day: number): string {
  return new Date(DAY0 + day * DAY_MS).toISOString().slice(0, 10);
}

// ---------------------------------------------------------------- photos

type PhotoKind = "own" | "logo" | "render" | "facade" | "plan";

interface Photo {
  id: number;
  kind: PhotoKind;
  p: bigint;
  d: bigint;
  a: bigint;
}

interface ImageOut {
  url: string;
  perceptualHash: string;
  differenceHash: string;
  averageHash: string;
}

// ---------------------------------------------------------------- publishers

type PublisherKind = "agency" | "owner" | "mandatary" | "promoter";

interface Person {
  first: string;
  last: string;
  mobile: string;
  email: string;
}

interface Publisher {
  key: string;
  kind: PublisherKind;
  professional: boolean;
  name: string;
  siren: string | null;
  siret: string | null;
  email: string | null;
  phone: string | null;
  feesUrl: string | null;
  logo: Photo | null;
  /** Share of its listings carrying the logo as a photo. */
  logoShare: number;
  staff: Person[];
  network: Network | null;
  rsac: string | null;
  style: number;
  /** Buyer's fees of a sale, as a share of the net price (0: the seller pays). */
  feeRate: number;
  refPrefix: string;
  portals: string[];
  commune: Commune;
}

// ---------------------------------------------------------------- objects

interface Programme {
  id: number;
  name: string;
  promoter: Publisher;
  renders: Photo[];
  units: number;
  delivery: string;
  lat: number;
  lon: number;
}

interface Building {
  id: number;
  lat: number;
  lon: number;
  facade: Photo;
  floorCount: number;
  year: number;
  elevator: boolean;
}

interface Obj {
  id: number;
  commune: Commune;
  sector: Sector;
  type: "apartment" | "house";
  tx: "sale" | "rent";
  area: number;
  rooms: number;
  bedrooms: number;
  floor: number | null;
  floorCount: number | null;
  elevator: boolean;
  balconyArea: number;
  terraceArea: number;
  gardenArea: number;
  parking: boolean;
  cellar: boolean;
  pool: boolean;
  landArea: number | null;
  orientation: string;
  heating: { source: string; type: string; label: string };
  quartier: string;
  dpeValue: number;
  gesValue: number;
  year: number | null;
  netPrice: number;
  charges: number;
  lat: number;
  lon: number;
  photos: Photo[];
  families: string[];
  programme: Programme | null;
  lot: string | null;
  building: Building | null;
  /** Agency that must publish it (twins, buildings managed by one agency). */
  forcedAgency: Publisher | null;
  isNew: boolean;
  lots: number;
}

// ---------------------------------------------------------------- listings

interface Version {
  obj: Obj;
  pub: Publisher;
  area: number;
  rooms: number;
  bedrooms: number;
  price: number;
  /** Later prices: day from which each applies. */
  cuts: { day: number; price: number }[];
  photos: Photo[];
  exclusive: boolean;
  start: number;
  end: number | null;
  finalStatus: "sold" | "rented" | "removed";
  underOfferDay: number | null;
  contact: Person | null;
  ownerName: string | null;
  refusing: boolean;
  feeRate: number;
  ref: string;
  description: string;
  showsDpe: boolean;
  showsDpeValue: boolean;
  showsGes: boolean;
  showsFloor: boolean;
  showsBedrooms: boolean;
  showsYear: boolean;
  rooms_noise: number;
}

interface Listing {
  id: number;
  url: string;
  portal: string;
  version: Version;
  start: number;
  end: number | null;
  endsBy: "status" | "removal" | "relisted";
  relistingOf: string | null;
  images: ImageOut[];
  photoIds: Set<number>;
  area: number;
  wrongArea: number | null;
  wrongUntil: number | null;
  coords: { lat: number; lon: number } | null;
  cityName: string;
  inseeMode: "none" | "current" | "former";
  title: string;
  description: string;
  publisherBlock: Record<string, unknown> | null;
  contactBlock: Record<string, unknown> | null;
  fieldStyle: { priceAsText: boolean; areaAsText: boolean; dpeAsText: boolean; statusUpper: boolean };
  publishedAt: string | null;
  firstSeen: number;
}

interface Line {
  t: number;
  seq: number;
  json: string;
}

// ---------------------------------------------------------------- generator

const PRO_PORTALS = ["seloger.com", "bienici.com", "logic-immo.com", "lefigaro.fr", "leboncoin.fr"];
const MANDATARY_PORTALS = ["leboncoin.fr", "seloger.com", "bienici.com", "logic-immo.com"];
const PROMOTER_PORTALS = ["seloger.com", "bienici.com", "logic-immo.com", "lefigaro.fr"];
const ORIENTATIONS = ["sud", "sud-ouest", "ouest", "est", "nord", "sud-est", "traversant est-ouest", "nord-est"];
const HEATINGS = [
  { source: "gas", type: "individual", label: "individuel gaz" },
  { source: "electricity", type: "individual", label: "électrique" },
  { source: "gas", type: "shared", label: "collectif gaz" },
  { source: "", type: "city", label: "urbain" },
  { source: "fuel", type: "individual", label: "fioul" },
  { source: "aerothermal", type: "individual", label: "pompe à chaleur" },
];

class Generator {
  private readonly rng: Rng;
  private photoSeq = 0;
  private readonly portalSeq = new Map<string, number>();
  private readonly agencies = new Map<string, Publisher[]>();
  private readonly mandataries = new Map<string, Publisher[]>();
  private readonly networkIds = new Map<string, { siren: string; siret: string; phone: string }>();
  private readonly promoters: Publisher[] = [];
  private ownerSeq = 0;
  private agencySeq = 0;
  private mandatarySeq = 0;
  readonly objects: Obj[] = [];
  readonly listings: Listing[] = [];
  private lineSeq = 0;
  readonly lines: Line[] = [];

  constructor(seed: number) {
    this.rng = new Rng(seed);
  }

  // ------------------------------------------------------------ photos

  private photo(kind: PhotoKind): Photo {
    const r = this.rng;
    return { id: ++this.photoSeq, kind, p: r.bits64(), d: r.bits64(), a: r.bits64() };
  }

  private flip(h: bigint, n: number): bigint {
    const bits = this.rng.sample([...Array(64).keys()], n);
    for (const b of bits) h ^= 1n << BigInt(b);
    return h;
  }

  /** The photo as one portal serves it: re-encoded, each hash 0 to 4 bits away from the original. */
  private reencode(p: Photo, portal: string, listingId: number, index: number): ImageOut {
    const r = this.rng;
    const n = (): number =>
      r.weighted([
        [0, 0.3],
        [1, 0.32],
        [2, 0.2],
        [3, 0.11],
        [4, 0.07],
      ]);
    const hex = (h: bigint): string => h.toString(16).padStart(16, "0");
    return {
      url: this.imageUrl(portal, listingId, index),
      perceptualHash: hex(this.flip(p.p, n())),
      differenceHash: hex(this.flip(p.d, n())),
      averageHash: hex(this.flip(p.a, n())),
    };
  }

  private imageUrl(portal: string, listingId: number, index: number): string {
    const r = this.rng;
    const h = r.digits(6) + listingId.toString(36) + index;
    switch (portal) {
      case "seloger.com":
        return `https://v.seloger.com/s/width/800/visuels/${h.slice(0, 1)}/${h.slice(1, 2)}/${h.slice(2, 3)}/${h}.jpg`;
      case "leboncoin.fr":
        return `https://img.leboncoin.fr/api/v1/lbcpb1/images/${h.slice(0, 2)}/${h.slice(2, 4)}/${h}.jpg?rule=ad-large`;
      case "pap.fr":
        return `https://cdn.pap.fr/photos/pap/${h.slice(0, 2)}/${h}.jpg`;
      case "bienici.com":
        return `https://file.bienici.com/photo/${h}_${index}.jpg?width=600`;
      case "logic-immo.com":
        return `https://mmf.logic-immo.com/mmf/ads/photo-prop-800x600/${h.slice(0, 3)}/${h}.jpg`;
      case "lefigaro.fr":
        return `https://photos.immobilier.lefigaro.fr/photos/${h}.jpg`;
      case "ouestfrance-immo.com":
        return `https://media.ouestfrance-immo.com/photos/${h}.jpg`;
      default:
        return `https://media.paruvendu.fr/photos/immo/${h}.jpg`;
    }
  }

  // ------------------------------------------------------------ people and publishers

  private person(emailDomain: string | null): Person {
    const r = this.rng;
    const first = r.pick(FIRST_NAMES);
    const last = r.pick(LAST_NAMES);
    const local = `${slugify(first)}.${slugify(last)}`.replace(/-/g, "");
    const domain = emailDomain ?? r.pick(OWNER_MAIL_DOMAINS);
    const email = emailDomain
      ? `${local}@${domain}`
      : r
          .pick([
            `${local}@${domain}`,
            `${slugify(first)}${slugify(last).slice(0, 1)}${r.int(1, 99)}@${domain}`,
            `${slugify(last)}.${slugify(first).slice(0, 1)}@${domain}`,
          ])
          .replace(/-/g, "");
    return { first, last, mobile: newMobile(r), email };
  }

  private agenciesOf(c: Commune): Publisher[] {
    let list = this.agencies.get(c.key);
    if (list) return list;
    const r = this.rng;
    list = [];
    const n = c.weight >= 0.08 ? r.int(8, 12) : r.int(3, 4);
    const usedNames = new Set<string>();
    for (let i = 0; i < n; i++) {
      const brand = r.pick(AGENCY_BRANDS);
      let name =
        brand === "Cabinet" || brand === "Agence"
          ? `${brand} ${r.pick(LAST_NAMES)} ${r.pick(AGENCY_SUFFIXES)}`
          : `${brand} ${r.pick([c.quartiers[0] ?? c.officialName, r.pick(c.quartiers), r.pick(AGENCY_SUFFIXES)])}`;
      if (usedNames.has(name)) name += ` ${c.sectors[0]?.cityNames[0] ?? ""}`;
      usedNames.add(name);
      const slug = slugify(name).slice(0, 30);
      const siren = newSiren(r);
      const staff = Array.from({ length: r.int(1, 4) }, () => this.person(`${slug}.fr`));
      const portals = r.sample(PRO_PORTALS, r.int(2, 5));
      if (c.west && r.chance(0.6)) portals.push("ouestfrance-immo.com");
      list.push({
        key: `agency:${++this.agencySeq}`,
        kind: "agency",
        professional: true,
        name,
        siren,
        siret: newSiret(r, siren),
        email: r.chance(0.5) ? `contact@${slug}.fr` : `${slugify(c.key)}@${slug}.fr`,
        phone: newLandline(r, c.landline),
        feesUrl: r.chance(0.7) ? `https://www.${slug}.fr/honoraires` : null,
        logo: r.chance(0.7) ? this.photo("logo") : null,
        logoShare: r.uniform(0.5, 1),
        staff,
        network: null,
        rsac: null,
        style: r.int(0, 3),
        feeRate: r.chance(0.15) ? 0 : r.uniform(0.035, 0.07),
        refPrefix: name.replace(/[^A-Z]/g, "").slice(0, 3) || "REF",
        portals,
        commune: c,
      });
    }
    this.agencies.set(c.key, list);
    return list;
  }

  private networkIdentity(n: Network): { siren: string; siret: string; phone: string } {
    let id = this.networkIds.get(n.key);
    if (!id) {
      const siren = newSiren(this.rng);
      id = { siren, siret: newSiret(this.rng, siren), phone: newLandline(this.rng, ["01 73", "05 35", "04 22", "02 52"]) };
      this.networkIds.set(n.key, id);
    }
    return id;
  }

  private mandatariesOf(c: Commune): Publisher[] {
    let list = this.mandataries.get(c.key);
    if (list) return list;
    const r = this.rng;
    list = [];
    const n = c.weight >= 0.08 ? r.int(14, 24) : r.int(3, 6);
    for (let i = 0; i < n; i++) {
      const network = r.weighted(NETWORKS.map((x, k) => [x, [0.42, 0.22, 0.18, 0.1, 0.08][k] ?? 0.1] as const));
      const id = this.networkIdentity(network);
      const agent = this.person(network.emailDomain);
      list.push({
        key: `mandatary:${network.key}:${++this.mandatarySeq}`,
        kind: "mandatary",
        professional: true,
        name: network.names[0] ?? network.key,
        siren: id.siren,
        siret: id.siret,
        email: agent.email,
        phone: agent.mobile,
        feesUrl: `${network.site}/honoraires`,
        logo: r.chance(0.3) ? this.photo("logo") : null,
        logoShare: 0.4,
        staff: [agent],
        network,
        rsac: newSiren(r),
        style: r.int(0, 3),
        feeRate: r.uniform(0.04, 0.06),
        refPrefix: network.key.slice(0, 3).toUpperCase(),
        portals: r.sample(MANDATARY_PORTALS, r.int(1, 3)),
        commune: c,
      });
    }
    this.mandataries.set(c.key, list);
    return list;
  }

  private promoter(c: Commune): Publisher {
    const r = this.rng;
    if (this.promoters.length < 5 || r.chance(0.3)) {
      const name = r.pick(PROMOTER_NAMES);
      const slug = slugify(name);
      const siren = newSiren(r);
      this.promoters.push({
        key: `promoter:${this.promoters.length + 1}`,
        kind: "promoter",
        professional: true,
        name,
        siren,
        siret: newSiret(r, siren),
        email: `ventes@${slug}.com`,
        phone: newLandline(r, c.landline),
        feesUrl: null,
        logo: this.photo("logo"),
        logoShare: 0.8,
        staff: [this.person(`${slug}.com`), this.person(`${slug}.com`)],
        network: null,
        rsac: null,
        style: 0,
        feeRate: 0,
        refPrefix: "LOT",
        portals: r.sample(PROMOTER_PORTALS, r.int(2, 3)),
        commune: c,
      });
    }
    return r.pick(this.promoters);
  }

  private owner(c: Commune): Publisher {
    const r = this.rng;
    const p = this.person(null);
    const portals = r.weighted([
      [["pap.fr"], 0.3],
      [["leboncoin.fr"], 0.35],
      [["pap.fr", "leboncoin.fr"], 0.25],
      [["leboncoin.fr", "paruvendu.fr"], 0.1],
    ] as const);
    return {
      key: `owner:${++this.ownerSeq}`,
      kind: "owner",
      professional: false,
      name: `${p.first} ${p.last}`,
      siren: null,
      siret: null,
      email: p.email,
      phone: p.mobile,
      feesUrl: null,
      logo: null,
      logoShare: 0,
      staff: [p],
      network: null,
      rsac: null,
      style: r.int(0, 3),
      feeRate: 0,
      refPrefix: "",
      portals: [...portals],
      commune: c,
    };
  }

  // ------------------------------------------------------------ objects

  private jitter(lat: number, lon: number, km: number): { lat: number; lon: number } {
    const r = this.rng;
    const dist = km * Math.sqrt(r.next());
    const angle = r.uniform(0, 2 * Math.PI);
    return {
      lat: lat + (dist / 111.2) * Math.cos(angle),
      lon: lon + (dist / (111.2 * Math.cos((lat * Math.PI) / 180))) * Math.sin(angle),
    };
  }

  private pickCommune(filter?: (c: Commune) => boolean): Commune {
    const cs = filter ? COMMUNES.filter(filter) : COMMUNES;
    return this.rng.weighted(cs.map((c) => [c, c.weight] as const));
  }

  private roomsAndArea(c: Commune, type: "apartment" | "house"): { rooms: number; area: number } {
    const r = this.rng;
    if (type === "house") {
      const rooms = r.weighted([
        [3, 0.12],
        [4, 0.3],
        [5, 0.3],
        [6, 0.18],
        [7, 0.07],
        [8, 0.03],
      ]);
      return { rooms, area: Math.round((rooms * r.uniform(19, 27) + r.uniform(-6, 12)) * 10) / 10 };
    }
    const rooms = r.weighted([
      [1, 0.15],
      [2, 0.3],
      [3, 0.29],
      [4, 0.17],
      [5, 0.09],
    ]);
    const ranges: Record<number, [number, number]> = { 1: [16, 32], 2: [34, 52], 3: [52, 76], 4: [70, 96], 5: [88, 135] };
    const [lo, hi] = ranges[rooms] ?? [50, 70];
    const shrink = c.key === "paris11" ? 0.85 : 1;
    return { rooms, area: Math.round(r.uniform(lo, hi) * shrink * 10) / 10 };
  }

  private newObject(opts: {
    commune: Commune;
    sector?: Sector;
    type?: "apartment" | "house";
    tx?: "sale" | "rent";
    rooms?: number;
    area?: number;
    lat?: number;
    lon?: number;
    building?: Building | null;
    programme?: Programme | null;
    families?: string[];
  }): Obj {
    const r = this.rng;
    const c = opts.commune;
    const sector = opts.sector ?? r.pick(c.sectors);
    const type = opts.type ?? (r.chance(c.houseShare) ? "house" : "apartment");
    const tx = opts.tx ?? (r.chance(c.rentShare * (type === "house" ? 0.5 : 1)) ? "rent" : "sale");
    const ra = this.roomsAndArea(c, type);
    const rooms = opts.rooms ?? ra.rooms;
    const area = opts.area ?? ra.area;
    const pos = opts.lat !== undefined && opts.lon !== undefined ? { lat: opts.lat, lon: opts.lon } : this.jitter(sector.lat, sector.lon, c.radiusKm);
    const programme = opts.programme ?? null;
    const building = opts.building ?? null;
    const isNew = programme !== null;
    const floorCount = type === "house" ? r.int(1, 2) : building ? building.floorCount : programme ? 5 : r.int(c.floors[0], c.floors[1]);
    const floor = type === "house" ? null : r.int(0, floorCount);
    const year = isNew
      ? 2027
      : building
        ? building.year
        : r.chance(0.75)
          ? r.weighted([
              [r.int(1850, 1913), 0.3],
              [r.int(1920, 1970), 0.3],
              [r.int(1971, 2000), 0.25],
              [r.int(2001, 2022), 0.15],
            ])
          : null;
    let dpeValue = isNew ? r.int(40, 75) : Math.round(r.uniform(70, 380) + (year && year < 1950 ? 50 : 0));
    if (type === "house") dpeValue += 20;
    const perM2 = tx === "sale" ? c.salePerM2 : c.rentPerM2;
    const typeFactor = type === "house" ? r.uniform(0.85, 1.1) : 1;
    const sizeFactor = tx === "rent" ? Math.pow(45 / Math.max(area, 15), 0.18) : Math.pow(60 / Math.max(area, 15), 0.08);
    const newFactor = isNew ? 1.22 : 1;
    const quality = Math.exp(r.gauss() * 0.12);
    let net = area * perM2 * typeFactor * sizeFactor * newFactor * quality;
    if (tx === "sale") net = Math.round(net / 1000) * 1000;
    else net = Math.round(net / 5) * 5;
    const charges = tx === "rent" ? Math.round((area * r.uniform(1.2, 2.8)) / 5) * 5 : Math.round((area * r.uniform(1.5, 3.5)) / 10) * 10;
    const garden = type === "house" || (floor === 0 && r.chance(0.3));
    const obj: Obj = {
      id: this.objects.length + 1,
      commune: c,
      sector,
      type,
      tx,
      area,
      rooms,
      bedrooms: Math.max(0, rooms - 1 - (rooms >= 5 && r.chance(0.4) ? 1 : 0)),
      floor,
      floorCount,
      elevator: type === "apartment" && (building ? building.elevator : isNew || floorCount >= 4 ? r.chance(0.9) : r.chance(0.3)),
      balconyArea: type === "apartment" && (isNew || r.chance(0.4)) ? r.int(3, 12) : 0,
      terraceArea: r.chance(type === "house" ? 0.5 : 0.12) ? r.int(8, 40) : 0,
      gardenArea: garden ? r.int(type === "house" ? 150 : 20, type === "house" ? 1500 : 120) : 0,
      parking: r.chance(isNew ? 0.9 : type === "house" ? 0.7 : 0.35),
      cellar: type === "apartment" && r.chance(0.5),
      pool: type === "house" && r.chance(c.key === "lourmarin" ? 0.6 : 0.1),
      landArea:
        type === "house" ? r.int(c.key === "becherel" || c.key === "lourmarin" ? 400 : 180, c.key === "becherel" || c.key === "lourmarin" ? 3000 : 900) : null,
      orientation: r.pick(ORIENTATIONS),
      heating: r.pick(HEATINGS),
      quartier: r.pick(c.quartiers),
      dpeValue,
      gesValue: Math.max(2, Math.round(dpeValue * r.uniform(0.04, 0.3))),
      year,
      netPrice: net,
      charges,
      lat: pos.lat,
      lon: pos.lon,
      photos: [],
      families: opts.families ?? [],
      programme,
      lot: null,
      building,
      forcedAgency: null,
      isNew,
      lots: r.int(6, 120),
    };
    if (obj.landArea !== null) obj.gardenArea = Math.min(obj.gardenArea, obj.landArea);
    this.objects.push(obj);
    return obj;
  }

  /** Builds the objects: look-alike families first in some draws, singles otherwise. */
  buildObjects(total: number): void {
    const r = this.rng;
    let programmeSeq = 0;
    let buildingSeq = 0;
    let twinsSeq = 0;
    while (this.objects.length < total) {
      const left = total - this.objects.length;
      const draw = r.next();
      if (draw < 0.018 && left >= 4) {
        // New-build programme: 4 to 10 listed units of one promoter.
        const c = this.pickCommune((x) => x.programmes);
        const sector = r.pick(c.sectors);
        const pos = this.jitter(sector.lat, sector.lon, c.radiusKm);
        const id = ++programmeSeq;
        const prog: Programme = {
          id,
          name: r.pick(PROGRAMME_NAMES),
          promoter: this.promoter(c),
          renders: Array.from({ length: r.int(3, 6) }, () => this.photo("render")),
          units: r.int(18, 80),
          delivery: `${r.pick(["1er", "2e", "3e", "4e"])} trimestre ${r.int(2027, 2028)}`,
          lat: pos.lat,
          lon: pos.lon,
        };
        const n = Math.min(left, r.int(4, 10));
        // Most units share a typology with another unit: the hard case.
        const baseRooms = r.weighted([
          [2, 0.45],
          [3, 0.4],
          [4, 0.15],
        ]);
        const baseArea = baseRooms === 2 ? r.uniform(40, 47) : baseRooms === 3 ? r.uniform(60, 68) : r.uniform(78, 88);
        const usedLots = new Set<string>();
        for (let i = 0; i < n; i++) {
          const rooms = r.chance(0.7) ? baseRooms : r.pick([1, 2, 3, 4, 5]);
          const area = rooms === baseRooms ? Math.round(baseArea * r.uniform(0.97, 1.03) * 10) / 10 : this.roomsAndArea(c, "apartment").area;
          const o = this.newObject({
            commune: c,
            sector,
            type: "apartment",
            tx: "sale",
            rooms,
            area,
            lat: pos.lat,
            lon: pos.lon,
            programme: prog,
            families: [`programme:${id}`],
          });
          let lot: string;
          do lot = `${r.pick(["A", "B", "C"])}${o.floor ?? 0}${r.int(1, 9)}`;
          while (usedLots.has(lot));
          usedLots.add(lot);
          o.lot = lot;
          o.photos = r.chance(0.6) ? [this.photo("plan")] : [];
        }
      } else if (draw < 0.06 && left >= 2) {
        // Flats of one building: same coordinates, similar areas, different floors.
        const c = this.pickCommune((x) => x.houseShare < 0.5);
        const sector = r.pick(c.sectors);
        const pos = this.jitter(sector.lat, sector.lon, c.radiusKm);
        const id = ++buildingSeq;
        const b: Building = {
          id,
          lat: pos.lat,
          lon: pos.lon,
          facade: this.photo("facade"),
          floorCount: r.int(c.floors[0], c.floors[1]),
          year: r.weighted([
            [r.int(1860, 1913), 0.5],
            [r.int(1950, 1985), 0.35],
            [r.int(1990, 2015), 0.15],
          ]),
          elevator: r.chance(0.6),
        };
        const n = Math.min(left, r.int(2, 4));
        const rooms = this.roomsAndArea(c, "apartment").rooms;
        const base = this.roomsAndArea(c, "apartment");
        const baseArea = base.rooms === rooms ? base.area : rooms * 18 + 10;
        const tx = r.chance(c.rentShare) ? "rent" : "sale";
        const agency = r.chance(0.45) ? r.pick(this.agenciesOf(c)) : null;
        const floors = r.sample([...Array(b.floorCount + 1).keys()], n);
        for (let i = 0; i < n; i++) {
          const o = this.newObject({
            commune: c,
            sector,
            type: "apartment",
            tx: r.chance(0.75) ? tx : tx === "sale" ? "rent" : "sale",
            rooms: r.chance(0.75) ? rooms : Math.max(1, rooms + r.pick([-1, 1])),
            area: Math.round(baseArea * r.uniform(0.94, 1.06) * 10) / 10,
            lat: b.lat,
            lon: b.lon,
            building: b,
            families: [`building:${id}`],
          });
          o.floor = floors[i] ?? o.floor;
          o.forcedAgency = agency;
          o.photos = this.ownPhotos(o);
        }
      } else if (draw < 0.09 && left >= 2) {
        // Two similar flats of one agency.
        const c = this.pickCommune((x) => x.houseShare < 0.5);
        const sector = r.pick(c.sectors);
        const id = ++twinsSeq;
        const agency = r.pick(this.agenciesOf(c));
        const first = this.newObject({ commune: c, sector, type: "apartment", families: [`twins:${id}`] });
        first.forcedAgency = agency;
        first.photos = this.ownPhotos(first);
        const second = this.newObject({
          commune: c,
          sector,
          type: "apartment",
          tx: first.tx,
          rooms: first.rooms,
          area: Math.round(first.area * r.uniform(0.96, 1.04) * 10) / 10,
          families: [`twins:${id}`],
        });
        second.netPrice =
          first.tx === "sale"
            ? Math.round((first.netPrice * r.uniform(0.96, 1.04)) / 1000) * 1000
            : Math.round((first.netPrice * r.uniform(0.96, 1.04)) / 5) * 5;
        second.quartier = first.quartier;
        second.forcedAgency = agency;
        second.photos = this.ownPhotos(second);
      } else {
        const o = this.newObject({ commune: this.pickCommune() });
        o.photos = this.ownPhotos(o);
      }
    }
  }

  private ownPhotos(o: Obj): Photo[] {
    const r = this.rng;
    const n = o.type === "house" ? r.int(5, 16) : r.int(3, 12);
    const photos = Array.from({ length: n }, () => this.photo("own"));
    if (o.building && r.chance(0.5)) photos.splice(r.int(0, 1), 0, o.building.facade);
    return photos;
  }

  // ------------------------------------------------------------ publishing plans

  /** Who publishes the object, with which version of the facts, from when to when. */
  private versions(o: Obj): Version[] {
    const r = this.rng;
    const c = o.commune;
    const pubs: { pub: Publisher; photoMode: "primary" | "own" | "some" | "all" }[] = [];
    if (o.programme) {
      pubs.push({ pub: o.programme.promoter, photoMode: "primary" });
      if (r.chance(0.3)) pubs.push({ pub: r.chance(0.5) ? r.pick(this.mandatariesOf(c)) : r.pick(this.agenciesOf(c)), photoMode: "all" });
    } else {
      const first =
        o.forcedAgency ??
        r.weighted<() => Publisher>([
          [() => r.pick(this.agenciesOf(c)), 0.5],
          [() => this.owner(c), 0.3],
          [() => r.pick(this.mandatariesOf(c)), 0.2],
        ])();
      pubs.push({ pub: first, photoMode: "primary" });
      if (r.chance(0.42)) {
        const extra = r.weighted([
          [1, 0.7],
          [2, 0.3],
        ]);
        for (let i = 0; i < extra; i++) {
          const candidate = r.weighted<() => Publisher>([
            [() => r.pick(this.agenciesOf(c)), 0.55],
            [() => r.pick(this.mandatariesOf(c)), 0.25],
            [() => this.owner(c), first.kind === "owner" ? 0 : 0.2],
          ])();
          if (pubs.some((x) => x.pub.key === candidate.key)) continue;
          const mode = r.weighted([
            ["own", 0.62],
            ["some", 0.26],
            ["all", 0.12],
          ] as const);
          pubs.push({ pub: candidate, photoMode: mode });
        }
      }
    }
    const duration = o.tx === "sale" ? r.int(25, 160) : r.int(8, 55);
    const start = Math.max(r.int(-30, LAST_DAY - 8), 8 - duration);
    const objEnd = start + duration <= LAST_DAY ? start + duration : null;
    const winner = r.int(0, pubs.length - 1);
    const out: Version[] = [];
    pubs.forEach(({ pub, photoMode }, i) => {
      const vStart = i === 0 ? start : start + r.int(0, 40);
      if (vStart > LAST_DAY - 2 || (objEnd !== null && vStart >= objEnd - 3)) return;
      let vEnd: number | null = objEnd;
      let finalStatus: Version["finalStatus"] = "removed";
      if (objEnd !== null) {
        if (i === winner) finalStatus = o.tx === "sale" ? "sold" : "rented";
        else vEnd = Math.min(objEnd + r.int(0, 12), LAST_DAY + 1);
      }
      if (i !== winner && r.chance(0.15)) vEnd = Math.min(vEnd ?? LAST_DAY + 1, vStart + r.int(12, 60)); // mandate not renewed
      if (vEnd !== null && vEnd > LAST_DAY) vEnd = null;
      out.push(this.version(o, pub, photoMode, vStart, vEnd, finalStatus));
    });
    return out;
  }

  private version(
    o: Obj,
    pub: Publisher,
    photoMode: "primary" | "own" | "some" | "all",
    start: number,
    end: number | null,
    finalStatus: Version["finalStatus"],
  ): Version {
    const r = this.rng;
    // Area as this publisher measured it: Carrez law area, floor area, whole metres, with annexes.
    let area = o.area;
    const how = r.weighted([
      ["same", 0.45],
      ["round", 0.22],
      ["carrez", o.type === "apartment" ? 0.18 : 0],
      ["annex", o.type === "house" ? 0.18 : 0.05],
      ["other", 0.1],
    ] as const);
    if (how === "round") area = Math.round(area);
    else if (how === "carrez") area = Math.round(area * r.uniform(0.93, 0.99) * 10) / 10;
    else if (how === "annex") area = Math.round(area * r.uniform(1.01, 1.06));
    else if (how === "other") area = Math.round(area * r.uniform(0.94, 1.06) * 100) / 100;
    if (o.programme) area = o.area;
    let rooms = o.rooms;
    let roomsNoise = 0;
    if (!o.programme && r.chance(0.12)) {
      roomsNoise = o.rooms <= 1 ? 1 : r.pick([-1, 1]);
      rooms = o.rooms + roomsNoise;
    }
    let feeRate = 0;
    let price = o.netPrice;
    if (o.tx === "sale" && pub.kind !== "owner" && pub.kind !== "promoter") {
      feeRate = pub.feeRate;
      price = Math.round((o.netPrice * (1 + feeRate)) / 100) * 100;
    } else if (o.tx === "sale" && pub.kind === "owner") {
      price = Math.round((o.netPrice * r.uniform(0.98, 1.03)) / 1000) * 1000;
    } else if (o.tx === "rent") {
      // Charges included or not: rents differ by the charges (a few %).
      price = r.chance(0.6) ? o.netPrice + o.charges : o.netPrice;
      if (pub.kind === "owner" && r.chance(0.3)) price = Math.round((price * r.uniform(0.97, 1.03)) / 10) * 10;
    }
    const cuts: Version["cuts"] = [];
    const life = (end ?? LAST_DAY) - start;
    if (life > 25 && r.chance(o.tx === "sale" ? 0.38 : 0.18)) {
      let day = start + r.int(18, Math.max(19, life - 5));
      let p = price;
      for (let k = 0; k < (r.chance(0.25) ? 2 : 1) && day < (end ?? LAST_DAY); k++) {
        p = o.tx === "sale" ? Math.round((p * (1 - r.uniform(0.02, 0.07))) / 1000) * 1000 : Math.round((p * (1 - r.uniform(0.02, 0.06))) / 10) * 10;
        cuts.push({ day, price: p });
        day += r.int(15, 40);
      }
    }
    // Photos.
    let photos: Photo[];
    if (o.programme) {
      photos = [...o.programme.renders, ...o.photos];
      if (photoMode !== "primary") photos = r.sample(photos, Math.max(2, photos.length - 1));
    } else if (photoMode === "primary" || photoMode === "all") {
      photos = [...o.photos];
      if (photoMode === "all" && r.chance(0.4)) r.shuffle(photos);
    } else if (photoMode === "some") {
      const shared = r.sample(
        o.photos.filter((p) => p.kind === "own"),
        r.int(1, 3),
      );
      const own = Array.from({ length: r.int(2, 8) }, () => this.photo("own"));
      photos = r.shuffle([...shared, ...own]);
    } else {
      photos = Array.from({ length: r.chance(0.06) ? 0 : r.int(2, 12) }, () => this.photo("own"));
      if (o.building && r.chance(0.3)) photos.unshift(o.building.facade);
    }
    const contact = pub.kind === "owner" ? (pub.staff[0] ?? null) : pub.kind === "mandatary" ? (pub.staff[0] ?? null) : r.pick(pub.staff);
    const exclusive = pub.kind === "owner" ? false : r.chance(pub.kind === "mandatary" ? 0.35 : 0.25);
    const underOfferDay = finalStatus === "sold" && end !== null && r.chance(0.45) ? Math.max(start + 3, end - r.int(5, 30)) : null;
    const ref = pub.kind === "owner" ? "" : `${pub.refPrefix}${r.int(1000, 99999)}`;
    const v: Version = {
      obj: o,
      pub,
      area,
      rooms,
      bedrooms: Math.max(0, o.bedrooms + (roomsNoise > 0 && r.chance(0.5) ? 1 : 0)),
      price,
      cuts,
      photos,
      exclusive,
      start,
      end,
      finalStatus,
      underOfferDay,
      contact,
      ownerName: null,
      refusing: pub.kind === "owner" && r.chance(0.6),
      feeRate,
      ref,
      description: "",
      showsDpe: r.chance(o.isNew ? 0.6 : 0.9),
      showsDpeValue: r.chance(0.65),
      showsGes: r.chance(0.7),
      showsFloor: r.chance(0.7),
      showsBedrooms: r.chance(0.72),
      showsYear: r.chance(0.45),
      rooms_noise: roomsNoise,
    };
    if (pub.kind === "owner")
      v.ownerName = r.weighted([
        [`${pub.staff[0]?.first}`, 0.45],
        [`${pub.staff[0]?.first} ${pub.staff[0]?.last}`, 0.3],
        [`M. ${pub.staff[0]?.last}`, 0.15],
        [`${pub.staff[0]?.last}`.toUpperCase(), 0.1],
      ]);
    v.description = this.describe(v);
    return v;
  }

  private facts(v: Version, area: number, price: number): Facts {
    const o = v.obj;
    return {
      type: o.type,
      tx: o.tx,
      area,
      rooms: v.rooms,
      bedrooms: v.bedrooms,
      floor: o.floor,
      floorCount: o.floorCount,
      elevator: o.elevator,
      balconyArea: o.balconyArea,
      terraceArea: o.terraceArea,
      gardenArea: o.gardenArea,
      parking: o.parking,
      cellar: o.cellar,
      pool: o.pool,
      landArea: o.landArea,
      orientation: o.orientation,
      heating: o.heating.label,
      quartier: o.quartier,
      city: o.sector.cityNames[0] ?? o.commune.officialName,
      dpe: v.showsDpe ? dpeLabel(o.dpeValue) : null,
      year: o.year,
      price,
      netPrice: o.tx === "sale" ? o.netPrice : o.netPrice,
      charges: o.charges,
      feeRate: v.feeRate,
      lots: o.lots,
      available: this.rng.pick(["de suite", "immédiatement", `le ${dateOf(v.start + 20).slice(8, 10)}/${dateOf(v.start + 20).slice(5, 7)}`]),
      isNew: o.isNew,
    };
  }

  private describe(v: Version): string {
    const r = this.rng;
    const f = this.facts(v, v.area, v.price);
    const pub = v.pub;
    const contact = v.contact;
    if (pub.kind === "owner") return ownerDescription(r, f, v.refusing);
    if (pub.kind === "promoter" && v.obj.programme) {
      return programmeDescription(f, v.obj.programme.name, pub.name, v.obj.programme.units, v.obj.lot ?? "A11", v.obj.programme.delivery, r.chance(0.5));
    }
    if (pub.kind === "mandatary" && contact && pub.network) {
      return mandataryDescription(
        r,
        f,
        `${contact.first} ${contact.last}`,
        pub.network.role,
        pub.network.names[0] ?? pub.network.key,
        spellPhone(r, contact.mobile),
        pub.rsac ?? "",
        v.obj.commune.officialName.split(" ")[0] ?? "",
        v.exclusive,
      );
    }
    return agencyDescription(
      r,
      f,
      pub.style,
      pub.name,
      contact ? `${contact.first} ${contact.last}` : pub.name,
      spellPhone(r, contact?.mobile ?? pub.phone ?? "0600000000"),
      v.ref,
      v.exclusive,
    );
  }

  // ------------------------------------------------------------ listings

  private url(portal: string, o: Obj, v: Version): string {
    const r = this.rng;
    const seq = (this.portalSeq.get(portal) ?? 0) + r.int(1, 400);
    this.portalSeq.set(portal, seq);
    const c = o.commune;
    const sale = o.tx === "sale";
    const word = o.type === "house" ? "maison" : "appartement";
    switch (portal) {
      case "seloger.com":
        return `https://www.seloger.com/annonces/${sale ? "achat" : "locations"}/${word}/${c.selogerSlug}/${slugify(o.quartier)}/${200_000_000 + seq}.htm`;
      case "leboncoin.fr":
        return `https://www.leboncoin.fr/ad/${sale ? "ventes_immobilieres" : "locations"}/${2_800_000_000 + seq}`;
      case "pap.fr":
        return `https://www.pap.fr/annonces/${word}-${c.slug}-${o.sector.postcode}-r${440_000_000 + seq}`;
      case "bienici.com":
        return `https://www.bienici.com/annonce/${sale ? "vente" : "location"}/${c.slug}/${word}/${v.rooms}pieces/${slugify(v.pub.refPrefix || "ag")}-${v.pub.key.replace(/\D/g, "")}-${9_000_000 + seq}`;
      case "logic-immo.com": {
        const hex = ((seq * 2654435761) >>> 0).toString(16).padStart(8, "0");
        return `https://www.logic-immo.com/detail-${sale ? "vente" : "location"}-${hex}-${r.digits(4)}-${(1000 + (seq % 9000)).toString(16)}-a${r.digits(3)}-${r.digits(12)}.htm`;
      }
      case "lefigaro.fr":
        return `https://immobilier.lefigaro.fr/annonces/annonce-${70_000_000 + seq}.html`;
      case "ouestfrance-immo.com":
        return `https://www.ouestfrance-immo.com/immobilier/${sale ? "vente" : "location"}/${word}/${c.slug}-${c.department}-${c.insee}/${v.rooms}-pieces-${17_000_000 + seq}.htm`;
      default:
        return `https://www.paruvendu.fr/immobilier/${sale ? "vente" : "location"}/${word}/${1_260_000_000 + seq}A1KIVH${o.type === "house" ? "MA" : "AP"}000`;
    }
  }

  private portalsOf(v: Version): string[] {
    const r = this.rng;
    const pool = v.pub.portals.filter((p) => p !== "ouestfrance-immo.com" || v.obj.commune.west);
    if (v.pub.kind === "owner") return pool;
    const n =
      v.pub.kind === "promoter"
        ? pool.length
        : r.weighted([
            [1, 0.35],
            [2, 0.35],
            [3, 0.2],
            [4, 0.1],
          ]);
    return r.sample(pool, Math.max(1, n));
  }

  private makeListing(v: Version, portal: string, start: number, end: number | null, relistingOf: string | null, like: Listing | null): Listing {
    const r = this.rng;
    const o = v.obj;
    const id = this.listings.length + 1;
    // Photos as this portal shows them: sometimes one dropped, sometimes reordered, a cap on leboncoin for owners.
    let photos = like ? [...like.version.photos] : [...v.photos];
    if (photos.length > 3 && r.chance(0.15)) photos.splice(r.int(0, photos.length - 1), 1);
    if (photos.length > 2 && r.chance(0.15)) {
      const i = r.int(0, photos.length - 2);
      const t = photos[i] as Photo;
      photos[i] = photos[i + 1] as Photo;
      photos[i + 1] = t;
    }
    if (portal === "leboncoin.fr" && v.pub.kind === "owner") photos = photos.slice(0, 3 + (r.chance(0.5) ? 7 : 0));
    if (v.pub.logo && r.chance(v.pub.logoShare)) {
      if (r.chance(0.7)) photos.push(v.pub.logo);
      else photos.unshift(v.pub.logo);
    }
    const images = photos.map((p, i) => this.reencode(p, portal, id, i));
    // Area as shown: whole metres on leboncoin and pap.
    let area = v.area;
    if (portal === "leboncoin.fr" || portal === "pap.fr") area = Math.round(area);
    // Coordinates: exact, jittered 100-500 m, commune centre, or none; pap and leboncoin never exact.
    const exactOk = portal !== "pap.fr" && portal !== "leboncoin.fr";
    const mode = r.weighted([
      ["exact", exactOk ? 0.35 : 0],
      ["jitter", 0.35],
      ["centre", 0.15],
      ["none", 0.15],
    ] as const);
    let coords: Listing["coords"] = null;
    if (mode === "exact") coords = this.jitter(o.lat, o.lon, 0.015);
    else if (mode === "jitter") {
      const d = r.uniform(0.1, 0.5);
      const a = r.uniform(0, 2 * Math.PI);
      coords = { lat: o.lat + (d / 111.2) * Math.cos(a), lon: o.lon + (d / (111.2 * Math.cos((o.lat * Math.PI) / 180))) * Math.sin(a) };
    } else if (mode === "centre") coords = { lat: o.sector.lat, lon: o.sector.lon };
    if (coords) coords = { lat: Math.round(coords.lat * 1e6) / 1e6, lon: Math.round(coords.lon * 1e6) / 1e6 };
    const wrong = !like && r.chance(0.05);
    const lst: Listing = {
      id,
      url: this.url(portal, o, v),
      portal,
      version: v,
      start,
      end,
      endsBy: "removal",
      relistingOf,
      images,
      photoIds: new Set(photos.filter((p) => p.kind !== "logo").map((p) => p.id)),
      area,
      wrongArea: wrong ? Math.round(area * r.pick([r.uniform(1.08, 1.2), r.uniform(0.82, 0.92)])) : null,
      wrongUntil: null,
      coords,
      cityName: r.pick(o.sector.cityNames),
      inseeMode:
        o.sector.formerInsee && r.chance(0.3)
          ? "former"
          : r.chance(["seloger.com", "bienici.com", "logic-immo.com"].includes(portal) ? 0.7 : 0.25)
            ? "current"
            : "none",
      title: title(r, portal, this.facts(v, area, v.price), v.pub.kind),
      description: like ? like.description : this.portalDescription(v, portal),
      publisherBlock: this.publisherBlock(v, portal),
      contactBlock: this.contactBlock(v, portal),
      fieldStyle: { priceAsText: r.chance(0.05), areaAsText: r.chance(0.04), dpeAsText: r.chance(0.1), statusUpper: r.chance(0.1) },
      publishedAt: null,
      firstSeen: start,
    };
    if (relistingOf && r.chance(0.5)) lst.title = lst.title.replace(/^(\S+)/, "$1 -") + r.pick([" - Baisse de prix", " - Nouveauté", " - À saisir", ""]);
    this.listings.push(lst);
    return lst;
  }

  /** A copy of the description for one portal: the same text, trimmed or signed differently. */
  private portalDescription(v: Version, portal: string): string {
    const r = this.rng;
    let d = v.description;
    if (portal === "leboncoin.fr" && d.length > 600 && r.chance(0.3)) d = d.slice(0, 600).replace(/\s\S*$/, "") + "...";
    if (v.pub.kind === "agency" && r.chance(0.3))
      d += `\n\nLes informations sur les risques auxquels ce bien est exposé sont disponibles sur le site Géorisques : www.georisques.gouv.fr`;
    if (v.pub.kind === "agency" && portal === "bienici.com" && r.chance(0.5)) d = d.replace(/\n+/g, " ");
    return d;
  }

  private publisherBlock(v: Version, portal: string): Record<string, unknown> | null {
    const r = this.rng;
    const p = v.pub;
    if (p.kind === "owner") return r.chance(0.6) ? { isProfessional: false } : null;
    const block: Record<string, unknown> = { isProfessional: true, type: p.kind === "mandatary" ? "mandatary" : "agency" };
    if (p.kind === "mandatary" && p.network) {
      const agent = p.staff[0];
      block.name = r.weighted<() => string>([
        [() => spellName(r, r.pick(p.network!.names)), 0.55],
        [() => `${agent?.first} ${agent?.last} - ${p.network!.names[0]}`, 0.3],
        [() => `${agent?.first} ${agent?.last}`, 0.15],
      ])();
      if (r.chance(0.5) && agent) block.phone = spellPhone(r, agent.mobile);
      if (r.chance(0.4) && agent) block.email = spellEmail(r, agent.email, `${agent.first} ${agent.last}`);
    } else {
      block.name = spellName(r, p.name);
      if (p.phone && r.chance(0.8)) block.phone = spellPhone(r, p.phone);
      if (p.email && r.chance(0.6)) block.email = spellEmail(r, p.email, p.name);
    }
    if (p.feesUrl && portal !== "leboncoin.fr" && r.chance(0.6)) block.feesUrl = r.chance(0.8) ? p.feesUrl : p.feesUrl.replace("https://", "");
    if (p.siret) {
      const wants = portal === "leboncoin.fr" ? r.chance(0.5) : r.chance(0.65);
      if (wants) {
        if (portal === "leboncoin.fr" && r.chance(0.6)) block.siren = p.siret.slice(0, 9);
        else {
          block.siret = spellSiret(r, p.siret);
          if (r.chance(0.1)) block.siren = p.siret.slice(0, 9);
        }
      }
    }
    return block;
  }

  private contactBlock(v: Version, portal: string): Record<string, unknown> | null {
    const r = this.rng;
    const p = v.pub;
    const person = v.contact;
    if (!person) return null;
    if (p.kind === "owner") {
      const c: Record<string, unknown> = { name: v.ownerName };
      if (portal !== "leboncoin.fr" || r.chance(0.4)) c.phone = spellPhone(r, person.mobile);
      if (portal !== "leboncoin.fr" && r.chance(0.45)) c.email = spellEmail(r, person.email, `${person.first} ${person.last}`);
      c.isRefusingSolicitation = v.refusing;
      return c;
    }
    if (p.kind === "promoter" && v.obj.programme) {
      return {
        name: r.chance(0.5) ? `Espace de vente ${v.obj.programme.name}` : `${person.first} ${person.last}`,
        phone: spellPhone(r, r.chance(0.5) ? person.mobile : (p.phone ?? person.mobile)),
      };
    }
    if (r.chance(0.15)) return null;
    const c: Record<string, unknown> = { name: r.chance(0.8) ? `${person.first} ${person.last}` : `${person.first} ${person.last}`.toUpperCase() };
    if (r.chance(0.85)) c.phone = spellPhone(r, person.mobile);
    if (r.chance(0.5)) c.email = spellEmail(r, person.email, `${person.first} ${person.last}`);
    return c;
  }

  buildListings(): void {
    const r = this.rng;
    for (const o of this.objects) {
      // One object is on 1 to 4 portals, whoever publishes it.
      const domains = new Set<string>();
      for (const v of this.versions(o)) {
        for (const portal of this.portalsOf(v)) {
          if (!domains.has(portal) && domains.size >= 4) continue;
          domains.add(portal);
          const lag = r.int(0, portal === v.pub.portals[0] ? 1 : 6);
          const start = v.start + lag;
          if (start > LAST_DAY - 1 || (v.end !== null && start >= v.end - 1)) continue;
          const end = v.end === null ? null : Math.min(LAST_DAY + 1, v.end + r.int(0, 3));
          let current = this.makeListing(v, portal, start, end === null || end > LAST_DAY ? null : end, null, null);
          // Re-listing under a new URL by the same publisher (the portal's "remonter l'annonce" trick, or a new mandate).
          let relists = 0;
          while (relists < 2 && r.chance(relists === 0 ? (v.pub.kind === "owner" ? 0.05 : 0.1) : 0.2)) {
            const stop = current.end ?? LAST_DAY;
            if (stop - current.start < 20) break;
            const cut = current.start + r.int(10, stop - current.start - 8);
            const restart = cut + r.int(1, 20);
            if (restart > LAST_DAY - 1 || (current.end !== null && restart >= current.end - 1)) break;
            const next = this.makeListing(v, portal, restart, current.end, current.url, current);
            current.end = cut;
            current.endsBy = "relisted";
            current = next;
            relists++;
          }
        }
      }
    }
  }

  // ------------------------------------------------------------ observations

  private priceAt(v: Version, day: number): number {
    let p = v.price;
    for (const c of v.cuts) if (c.day <= day) p = c.price;
    return p;
  }

  private emit(_day: number, json: Record<string, unknown>, t: number): void {
    this.lines.push({ t, seq: this.lineSeq++, json: JSON.stringify(json) });
  }

  private observation(l: Listing, day: number, status: string): Record<string, unknown> {
    const r = this.rng;
    const v = l.version;
    const o = v.obj;
    const area = l.wrongArea !== null && l.wrongUntil !== null && day < l.wrongUntil ? l.wrongArea : l.area;
    const price = this.priceAt(v, day);
    const location: Record<string, unknown> = { postcode: o.sector.postcode, city: { name: l.cityName } };
    if (l.inseeMode === "current") (location.city as Record<string, unknown>).inseeCode = o.commune.insee;
    else if (l.inseeMode === "former" && o.sector.formerInsee) (location.city as Record<string, unknown>).inseeCode = o.sector.formerInsee;
    if (l.coords) {
      location.latitude = l.coords.lat;
      location.longitude = l.coords.lon;
    }
    const property: Record<string, unknown> = {
      type: o.type,
      area: l.fieldStyle.areaAsText ? `${String(area).replace(".", ",")} m²` : area,
      roomCount: v.rooms,
    };
    if (v.showsBedrooms && v.bedrooms > 0) property.bedroomCount = v.bedrooms;
    if (o.type === "apartment" && v.showsFloor && o.floor !== null) property.floor = o.floor;
    if (o.type === "apartment" && v.showsFloor && o.floorCount !== null && l.portal !== "leboncoin.fr") property.floorCount = o.floorCount;
    if (o.type === "apartment" && l.portal !== "pap.fr") property.elevatorExists = o.elevator;
    if (o.balconyArea > 0) property.balconyExists = true;
    if (o.balconyArea > 0 && l.portal === "seloger.com") property.balconyArea = o.balconyArea;
    if (o.terraceArea > 0) property.terraceExists = true;
    if (o.gardenArea > 0 && l.portal !== "leboncoin.fr") property.gardenExists = true;
    if (o.parking) property.parkingExists = true;
    if (o.cellar && l.portal !== "leboncoin.fr") property.cellarExists = true;
    if (o.pool) property.swimmingPoolExists = true;
    if (o.landArea !== null && l.portal !== "bienici.com") property.landArea = o.landArea;
    if (o.year !== null && v.showsYear) property.constructionYear = o.year;
    if (o.isNew) {
      property.isNew = true;
      if (l.portal === "seloger.com" || l.portal === "bienici.com") property.propertyIsProgram = true;
    }
    const transaction: Record<string, unknown> = {
      type: o.tx,
      price: l.fieldStyle.priceAsText ? `${fmtInt(price)} €` : price,
    };
    if (v.pub.kind !== "owner") transaction.isExclusiveMandate = v.exclusive;
    const out: Record<string, unknown> = {
      source: r.chance(0.5) ? { domain: l.portal, url: l.url } : { url: l.url },
      observedAt: "",
      status: l.fieldStyle.statusUpper ? status.replace(/([A-Z])/g, "_$1").toUpperCase() : status,
    };
    if (l.publishedAt) out.publishedAt = l.publishedAt;
    out.title = l.title;
    out.description = l.description;
    if (l.publisherBlock) out.publisher = l.publisherBlock;
    if (l.contactBlock) out.contact = l.contactBlock;
    out.location = location;
    out.property = property;
    if (v.showsDpe) {
      const energy: Record<string, unknown> = {};
      const label = dpeLabel(o.dpeValue);
      const dpe: Record<string, unknown> = { label: l.fieldStyle.dpeAsText ? `Classe énergie ${label}` : label };
      if (v.showsDpeValue) dpe.value = o.dpeValue;
      energy.dpe = dpe;
      if (v.showsGes) energy.ges = { label: gesLabel(o.gesValue), value: o.gesValue };
      if (l.portal === "seloger.com" || l.portal === "bienici.com")
        energy.heating = o.heating.source ? { source: o.heating.source, type: o.heating.type } : { type: o.heating.type };
      out.energy = energy;
    }
    out.transaction = transaction;
    if (l.images.length) out.media = { images: l.images };
    return out;
  }

  buildLines(): void {
    const r = this.rng;
    for (const l of this.listings) {
      const v = l.version;
      const firstDay = Math.max(l.start, 0);
      // The collector first sees a listing within days of its publication; listings older than the window are seen on day 0..3.
      let day = l.start >= 0 ? l.start + r.int(0, 2) : r.int(0, 3);
      const stop = l.end; // day the listing ends (status or removal), null: still online at the end
      if (stop !== null && day >= stop) day = Math.max(firstDay, stop - 1);
      if (day > LAST_DAY || (stop !== null && day >= stop)) continue;
      l.firstSeen = day;
      const pubDay = Math.min(l.start, day);
      l.publishedAt = r.chance(0.7)
        ? r.chance(0.5)
          ? dateOf(pubDay)
          : `${dateOf(pubDay)}T${String(r.int(6, 21)).padStart(2, "0")}:${String(r.int(0, 59)).padStart(2, "0")}:00Z`
        : null;
      if (l.wrongArea !== null) l.wrongUntil = day + r.int(4, 30);
      const days: number[] = [];
      const last = stop === null ? LAST_DAY : Math.min(stop - 1, LAST_DAY);
      const step = (): number =>
        r.weighted([
          [r.int(2, 5), 0.3],
          [r.int(6, 12), 0.5],
          [r.int(13, 25), 0.2],
        ]);
      for (let d = day; d <= last; d += step()) days.push(d);
      // Make sure a price cut or a correction is seen once at least when it happens in the listing's life.
      for (const c of v.cuts)
        if (c.day > day && c.day <= last && !days.some((d) => d >= c.day && d < c.day + 4)) days.push(Math.min(last, c.day + r.int(0, 3)));
      if (l.wrongUntil !== null && l.wrongUntil <= last && !days.some((d) => d >= (l.wrongUntil ?? 0))) days.push(last);
      if (v.underOfferDay !== null && v.underOfferDay <= last && !days.some((d) => d >= (v.underOfferDay ?? 0))) days.push(last);
      const uniq = [...new Set(days)].sort((a, b) => a - b);
      let lastT = 0;
      const at = (d: number): number => {
        let t = DAY0 + d * DAY_MS + r.int(6 * 3600, 22 * 3600) * 1000;
        if (t <= lastT) t = lastT + r.int(60, 3600) * 1000;
        lastT = t;
        return t;
      };
      const showsUnderOffer = v.underOfferDay !== null && r.chance(0.7);
      for (const d of uniq) {
        const status = showsUnderOffer && v.underOfferDay !== null && d >= v.underOfferDay ? "underOffer" : "available";
        const t = at(d);
        const obs = this.observation(l, d, status);
        obs.observedAt = iso(t);
        this.emit(d, obs, t);
        this.seenUrls.add(l.url);
      }
      if (stop !== null && stop <= LAST_DAY) {
        const endDay = Math.max(stop, uniq[uniq.length - 1] ?? day);
        const isWinnerEnd = l.endsBy !== "relisted" && v.end !== null && v.finalStatus !== "removed" && stop >= v.end;
        if (isWinnerEnd && r.chance(0.5)) {
          // The portal shows "vendu"/"loué" for a while, then the listing disappears.
          const t = at(endDay);
          const obs = this.observation(l, endDay, v.finalStatus);
          obs.observedAt = iso(t);
          this.emit(endDay, obs, t);
          const gone = endDay + r.int(3, 20);
          if (gone <= LAST_DAY) {
            const t2 = at(gone);
            this.emit(gone, { source: { url: l.url }, observedAt: iso(t2), status: "removed" }, t2);
          }
        } else {
          const t = at(endDay);
          if (r.chance(0.8)) this.emit(endDay, { source: { url: l.url }, observedAt: iso(t), status: r.chance(0.9) ? "removed" : "REMOVED" }, t);
          else {
            const obs = this.observation(l, endDay, "removed");
            obs.observedAt = iso(t);
            this.emit(endDay, obs, t);
          }
        }
      }
    }
    this.lines.sort((a, b) => a.t - b.t || a.seq - b.seq);
  }

  // ------------------------------------------------------------ truth

  truth(): Record<string, unknown>[] {
    const byObject = new Map<number, Listing[]>();
    for (const l of this.listings) {
      const list = byObject.get(l.version.obj.id) ?? [];
      list.push(l);
      byObject.set(l.version.obj.id, list);
    }
    const firstOf = new Map<number, Listing>();
    for (const [id, ls] of byObject) {
      const seen = ls.filter((l) => this.seenUrls.has(l.url));
      const first = [...seen].sort((a, b) => a.firstSeen - b.firstSeen || a.id - b.id)[0];
      if (first) firstOf.set(id, first);
    }
    const out: Record<string, unknown>[] = [];
    for (const l of this.listings) {
      if (!this.seenUrls.has(l.url)) continue;
      const o = l.version.obj;
      const first = firstOf.get(o.id);
      const shares = first === l || (first !== undefined && [...l.photoIds].some((id) => first.photoIds.has(id)));
      out.push({
        url: l.url,
        objectId: o.id,
        publisher: l.version.pub.key,
        professional: l.version.pub.professional,
        relistingOf: l.relistingOf,
        sharesPhotosWithOriginal: shares,
        families: o.families,
        block: `${o.commune.insee}|${o.type}|${o.tx}`,
        area: o.area,
        rooms: o.rooms,
      });
    }
    return out;
  }

  readonly seenUrls = new Set<string>();
}

function iso(t: number): string {
  return new Date(t).toISOString().replace(/\.\d{3}Z$/, "Z");
}

function dpeLabel(v: number): string {
  return v <= 70 ? "A" : v <= 110 ? "B" : v <= 180 ? "C" : v <= 250 ? "D" : v <= 330 ? "E" : v <= 420 ? "F" : "G";
}

function gesLabel(v: number): string {
  return v <= 6 ? "A" : v <= 11 ? "B" : v <= 30 ? "C" : v <= 50 ? "D" : v <= 70 ? "E" : v <= 100 ? "F" : "G";
}

// ---------------------------------------------------------------- main

function main(): void {
  const opts = parseArgs(process.argv.slice(2));
  const g = new Generator(opts.seed);
  g.buildObjects(opts.objects);
  g.buildListings();
  g.buildLines();
  const truth = g.truth();
  mkdirSync(opts.out, { recursive: true });
  writeFileSync(join(opts.out, "feed.ndjson"), g.lines.map((l) => l.json).join("\n") + "\n");
  writeFileSync(join(opts.out, "truth.json"), "[\n" + truth.map((t) => JSON.stringify(t)).join(",\n") + "\n]\n");
  const objectsWithListings = new Set(truth.map((t) => t.objectId)).size;
  console.log(JSON.stringify({ objects: g.objects.length, objectsWithListings, listings: truth.length, lines: g.lines.length, out: opts.out }));
}

main();

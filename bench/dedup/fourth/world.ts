/**
 * The market: publishers (agencies, networks' agents, promoters, notaries, owners) and real-world objects, including
 * the hard-negative families (new-build programmes, buildings, an agency's twin flats).
 */
import {
  CLUSTER_WORDS,
  COMMUNES,
  type Cluster,
  type Commune,
  FIRST_NAMES,
  FRANCHISES,
  type Franchise,
  INDEPENDENT_AGENCY_WORDS,
  LANDLINES,
  LAST_NAMES,
  NETWORKS,
  type Network,
  NOTARY_WORDS,
  OWNER_EMAIL_DOMAINS,
  PROGRAMME_NAMES,
  PROMOTERS,
} from "./data.js";
import { emailLocal, landline, mobile, siren, siret, slug } from "./ids.js";
import type { PortalId } from "./portals.js";
import { type Rng, flipBits } from "./rng.js";
import type { Features, Kind, Tx } from "./text.js";

export const DAY = 86_400_000;
/** The crawl window: the first and last instants a collector observes. */
export const W0 = Date.UTC(2026, 4, 4);
export const W1 = Date.UTC(2026, 10, 14);

export type Photo = { id: number; p: string; d: string; a: string };

export class PhotoBank {
  private next = 1;
  constructor(private readonly rng: Rng) {}
  shoot(n: number): Photo[] {
    return Array.from({ length: n }, () => this.one());
  }
  one(): Photo {
    return { id: this.next++, p: this.rng.hex(16), d: this.rng.hex(16), a: this.rng.hex(16) };
  }
  /** The same scene shot again by the same photographer (a near-duplicate angle): close but not a copy. */
  variant(of: Photo): Photo {
    return { id: this.next++, p: flipBits(of.p, this.rng.int(9, 16), this.rng), d: flipBits(of.d, this.rng.int(9, 16), this.rng), a: of.a };
  }
}

export type Contact = { first: string; last: string; phone: string; email: string | null };

export type Role = "agency" | "promoter" | "notary" | "agent" | "owner";

export type Publisher = {
  key: string;
  role: Role;
  professional: boolean;
  /** Spellings of the name across portals; the first is the usual one. */
  names: string[];
  sirets: string[];
  /** A network agent's own SIREN (RSAC), shown by some portals instead of the network's SIRET. */
  ownSiret: string | null;
  phone: string | null;
  email: string | null;
  feesUrl: string | null;
  contacts: Contact[];
  network: Network | null;
  franchise: Franchise | null;
  cluster: Cluster;
  home: Commune;
  branding: Photo | null;
  refPrefix: string | null;
  slug: string;
  sale: boolean;
  rent: boolean;
  /** Relative weights of the portals this publisher's software sends listings to. */
  diffusion: [PortalId, number][];
  /** Publishers who carry phone numbers in their texts. */
  phoneInText: boolean;
};

export type Heating = { source: string; system: string; type: string; text: string };
export type Energy = { label: string; value: number };

export type Programme = {
  id: number;
  promoter: Publisher;
  resellers: Publisher[];
  commune: Commune;
  name: string;
  street: string;
  lat: number;
  lon: number;
  renders: Photo[];
  delivery: string;
  deliveryYear: number;
  sccvSiret: string | null;
  units: number;
};

export type Building = {
  id: number;
  commune: Commune;
  street: string;
  lat: number;
  lon: number;
  year: number;
  floorCount: number;
  elevator: boolean;
  collectiveDpe: { dpe: Energy; ges: Energy } | null;
  heating: Heating | null;
  /** One agency selling the whole building flat by flat ("vente à la découpe"). */
  seller: Publisher | null;
  /** Façade, hall, staircase, courtyard photos of each publisher who photographed the building. */
  shots: Map<string, Photo[]>;
};

export type TwinGroup = { id: number; agency: Publisher; photos: Photo[] | null; common: Photo[]; textSeed: number };

export type Obj = Features & {
  id: number;
  commune: Commune;
  year: number;
  dpe: Energy | null;
  ges: Energy | null;
  dpeDate: string;
  heating: Heating;
  orientation: string;
  lat: number;
  lon: number;
  street: string;
  quarter: string;
  postcode: string;
  price: number;
  rentCharges: number;
  furnished: boolean;
  coproLots: number | null;
  coproCharges: number | null;
  renovation: boolean;
  isNew: boolean;
  families: string[];
  programme: Programme | null;
  lot: string | null;
  building: Building | null;
  twins: TwinGroup | null;
  start: number;
  end: number;
  sold: boolean;
};

const ENERGY_BOUNDS = [70, 110, 180, 250, 330, 420];
const GES_BOUNDS = [6, 11, 30, 50, 70, 100];
const LETTERS = ["a", "b", "c", "d", "e", "f", "g"];
const classOf = (v: number, bounds: number[]): number => {
  const i = bounds.findIndex((b) => v <= b);
  return i === -1 ? 6 : i;
};

function energyFor(rng: Rng, year: number, isNew: boolean, rent: boolean, kind: Kind): { dpe: Energy; ges: Energy } {
  let cls: number;
  if (isNew) cls = rng.weighted([[0, 60] as const, [1, 40] as const]);
  else if (year >= 2012) cls = rng.weighted([[1, 30] as const, [2, 55] as const, [3, 15] as const]);
  else if (year >= 1990) cls = rng.weighted([[2, 25] as const, [3, 45] as const, [4, 25] as const, [5, 5] as const]);
  else if (year >= 1948) cls = rng.weighted([[2, 8] as const, [3, 32] as const, [4, 33] as const, [5, 17] as const, [6, 10] as const]);
  else cls = rng.weighted([[2, 5] as const, [3, 25] as const, [4, 30] as const, [5, 22] as const, [6, 18] as const]);
  if (rent && cls === 6) cls = 5; // G-rated homes may no longer be let (2025)
  if (kind === "house" && cls < 1 && !isNew) cls = 1;
  const lo = cls === 0 ? 35 : ENERGY_BOUNDS[cls - 1]! + 1;
  const hi = cls === 6 ? 560 : ENERGY_BOUNDS[cls]!;
  const value = rng.int(lo, hi);
  const gesValue = Math.max(1, Math.round(value * rng.float(0.05, 0.25)));
  const gesCls = classOf(gesValue, GES_BOUNDS);
  return { dpe: { label: LETTERS[Math.max(cls, gesCls)]!, value }, ges: { label: LETTERS[gesCls]!, value: gesValue } };
}

function heatingFor(rng: Rng, year: number, kind: Kind, paris: boolean): Heating {
  return rng.weighted<Heating>([
    [{ source: "gas", system: "radiator", type: "individual", text: "individuel au gaz" }, 30],
    [{ source: "gas", system: "radiator", type: "shared", text: "collectif au gaz" }, kind === "apartment" ? (paris ? 25 : 12) : 0],
    [{ source: "electricity", system: "radiator", type: "individual", text: "électrique" }, year > 1970 ? 30 : 15],
    [{ source: "electricity", system: "reversibleAirConditioning", type: "individual", text: "par climatisation réversible" }, 6],
    [
      { source: "aerothermal", system: "floor", type: "individual", text: "par pompe à chaleur (plancher chauffant)" },
      kind === "house" && year > 2005 ? 15 : 1,
    ],
    [{ source: "fuel", system: "radiator", type: "individual", text: "au fioul" }, kind === "house" && year < 1990 ? 8 : 0],
    [{ source: "wood", system: "stove", type: "individual", text: "poêle à bois et radiateurs électriques" }, kind === "house" ? 6 : 0],
    [{ source: "gas", system: "radiator", type: "city", text: "urbain" }, kind === "apartment" && year > 1960 ? 5 : 0],
  ]);
}

const personName = (rng: Rng): [string, string] => [rng.pick(FIRST_NAMES), rng.pick(LAST_NAMES)];

function contactFor(rng: Rng, emailDomain: string | null): Contact {
  const [first, last] = personName(rng);
  return { first, last, phone: mobile(rng), email: emailDomain ? `${emailLocal(first, last, rng)}@${emailDomain}` : null };
}

function pickCommune(rng: Rng, communes: readonly Commune[]): Commune {
  return rng.weighted(communes.map((c) => [c, c.weight] as const));
}

function jitterAround(rng: Rng, lat: number, lon: number, radiusKm: number): [number, number] {
  const r = radiusKm * Math.sqrt(rng.next());
  const a = rng.float(0, 2 * Math.PI);
  const dLat = (r * Math.cos(a)) / 111.2;
  const dLon = (r * Math.sin(a)) / (111.2 * Math.cos((lat * Math.PI) / 180));
  return [Math.round((lat + dLat) * 1e6) / 1e6, Math.round((lon + dLon) * 1e6) / 1e6];
}

export class World {
  readonly publishers: Publisher[] = [];
  readonly agencies: Record<Cluster, Publisher[]> = { nantes: [], bordeaux: [], var: [], tours: [], paris: [] };
  readonly resellers: Record<Cluster, Publisher[]> = { nantes: [], bordeaux: [], var: [], tours: [], paris: [] };
  readonly notaries: Record<Cluster, Publisher[]> = { nantes: [], bordeaux: [], var: [], tours: [], paris: [] };
  readonly agents: Record<Cluster, Publisher[]> = { nantes: [], bordeaux: [], var: [], tours: [], paris: [] };
  readonly promoters: Publisher[] = [];
  readonly objects: Obj[] = [];
  readonly programmes: Programme[] = [];
  readonly buildings: Building[] = [];
  readonly twins: TwinGroup[] = [];
  private readonly sirens = new Set<string>();
  private agencyCount = 0;
  private ownerCount = 0;
  private readonly agentCount = new Map<string, number>();
  readonly photos: PhotoBank;

  constructor(
    private readonly rng: Rng,
    readonly targetObjects: number,
  ) {
    this.photos = new PhotoBank(rng.fork("photos"));
    this.buildPublishers();
    this.buildObjects();
  }

  private clusterCommunes(cluster: Cluster): Commune[] {
    return COMMUNES.filter((c) => c.cluster === cluster);
  }

  private newAgencyKey(): string {
    this.agencyCount += 1;
    return `agency:${this.agencyCount}`;
  }

  private buildPublishers(): void {
    const rng = this.rng;
    const clusters: Cluster[] = ["nantes", "bordeaux", "var", "tours", "paris"];
    for (const cluster of clusters) {
      const communes = this.clusterCommunes(cluster);
      const weight = communes.reduce((s, c) => s + c.weight, 0);
      const scale = Math.max(0.35, Math.sqrt(this.targetObjects / 3000));
      const agencies = Math.max(4, Math.round(140 * weight * scale));
      for (let i = 0; i < agencies; i++) this.agencies[cluster].push(this.makeAgency(cluster, pickCommune(rng, communes)));
      for (let i = 0; i < 2; i++) {
        const reseller = this.makeAgency(cluster, pickCommune(rng, communes), "reseller");
        this.resellers[cluster].push(reseller);
      }
      for (let i = 0; i < 2; i++) this.notaries[cluster].push(this.makeNotary(cluster, pickCommune(rng, communes)));
      for (const net of NETWORKS) {
        const n = Math.max(2, Math.round(net.agentsPerCluster * (weight / 0.2) * scale));
        for (let i = 0; i < n; i++) this.agents[cluster].push(this.makeAgent(net, cluster, pickCommune(rng, communes)));
      }
    }
    for (const p of PROMOTERS) {
      const s = siren(rng, this.sirens);
      const home = rng.pick(COMMUNES);
      this.promoters.push(
        this.register({
          key: this.newAgencyKey(),
          role: "promoter",
          professional: true,
          names: p.variants,
          sirets: [siret(rng, s, 1), ...(rng.chance(0.4) ? [siret(rng, s, rng.int(2, 9))] : [])],
          ownSiret: null,
          phone: rng.chance(0.5) ? `0800${rng.digits(6)}` : landline(rng, LANDLINES.paris),
          email: `contact@${p.domain}`,
          feesUrl: null,
          contacts: [contactFor(rng, p.domain), contactFor(rng, p.domain)],
          network: null,
          franchise: null,
          cluster: home.cluster,
          home,
          branding: rng.chance(0.5) ? this.photos.one() : null,
          refPrefix: null,
          slug: slug(p.name),
          sale: true,
          rent: false,
          diffusion: [
            ["selogerneuf", 40],
            ["bienici", 22],
            ["leboncoin", 15],
            ["logicimmo", 13],
            ["figaro", 6],
            ["seloger", 4],
          ],
          phoneInText: false,
        }),
      );
    }
  }

  private register(p: Publisher): Publisher {
    this.publishers.push(p);
    return p;
  }

  private makeAgency(cluster: Cluster, home: Commune, kind: "agency" | "reseller" = "agency"): Publisher {
    const rng = this.rng;
    const franchise = kind === "agency" && rng.chance(0.55) ? rng.weighted(FRANCHISES.map((f) => [f, f.share] as const)) : null;
    const placeWord = rng.pick([home.spellings[0]!, rng.pick(home.quarters), home.name]);
    let names: string[];
    let base: string;
    if (kind === "reseller") {
      base = `${rng.pick(["Immo Neuf", "Bureau du Neuf", "Investir Neuf", "Objectif Neuf", "Le Comptoir du Neuf"])} ${rng.pick(CLUSTER_WORDS[cluster])}`;
      names = [base, base.toUpperCase()];
    } else if (franchise) {
      base = `${franchise.brand} ${placeWord}`;
      const legal = `SARL ${slug(placeWord).split("-")[0]!.toUpperCase()} IMMO`;
      names = [base, base.toUpperCase(), `${franchise.brand} - Agence ${placeWord}`, `${legal} (${franchise.brand})`, legal];
    } else {
      base = rng.chance(0.5)
        ? `${rng.pick(INDEPENDENT_AGENCY_WORDS.heads)} ${rng.pick(INDEPENDENT_AGENCY_WORDS.tails)}`
        : rng.chance(0.5)
          ? `${rng.pick(LAST_NAMES)} Immobilier`
          : `${rng.pick(INDEPENDENT_AGENCY_WORDS.heads)} ${rng.pick(CLUSTER_WORDS[cluster])}`;
      names = [base, base.toUpperCase(), `${base} ${home.name}`, `SAS ${base}`];
    }
    const s = siren(rng, this.sirens);
    const sl = slug(base);
    const domain = franchise ? franchise.domain : `${sl}.fr`;
    const rentalSpecialist = franchise?.brand === "Foncia" || franchise?.brand === "Citya Immobilier";
    const diffusion: [PortalId, number][] = [
      ["seloger", 30],
      ["leboncoin", 22],
      ["bienici", 20],
      ["logicimmo", 12],
      ["figaro", 6],
      ["avendrealouer", 3],
      ["paruvendu", 2],
    ];
    if (cluster === "nantes" || cluster === "tours") diffusion.push(["ouestfrance", cluster === "nantes" ? 14 : 6]);
    if (franchise?.site === "orpi.com") diffusion.push(["orpi", 16]);
    if (franchise?.site === "century21.fr") diffusion.push(["century21", 16]);
    if (franchise?.site === "laforet.com") diffusion.push(["laforet", 16]);
    // Each agency favours some portals over others (subscriptions differ).
    for (const d of diffusion) d[1] *= rng.float(0.3, 1.7);
    const negotiators = rng.int(1, 5);
    return this.register({
      key: this.newAgencyKey(),
      role: "agency",
      professional: true,
      names,
      sirets: [siret(rng, s, 1), ...(rng.chance(0.15) ? [siret(rng, s, rng.int(2, 9))] : [])],
      ownSiret: null,
      phone: landline(rng, LANDLINES[cluster]),
      email: franchise ? `${sl.slice(0, 30)}@${domain}` : `contact@${domain}`,
      feesUrl: rng.chance(0.7) ? `https://www.${franchise ? `${domain}/agence/${sl}` : domain}/honoraires` : null,
      contacts: Array.from({ length: negotiators }, () => contactFor(rng, domain)),
      network: null,
      franchise,
      cluster,
      home,
      branding: rng.chance(0.12) ? this.photos.one() : null,
      refPrefix: rng.chance(0.65) ? rng.pick(["", "VA", "V", "LA", `${slug(home.name).slice(0, 3).toUpperCase()}-`, "REF"]) : null,
      slug: sl,
      sale: kind === "reseller" || !rentalSpecialist || rng.chance(0.4),
      rent: kind !== "reseller" && (rentalSpecialist || rng.chance(0.5)),
      diffusion,
      phoneInText: rng.chance(0.4),
    });
  }

  private makeNotary(cluster: Cluster, home: Commune): Publisher {
    const rng = this.rng;
    const [, a] = personName(rng);
    const [, b] = personName(rng);
    const head = rng.pick(NOTARY_WORDS);
    const name = `${head} ${a} & ${b}`;
    const s = siren(rng, this.sirens);
    const sl = slug(`${a}-${b}-notaires`);
    return this.register({
      key: this.newAgencyKey(),
      role: "notary",
      professional: true,
      names: [name, `${head} ${a}-${b}`, `${a} ${b} Notaires`.toUpperCase()],
      sirets: [siret(rng, s, 1)],
      ownSiret: null,
      phone: landline(rng, LANDLINES[cluster]),
      email: `negociation.${slug(home.name).slice(0, 10)}@notaires.fr`,
      feesUrl: null,
      contacts: [contactFor(rng, "notaires.fr")],
      network: null,
      franchise: null,
      cluster,
      home,
      branding: null,
      refPrefix: `${rng.digits(3)}/`,
      slug: sl,
      sale: true,
      rent: false,
      diffusion: [
        ["immonot", 60],
        ["leboncoin", 25],
        ["seloger", 15],
      ],
      phoneInText: false,
    });
  }

  private makeAgent(net: Network, cluster: Cluster, home: Commune): Publisher {
    const rng = this.rng;
    const n = (this.agentCount.get(net.id) ?? 0) + 1;
    this.agentCount.set(net.id, n);
    let networkSiret = this.networkSirets.get(net.id);
    if (!networkSiret) {
      networkSiret = siret(rng, siren(rng, this.sirens), 1);
      this.networkSirets.set(net.id, networkSiret);
    }
    const c = contactFor(rng, net.emailDomain);
    const own = siren(rng, this.sirens);
    const full = `${c.first} ${c.last}`;
    const siteId = (["iad", "safti", "capifrance", "proprietes-privees", "optimhome", "efficity", "megagence"] as const).find((id) => id === net.id)!;
    return this.register({
      key: `mandatary:${net.id}:${n}`,
      role: "agent",
      professional: true,
      names: [...net.names, `${net.names[0]} - ${full}`, `${full} - ${net.names[0]}`, full],
      sirets: [networkSiret],
      ownSiret: siret(rng, own, 1),
      phone: c.phone,
      email: c.email,
      feesUrl: `https://www.${net.site}/honoraires`,
      contacts: [c],
      network: net,
      franchise: null,
      cluster,
      home,
      branding: rng.chance(0.2) ? this.networkBranding(net.id) : null,
      refPrefix: null,
      slug: slug(full),
      sale: true,
      rent: rng.chance(0.15),
      diffusion: [
        [siteId, 40],
        ["leboncoin", 22],
        ["seloger", 18],
        ["bienici", 12],
        ["logicimmo", 6],
        ["figaro", 2],
      ],
      phoneInText: rng.chance(0.6),
    });
  }

  private readonly networkSirets = new Map<string, string>();
  private readonly networkBrandings = new Map<string, Photo>();

  /** The network's "estimation offerte" banner that some of its agents add to every listing. */
  private networkBranding(id: string): Photo {
    let p = this.networkBrandings.get(id);
    if (!p) {
      p = this.photos.one();
      this.networkBrandings.set(id, p);
    }
    return p;
  }

  makeOwner(home: Commune): Publisher {
    const rng = this.rng;
    this.ownerCount += 1;
    const [first, last] = personName(rng);
    const email = `${emailLocal(first, last, rng)}@${rng.weighted(OWNER_EMAIL_DOMAINS)}`;
    return this.register({
      key: `owner:${this.ownerCount}`,
      role: "owner",
      professional: false,
      names: [first, `${first} ${last[0]}.`, `${first} ${last}`, `${first.toLowerCase()}${rng.int(1, 99)}`],
      sirets: [],
      ownSiret: null,
      phone: mobile(rng),
      email,
      feesUrl: null,
      contacts: [{ first, last, phone: mobile(rng), email }],
      network: null,
      franchise: null,
      cluster: home.cluster,
      home,
      branding: null,
      refPrefix: null,
      slug: slug(first),
      sale: true,
      rent: true,
      diffusion: [],
      phoneInText: rng.chance(0.3),
    });
  }

  // ---------------------------------------------------------------- objects

  private nextObjectId = 1;

  private buildObjects(): void {
    const rng = this.rng;
    const n = this.targetObjects;
    const scale = n / 3000;
    // New-build programmes (about 7% of objects).
    const programmeSpecs: [string, number, Kind][] = [
      ["44109", 3, "apartment"],
      ["44143", 2, "apartment"],
      ["44162", 1, "apartment"],
      ["44150", 1, "house"],
      ["33281", 2, "apartment"],
      ["33318", 1, "apartment"],
      ["33422", 1, "house"],
      ["83069", 1, "apartment"],
      ["37261", 2, "apartment"],
      ["75118", 1, "apartment"],
    ];
    for (const [insee, count, kind] of programmeSpecs) {
      const c = Math.max(scale < 0.5 ? 0 : 1, Math.round(count * scale));
      for (let i = 0; i < c; i++) this.makeProgramme(COMMUNES.find((x) => x.insee === insee)!, kind);
    }
    if (this.programmes.length === 0) this.makeProgramme(COMMUNES[0]!, "apartment");
    // Buildings with several flats on the market (about 5% of objects).
    const buildings = Math.max(2, Math.round(n * 0.018));
    for (let i = 0; i < buildings; i++) this.makeBuilding();
    // Agencies' twin flats (about 3% of objects).
    const twins = Math.max(2, Math.round(n * 0.012));
    for (let i = 0; i < twins; i++) this.makeTwins();
    while (this.objects.length < n) {
      const commune = pickCommune(rng, COMMUNES);
      const tx: Tx = rng.chance(commune.rentShare) ? "rent" : "sale";
      const kind: Kind = rng.chance(commune.houseShare * (tx === "rent" ? 0.6 : 1.1)) ? "house" : "apartment";
      this.objects.push(this.makeObject(commune, kind, tx, {}));
    }
    // The families come first; mix them in so that ids carry no hint.
    rng.shuffle(this.objects);
  }

  private roomsFor(kind: Kind, tx: Tx, commune: Commune): number {
    const rng = this.rng;
    if (kind === "house") return rng.weighted([[3, 8] as const, [4, 28] as const, [5, 32] as const, [6, 20] as const, [7, 8] as const, [8, 4] as const]);
    if (commune.cluster === "paris" || tx === "rent")
      return rng.weighted([[1, 27] as const, [2, 35] as const, [3, 23] as const, [4, 11] as const, [5, 4] as const]);
    return rng.weighted([[1, 14] as const, [2, 30] as const, [3, 30] as const, [4, 18] as const, [5, 6] as const, [6, 2] as const]);
  }

  private areaFor(kind: Kind, rooms: number, commune: Commune): number {
    const rng = this.rng;
    const base = kind === "house" ? [0, 45, 60, 72, 90, 110, 135, 160, 185][rooms]! : [0, 24, 44, 63, 81, 101, 124][rooms]!;
    let a = base * rng.normal(1, 0.12) * (commune.cluster === "paris" ? 0.86 : 1);
    a = Math.max(kind === "house" ? 45 : rooms === 1 ? 11 : 25, a);
    // Carrez measures usually carry decimals; some are whole.
    return rng.chance(0.65) ? Math.round(a * 100) / 100 : Math.round(a);
  }

  private yearFor(commune: Commune, kind: Kind): number {
    const rng = this.rng;
    if (commune.cluster === "paris")
      return rng.weighted([[rng.int(1860, 1935), 65] as const, [rng.int(1950, 1985), 22] as const, [rng.int(1986, 2022), 13] as const]);
    if (kind === "house")
      return rng.weighted([
        [rng.int(1900, 1947), 10] as const,
        [rng.int(1948, 1974), 22] as const,
        [rng.int(1975, 1999), 33] as const,
        [rng.int(2000, 2023), 35] as const,
      ]);
    return rng.weighted([
      [rng.int(1880, 1947), 14] as const,
      [rng.int(1948, 1974), 27] as const,
      [rng.int(1975, 1999), 26] as const,
      [rng.int(2000, 2024), 33] as const,
    ]);
  }

  private timing(tx: Tx, isNew: boolean): { start: number; end: number; sold: boolean } {
    const rng = this.rng;
    for (;;) {
      const duration = Math.round(
        Math.min(
          tx === "sale" ? 420 : 120,
          Math.max(tx === "sale" ? 7 : 3, rng.logNormal(tx === "sale" ? (isNew ? 110 : 72) : 20, tx === "sale" ? 0.75 : 0.6)),
        ) * DAY,
      );
      const start = rng.float(W0 - (tx === "sale" ? 120 : 30) * DAY, W1 - 2 * DAY);
      const end = start + duration;
      if (end > W0 + 2 * DAY) return { start, end, sold: rng.chance(tx === "sale" ? 0.74 : 0.95) };
    }
  }

  makeObject(commune: Commune, kind: Kind, tx: Tx, o: Partial<Obj>): Obj {
    const rng = this.rng;
    const rooms = o.rooms ?? this.roomsFor(kind, tx, commune);
    const area = o.area ?? this.areaFor(kind, rooms, commune);
    const bedrooms =
      o.bedrooms ?? (rooms === 1 ? 0 : kind === "house" && rng.chance(0.4) ? Math.max(1, rooms - 2) : rooms >= 4 && rng.chance(0.1) ? rooms - 2 : rooms - 1);
    const year = o.year ?? this.yearFor(commune, kind);
    const isNew = o.isNew ?? false;
    const floorCount = kind === "apartment" ? (o.floorCount ?? (commune.cluster === "paris" ? rng.int(5, 7) : rng.int(2, 9))) : rng.int(1, 2);
    const floor = kind === "apartment" ? (o.floor ?? rng.int(0, floorCount)) : null;
    const elevator = kind === "apartment" && (o.elevator ?? (floorCount >= 5 ? rng.chance(0.8) : rng.chance(0.3)));
    const energy = o.dpe !== undefined && o.ges !== undefined ? { dpe: o.dpe, ges: o.ges } : energyFor(rng, year, isNew, tx === "rent", kind);
    const heating = o.heating ?? heatingFor(rng, year, kind, commune.cluster === "paris");
    const [lat, lon] = o.lat !== undefined && o.lon !== undefined ? [o.lat, o.lon] : jitterAround(rng, commune.lat, commune.lon, commune.radiusKm);
    const renovation = o.renovation ?? (!isNew && rng.chance(year < 1975 ? 0.14 : 0.05));
    const pool = kind === "house" && rng.chance(commune.cluster === "var" || commune.cluster === "bordeaux" ? 0.22 : 0.06);
    const land =
      kind === "house"
        ? (o.land ?? Math.round(commune.isVillage ? rng.float(350, 1600) : commune.cluster === "paris" ? rng.float(0, 80) : rng.float(150, 900)))
        : null;
    let price: number;
    let rentCharges = 0;
    let furnished = false;
    if (tx === "sale") {
      let perM2 = commune.salePerM2 * rng.normal(1, 0.14);
      if (kind === "apartment" && rooms <= 1) perM2 *= 1.12;
      if (renovation) perM2 *= 0.84;
      if (isNew) perM2 *= 1.22;
      if (pool) perM2 *= 1.07;
      if (energy.dpe?.label === "f" || energy.dpe?.label === "g") perM2 *= 0.93;
      price = o.price ?? Math.round((area * perM2) / 1000) * 1000;
    } else {
      furnished = rooms <= 2 && rng.chance(0.4);
      let perM2 = commune.rentPerM2 * rng.normal(1, 0.1) * (rooms === 1 ? 1.3 : rooms === 2 ? 1.1 : 1) * (furnished ? 1.1 : 1);
      if (kind === "house") perM2 *= 0.85;
      rentCharges = Math.round((area * rng.float(0.8, 2.6)) / 5) * 5;
      price = o.price ?? Math.round((area * perM2 + rentCharges) / 5) * 5;
    }
    const t = o.start !== undefined && o.end !== undefined ? { start: o.start, end: o.end, sold: o.sold ?? true } : this.timing(tx, isNew);
    const obj: Obj = {
      id: this.nextObjectId++,
      commune,
      kind,
      tx,
      area,
      rooms,
      bedrooms,
      floor,
      floorCount,
      elevator,
      balcony: o.balcony ?? (kind === "apartment" && rng.chance(commune.cluster === "paris" ? 0.22 : 0.45)),
      terrace: o.terrace ?? rng.chance(kind === "house" ? 0.5 : 0.1),
      parking: o.parking ?? rng.chance(kind === "house" ? 0.75 : commune.cluster === "paris" ? 0.08 : 0.42),
      cellar: o.cellar ?? (kind === "apartment" && rng.chance(commune.cluster === "paris" ? 0.6 : 0.4)),
      garden: kind === "house" && rng.chance(0.93),
      pool,
      land,
      year,
      dpe: energy.dpe,
      ges: energy.ges,
      dpeDate: new Date(Date.UTC(rng.int(2021, 2026), rng.int(0, 11), rng.int(1, 28))).toISOString().slice(0, 10),
      heating,
      orientation: rng.pick(["north", "northEast", "east", "southEast", "south", "southWest", "west", "northWest"]),
      lat,
      lon,
      street: o.street ?? `${rng.int(1, 140)}${rng.chance(0.08) ? " bis" : ""} ${rng.pick(commune.streets)}`,
      quarter: o.quarter ?? rng.pick(commune.quarters),
      postcode: o.postcode ?? rng.pick(commune.postcodes),
      price,
      rentCharges,
      furnished,
      coproLots: kind === "apartment" ? (o.coproLots ?? rng.int(commune.cluster === "paris" ? 12 : 8, commune.cluster === "paris" ? 60 : 140)) : null,
      coproCharges: kind === "apartment" ? Math.round((area * rng.float(14, 48)) / 10) * 10 : null,
      renovation,
      isNew,
      families: o.families ?? [],
      programme: o.programme ?? null,
      lot: o.lot ?? null,
      building: o.building ?? null,
      twins: o.twins ?? null,
      start: t.start,
      end: t.end,
      sold: t.sold,
    };
    return obj;
  }

  private makeProgramme(commune: Commune, kind: Kind): void {
    const rng = this.rng;
    const id = this.programmes.length + 1;
    const promoter = rng.pick(this.promoters);
    const [lat, lon] = jitterAround(rng, commune.lat, commune.lon, commune.radiusKm * 0.8);
    const deliveryYear = rng.int(2027, 2028);
    const s = siren(rng, this.sirens);
    const p: Programme = {
      id,
      promoter,
      resellers: rng.sample(this.resellers[commune.cluster], rng.int(1, 2)),
      commune,
      name: rng.pick(PROGRAMME_NAMES),
      street: `${rng.int(1, 90)} ${rng.pick(commune.streets)}`,
      lat,
      lon,
      renders: this.photos.shoot(rng.int(3, 7)),
      delivery: `au ${rng.pick(["1er", "2e", "3e", "4e"])} trimestre ${deliveryYear}`,
      deliveryYear,
      sccvSiret: rng.chance(0.35) ? siret(rng, s, 1) : null,
      units: rng.int(18, 90),
    };
    this.programmes.push(p);
    const available = kind === "house" ? rng.int(4, 9) : rng.int(7, 18);
    const launch = rng.float(W0 - 150 * DAY, W1 - 30 * DAY);
    const layouts = new Map<number, number>();
    const perM2 = commune.salePerM2 * rng.float(1.15, 1.35);
    const building = rng.chance(0.5) ? "A" : "B";
    for (let i = 0; i < available; i++) {
      const rooms =
        kind === "house"
          ? rng.weighted([[3, 3] as const, [4, 5] as const, [5, 2] as const])
          : rng.weighted([[1, 10] as const, [2, 36] as const, [3, 34] as const, [4, 15] as const, [5, 5] as const]);
      // Units of one type share a layout: areas within 3% of each other.
      let base = layouts.get(rooms);
      if (base === undefined) {
        base = kind === "house" ? [0, 0, 0, 72, 88, 104][rooms]! * rng.float(0.95, 1.05) : [0, 27, 43, 62, 80, 98][rooms]! * rng.float(0.93, 1.07);
        layouts.set(rooms, base);
      }
      const area = Math.round(base * rng.float(0.985, 1.015) * 100) / 100;
      const floor = kind === "apartment" ? rng.int(0, 5) : null;
      const price = Math.round((area * perM2 * (1 + 0.018 * (floor ?? 0)) + (rng.chance(0.7) ? 12000 : 0)) / 100) * 100 - (rng.chance(0.5) ? 100 : 0);
      const start = Math.max(launch + rng.float(0, 20) * DAY, W0 - 100 * DAY);
      const dur = rng.logNormal(120, 0.6) * DAY;
      const end = Math.max(start + 15 * DAY, Math.min(start + dur, start + 400 * DAY));
      if (end < W0 + 2 * DAY) continue;
      const energy = energyFor(rng, deliveryYear, true, false, kind);
      this.objects.push(
        this.makeObject(commune, kind, "sale", {
          rooms,
          area,
          floor,
          floorCount: 5,
          elevator: true,
          year: deliveryYear,
          isNew: true,
          dpe: energy.dpe,
          ges: energy.ges,
          lat,
          lon,
          street: p.street,
          price,
          renovation: false,
          balcony: kind === "apartment" && rng.chance(0.7),
          parking: true,
          coproLots: p.units,
          families: [`programme:${id}`],
          programme: p,
          lot: `${building}${floor ?? ""}${String(rng.int(1, 9)).padStart(2, "0")}`,
          start,
          end,
          sold: rng.chance(0.8),
        }),
      );
    }
  }

  private makeBuilding(): void {
    const rng = this.rng;
    const communes = COMMUNES.filter((c) => c.houseShare < 0.6);
    const commune = pickCommune(rng, communes);
    const [lat, lon] = jitterAround(rng, commune.lat, commune.lon, commune.radiusKm);
    const year = this.yearFor(commune, "apartment");
    const floorCount = commune.cluster === "paris" ? rng.int(5, 7) : rng.int(3, 10);
    const tx: Tx = rng.chance(0.22) ? "rent" : "sale";
    const collective = rng.chance(0.4) ? energyFor(rng, year, false, tx === "rent", "apartment") : null;
    const b: Building = {
      id: this.buildings.length + 1,
      commune,
      street: `${rng.int(1, 120)} ${rng.pick(commune.streets)}`,
      lat,
      lon,
      year,
      floorCount,
      elevator: floorCount >= 5 ? rng.chance(0.85) : rng.chance(0.25),
      collectiveDpe: collective,
      heating: collective ? { source: "gas", system: "radiator", type: "shared", text: "collectif au gaz" } : null,
      seller: null,
      shots: new Map(),
    };
    const agencies = this.agencies[commune.cluster].filter((a) => (tx === "sale" ? a.sale : a.rent));
    if (rng.chance(0.35) && agencies.length > 0) b.seller = rng.pick(agencies);
    this.buildings.push(b);
    const flats = rng.weighted([[2, 55] as const, [3, 30] as const, [4, 15] as const]);
    const floors = rng.sample(
      Array.from({ length: floorCount + 1 }, (_, i) => i),
      flats,
    );
    const quarter = rng.pick(commune.quarters);
    const postcode = rng.pick(commune.postcodes);
    const start0 = this.timing(tx, false).start;
    let stacked: { rooms: number; area: number } | null = null;
    for (let i = 0; i < flats; i++) {
      const rooms: number = stacked && i === 1 ? stacked.rooms : this.roomsFor("apartment", tx, commune);
      const area: number = stacked && i === 1 ? Math.round(stacked.area * rng.float(0.99, 1.01) * 100) / 100 : this.areaFor("apartment", rooms, commune);
      if (i === 0 && rng.chance(0.35)) stacked = { rooms, area };
      const start = Math.min(start0 + rng.float(-40, 40) * DAY, W1 - 3 * DAY);
      const t = this.timing(tx, false);
      const dur = t.end - t.start;
      const end = Math.max(start + dur, W0 + 3 * DAY);
      const e = collective ?? energyFor(rng, year, false, tx === "rent", "apartment");
      const dpe = collective ? { label: e.dpe.label, value: Math.max(1, e.dpe.value + rng.int(-15, 15)) } : e.dpe;
      this.objects.push(
        this.makeObject(commune, "apartment", tx, {
          rooms,
          area,
          floor: floors[i]!,
          floorCount,
          elevator: b.elevator,
          year,
          dpe,
          ges: e.ges,
          ...(b.heating ? { heating: b.heating } : {}),
          lat,
          lon,
          street: b.street,
          quarter,
          postcode,
          families: [`building:${b.id}`],
          building: b,
          start,
          end,
          sold: t.sold,
        }),
      );
    }
  }

  private makeTwins(): void {
    const rng = this.rng;
    const commune = pickCommune(
      rng,
      COMMUNES.filter((c) => c.houseShare < 0.6),
    );
    const tx: Tx = rng.chance(0.55) ? "rent" : "sale";
    const agencies = this.agencies[commune.cluster].filter((a) => (tx === "sale" ? a.sale : a.rent));
    const agency = rng.pick(agencies.length > 0 ? agencies : this.agencies[commune.cluster]);
    const size = rng.weighted([[2, 60] as const, [3, 28] as const, [4, 12] as const]);
    const rooms = rng.weighted([[1, 45] as const, [2, 35] as const, [3, 20] as const]);
    const area = this.areaFor("apartment", rooms, commune);
    const sharing = rng.weighted([["all", 45] as const, ["common", 30] as const, ["none", 25] as const]);
    const g: TwinGroup = {
      id: this.twins.length + 1,
      agency,
      photos: sharing === "all" ? this.photos.shoot(rng.int(4, 9)) : null,
      common: sharing === "common" ? this.photos.shoot(rng.int(2, 3)) : [],
      textSeed: rng.int(1, 2 ** 30),
    };
    this.twins.push(g);
    const [lat, lon] = jitterAround(rng, commune.lat, commune.lon, commune.radiusKm);
    const street = `${rng.int(1, 120)} ${rng.pick(commune.streets)}`;
    const quarter = rng.pick(commune.quarters);
    const postcode = rng.pick(commune.postcodes);
    const year = this.yearFor(commune, "apartment");
    const floorCount = rng.int(3, 7);
    const floors = rng.sample(
      Array.from({ length: floorCount + 1 }, (_, i) => i),
      size,
    );
    const base = this.timing(tx, false);
    const energy = energyFor(rng, year, false, tx === "rent", "apartment");
    const basePrice = this.makeObject(commune, "apartment", tx, { rooms, area, year }).price;
    this.nextObjectId -= 1; // that object was only a price estimate
    for (let i = 0; i < size; i++) {
      const start = base.start + rng.float(0, 15) * DAY;
      this.objects.push(
        this.makeObject(commune, "apartment", tx, {
          rooms,
          area: Math.round(area * rng.float(0.99, 1.01) * 100) / 100,
          floor: floors[i]!,
          floorCount,
          year,
          dpe: energy.dpe,
          ges: energy.ges,
          lat,
          lon,
          street,
          quarter,
          postcode,
          price: tx === "sale" ? Math.round((basePrice * rng.float(0.98, 1.03)) / 1000) * 1000 : Math.round((basePrice * rng.float(0.98, 1.03)) / 5) * 5,
          families: [`twins:${g.id}`],
          twins: g,
          start,
          end: Math.max(start + (base.end - base.start) * rng.float(0.7, 1.3), W0 + 3 * DAY),
          sold: base.sold,
        }),
      );
    }
  }
}

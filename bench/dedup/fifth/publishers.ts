/**
 * Publishers: agencies (some with several establishments, i.e. SIRETs of one SIREN), mandatary networks (one
 * SIRET for thousands of agents), owners, promoters, notaries and house builders. Publisher ids follow the truth's
 * shape: "agency:N" for agencies, promoters, notaries and builders, "mandatary:<network>:N", "owner:N".
 */
import { newPhone, newSiren, newSiret, slug } from "./ids.js";
import { newPhoto, type Photo } from "./photos.js";
import { PLACES, type Place } from "./places.js";
import type { PortalKey } from "./portals.js";
import type { Rng } from "./rng.js";
import { personName } from "./text.js";

export type PublisherKind = "agency" | "mandatary" | "owner" | "promoter" | "notary" | "builder";

export type Establishment = { siret: string; placeKey: string; phone: string };

export type Network = {
  key: string;
  name: string;
  emailDomain: string;
  siret: string;
  portal: PortalKey | null;
  logo: Photo;
  share: number;
};

export type Publisher = {
  id: string;
  kind: PublisherKind;
  name: string;
  siren: string | null;
  establishments: Establishment[];
  email: string | null;
  feesUrl: string | null;
  network: Network | null;
  /** The portals the publisher's software diffuses to, with a probability each per listing. */
  pack: readonly (readonly [PortalKey, number])[];
  /** A banner image put in every listing (first or last), or null. */
  banner: Photo | null;
  bannerFirst: boolean;
  titleStyle: number;
  /** Fees rate (sale) this publisher adds to the seller's price. */
  feesRate: number;
  /** Writes rents charges included. */
  chargesIncluded: boolean;
  exclusiveRate: number;
  /** Slug used in URLs and image keys. */
  slug: string;
};

/** Agencies work in a zone: a few neighbouring places. */
export const ZONES: readonly (readonly string[])[] = [
  ["strasbourg"],
  ["grenoble", "saint-martin-d-heres"],
  ["nice", "antibes"],
  ["ajaccio"],
  ["saint-denis-reunion"],
  ["cherbourg-en-cotentin"],
  ["marciac", "juillac", "monlezun"],
  ["villeneuve-les-avignon", "avignon"],
  ["paris-15"],
];

export function zoneOf(placeKey: string): number {
  return ZONES.findIndex((z) => z.includes(placeKey));
}

const BRANDS = ["Century 21", "Orpi", "Laforêt", "Guy Hoquet", "Stéphane Plaza Immobilier", "ERA Immobilier", "Nestenn", "Square Habitat", "Citya", "Foncia"];
const LOCAL = ["Immobilier", "Conseil", "Transactions", "Patrimoine", "Habitat", "& Associés", "Immo"];

function place(key: string): Place {
  const p = PLACES.find((x) => x.key === key);
  if (!p) throw new Error(`no place ${key}`);
  return p;
}

export class Publishers {
  private next = 1;
  private owners = 0;
  readonly agencies: Publisher[][] = ZONES.map(() => []);
  readonly networks: Network[];
  private readonly agents = new Map<string, Publisher[]>();
  private readonly agentCounter = new Map<string, number>();
  private readonly promoters: Publisher[][] = ZONES.map(() => []);
  private readonly notaries: Publisher[][] = ZONES.map(() => []);
  private readonly builders: Publisher[][] = ZONES.map(() => []);

  constructor(private readonly rng: Rng) {
    this.networks = [
      ["iad", "iad France", "iadfrance.fr", "iad", 0.4],
      ["safti", "SAFTI", "safti.fr", "safti", 0.2],
      ["capifrance", "Capifrance", "capifrance.fr", "capifrance", 0.15],
      ["optimhome", "Optimhome", "optimhome.com", null, 0.1],
      ["proprietes-privees", "Propriétés Privées", "proprietes-privees.com", null, 0.08],
      ["exp", "eXp France", "expfrance.fr", null, 0.07],
    ].map(([key, name, emailDomain, portal, share]) => {
      const siren = newSiren(rng);
      return {
        key: key as string,
        name: name as string,
        emailDomain: emailDomain as string,
        siret: newSiret(rng, siren, 1),
        portal: portal as PortalKey | null,
        logo: newPhoto(rng, "logo"),
        share: share as number,
      };
    });
    ZONES.forEach((zone, z) => {
      const size = zone.reduce((sum, key) => sum + place(key).weight, 0);
      const count = Math.max(4, Math.round(size * 70));
      for (let i = 0; i < count; i += 1) this.agencies[z]?.push(this.newAgency(zone));
    });
  }

  private pack(kind: PublisherKind, zone: readonly string[]): [PortalKey, number][] {
    const rng = this.rng;
    const normandy = zone.includes("cherbourg-en-cotentin");
    const rural = zone.includes("marciac");
    const riviera = zone.includes("nice") || zone.includes("ajaccio") || zone.includes("villeneuve-les-avignon");
    switch (kind) {
      case "agency": {
        const pack: [PortalKey, number][] = [["leboncoin", rng.chance(0.85) ? 0.95 : 0]];
        if (rng.chance(0.75)) pack.push(["seloger", 0.92]);
        if (rng.chance(0.35)) pack.push(["logicimmo", 0.85]);
        if (rng.chance(0.7)) pack.push(["bienici", 0.9]);
        if (rng.chance(0.25)) pack.push(["figaro", 0.8]);
        if (rng.chance(0.2)) pack.push(["superimmo", 0.9]);
        if (rng.chance(0.15)) pack.push(["avendrealouer", 0.8]);
        if (rng.chance(0.15)) pack.push(["paruvendu", 0.7]);
        if (normandy && rng.chance(0.85)) pack.push(["ouestfrance", 0.9]);
        if ((rural || riviera) && rng.chance(0.45)) pack.push(["greenacres", 0.6]);
        return pack;
      }
      case "promoter":
        return [
          ["selogerneuf", 0.95],
          ["bienici", 0.7],
          ["leboncoin", 0.5],
          ["logicimmo", 0.4],
        ];
      case "notary":
        return rural
          ? [
              ["notaires", 1],
              ["leboncoin", 0.4],
              ["greenacres", 0.3],
            ]
          : [
              ["notaires", 1],
              ["leboncoin", 0.35],
            ];
      case "builder":
        return [
          ["etreproprio", 0.95],
          ["leboncoin", 0.7],
          ["seloger", 0.3],
          ["bienici", 0.4],
        ];
      default:
        return [];
    }
  }

  private newAgency(zone: readonly string[]): Publisher {
    const rng = this.rng;
    const siren = newSiren(rng);
    const home = zone[0] as string;
    const brand = rng.chance(0.55) ? rng.pick(BRANDS) : null;
    const local = rng.pick([place(home).name.replace(/ \d+e Arrondissement/, ""), ...place(home).quarters.flatMap((q) => q.districts)]);
    const name = brand ? `${brand} ${local}` : `${rng.pick(["Agence", "Cabinet", "Maison de l'Immobilier", "L'Adresse"])} ${local} ${rng.pick(LOCAL)}`;
    const estCount = zone.length > 1 && rng.chance(0.3) ? zone.length : rng.chance(0.12) ? 2 : 1;
    const establishments: Establishment[] = [];
    for (let i = 0; i < estCount; i += 1) {
      const key = zone[i % zone.length] as string;
      establishments.push({ siret: newSiret(rng, siren, i + 1), placeKey: key, phone: newPhone(rng, rng.pick(place(key).landline)) });
    }
    const s = slug(name);
    return {
      id: `agency:${this.next++}`,
      kind: "agency",
      name,
      siren,
      establishments,
      email: `${rng.pick(["contact", "agence", "transaction", "accueil"])}@${s.slice(0, 24)}.fr`,
      feesUrl: rng.chance(0.7) ? `https://www.${s.slice(0, 24)}.fr/honoraires` : null,
      network: null,
      pack: this.pack("agency", zone),
      banner: rng.chance(0.25) ? newPhoto(rng, "banner") : null,
      bannerFirst: rng.chance(0.4),
      titleStyle: rng.int(0, 5),
      feesRate: rng.between(3.5, 7.5),
      chargesIncluded: rng.chance(0.7),
      exclusiveRate: rng.between(0.05, 0.35),
      slug: s,
    };
  }

  agency(rng: Rng, placeKey: string): Publisher {
    return rng.pick(this.agencies[zoneOf(placeKey)] as Publisher[]);
  }

  establishment(p: Publisher, placeKey: string): Establishment {
    return p.establishments.find((e) => e.placeKey === placeKey) ?? (p.establishments[0] as Establishment);
  }

  /** An agent of a network in this zone: zones have a few agents per network, each with several listings. */
  agent(rng: Rng, placeKey: string, exclude: readonly string[] = []): Publisher {
    const z = zoneOf(placeKey);
    const candidates = this.networks.filter((n) => !exclude.includes(n.key));
    const network = rng.weighted(candidates.map((n) => [n, n.share] as const));
    const key = `${z}:${network.key}`;
    const pool = this.agents.get(key) ?? [];
    this.agents.set(key, pool);
    if (pool.length < 3 || rng.chance(0.25)) {
      const n = (this.agentCounter.get(network.key) ?? 0) + 1;
      this.agentCounter.set(network.key, n);
      const person = personName(rng);
      const home = place(placeKey);
      const mobile = newPhone(rng, rng.pick(home.mobile));
      const agent: Publisher = {
        id: `mandatary:${network.key}:${n}`,
        kind: "mandatary",
        name: `${person.first} ${person.last}`,
        siren: null,
        establishments: [{ siret: network.siret, placeKey, phone: mobile }],
        email: `${slug(person.first)}.${slug(person.last)}${rng.chance(0.3) ? rng.int(1, 9) : ""}@${network.emailDomain}`,
        feesUrl: `https://www.${network.emailDomain}/honoraires`,
        network,
        pack: [
          ...(network.portal ? ([[network.portal, 0.97]] as [PortalKey, number][]) : []),
          ["leboncoin", 0.7],
          ["seloger", 0.5],
          ["bienici", 0.55],
          ["figaro", 0.12],
          ["superimmo", 0.15],
        ],
        banner: rng.chance(0.3) ? network.logo : null,
        bannerFirst: false,
        titleStyle: rng.int(0, 5),
        feesRate: rng.between(3.5, 6),
        chargesIncluded: rng.chance(0.6),
        exclusiveRate: rng.between(0.05, 0.25),
        slug: slug(`${network.key}-${person.last}`),
      };
      pool.push(agent);
      return agent;
    }
    return rng.pick(pool);
  }

  owner(rng: Rng, placeKey: string): Publisher {
    this.owners += 1;
    const person = personName(rng);
    const home = place(placeKey);
    const pack: [PortalKey, number][] = [
      ["leboncoin", 0.88],
      ["pap", 0.4],
      ["paruvendu", 0.12],
      ["entreparticuliers", 0.1],
    ];
    return {
      id: `owner:${this.owners}`,
      kind: "owner",
      name: rng.chance(0.5) ? person.first : `${person.first} ${person.last[0]}.`,
      siren: null,
      establishments: [{ siret: "", placeKey, phone: newPhone(rng, rng.pick(home.mobile)) }],
      email: rng.chance(0.5)
        ? `${slug(person.first)}.${slug(person.last)}${rng.int(1, 99)}@${rng.pick(["gmail.com", "orange.fr", "free.fr", "hotmail.fr", "laposte.net", "wanadoo.fr"])}`
        : null,
      feesUrl: null,
      network: null,
      pack,
      banner: null,
      bannerFirst: false,
      titleStyle: rng.int(0, 5),
      feesRate: 0,
      chargesIncluded: rng.chance(0.5),
      exclusiveRate: 0,
      slug: slug(person.last),
    };
  }

  private special(kind: "promoter" | "notary" | "builder", list: Publisher[][], placeKey: string, names: readonly string[]): Publisher {
    const rng = this.rng;
    const z = zoneOf(placeKey);
    const pool = list[z] as Publisher[];
    if (pool.length < 2 && (pool.length === 0 || rng.chance(0.4))) {
      const zone = ZONES[z] as readonly string[];
      const siren = newSiren(rng);
      const name = `${rng.pick(names)} ${place(zone[0] as string).name.replace(/ \d+e Arrondissement/, "")}`;
      const s = slug(name);
      pool.push({
        id: `agency:${this.next++}`,
        kind,
        name: kind === "notary" ? `Office notarial ${rng.pick(["Maître", "Maîtres"])} ${personName(rng).last} - ${name}` : name,
        siren,
        establishments: zone.map((key, i) => ({ siret: newSiret(rng, siren, i + 1), placeKey: key, phone: newPhone(rng, rng.pick(place(key).landline)) })),
        email: `${kind === "notary" ? "negociation" : "contact"}@${s.slice(0, 22)}.fr`,
        feesUrl: kind === "notary" ? `https://www.${s.slice(0, 22)}.notaires.fr/tarifs` : null,
        network: null,
        pack: this.pack(kind, zone),
        banner: rng.chance(0.5) ? newPhoto(rng, "banner") : null,
        bannerFirst: rng.chance(0.5),
        titleStyle: rng.int(0, 5),
        feesRate: kind === "notary" ? rng.between(3, 5) : 0,
        chargesIncluded: true,
        exclusiveRate: kind === "notary" ? 1 : 0,
        slug: s,
      });
    }
    return rng.pick(pool);
  }

  promoter(placeKey: string): Publisher {
    return this.special("promoter", this.promoters, placeKey, ["Résidences", "Horizon Promotion", "Les Terrasses de", "Nouvel Habitat", "Bâtir"]);
  }

  notary(placeKey: string): Publisher {
    return this.special("notary", this.notaries, placeKey, ["Étude", "SCP Notaires", "SELARL Notaires"]);
  }

  builder(placeKey: string): Publisher {
    return this.special("builder", this.builders, placeKey, ["Maisons", "Demeures", "Les Maisons de", "Constructions"]);
  }
}

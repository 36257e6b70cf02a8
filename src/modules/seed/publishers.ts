import { isValidSiret, luhnCheckDigit } from "../../domain/siren.js";
import { asciiWord, emailLocalPart, personName } from "./names.js";
import { landlineFor, mobileFor } from "./phones.js";
import type { Place } from "./places.js";
import type { Random } from "./random.js";

export type Agent = { name: string; email: string | undefined; phone: string };

/** Who publishes a listing: an agency, an independent agent of a mandatary network, or a private seller. */
export type Publisher =
  | {
      kind: "agency" | "mandatary";
      name: string;
      email: string;
      phone: string;
      feesUrl: string;
      siren: string;
      siret: string;
      agents: Agent[];
    }
  | { kind: "private"; agents: Agent[] };

const AGENCY_NETWORKS = [
  "Century 21",
  "Orpi",
  "Laforêt",
  "Guy Hoquet",
  "ERA Immobilier",
  "Stéphane Plaza Immobilier",
  "Square Habitat",
  "Nestenn",
  "L'Adresse",
  "Foncia Transaction",
  "Citya Immobilier",
  "Arthurimmo.com",
  "Agence du Centre",
  "Agence de la Gare",
  "Cabinet Immobilier du Marché",
  "Immobilière des Remparts",
] as const;

const MANDATARY_NETWORKS = [
  { name: "IAD France", domain: "iadfrance.fr" },
  { name: "SAFTI", domain: "safti.fr" },
  { name: "Capifrance", domain: "capifrance.fr" },
  { name: "Optimhome", domain: "optimhome.com" },
  { name: "Propriétés Privées", domain: "proprietes-privees.com" },
  { name: "BSK Immobilier", domain: "bskimmobilier.com" },
] as const;

/** A SIREN: 8 random digits (not starting with 0) and the Luhn check digit. */
function randomSiren(random: Random): string {
  const body = String(random.int(1, 9)) + random.digits(7);
  return body + String(luhnCheckDigit(body));
}

/** A SIRET of that SIREN: a NIC like 00012 (establishment number, then the Luhn digit of the 14 digits). */
function siretOf(random: Random, siren: string): string {
  const body = siren + "000" + String(random.int(1, 9));
  const siret = body + String(luhnCheckDigit(body));
  // La Poste's SIREN follows another rule; luhnCheckDigit never produces it by chance, but check anyway.
  if (!isValidSiret(siret)) throw new Error(`generated an invalid SIRET ${siret}`);
  return siret;
}

function agentOf(random: Random, department: string, domain: string | undefined): Agent {
  const name = personName(random);
  return {
    name: `${name.first} ${name.last}`,
    email: domain ? `${emailLocalPart(name)}@${domain}` : undefined,
    phone: mobileFor(random, department),
  };
}

function newAgency(random: Random, place: Place): Publisher {
  const network = random.pick(AGENCY_NETWORKS);
  const town = place.name.replace(/ Arrondissement$/, "");
  const name = random.chance(0.8) ? `${network} ${town}` : `${personName(random).last} Immobilier`;
  const domain = `${asciiWord(name)}.fr`;
  const siren = randomSiren(random);
  return {
    kind: "agency",
    name,
    email: `contact@${domain}`,
    phone: landlineFor(random, place.department),
    feesUrl: `https://www.${domain}/honoraires`,
    siren,
    siret: siretOf(random, siren),
    agents: Array.from({ length: random.int(1, 4) }, () => agentOf(random, place.department, domain)),
  };
}

function newMandatary(random: Random, place: Place): Publisher {
  const network = random.pick(MANDATARY_NETWORKS);
  const agent = agentOf(random, place.department, network.domain);
  const siren = randomSiren(random);
  return {
    kind: "mandatary",
    name: `${agent.name} - ${network.name}`,
    email: agent.email ?? `contact@${network.domain}`,
    phone: agent.phone,
    feesUrl: `https://www.${network.domain}/bareme-honoraires`,
    siren,
    siret: siretOf(random, siren),
    agents: [agent],
  };
}

/** How many professionals a department's pool grows to; later listings reuse them. */
const POOL_SIZE = 40;

/**
 * Professionals by department, created on first need and reused, so that one agency publishes many listings
 * (and the SIREN/SIRET filters of contracts have something to select). Memory is bounded by
 * departments x POOL_SIZE.
 */
export class PublisherDirectory {
  private readonly pools = new Map<string, Publisher[]>();

  professional(random: Random, place: Place): Publisher {
    let pool = this.pools.get(place.department);
    if (!pool) {
      pool = [];
      this.pools.set(place.department, pool);
    }
    if (pool.length < POOL_SIZE && (pool.length === 0 || random.chance(0.25))) {
      const created = random.chance(0.75) ? newAgency(random, place) : newMandatary(random, place);
      pool.push(created);
      return created;
    }
    return random.pick(pool);
  }

  privateSeller(random: Random, place: Place): Publisher {
    const name = personName(random);
    const shown = random.chance(0.5) ? `${random.pick(["M.", "Mme"])} ${name.last}` : name.first;
    return {
      kind: "private",
      agents: [{ name: shown, email: random.chance(0.4) ? `${emailLocalPart(name)}@gmail.com` : undefined, phone: mobileFor(random, place.department) }],
    };
  }
}

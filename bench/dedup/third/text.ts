// French titles and descriptions, written per publisher (agency template, network agent, private owner,
// new-build promoter, property manager), with typos, upper case, emojis and truncation.
import { Rng } from "./rng.js";

export const fmtInt = (n: number, sep = " "): string => String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, sep);
export const fmtArea = (a: number, comma = true): string => {
  const s = Number.isInteger(a) ? String(a) : String(Math.round(a * 100) / 100);
  return comma ? s.replace(".", ",") : s;
};
export const ordinalFloor = (f: number): string => (f === 0 ? "rez-de-chaussée" : f === 1 ? "1er étage" : `${f}e étage`);
export const ordinalFloorAlt = (f: number): string => (f === 0 ? "RDC" : f === 1 ? "1er" : `${f}ème`);

export function stripAccents(s: string): string {
  return s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/œ/g, "oe")
    .replace(/Œ/g, "OE");
}
export function slug(s: string): string {
  return stripAccents(s)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

const MISSPELL: Record<string, string[]> = {
  appartement: ["appartemment", "apartement", "appart"],
  cuisine: ["cuisinne", "cusine"],
  équipée: ["equipée", "équipé", "equipe"],
  aménagée: ["amenagée", "aménagé"],
  chambres: ["chambre", "chambres", "chbres"],
  lumineux: ["lumineu", "lumineuc"],
  proximité: ["proximitée", "proximite"],
  ascenseur: ["assenceur", "ascenceur"],
  séjour: ["sejour", "séjours"],
  rénové: ["rénover", "renové", "renove"],
  immeuble: ["imeuble", "immeuble"],
  calme: ["calme", "clame"],
  commerces: ["commerce", "comerces"],
  balcon: ["balcont", "balcon"],
  "salle de bain": ["salle de bains", "sdb", "salle de bain"],
  disponible: ["dispo", "disponnible"],
  vends: ["vend", "vends"],
  garage: ["garrage"],
  quartier: ["quartié", "quartier"],
  très: ["tres", "trés"],
};

export function typos(r: Rng, text: string, rate: number): string {
  if (rate <= 0) return text;
  let out = text;
  for (const [w, alts] of Object.entries(MISSPELL)) {
    if (out.includes(w) && r.chance(rate * 2.5)) out = out.replace(w, r.pick(alts));
  }
  // random character-level slips
  const chars = [...out];
  const n = Math.floor(chars.length * rate * 0.02);
  for (let i = 0; i < n; i++) {
    const k = r.int(1, chars.length - 2);
    const c = chars[k]!;
    if (!/[a-zéèà]/.test(c)) continue;
    const op = r.int(0, 3);
    if (op === 0) chars.splice(k, 1);
    else if (op === 1) chars.splice(k, 0, c);
    else if (op === 2) [chars[k], chars[k + 1]] = [chars[k + 1]!, chars[k]!];
    else chars[k] = stripAccents(c);
  }
  return chars.join("");
}

export const EMOJIS = ["✨", "🏡", "📍", "☀️", "🌳", "🚗", "🔑", "👉", "💥", "🏠", "⭐", "📞", "🚇", "🌊", "⛰️"];

export function emojify(r: Rng, text: string, rate: number): string {
  if (rate <= 0) return text;
  return text
    .split("\n")
    .map((l) => (l.length > 0 && r.chance(rate) ? `${r.pick(EMOJIS)} ${l}` : l))
    .join("\n");
}

export function truncate(text: string, n: number): string {
  if (text.length <= n) return text;
  const cut = text.slice(0, n);
  const sp = cut.lastIndexOf(" ");
  return `${(sp > n * 0.6 ? cut.slice(0, sp) : cut).trimEnd()}...`;
}

export type TextFacts = {
  type: "apartment" | "house";
  tx: "sale" | "rent";
  houseWord: string;
  rooms?: number;
  bedrooms?: number;
  area?: number;
  floor?: number;
  floorCount?: number;
  elevator?: boolean;
  balcony?: boolean;
  balconyArea?: number;
  terrace?: boolean;
  terraceArea?: number;
  parking?: boolean;
  garage?: boolean;
  cellar?: boolean;
  garden?: boolean;
  landArea?: number;
  pool?: boolean;
  fireplace?: boolean;
  dualAspect?: boolean;
  orientation?: string;
  year?: number;
  city: string;
  quartier: string;
  transit?: string;
  landmark?: string;
  view?: string;
  furnished: boolean;
  price: number;
  net?: number; // sale: price without fees
  commissionPct?: number;
  feesPaidBy?: "buyer" | "seller";
  rentHC?: number;
  charges?: number;
  cc?: boolean;
  dpe?: string;
  dpeValue?: number;
  ges?: string;
  coproLots?: number;
  coproCharges?: number;
  energyLo?: number;
  energyHi?: number;
  selling: string[];
  kitchen: string;
  bath: string;
  exclusive: boolean;
  availableFrom?: string;
  rentControl?: boolean;
};

const ORIENT_FR: Record<string, string> = {
  north: "nord",
  northEast: "nord-est",
  east: "est",
  southEast: "sud-est",
  south: "sud",
  southWest: "sud-ouest",
  west: "ouest",
  northWest: "nord-ouest",
};

export function roomsLabel(r: Rng, f: TextFacts): string {
  if (f.rooms === undefined) return "";
  if (f.rooms === 1 && f.type === "apartment") return r.pick(["studio", "T1", "studio", "F1"]);
  return r.weighted([
    [`T${f.rooms}`, 4],
    [`${f.rooms} pièces`, 4],
    [`F${f.rooms}`, 1.5],
    [`type ${f.rooms}`, 0.5],
  ] as const);
}

/** "ce", "cet" or "cette" before a noun. */
export function ce(noun: string): string {
  if (/^(maison|propriété|villa|bastide|toulousaine|belle|charmante)/i.test(noun)) return `cette ${noun}`;
  if (/^[aeéèiouh]/i.test(noun)) return `cet ${noun}`;
  return `ce ${noun}`;
}

function typeNoun(r: Rng, f: TextFacts): string {
  if (f.type === "house")
    return r.weighted([
      ["maison", 6],
      [f.houseWord, 3],
      ["propriété", f.area && f.area > 150 ? 1 : 0.1],
    ] as const);
  return r.weighted([
    ["appartement", 8],
    ["bel appartement", 1],
    ["appartement traversant", f.dualAspect ? 1.5 : 0],
    ["duplex", f.rooms && f.rooms >= 4 ? 0.3 : 0],
    ["loft", 0.1],
  ] as const);
}

function featureList(r: Rng, f: TextFacts, short: boolean): string[] {
  const out: string[] = [];
  if (f.balcony) out.push(f.balconyArea && !short && r.chance(0.6) ? `un balcon de ${fmtArea(f.balconyArea)} m²` : "un balcon");
  if (f.terrace) out.push(f.terraceArea && !short && r.chance(0.7) ? `une terrasse de ${fmtArea(f.terraceArea)} m²` : "une terrasse");
  if (f.garden) out.push(f.landArea && f.type === "house" && r.chance(0.7) ? `un jardin de ${fmtInt(f.landArea)} m²` : "un jardin");
  if (f.pool) out.push(r.pick(["une piscine", "une piscine chauffée", "une belle piscine"]));
  if (f.cellar) out.push(r.pick(["une cave", "une cave saine", "une cave privative"]));
  if (f.parking) out.push(r.pick(["une place de parking", "un emplacement de stationnement", "un parking en sous-sol", "une place de parking privative"]));
  if (f.garage) out.push(r.pick(["un garage", "un garage fermé", "un box fermé"]));
  if (f.fireplace) out.push(r.pick(["une cheminée", "une cheminée en état de fonctionnement"]));
  return r.shuffle(out);
}

function joinFr(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} et ${items[items.length - 1]}`;
}

const de = (item: string) => (item.startsWith("un") ? `d'${item}` : /^\d/.test(item) ? `de ${item}` : `de ${item}`);
function compo(r: Rng, f: TextFacts): string {
  const parts: string[] = [];
  parts.push(r.pick(["une entrée", "une entrée avec placard", "un hall d'entrée"]));
  const orient = f.orientation && r.chance(0.5) ? ` exposé ${ORIENT_FR[f.orientation]}` : "";
  parts.push(`${r.pick(["un séjour lumineux", "un beau séjour", "une pièce de vie", "un salon-séjour", "un double séjour"])}${orient}`);
  parts.push(`une cuisine ${f.kitchen}`);
  if (f.bedrooms !== undefined && f.bedrooms > 0) parts.push(f.bedrooms === 1 ? "une chambre" : `${f.bedrooms} chambres`);
  parts.push(`${f.bath}`);
  if (r.chance(0.5)) parts.push("un WC séparé");
  const subj = f.type === "house" ? r.pick(["Elle", "Le bien", "La maison"]) : r.pick(["Il", "Le bien", "L'appartement"]);
  const v = r.int(0, 3);
  if (v === 0) return `${subj} se compose ${joinFr(parts.map(de))}.`;
  if (v === 1) return `${subj} comprend ${joinFr(parts)}.`;
  if (v === 2) return `Vous y trouverez ${joinFr(parts)}.`;
  return `${subj} offre ${joinFr(parts)}.`;
}

function locSentence(r: Rng, f: TextFacts): string {
  const opts: string[] = [];
  if (f.transit)
    opts.push(
      `À proximité immédiate du ${f.transit}, des commerces et des écoles.`,
      `Proche ${f.transit} et toutes commodités.`,
      `${f.transit === "tram" ? "Tramway" : "Métro"} à 3 minutes à pied.`,
    );
  if (f.landmark) opts.push(`À quelques pas de ${f.landmark}.`, `À 10 minutes à pied de ${f.landmark}.`);
  opts.push("Commerces, écoles et transports à pied.", "Au calme, dans une rue peu passante.", `Dans le quartier ${f.quartier}, très recherché.`);
  return r.pick(opts);
}

function sellingSentence(r: Rng, f: TextFacts): string {
  const bits = f.selling.map((s) => {
    switch (s) {
      case "lumineux":
        return r.pick(["très lumineux", "baigné de lumière", "lumineux"]);
      case "calme":
        return r.pick(["au calme absolu", "calme", "sans vis-à-vis"]);
      case "parquet":
        return r.pick(["parquet ancien", "parquet massif", "parquet point de Hongrie"]);
      case "moulures":
        return r.pick(["moulures et cheminées d'époque", "belle hauteur sous plafond", "moulures"]);
      case "renove":
        return r.pick(["entièrement rénové", "refait à neuf", "rénové avec goût"]);
      case "travaux":
        return r.pick(["travaux à prévoir", "à rafraîchir", "à rénover"]);
      case "vue":
        return f.view ?? "vue dégagée";
      case "traversant":
        return "traversant";
      case "hsp":
        return "hauteur sous plafond de 3 m";
      default:
        return s;
    }
  });
  if (bits.length === 0) return "";
  return `${r.pick(["Points forts :", "Atouts :", "Ses plus :", "À noter :"])} ${bits.join(", ")}.`;
}

function energySentence(r: Rng, f: TextFacts): string {
  const out: string[] = [];
  if (f.dpe)
    out.push(
      r.pick([
        `DPE : ${f.dpe.toUpperCase()}`,
        `Classe énergie ${f.dpe.toUpperCase()}`,
        `Diagnostic de performance énergétique : classe ${f.dpe.toUpperCase()}`,
      ]) + (f.dpeValue && r.chance(0.5) ? ` (${f.dpeValue} kWh/m².an)` : ""),
    );
  if (f.ges) out.push(r.pick([`GES : ${f.ges.toUpperCase()}`, `Classe climat ${f.ges.toUpperCase()}`]));
  let s = out.length ? `${out.join(" - ")}.` : "";
  if (f.energyLo && f.energyHi && r.chance(0.8))
    s += ` Montant estimé des dépenses annuelles d'énergie pour un usage standard : entre ${fmtInt(f.energyLo)} € et ${fmtInt(f.energyHi)} € par an. Prix moyens des énergies indexés au 1er janvier ${r.pick(["2021", "2023", "2024"])} (abonnements compris).`;
  return s.trim();
}

export type AgencyVoice = {
  name: string;
  brand?: string;
  intro: number;
  upper: boolean;
  emoji: number;
  typo: number;
  signature: string;
  energy: boolean;
  georisques: boolean;
  agentLine?: string;
};

export function agencyDescription(r: Rng, f: TextFacts, v: AgencyVoice): string {
  const lines: string[] = [];
  const rl = roomsLabel(r, f);
  const noun = typeNoun(r, f);
  const areaTxt = f.area ? ` de ${fmtArea(f.area)} m²` : "";
  const intros =
    f.tx === "sale"
      ? [
          `${v.brand ?? v.name} vous propose ${ce(noun)} ${rl}${areaTxt}`,
          `Coup de cœur assuré pour ${ce(noun)} ${rl}${areaTxt}`,
          `Idéalement situé${f.type === "house" ? "e" : ""} ${f.quartier ? `dans le quartier ${f.quartier}` : `à ${f.city}`}, venez découvrir ${ce(noun)} ${rl}${areaTxt}`,
          `À VENDRE : ${noun} ${rl}${areaTxt}`,
          `Rare sur le secteur ! ${f.city} ${f.quartier} : ${noun} ${rl}${areaTxt}`,
          `Dans un quartier recherché, ${noun} ${rl}${areaTxt}`,
        ]
      : [
          `À louer : ${noun} ${f.furnished ? "meublé " : ""}${rl}${areaTxt}`,
          `${v.brand ?? v.name} vous propose à la location ${ce(noun)} ${f.furnished ? "meublé " : ""}${rl}${areaTxt}`,
          `${f.city} ${f.quartier} - ${noun} ${rl}${f.furnished ? " meublé" : ""}${areaTxt}`,
          `Location ${noun} ${rl}${areaTxt}${f.furnished ? ", meublé et équipé" : ""}`,
        ];
  let first = intros[v.intro % intros.length]!;
  if (f.exclusive && f.tx === "sale" && r.chance(0.7)) first = `EXCLUSIVITÉ ! ${first}`;
  let where = "";
  if (f.type === "apartment" && f.floor !== undefined) {
    where = `, situé au ${ordinalFloor(f.floor)}${f.floorCount ? ` sur ${f.floorCount}` : ""}${f.elevator ? " avec ascenseur" : f.floor >= 2 && r.chance(0.5) ? " sans ascenseur" : ""}`;
    if (f.year && r.chance(0.4))
      where +=
        f.year < 1948
          ? ` d'un immeuble ${r.pick(["ancien", "de caractère", "bourgeois", "en pierre"])}`
          : ` d'une résidence ${f.year > 2010 ? "récente" : r.pick(["de standing", "sécurisée", "bien entretenue"])} de ${f.year}`;
  } else if (f.type === "house" && f.landArea && r.chance(0.6)) {
    where = ` sur un terrain de ${fmtInt(f.landArea)} m²`;
  }
  lines.push(`${first}${where}.`);
  lines.push(compo(r, f));
  const feats = featureList(r, f, false);
  if (feats.length)
    lines.push(
      `${r.pick(["Le bien dispose également de", "Vous profiterez aussi de", "En annexes :", "Complètent ce bien :"])} ${joinFr(feats)}.`
        .replace("de un", "d'un")
        .replace("de une", "d'une"),
    );
  const sell = sellingSentence(r, f);
  if (sell) lines.push(sell);
  lines.push(locSentence(r, f));
  if (f.tx === "sale") {
    if (f.type === "apartment" && f.coproLots && r.chance(0.75))
      lines.push(
        `Copropriété de ${f.coproLots} lots${f.coproCharges ? `, charges annuelles : ${fmtInt(f.coproCharges)} €` : ""}. ${r.pick(["Aucune procédure en cours.", "Pas de procédure en cours.", ""])}`.trim(),
      );
    if (f.feesPaidBy === "buyer" && f.net && f.commissionPct)
      lines.push(
        r.pick([
          `Prix : ${fmtInt(f.price)} € honoraires inclus, soit ${String(f.commissionPct).replace(".", ",")} % TTC à la charge de l'acquéreur (prix hors honoraires : ${fmtInt(f.net)} €).`,
          `Prix ${fmtInt(f.price)} € FAI (${fmtInt(f.net)} € net vendeur + ${String(f.commissionPct).replace(".", ",")} % d'honoraires TTC à la charge de l'acquéreur).`,
        ]),
      );
    else lines.push(r.pick([`Prix : ${fmtInt(f.price)} €. Honoraires à la charge du vendeur.`, `${fmtInt(f.price)} € - honoraires charge vendeur.`]));
  } else {
    const cc = (f.rentHC ?? 0) + (f.charges ?? 0);
    lines.push(
      `Loyer : ${fmtInt(f.rentHC ?? f.price)} € + ${fmtInt(f.charges ?? 0)} € de provisions sur charges${r.chance(0.5) ? " (régularisation annuelle)" : ""}, soit ${fmtInt(cc)} € charges comprises. Dépôt de garantie : ${fmtInt(f.furnished ? 2 * (f.rentHC ?? f.price) : (f.rentHC ?? f.price))} €.`,
    );
    if (f.area)
      lines.push(
        `Honoraires à la charge du locataire : ${fmtInt(Math.round(f.area * (f.rentControl ? 12 : 10)))} € dont ${fmtInt(Math.round(f.area * 3))} € d'état des lieux.`,
      );
    if (f.rentControl && f.area && r.chance(0.8))
      lines.push(
        `Zone soumise à l'encadrement des loyers : loyer de référence ${String(Math.round(((f.rentHC ?? f.price) / f.area) * 9) / 10).replace(".", ",")} €/m², loyer de référence majoré ${String(Math.round(((f.rentHC ?? f.price) / f.area) * 11.5) / 10).replace(".", ",")} €/m².`,
      );
    if (f.availableFrom) lines.push(`Disponible ${f.availableFrom}.`);
  }
  if (v.energy) {
    const e = energySentence(r, f);
    if (e) lines.push(e);
  }
  if (v.georisques && r.chance(0.9))
    lines.push("Les informations sur les risques auxquels ce bien est exposé sont disponibles sur le site Géorisques : www.georisques.gouv.fr");
  if (v.agentLine) lines.push(v.agentLine);
  if (v.signature) lines.push(v.signature);
  let text = lines.join(r.chance(0.5) ? "\n" : "\n\n");
  text = emojify(r, text, v.emoji);
  text = typos(r, text, v.typo);
  if (v.upper) text = text.toUpperCase();
  return text;
}

export function ownerDescription(r: Rng, f: TextFacts, o: { upper: boolean; emoji: number; typo: number; noAgency: boolean; first: string }): string {
  const rl = roomsLabel(r, f);
  const area = f.area ? ` de ${fmtArea(f.area, r.chance(0.5))}${r.pick(["m2", " m²", "m²", " m2"])}` : "";
  const lines: string[] = [];
  if (f.tx === "sale") {
    lines.push(
      `${r.pick(["Bonjour, ", "", "Particulier ", ""])}${r.pick(["je vends", "vends", "nous vendons", "A vendre"])} ${f.type === "house" ? r.pick(["ma maison", "notre maison", "maison"]) : r.pick(["mon appartement", "notre appartement", "appartement"])} ${rl}${area}${f.quartier && r.chance(0.6) ? ` quartier ${f.quartier}` : ` à ${f.city}`}.`,
    );
  } else {
    lines.push(
      `${r.pick(["Loue", "Je loue", "A louer", "Particulier loue"])} ${f.type === "house" ? "maison" : r.pick(["appartement", "appart", "logement"])} ${rl}${f.furnished ? " meublé" : " vide"}${area}${f.quartier && r.chance(0.6) ? ` secteur ${f.quartier}` : ` à ${f.city}`}.`,
    );
  }
  const bits: string[] = [];
  if (f.type === "apartment" && f.floor !== undefined && r.chance(0.7))
    bits.push(`${ordinalFloorAlt(f.floor)} étage${f.elevator ? " avec ascenseur" : f.floor > 1 ? " sans ascenseur" : ""}`);
  if (f.bedrooms) bits.push(`${f.bedrooms} chambre${f.bedrooms > 1 ? "s" : ""}`);
  bits.push(`cuisine ${r.pick(["équipée", "aménagée", "ouverte", "séparée"])}`);
  if (r.chance(0.5)) bits.push(r.pick(["salle de bain", "salle d'eau avec douche", "sdb refaite"]));
  for (const x of featureList(r, f, true)) bits.push(x.replace(/^(un|une) /, ""));
  lines.push(`${bits.join(", ")}.`.replace(/^./, (c) => c.toUpperCase()));
  if (f.selling.length && r.chance(0.6))
    lines.push(
      `${r.pick(["Très", "Tres", "Vraiment"])} ${f.selling.includes("lumineux") ? "lumineux" : "calme"}, ${r.pick(["proche de tout", "proche commerces", "quartier agréable", `proche ${f.transit ?? "centre"}`])}.`,
    );
  if (f.tx === "sale") {
    if (f.coproCharges && r.chance(0.4)) lines.push(`Charges de copro ${fmtInt(Math.round(f.coproCharges / 12))} €/mois.`);
    if (f.dpe && r.chance(0.6)) lines.push(`DPE ${f.dpe.toUpperCase()}${f.ges ? ` GES ${f.ges.toUpperCase()}` : ""}.`);
    lines.push(
      r.pick([`Prix ${fmtInt(f.price)} €${r.chance(0.3) ? " à débattre" : ""}.`, `${fmtInt(f.price, "")}€ net vendeur.`, `Prix : ${fmtInt(f.price)} euros.`]),
    );
  } else {
    lines.push(
      f.cc
        ? `Loyer ${fmtInt(f.price)} € charges comprises${r.chance(0.5) ? ` (dont ${fmtInt(f.charges ?? 0)} € de charges)` : ""}.`
        : `Loyer ${fmtInt(f.price)} € ${r.pick(["hors charges", "HC", "+ charges"])}${f.charges && r.chance(0.6) ? ` (charges ${fmtInt(f.charges)} €)` : ""}.`,
    );
    if (f.availableFrom) lines.push(`Libre ${f.availableFrom}.`);
    if (r.chance(0.5)) lines.push(r.pick(["Garant demandé.", "Garant ou Visale obligatoire.", "Revenus 3 fois le loyer.", "Pas de colocation."]));
  }
  if (o.noAgency) lines.push(r.pick(["Pas d'agences svp.", "Agences s'abstenir.", "Merci de ne pas me démarcher (agences).", "PAS D'AGENCE"]));
  if (r.chance(0.3)) lines.push(r.pick([`Contact par message uniquement.`, `${o.first}.`, "Visites le week-end.", "Me contacter pour plus d'infos."]));
  let text = lines.join(r.chance(0.6) ? "\n" : " ");
  text = emojify(r, text, o.emoji);
  text = typos(r, text, o.typo);
  if (o.upper) text = text.toUpperCase();
  return text;
}

export function programmeDescription(
  r: Rng,
  f: TextFacts,
  p: { progName: string; units: number; delivery: string; lot: string; brand: string; variant: number },
): string {
  const rl = f.rooms === 1 ? "studio" : `${f.type === "house" ? "maison" : "appartement"} ${f.rooms} pièces`;
  const ext = f.terrace
    ? `une terrasse de ${fmtArea(f.terraceArea ?? 12)} m²`
    : f.balcony
      ? `un balcon de ${fmtArea(f.balconyArea ?? 6)} m²`
      : f.garden
        ? "un jardin privatif"
        : "de belles ouvertures";
  const orient = f.orientation ? ` exposé ${ORIENT_FR[f.orientation]}` : "";
  const a = [
    `${p.progName} : nouvelle résidence de ${p.units} logements à ${f.city}, quartier ${f.quartier}.`,
    `Découvrez ${ce(rl)} de ${fmtArea(f.area ?? 0)} m²${f.type === "apartment" && f.floor !== undefined ? ` situé au ${ordinalFloor(f.floor)}` : ""}, prolongé par ${ext}${orient}.`,
    `Prestations de qualité : parquet stratifié dans les chambres, salle d'eau équipée, volets roulants électriques, ${f.parking ? "place de parking en sous-sol, " : ""}résidence sécurisée.`,
    `Bâtiment conforme à la RE2020. Livraison prévue ${p.delivery}.`,
    r.pick([
      "Frais de notaire réduits. Éligible au PTZ sous conditions de ressources.",
      "Frais de notaire offerts* (voir conditions). TVA réduite possible en zone ANRU.",
      "Frais de notaire réduits.",
    ]),
    `Lot ${p.lot}. ${r.pick(["Prix ferme et définitif.", "Illustrations non contractuelles.", "*Offre soumise à conditions, renseignements en espace de vente."])}`,
  ];
  const b = [
    `${p.brand} présente ${p.progName}, à ${f.city}.`,
    `${rl.toUpperCase()} - LOT ${p.lot} - ${fmtArea(f.area ?? 0)} m² habitables${f.terrace || f.balcony ? ` + ${f.terrace ? "terrasse" : "balcon"}` : ""}${f.type === "apartment" && f.floor !== undefined ? ` - ${ordinalFloorAlt(f.floor)} étage` : ""}.`,
    `Une adresse idéale${f.transit ? ` à proximité du ${f.transit}` : ""}, au cœur du quartier ${f.quartier}.`,
    `Logements lumineux, espaces extérieurs pour chaque appartement, jardin paysager.`,
    `Livraison ${p.delivery}. Frais de notaire réduits.`,
  ];
  return (p.variant % 2 === 0 ? a : b).join(p.variant % 3 === 0 ? "\n" : " ");
}

export function freeTitle(r: Rng, f: TextFacts, kind: "pro" | "owner" | "network", upper: boolean, emoji: number): string {
  const rl = roomsLabel(r, f);
  const area = f.area ? `${Math.round(f.area)}${r.pick([" m²", "m²", " m2", "m2"])}` : "";
  const noun = f.type === "house" ? r.pick(["Maison", f.houseWord.replace(/^./, (c) => c.toUpperCase())]) : r.pick(["Appartement", "Appartement", "Appart"]);
  const extra = f.balcony
    ? "avec balcon"
    : f.terrace
      ? "avec terrasse"
      : f.garden
        ? "avec jardin"
        : f.parking
          ? "avec parking"
          : f.selling.includes("lumineux")
            ? "lumineux"
            : (f.view ?? "");
  let t: string;
  if (kind === "owner") {
    t = r.pick([
      `${noun} ${rl} ${extra}`.trim(),
      `${f.tx === "sale" ? "Vends" : "Loue"} ${noun.toLowerCase()} ${rl} ${area}`.trim(),
      `${rl} ${f.furnished && f.tx === "rent" ? "meublé " : ""}${f.quartier ?? f.city}`.trim(),
      `${noun} ${area} ${f.city}`.trim(),
      `${rl} ${area} ${extra}`.trim(),
    ]);
  } else if (kind === "network") {
    t = r.pick([`${noun} ${rl} de ${area} à ${f.city}`, `${noun} ${f.city} ${rl} ${area}`, `${noun} ${area} - ${f.city}`]);
  } else {
    t = r.pick([
      `${noun} ${rl} ${area} ${f.quartier}`.trim(),
      `${f.exclusive ? "EXCLUSIVITÉ - " : ""}${noun} ${rl} ${extra}`.trim(),
      `${f.city} - ${noun} ${rl} ${area}`.trim(),
      `${f.tx === "sale" ? "Vente" : "Location"} ${noun.toLowerCase()} ${rl}${f.furnished && f.tx === "rent" ? " meublé" : ""} ${area}`.trim(),
    ]);
  }
  t = t.replace(/\s+/g, " ").replace(/ de $/, "");
  if (emoji > 0 && r.chance(emoji)) t = `${r.pick(EMOJIS)} ${t}`;
  if (upper) t = t.toUpperCase();
  return t;
}

export function autoTitle(style: string, f: TextFacts, city: string): string {
  const T = f.type === "house" ? "Maison" : "Appartement";
  const t = f.type === "house" ? "maison" : "appartement";
  const rooms = f.rooms !== undefined ? ` ${f.rooms} pièce${f.rooms > 1 ? "s" : ""}` : "";
  const area = f.area ? ` ${Math.round(f.area)} m²` : "";
  switch (style) {
    case "seloger":
      return `${T}${rooms}${area}`.trim();
    case "bienici":
    case "pap":
      return `${f.tx === "sale" ? "Vente" : "Location"} ${t}${rooms}${area}`.trim();
    case "logicimmo":
      return `${f.tx === "sale" ? "Vente" : "Location"} ${t}${rooms} ${city}`.trim();
    case "figaro":
      return `${T}${rooms}${f.area ? ` de${area}` : ""} ${f.tx === "sale" ? "à vendre" : "à louer"} à ${city}`.trim();
    default:
      return `${T}${rooms}${area} ${city}`.trim();
  }
}

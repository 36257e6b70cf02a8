/** French listing texts: titles and descriptions as agencies, networks' agents, owners, promoters and notaries write them. */
import type { Rng } from "./rng.js";

export type Kind = "apartment" | "house";
export type Tx = "sale" | "rent";

/** An object's kind, size, layout and amenities: the truth's, or as one publisher gives them. */
export type Features = {
  kind: Kind;
  tx: Tx;
  area: number;
  rooms: number;
  bedrooms: number;
  floor: number | null;
  floorCount: number | null;
  elevator: boolean;
  balcony: boolean;
  terrace: boolean;
  parking: boolean;
  cellar: boolean;
  garden: boolean;
  pool: boolean;
  land: number | null;
};

/** What one publisher says about the object (its own measures, not necessarily the truth). */
export type Facts = Features & {
  year: number | null;
  dpe: string | null;
  ges: string | null;
  heating: string;
  quarter: string;
  street: string;
  city: string;
  amenity: string;
  price: number;
  netPrice: number | null;
  feePct: number | null;
  rentCharges: number;
  furnished: boolean;
  coproLots: number | null;
  coproCharges: number | null;
  renovation: boolean;
  isNew: boolean;
};

export type Signature = {
  company: string;
  contactName: string | null;
  contactPhone: string | null;
  ref: string | null;
  exclusive: boolean;
};

export const fmtNumber = (n: number, sep = " "): string => String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, sep);
export const fmtArea = (a: number): string => (Number.isInteger(a) ? String(a) : a.toFixed(2).replace(/0$/, "").replace(".", ","));
export const floorText = (f: number): string => (f === 0 ? "rez-de-chaussée" : f === 1 ? "1er étage" : `${f}e étage`);
const typeLabel = (f: Facts): string => (f.kind === "house" ? "maison" : f.rooms === 1 ? "studio" : "appartement");
const tLabel = (rooms: number): string => (rooms === 1 ? "T1" : `T${rooms}`);

function sentences(rng: Rng, parts: (string | null | false)[]): string {
  return parts.filter((p): p is string => typeof p === "string" && p.length > 0).join(rng.chance(0.5) ? " " : "\n");
}

function composition(rng: Rng, f: Facts): string {
  const pieces: string[] = [];
  pieces.push(rng.pick(["une entrée avec placard", "une entrée", "un hall d'entrée avec rangements", "un dégagement"]));
  const living = Math.max(12, Math.round(f.area * rng.float(0.28, 0.4)));
  pieces.push(
    rng.pick([
      `un séjour lumineux de ${living} m²`,
      `une pièce de vie de ${living} m²`,
      `un salon-séjour traversant`,
      `un beau séjour${f.balcony ? " ouvrant sur le balcon" : ""}`,
    ]),
  );
  pieces.push(rng.pick(["une cuisine aménagée et équipée", "une cuisine ouverte", "une cuisine séparée", "une cuisine indépendante à rafraîchir"]));
  if (f.bedrooms > 0) pieces.push(f.bedrooms === 1 ? "une chambre" : `${f.bedrooms} chambres${rng.chance(0.4) ? " dont une avec placard" : ""}`);
  pieces.push(rng.pick(["une salle d'eau", "une salle de bains", "une salle de bains avec baignoire", "une salle d'eau avec douche à l'italienne"]));
  if (rng.chance(0.6)) pieces.push("un WC séparé");
  const last = pieces.pop()!;
  return `${pieces.join(", ")} et ${last}`;
}

function extras(rng: Rng, f: Facts): string | null {
  const bits: string[] = [];
  if (f.balcony) bits.push(rng.pick(["un balcon", "un beau balcon", `un balcon de ${rng.int(3, 9)} m²`]));
  if (f.terrace) bits.push(rng.pick(["une terrasse", `une terrasse de ${rng.int(8, 30)} m²`, "une belle terrasse sans vis-à-vis"]));
  if (f.cellar) bits.push("une cave");
  if (f.parking) bits.push(rng.pick(["une place de parking", "un parking en sous-sol", "un garage", "un box fermé"]));
  if (f.garden) bits.push(rng.pick(["un jardin", "un jardin arboré", "un jardin clos"]));
  if (f.pool) bits.push("une piscine");
  if (bits.length === 0) return null;
  return rng.pick([`${cap(bits.join(", "))} complètent ce bien.`, `Vous profiterez également : ${bits.join(", ")}.`, `Le plus : ${bits.join(", ")}.`]);
}

function energyLines(rng: Rng, f: Facts): string | null {
  if (f.dpe === null) return rng.chance(0.5) ? "DPE en cours." : null;
  const lo = rng.int(6, 30) * 100;
  return rng.pick([
    `Classe énergie ${f.dpe.toUpperCase()}, classe climat ${(f.ges ?? f.dpe).toUpperCase()}. Montant estimé des dépenses annuelles d'énergie pour un usage standard : entre ${fmtNumber(lo)} € et ${fmtNumber(lo * 1.38)} € par an (prix de référence 2023).`,
    `DPE : ${f.dpe.toUpperCase()} / GES : ${(f.ges ?? f.dpe).toUpperCase()}.`,
    `Diagnostic de performance énergétique : classe ${f.dpe.toUpperCase()}.`,
  ]);
}

function copro(rng: Rng, f: Facts): string | null {
  if (f.coproLots === null) return null;
  const charges = f.coproCharges === null ? "" : ` Charges annuelles : ${fmtNumber(f.coproCharges)} €.`;
  return rng.pick([
    `Bien en copropriété de ${f.coproLots} lots.${charges} Pas de procédure en cours.`,
    `Copropriété de ${f.coproLots} lots principaux.${charges}`,
    `Nombre de lots : ${f.coproLots}.${charges} Aucune procédure menée contre le syndicat des copropriétaires.`,
  ]);
}

function fees(rng: Rng, f: Facts): string | null {
  if (f.tx === "rent") {
    const fee = Math.round(f.area * rng.pick([8, 10, 12]));
    return `Loyer ${fmtNumber(f.price)} € charges comprises dont ${fmtNumber(f.rentCharges)} € de provision sur charges${f.furnished ? " (meublé)" : ""}. Dépôt de garantie : ${fmtNumber(f.furnished ? (f.price - f.rentCharges) * 2 : f.price - f.rentCharges)} €. Honoraires locataire : ${fmtNumber(fee)} € dont ${fmtNumber(f.area * 3)} € d'état des lieux.`;
  }
  if (f.feePct === null || f.netPrice === null) return rng.chance(0.6) ? "Honoraires à la charge du vendeur." : null;
  const pct = (f.feePct * 100)
    .toFixed(2)
    .replace(/\.?0+$/, "")
    .replace(".", ",");
  return rng.pick([
    `Prix : ${fmtNumber(f.price)} € honoraires inclus de ${pct} % TTC à la charge de l'acquéreur (${fmtNumber(f.netPrice)} € hors honoraires).`,
    `Honoraires : ${pct} % TTC à la charge de l'acquéreur. Prix hors honoraires : ${fmtNumber(f.netPrice)} €.`,
    `${fmtNumber(f.price)} € FAI, soit ${fmtNumber(f.netPrice)} € net vendeur + ${pct} % d'honoraires charge acquéreur.`,
  ]);
}

const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

function situation(rng: Rng, f: Facts): string {
  const where = rng.pick([`à ${f.city}`, `à ${f.city}, quartier ${f.quarter}`, `dans le quartier ${f.quarter}`, `${f.street}`, `secteur ${f.quarter}`]);
  if (f.kind === "house") {
    const land = f.land === null ? "" : rng.pick([` sur un terrain de ${fmtNumber(f.land)} m²`, ` sur une parcelle de ${fmtNumber(f.land)} m²`]);
    const year = f.year === null ? "" : rng.pick([` construite en ${f.year}`, ` des années ${Math.floor(f.year / 10) * 10}`, ""]);
    return `${where}, ${typeLabel(f)} de ${fmtArea(f.area)} m²${year}${land}, comprenant ${composition(rng, f)}.`;
  }
  const floor =
    f.floor === null
      ? ""
      : ` au ${floorText(f.floor)}${f.floorCount ? ` sur ${f.floorCount}` : ""}${f.elevator ? " avec ascenseur" : f.floor >= 2 ? " sans ascenseur" : ""}`;
  const building =
    f.year === null
      ? rng.pick([" d'une résidence bien entretenue", " d'un immeuble ancien", ""])
      : f.year < 1948
        ? rng.pick([" d'un bel immeuble ancien", " d'un immeuble en pierre de taille", " d'un immeuble de caractère"])
        : f.year > 2010
          ? rng.pick([" d'une résidence récente", " d'une résidence de standing", ` d'une résidence de ${f.year}`])
          : rng.pick([` d'une résidence des années ${Math.floor(f.year / 10) * 10}`, " d'une copropriété bien tenue", " d'une résidence sécurisée"]);
  return `${cap(where)}, ${typeLabel(f)} ${tLabel(f.rooms)} de ${fmtArea(f.area)} m² situé${floor}${building}. ${rng.pick(["Il comprend", "Il offre", "Il dispose de :"])} ${composition(rng, f)}.`;
}

/** An agency's description (also used, with a different opening, by mandataries and notaries). */
export function agencyDescription(rng: Rng, f: Facts, sig: Signature, opening?: string): string {
  const open =
    opening ??
    rng.pick([
      `${sig.exclusive ? "EXCLUSIVITÉ " : ""}${sig.company} vous propose`,
      `${sig.exclusive ? "En exclusivité, " : ""}${sig.company} a le plaisir de vous présenter`,
      "Coup de cœur assuré pour",
      "À découvrir rapidement :",
      "Nouveauté !",
      f.tx === "rent" ? "À louer :" : "À vendre :",
      "Idéal premier achat ou investissement locatif :",
    ]);
  const situated = situation(rng, f);
  const lead = `${open} ${situated.charAt(0).toLowerCase()}${situated.slice(1)}`;
  const works = f.renovation
    ? rng.pick(["Travaux de rafraîchissement à prévoir.", "Bien à rénover, fort potentiel.", "Prévoir travaux."])
    : rng.pick(["Aucuns travaux à prévoir.", "Bien entretenu.", "Prestations de qualité.", "Double vitrage, volets roulants électriques.", null]);
  const heat = rng.chance(0.7) ? `Chauffage ${f.heating}.` : null;
  const contact =
    sig.contactName !== null && rng.chance(0.6)
      ? rng.pick([
          `Contactez ${sig.contactName}${sig.contactPhone ? ` au ${sig.contactPhone}` : ""}.`,
          `Pour toute visite : ${sig.contactName}${sig.contactPhone ? ` - ${sig.contactPhone}` : ""}.`,
        ])
      : null;
  return sentences(rng, [
    lead,
    `${cap(f.amenity)}.`,
    extras(rng, f),
    works,
    heat,
    f.kind === "apartment" && f.tx === "sale" ? copro(rng, f) : null,
    energyLines(rng, f),
    fees(rng, f),
    rng.chance(0.45) ? "Les informations sur les risques auxquels ce bien est exposé sont disponibles sur le site Géorisques : www.georisques.gouv.fr" : null,
    contact,
    sig.ref !== null ? rng.pick([`Réf. ${sig.ref}`, `Référence annonce : ${sig.ref}`, `Réf : ${sig.ref}`]) : null,
  ]);
}

export function mandataryDescription(rng: Rng, f: Facts, sig: Signature, network: string, agentSiren: string, rsacCity: string): string {
  const open = rng.pick([
    `Votre conseiller ${network} ${sig.contactName} vous présente`,
    `${sig.contactName}, votre agent ${network}, vous propose`,
    `EXCLUSIF ${network} :`,
    "Rare sur le secteur !",
  ]);
  const body = agencyDescription(rng, f, { ...sig, ref: null }, open);
  const rsac = rng.pick([
    `${sig.contactName}, Agent commercial (EI) immatriculé au RSAC de ${rsacCity} sous le numéro ${agentSiren}.`,
    `${sig.contactName} - EI - RSAC ${rsacCity} ${agentSiren}.`,
    `Mandataire indépendant ${network} : ${sig.contactName}, RSAC ${agentSiren}.`,
  ]);
  return `${body}\n${rsac}${sig.ref ? ` Réf. ${sig.ref}` : ""}`;
}

const OWNER_OPENINGS_SALE = [
  "Particulier vend",
  "Je vends mon",
  "Vends cause mutation",
  "A vendre par particulier,",
  "Nous vendons notre",
  "Vente de particulier à particulier :",
  "Cause départ,",
];

/** An owner's own text: informal, shorter, sometimes without accents or in capitals. */
export function ownerDescription(rng: Rng, f: Facts): string {
  const label = f.kind === "house" ? "maison" : f.rooms === 1 ? "studio" : `appartement ${tLabel(f.rooms)}`;
  const open =
    f.tx === "sale" ? rng.pick(OWNER_OPENINGS_SALE) : rng.pick(["Loue", "A louer", "Je loue mon", `Propriétaire loue${f.furnished ? " meublé" : ""}`]);
  const parts: (string | null)[] = [];
  parts.push(
    `${open} ${label} de ${Math.round(f.area)}m2 ${rng.pick([`à ${f.city}`, `quartier ${f.quarter}`, `proche ${f.quarter}`, `${f.street}`])}${f.floor !== null ? `, ${f.floor === 0 ? "rdc" : `${f.floor}e etage`}${f.elevator ? " avec asc." : ""}` : ""}.`,
  );
  const inner: string[] = [];
  if (f.bedrooms > 0) inner.push(`${f.bedrooms} ch.`);
  inner.push(rng.pick(["cuisine equipee", "cuisine ouverte sur salon", "cuis. séparée", "cuisine aménagée"]));
  inner.push(rng.pick(["sdb", "salle d'eau", "sde avec douche"]));
  if (f.balcony) inner.push("balcon");
  if (f.terrace) inner.push("terrasse");
  if (f.garden) inner.push(f.land ? `jardin ${f.land}m2` : "jardin");
  if (f.parking) inner.push(rng.pick(["parking", "garage", "place de parking"]));
  if (f.cellar) inner.push("cave");
  parts.push(`${inner.join(", ")}.`);
  parts.push(
    rng.pick(["Tres lumineux et calme.", "Refait a neuf il y a 3 ans.", "Au calme, pas de vis a vis.", "Proche toutes commodités.", `${cap(f.amenity)}.`]),
  );
  if (f.tx === "sale" && f.kind === "apartment" && rng.chance(0.4) && f.coproCharges !== null)
    parts.push(`Charges copro ${fmtNumber(f.coproCharges / 12)}€/mois.`);
  if (f.dpe !== null && rng.chance(0.6)) parts.push(`DPE ${f.dpe.toUpperCase()}.`);
  if (f.tx === "rent")
    parts.push(
      rng.pick([
        `Loyer ${f.price}€ CC.`,
        `${f.price} euros charges comprises.`,
        "Dossier complet exigé, garant demandé.",
        "Libre de suite.",
        "Disponible début du mois prochain.",
      ]),
    );
  parts.push(rng.pick(["Agences s'abstenir.", "Pas d'agence svp.", "Visites le week-end.", "Me contacter par message.", "Prix ferme.", ""]));
  let text = parts.filter((p): p is string => p !== null && p !== "").join(rng.chance(0.6) ? " " : "\n");
  if (rng.chance(0.12)) text = text.toUpperCase();
  else if (rng.chance(0.2)) text = text.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
  return text;
}

export type ProgrammeText = { name: string; promoter: string; units: number; delivery: string; lot: string; street: string };

export function programmeDescription(rng: Rng, f: Facts, p: ProgrammeText, reseller: string | null): string {
  const unit = `${f.kind === "house" ? "Maison" : tLabel(f.rooms)} de ${fmtArea(f.area)} m²${f.floor !== null ? ` au ${floorText(f.floor)}` : ""}${f.balcony ? " avec balcon" : ""}${f.terrace ? " avec terrasse" : ""}${f.garden ? " avec jardin privatif" : ""}${f.parking ? ", parking inclus" : ""}.`;
  const intro = reseller
    ? rng.pick([
        `${reseller} commercialise le programme neuf ${p.name} à ${f.city}.`,
        `Programme neuf ${p.name} (${p.promoter}) - ${f.city}. Nous vous accompagnons sans frais supplémentaires.`,
      ])
    : rng.pick([
        `${p.promoter} présente ${p.name}, une résidence de ${p.units} logements ${p.street}, à ${f.city}.`,
        `Découvrez ${p.name}, nouvelle réalisation ${p.promoter} au cœur du quartier ${f.quarter}.`,
        `${p.name} : ${p.units} appartements du studio au 5 pièces, ${f.amenity}.`,
      ]);
  return sentences(rng, [
    intro,
    rng.chance(0.7) ? `Lot ${p.lot} : ${unit}` : unit,
    rng.pick(["Frais de notaire réduits.", "Éligible au PTZ sous conditions.", "Logement conforme RE2020.", "Prestations haut de gamme."]),
    `Livraison prévue ${p.delivery}.`,
    rng.chance(0.5) ? "Visuels non contractuels." : null,
  ]);
}

export function notaryDescription(rng: Rng, f: Facts, office: string, ref: string): string {
  const open = rng.pick([`${office} vend`, "Vente par l'office notarial :", "Exclusivité de l'étude :"]);
  const situated = situation(rng, f);
  return `${open} ${situated.charAt(0).toLowerCase()}${situated.slice(1)}\n${energyLines(rng, f) ?? ""}\nPrix : ${fmtNumber(f.price)} € dont ${fmtNumber(f.price - (f.netPrice ?? f.price))} € d'émoluments de négociation.\nRéf. ${ref}`;
}

export type TitleStyle = "typed" | "freeform" | "pap" | "city" | "figaro" | "network";

export function title(rng: Rng, style: TitleStyle, f: Facts, postcode: string, owner: boolean): string {
  const k = f.kind === "house" ? "Maison" : "Appartement";
  const pieces = `${f.rooms} pièce${f.rooms > 1 ? "s" : ""}`;
  const area = `${Math.round(f.area)} m²`;
  const verb = f.tx === "sale" ? "Vente" : "Location";
  switch (style) {
    case "typed":
      return `${k} ${pieces} ${area}`;
    case "pap":
      return `${verb} ${k.toLowerCase()} ${pieces} ${area}`;
    case "city":
      return `${k} ${f.tx === "sale" ? "à vendre" : "à louer"} ${pieces} ${area} ${f.city}`;
    case "figaro":
      return `${k} ${pieces} - ${fmtArea(f.area)} m² - ${f.city} (${postcode})`;
    case "network":
      return `${k} ${f.tx === "sale" ? "à vendre" : "à louer"} - ${tLabel(f.rooms)} - ${f.city}`;
    case "freeform":
      if (owner)
        return rng.pick([
          `${k} ${tLabel(f.rooms)} ${f.balcony ? "avec balcon" : f.garden ? "avec jardin" : "lumineux"}`,
          `${f.kind === "house" ? "Maison" : "Appart"} ${Math.round(f.area)}m2 ${f.quarter}`,
          `${f.tx === "sale" ? "Vends" : "Loue"} ${f.kind === "house" ? "maison" : tLabel(f.rooms)} ${f.city}`,
          `${k} ${pieces}${f.parking ? " + parking" : ""}`,
        ]);
      return rng.pick([
        `${k} ${tLabel(f.rooms)} ${area} - ${f.quarter}`,
        `${k} ${pieces} ${area}`,
        `${f.city} ${f.quarter} - ${k} ${tLabel(f.rooms)}`,
        `${k} ${tLabel(f.rooms)}${f.balcony ? " avec balcon" : ""}${f.parking ? " et parking" : ""}`,
      ]);
  }
}

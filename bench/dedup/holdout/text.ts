// Wording of adverts: titles per portal and descriptions per kind of publisher, in French.

import type { Rng } from "./rng.js";

export function fmtInt(n: number): string {
  return String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, " ");
}

export function fmtDec(n: number): string {
  const r = Math.round(n * 100) / 100;
  return Number.isInteger(r) ? String(r) : String(r).replace(".", ",");
}

export function ordinalFloor(floor: number): string {
  if (floor <= 0) return "rez-de-chaussée";
  if (floor === 1) return "1er étage";
  return `${floor}e étage`;
}

export interface Facts {
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
  heating: string;
  quartier: string;
  city: string;
  dpe: string | null;
  year: number | null;
  price: number;
  netPrice: number;
  charges: number;
  feeRate: number;
  lots: number;
  available: string;
  isNew: boolean;
}

export function kindWord(f: Facts): string {
  if (f.type === "house") return "maison";
  if (f.rooms === 1) return "studio";
  return "appartement";
}

function typology(rng: Rng, f: Facts): string {
  if (f.type === "house") return rng.pick([`maison de ${f.rooms} pièces`, `maison T${f.rooms}`, `maison ${f.rooms} pièces`]);
  if (f.rooms === 1) return rng.pick(["studio", "studio", "appartement 1 pièce", "T1"]);
  return rng.pick([`appartement T${f.rooms}`, `${f.rooms} pièces`, `appartement de type ${f.rooms}`, `T${f.rooms}`]);
}

function outside(f: Facts): string[] {
  const parts: string[] = [];
  if (f.balconyArea > 0) parts.push(`balcon de ${fmtDec(f.balconyArea)} m²`);
  if (f.terraceArea > 0) parts.push(`terrasse de ${fmtDec(f.terraceArea)} m²`);
  if (f.gardenArea > 0) parts.push(`jardin de ${fmtInt(f.gardenArea)} m²`);
  if (f.parking) parts.push(f.type === "house" ? "garage" : "place de parking en sous-sol");
  if (f.cellar) parts.push("cave");
  if (f.pool) parts.push("piscine");
  return parts;
}

function layout(rng: Rng, f: Facts): string {
  const bed = f.bedrooms <= 0 ? "" : f.bedrooms === 1 ? "une chambre" : `${f.bedrooms} chambres`;
  const living = rng.pick(["un séjour lumineux", "une pièce de vie", "un double séjour", "un salon-séjour"]);
  const kitchen = rng.pick(["une cuisine équipée", "une cuisine indépendante", "une cuisine ouverte aménagée", "une cuisine américaine"]);
  const bath = rng.pick(["une salle d'eau", "une salle de bains", "une salle de bains avec baignoire"]);
  const items = [rng.pick(["une entrée avec placard", "une entrée", "un hall d'entrée"]), living, kitchen];
  if (bed) items.push(bed);
  items.push(bath, rng.pick(["un WC séparé", "WC indépendant", "un WC"]));
  return items.slice(0, -1).join(", ") + " et " + items[items.length - 1];
}

function energyLine(rng: Rng, f: Facts): string {
  if (!f.dpe) return rng.pick(["DPE en cours.", "DPE vierge.", ""]);
  return rng.pick([`Classe énergie ${f.dpe}.`, `DPE : ${f.dpe}.`, `Diagnostic de performance énergétique : classe ${f.dpe}.`]);
}

function feesLine(rng: Rng, f: Facts): string {
  if (f.tx === "rent") {
    const deposit = f.type === "apartment" ? Math.round(f.netPrice) : Math.round(f.netPrice * 2);
    return `Loyer ${fmtInt(f.price)} € ${rng.pick(["charges comprises", "CC", "par mois charges comprises"])} dont ${fmtInt(f.charges)} € de provisions sur charges${rng.chance(0.5) ? " (régularisation annuelle)" : ""}. Dépôt de garantie : ${fmtInt(deposit)} €. Honoraires de location : ${fmtInt(f.area * rng.pick([8, 10, 12]))} € TTC. Disponible ${f.available}.`;
  }
  if (f.feeRate <= 0) return `Prix : ${fmtInt(f.price)} €${rng.chance(0.5) ? " (honoraires à la charge du vendeur)" : ""}.`;
  return `Prix : ${fmtInt(f.price)} € honoraires inclus à la charge de l'acquéreur (${fmtDec(f.feeRate * 100)} % TTC du prix hors honoraires, soit ${fmtInt(f.netPrice)} €).`;
}

export function agencyDescription(
  rng: Rng,
  f: Facts,
  style: number,
  agency: string,
  negotiator: string,
  phone: string,
  ref: string,
  exclusive: boolean,
): string {
  const t = typology(rng, f);
  const where =
    f.type === "house"
      ? `dans un quartier calme de ${f.city}`
      : `${f.floor === null ? "" : `au ${ordinalFloor(f.floor)}${f.floorCount ? ` sur ${f.floorCount}` : ""} `}${f.elevator ? "avec ascenseur " : ""}d'une ${rng.pick(["résidence", "copropriété", "petite copropriété", "résidence sécurisée", "immeuble ancien"])}`;
  const out = outside(f);
  const extras = out.length ? `${out.join(", ").replace(/^./, (ch) => ch.toUpperCase())}.` : "";
  const copro =
    f.type === "apartment" && f.tx === "sale"
      ? ` Copropriété de ${f.lots} lots, charges courantes ${fmtInt(f.charges * 12)} €/an. Pas de procédure en cours.`
      : "";
  const land = f.landArea ? ` Terrain de ${fmtInt(f.landArea)} m².` : "";
  switch (style % 4) {
    case 0:
      return `${agency} vous propose ${exclusive ? "en exclusivité " : ""}ce ${t} de ${fmtDec(f.area)} m² situé ${where}, quartier ${f.quartier}. Il se compose de ${layout(rng, f)}. ${extras}${land}${copro} Exposition ${f.orientation}, chauffage ${f.heating}. ${energyLine(rng, f)} ${feesLine(rng, f)} Réf. ${ref}.`
        .replace(/\s+/g, " ")
        .trim();
    case 1:
      return `${exclusive ? "EXCLUSIVITÉ - " : ""}${f.quartier.toUpperCase()} - ${f.city}\n\n${t.charAt(0).toUpperCase() + t.slice(1)} de ${fmtDec(f.area)} m²${f.floor !== null ? ` au ${ordinalFloor(f.floor)}` : ""}.\n- ${layout(rng, f)}\n${out.map((o) => `- ${o}`).join("\n")}\n- chauffage ${f.heating}\n\n${copro.trim()}${land}\n${energyLine(rng, f)}\n${feesLine(rng, f)}\nContact : ${negotiator} ${phone}\nRéférence annonce : ${ref}`;
    case 2:
      return `${f.city}, secteur ${f.quartier}. ${t.charAt(0).toUpperCase() + t.slice(1)} de ${fmtDec(f.area)} m² comprenant ${layout(rng, f)}. ${extras}${land} ${energyLine(rng, f)} ${feesLine(rng, f)} Contactez ${negotiator} au ${phone}.`
        .replace(/[ \t]+/g, " ")
        .trim();
    default:
      return `Coup de cœur assuré pour ce ${t} ${f.year && f.year < 1950 ? "de caractère " : ""}de ${fmtDec(f.area)} m² ${f.type === "house" ? `à ${f.city}` : where}, ${rng.pick(["à deux pas de toutes les commodités", "proche de la ligne de tram", "à deux pas du marché", "près des écoles", "à quelques minutes du centre"])}. Il offre ${layout(rng, f)}. ${extras}${land}${copro} ${energyLine(rng, f)} ${feesLine(rng, f)} ${agency} - ${ref}`
        .replace(/[ \t]+/g, " ")
        .trim();
  }
}

export function ownerDescription(rng: Rng, f: Facts, refusing: boolean): string {
  const t = f.type === "house" ? "maison" : f.rooms === 1 ? "studio" : `T${f.rooms}`;
  const verb =
    f.tx === "sale"
      ? rng.pick(["Particulier vend", "Vends", "A vendre", "Je vends mon"])
      : rng.pick(["Particulier loue", "Loue", "A louer", "Propriétaire loue"]);
  const bits: string[] = [];
  bits.push(`${verb} ${t} de ${fmtInt(f.area)}m2 ${rng.chance(0.6) ? `quartier ${f.quartier}` : `à ${f.city}`}`);
  if (f.floor !== null && f.type === "apartment") bits.push(`${ordinalFloor(f.floor)}${f.elevator ? " avec asc" : " sans ascenseur"}`);
  bits.push(
    rng.pick([
      `séjour, cuisine aménagée, ${f.bedrooms} ch, sdb, wc`,
      `${f.bedrooms} chambres, salon/séjour, cuisine équipée, salle d'eau`,
      `entrée, séjour double, cuisine, ${f.bedrooms} chambres, salle de bain, toilettes`,
    ]),
  );
  const out = outside(f);
  if (out.length) bits.push(out.join(" + "));
  if (f.landArea) bits.push(`terrain ${fmtInt(f.landArea)} m2`);
  bits.push(
    rng.pick([
      "proche commerces et transports",
      "très lumineux",
      "calme",
      "refait à neuf",
      "quelques travaux de rafraîchissement à prévoir",
      "idéal premier achat ou investisseur",
      "bon état général",
    ]),
  );
  if (f.dpe) bits.push(`DPE ${f.dpe}`);
  if (f.tx === "rent") bits.push(`loyer ${fmtInt(f.price)}€ cc, libre ${f.available}`);
  else bits.push(`prix ${fmtInt(f.price)}€${rng.chance(0.4) ? " à débattre" : ""}`);
  if (refusing) bits.push(rng.pick(["Agences s'abstenir", "pas d'agence merci", "Merci aux agences de s'abstenir"]));
  let text = bits.join(", ") + ".";
  if (rng.chance(0.25)) text = text.toLowerCase();
  if (rng.chance(0.1)) text = text.replace(/, /g, "\n");
  return text;
}

export function mandataryDescription(
  rng: Rng,
  f: Facts,
  agent: string,
  role: string,
  network: string,
  phone: string,
  rsac: string,
  rsacCity: string,
  exclusive: boolean,
): string {
  const t = typology(rng, f);
  const out = outside(f);
  return `${agent}, votre ${role}, vous présente ${exclusive ? "en exclusivité " : ""}ce ${t} de ${fmtDec(f.area)} m²${f.floor !== null && f.type === "apartment" ? ` situé au ${ordinalFloor(f.floor)}` : ""} à ${f.city} (${f.quartier}). Il offre ${layout(rng, f)}.${out.length ? ` Les plus : ${out.join(", ")}.` : ""}${f.landArea ? ` Terrain de ${fmtInt(f.landArea)} m².` : ""} ${energyLine(rng, f)} ${feesLine(rng, f)} Contact : ${agent} - ${phone}. ${agent} (EI) - Agent commercial du réseau ${network}, immatriculé au RSAC de ${rsacCity} sous le numéro ${rsac}.`
    .replace(/\s+/g, " ")
    .trim();
}

export function programmeDescription(f: Facts, programme: string, promoter: string, units: number, lot: string, delivery: string, pinel: boolean): string {
  const out = outside(f);
  return `${programme} - ${promoter}\nAu cœur du quartier ${f.quartier}, ${programme} propose ${units} logements neufs du studio au 5 pièces, avec balcons ou terrasses, dans un cadre verdoyant. Prestations de qualité : parquet, carrelage grand format, volets roulants électriques, chauffage collectif par géothermie. Logement conforme à la RE2020.\n\nLot ${lot} : ${f.rooms === 1 ? "studio" : `T${f.rooms}`} de ${fmtDec(f.area)} m² au ${ordinalFloor(f.floor ?? 0)}, exposition ${f.orientation}${out.length ? `, ${out.join(", ")}` : ""}.\nLivraison prévue ${delivery}. Frais de notaire réduits.${pinel ? " Éligible au PTZ." : ""}\nPrix : ${fmtInt(f.price)} € TVA 20 %. Renseignements à notre espace de vente.`;
}

/** Title as each portal builds it (or lets the publisher write it). */
export function title(rng: Rng, portal: string, f: Facts, publisherKind: string): string {
  const word = kindWord(f);
  const Word = word.charAt(0).toUpperCase() + word.slice(1);
  const area = fmtInt(f.area);
  const saleWord = f.tx === "sale" ? "Vente" : "Location";
  const pieces = f.rooms === 1 ? "1 pièce" : `${f.rooms} pièces`;
  switch (portal) {
    case "seloger.com":
      return `${Word} ${pieces} ${area} m²`;
    case "bienici.com":
      return `${saleWord} ${word} ${pieces} ${area} m²`;
    case "logic-immo.com":
      return `${saleWord} ${Word} ${area}m² ${f.city}`;
    case "lefigaro.fr":
      return `${Word} de ${area} m² ${f.tx === "sale" ? "à vendre" : "à louer"} à ${f.city}`;
    case "pap.fr":
      return `${saleWord} ${word} ${pieces} ${area} m² ${f.city}`;
    case "ouestfrance-immo.com":
      return `${Word} ${f.type === "apartment" ? `T${f.rooms}` : pieces} - ${f.city}`;
    case "paruvendu.fr":
      return `${f.tx === "sale" ? "Vente" : "Location"} ${word} ${pieces} ${f.city}`;
    default: {
      // leboncoin: the publisher writes the title.
      if (publisherKind === "owner") {
        return rng
          .pick([
            `${Word} T${f.rooms} ${area}m2 ${f.quartier}`,
            `${f.type === "house" ? "Maison" : `T${f.rooms}`} ${rng.pick(["lumineux", "calme", "avec balcon", "proche centre", "rénové", ""])} ${area}m²`.replace(
              /\s+/g,
              " ",
            ),
            `${f.tx === "sale" ? "Vends" : "Loue"} ${word} ${area} m2`,
          ])
          .trim();
      }
      return rng.pick([`${Word} ${pieces} ${area} m²`, `${Word} T${f.rooms} ${f.quartier}`, `${f.city} - ${Word} ${pieces}`]);
    }
  }
}

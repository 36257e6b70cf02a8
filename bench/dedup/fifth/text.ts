/** Names and French texts: people, streets, titles and descriptions as publishers write them. */
import type { Rng } from "./rng.js";

export const FIRST_NAMES = [
  "Marie",
  "Nathalie",
  "Isabelle",
  "Sylvie",
  "Catherine",
  "Sandrine",
  "Céline",
  "Aurélie",
  "Julie",
  "Camille",
  "Sophie",
  "Émilie",
  "Laure",
  "Chloé",
  "Inès",
  "Léa",
  "Jean",
  "Philippe",
  "Michel",
  "Alain",
  "Nicolas",
  "Christophe",
  "Stéphane",
  "Laurent",
  "Frédéric",
  "Julien",
  "Thomas",
  "Sébastien",
  "Mathieu",
  "Antoine",
  "Pierre",
  "Olivier",
  "Karim",
  "Mehdi",
  "Yannick",
  "Jean-Marc",
  "Pascal",
  "Xavier",
  "Ange",
  "Dominique",
  "Paul-Antoine",
  "Jean-Baptiste",
  "Fabrice",
  "Ludovic",
  "Gaëlle",
  "Morgane",
  "Anne-Laure",
  "Valérie",
];

export const LAST_NAMES = [
  "Martin",
  "Bernard",
  "Dubois",
  "Thomas",
  "Robert",
  "Richard",
  "Petit",
  "Durand",
  "Leroy",
  "Moreau",
  "Simon",
  "Laurent",
  "Lefebvre",
  "Michel",
  "Garcia",
  "David",
  "Bertrand",
  "Roux",
  "Vincent",
  "Fournier",
  "Muller",
  "Schmitt",
  "Meyer",
  "Weber",
  "Klein",
  "Wolff",
  "Roussel",
  "Giraud",
  "Mercier",
  "Blanc",
  "Guerin",
  "Boyer",
  "Colonna",
  "Santoni",
  "Pietri",
  "Leconte",
  "Lemarchand",
  "Hoarau",
  "Payet",
  "Grondin",
  "Fontaine",
  "Dupuy",
  "Lacoste",
  "Bayle",
  "Castex",
  "Arnaud",
  "Faure",
  "Rey",
  "Mallet",
  "Lebrun",
];

export const STREET_KINDS = ["rue", "avenue", "boulevard", "impasse", "chemin", "allée", "place", "quai"];
export const STREET_NAMES = [
  "de la République",
  "Victor Hugo",
  "Jean Jaurès",
  "du Général de Gaulle",
  "des Lilas",
  "Pasteur",
  "de la Gare",
  "des Écoles",
  "du Maréchal Foch",
  "Gambetta",
  "de la Liberté",
  "Carnot",
  "des Tilleuls",
  "du Moulin",
  "Émile Zola",
  "de Verdun",
  "des Acacias",
  "Jules Ferry",
  "de la Paix",
  "du Port",
];

export function personName(rng: Rng): { first: string; last: string } {
  return { first: rng.pick(FIRST_NAMES), last: rng.pick(LAST_NAMES) };
}

export function street(rng: Rng): string {
  return `${rng.pick(STREET_KINDS)} ${rng.pick(STREET_NAMES)}`;
}

const fmtArea = (a: number) => String(Math.round(a * 100) / 100).replace(".", ",");
const fmtPrice = (p: number) => String(p).replace(/\B(?=(\d{3})+(?!\d))/g, " ");

export type TitleInput = {
  type: "apartment" | "house";
  transaction: "sale" | "rent";
  rooms: number;
  area: number;
  city: string;
  district: string;
  isNew: boolean;
  lotissement: boolean;
};

/** A title in one of the portal/publisher styles (0..5). */
export function title(rng: Rng, style: number, t: TitleInput): string {
  const kind = t.type === "house" ? "Maison" : "Appartement";
  const tx = t.transaction === "sale" ? "Vente" : "Location";
  const tn = t.type === "house" ? `${t.rooms} pièces` : `T${t.rooms}`;
  const area = Math.round(t.area);
  if (t.lotissement)
    return rng.pick([`Terrain + maison ${area} m² ${t.city}`, `Projet de construction maison ${t.rooms} pièces`, `Maison neuve ${area} m² avec jardin`]);
  switch (style % 6) {
    case 0:
      return `${kind} ${t.rooms} pièces ${area} m²`;
    case 1:
      return `${tx} ${kind.toLowerCase()} ${tn} ${t.city}${t.district ? ` - ${t.district}` : ""}`;
    case 2:
      return `${t.city.toUpperCase()} ${t.district.toUpperCase()} - ${kind.toUpperCase()} ${tn} ${area}M²`;
    case 3:
      return t.isNew
        ? `${kind} neuf ${tn} - livraison ${rng.pick(["2027", "2028", "T2 2027"])}`
        : `${kind} ${tn} ${rng.pick(["lumineux", "rénové", "au calme", "avec vue", "proche tram", "idéal investisseur"])}`;
    case 4:
      return `${kind} ${area} m² ${t.city}`;
    default:
      return `${tx} ${kind} ${t.rooms} pièce${t.rooms > 1 ? "s" : ""}`;
  }
}

export type DescriptionInput = TitleInput & {
  statedArea: number;
  /** The copropriété's figures every advert of a flat states alike: its lots (the building's) and annual charges (the flat's). */
  condominium: { lots: number; annualCharges: number };
  /** An area written in the text that differs from the field (Carrez/habitable, old text), or null. */
  textArea: number | null;
  bedrooms: number;
  floor: number | null;
  price: number;
  professional: boolean;
  feesIncluded: boolean;
  feesRate: number;
  chargesIncluded: boolean;
  charges: number;
  landArea: number | null;
  dpe: string | null;
  features: readonly string[];
  agentLine: string | null;
  street: string;
};

export function description(rng: Rng, d: DescriptionInput): string {
  const parts: string[] = [];
  const kind = d.type === "house" ? "maison" : "appartement";
  const shown = d.textArea ?? d.statedArea;
  if (!d.professional) {
    parts.push(
      rng.pick([
        `Particulier vend ${kind} de ${Math.round(shown)} m² environ, ${d.rooms} pièces dont ${d.bedrooms} chambre${d.bedrooms > 1 ? "s" : ""}.`,
        `Je loue mon ${kind} ${d.rooms} pièces, ${fmtArea(shown)} m², ${d.street}.`,
        `Vends ${kind} ${d.rooms} pièces (${Math.round(shown)}m2) cause mutation.`,
      ]),
    );
    if (d.transaction === "rent")
      parts.push(d.chargesIncluded ? `Loyer ${fmtPrice(d.price)} € charges comprises.` : `Loyer ${fmtPrice(d.price)} € + ${d.charges} € de charges.`);
    parts.push(rng.pick(["Agences s'abstenir.", "Pas d'agence merci.", "Visites le week-end.", "Libre rapidement."]));
  } else {
    if (d.lotissement)
      parts.push(
        `Sur un terrain de ${d.landArea ?? 500} m² au sein d'un lotissement viabilisé, maison de plain-pied de ${fmtArea(shown)} m² : séjour, cuisine ouverte, ${d.bedrooms} chambres, garage. Prix terrain + maison, hors frais de notaire. Photos non contractuelles.`,
      );
    else if (d.isNew)
      parts.push(
        `Dans une résidence neuve RE2020, ${kind} ${d.rooms} pièces de ${fmtArea(shown)} m² ${d.floor !== null ? `au ${d.floor === 0 ? "rez-de-jardin" : `${d.floor}e étage`}` : ""} avec ${d.features.join(", ") || "balcon"}. Éligible PTZ. Frais de notaire réduits.`,
      );
    else
      parts.push(
        rng.pick([
          `${d.district ? `Quartier ${d.district}, ` : ""}${kind} de ${fmtArea(shown)} m² comprenant ${d.rooms} pièces dont ${d.bedrooms} chambre${d.bedrooms > 1 ? "s" : ""}${d.features.length ? `, ${d.features.join(", ")}` : ""}.`,
          `Exclusivité ! Au calme, ${kind} ${d.rooms} pièces de ${Math.round(shown)} m² ${d.floor !== null && d.type === "apartment" ? `situé au ${d.floor === 0 ? "rez-de-chaussée" : `${d.floor}e étage`}` : ""}.`,
          `Venez découvrir ce ${kind} lumineux de ${fmtArea(shown)} m²${d.textArea !== null ? " loi Carrez" : ""} : entrée, séjour, cuisine ${rng.pick(["équipée", "ouverte", "indépendante"])}, ${d.bedrooms} chambre${d.bedrooms > 1 ? "s" : ""}.`,
        ]),
      );
    if (d.type === "house" && d.landArea) parts.push(`Terrain de ${d.landArea} m².`);
    if (d.transaction === "sale") {
      if (d.feesIncluded)
        parts.push(
          rng.pick([
            `Prix ${fmtPrice(d.price)} € FAI.`,
            `Honoraires à la charge de l'acquéreur : ${d.feesRate.toFixed(2).replace(".", ",")} % TTC du prix hors honoraires.`,
            `Prix honoraires inclus : ${fmtPrice(d.price)} €.`,
          ]),
        );
      else parts.push("Honoraires à la charge du vendeur.");
      if (d.type === "apartment") parts.push(`Copropriété de ${d.condominium.lots} lots. Charges annuelles : ${d.condominium.annualCharges} €.`);
    } else {
      parts.push(
        d.chargesIncluded
          ? `Loyer ${fmtPrice(d.price)} € CC dont ${d.charges} € de provision sur charges.`
          : `Loyer ${fmtPrice(d.price)} € HC, charges ${d.charges} €/mois.`,
      );
      parts.push(`Dépôt de garantie : ${fmtPrice(d.price)} €. Honoraires locataire : ${Math.round(d.statedArea * rng.pick([8, 10, 12]))} €.`);
    }
    if (d.agentLine) parts.push(d.agentLine);
  }
  if (d.dpe)
    parts.push(
      rng.pick([`DPE : ${d.dpe.toUpperCase()}.`, `Classe énergie ${d.dpe.toUpperCase()}.`, `Diagnostic énergétique : classe ${d.dpe.toUpperCase()}.`]),
    );
  return parts.join(rng.chance(0.5) ? "\n" : " ");
}

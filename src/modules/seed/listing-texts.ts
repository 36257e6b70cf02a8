import type { PropertyType } from "../../domain/enums.js";
import type { FeedPropertyAttributes } from "./observation.types.js";
import { shortCityName } from "./places.js";
import type { PropertySpec } from "./property-spec.js";
import type { Random } from "./random.js";

/** French words portals use for each property type. */
export const TYPE_WORDS: Readonly<Record<PropertyType, { noun: string; slug: string }>> = {
  apartment: { noun: "Appartement", slug: "appartement" },
  house: { noun: "Maison", slug: "maison" },
  land: { noun: "Terrain", slug: "terrain" },
  parking: { noun: "Parking", slug: "parking" },
  office: { noun: "Bureau", slug: "bureau" },
  premises: { noun: "Local d'activité", slug: "local-activite" },
  shop: { noun: "Local commercial", slug: "local-commercial" },
  building: { noun: "Immeuble", slug: "immeuble" },
  program: { noun: "Appartement neuf", slug: "programme-neuf" },
  other: { noun: "Bien", slug: "autre" },
};

/** "42,5 m²", the French way. */
export function squareMeters(area: number | undefined): string {
  return area === undefined ? "" : `${String(area).replace(".", ",")} m²`;
}

function roomsText(attributes: FeedPropertyAttributes, style: "pieces" | "T"): string {
  const rooms = attributes.roomCount;
  if (rooms === undefined || attributes.type === "office" || attributes.type === "building") return "";
  if (style === "T") return ` T${rooms}`;
  return rooms === 1 ? " studio" : ` ${rooms} pièces`;
}

/** Each portal titles listings its own way; the same property gets a different title on each. */
export function titleFor(domain: string, spec: PropertySpec, area: number | undefined): string {
  const { attributes, transaction, place, postcode } = spec;
  const noun = TYPE_WORDS[attributes.type].noun;
  const verb = transaction === "sale" ? "Vente" : "Location";
  const city = shortCityName(place);
  const surface = squareMeters(area);
  switch (domain) {
    case "seloger.com":
      return `${noun}${roomsText(attributes, "pieces")} ${surface}`.trim();
    case "leboncoin.fr":
      return `${noun}${roomsText(attributes, "T")} ${surface} ${city}`.trim();
    case "bienici.com":
      return `${verb} ${noun.toLowerCase()}${roomsText(attributes, "pieces")} ${surface}`.trim();
    case "pap.fr":
      return `${verb} ${noun.toLowerCase()}${roomsText(attributes, "pieces")} ${surface} - ${city} (${postcode})`;
    case "logic-immo.com":
      return `${noun}${roomsText(attributes, "pieces")} - ${surface} - ${city}`;
    default:
      return `${noun} à ${transaction === "sale" ? "vendre" : "louer"} - ${city} - ${surface}`;
  }
}

const OPENINGS = ["Au cœur de", "Dans un quartier recherché de", "À deux pas du centre de", "Dans un secteur calme de", "Idéalement situé à"] as const;
const ADJECTIVES = ["lumineux", "spacieux", "agréable", "traversant", "rénové", "charmant"] as const;
const SURROUNDINGS = [
  "Proche commerces, écoles et transports.",
  "Commerces et écoles à pied.",
  "Gare à 10 minutes à pied.",
  "Environnement calme et verdoyant.",
  "Au pied des transports en commun.",
] as const;

function featureSentences(attributes: FeedPropertyAttributes): string[] {
  const sentences: string[] = [];
  if (attributes.balconyExists) sentences.push(`Balcon${attributes.balconyArea ? ` de ${squareMeters(attributes.balconyArea)}` : ""}.`);
  if (attributes.terraceExists) sentences.push(`Belle terrasse${attributes.terraceArea ? ` de ${squareMeters(attributes.terraceArea)}` : ""}.`);
  if (attributes.gardenExists) sentences.push(`Jardin${attributes.landArea ? ` sur un terrain de ${squareMeters(attributes.landArea)}` : ""}.`);
  if (attributes.swimmingPoolExists) sentences.push("Piscine.");
  if (attributes.garageExists) sentences.push("Garage.");
  if (attributes.cellarExists) sentences.push("Cave.");
  if (attributes.parkingExists) sentences.push("Place de stationnement.");
  if (attributes.elevatorExists) sentences.push("Immeuble avec ascenseur.");
  if (attributes.caretakerExists) sentences.push("Gardien.");
  if (attributes.renovationIsNeeded) sentences.push("Travaux à prévoir.");
  return sentences;
}

/** The description the publisher wrote; professionals and private sellers do not write alike. */
export function descriptionFor(random: Random, spec: PropertySpec, professional: boolean): string {
  const { attributes, place, transaction, energy } = spec;
  const city = shortCityName(place);
  const noun = TYPE_WORDS[attributes.type].noun.toLowerCase();
  const parts: string[] = [];
  if (professional) {
    parts.push(
      `${random.pick(OPENINGS)} ${city}, ${random.pick(["bel", "très bel", "superbe", "joli"])} ${noun} ${random.pick(ADJECTIVES)} de ${squareMeters(attributes.area)}.`,
    );
  } else {
    parts.push(`${transaction === "sale" ? "Je vends" : "Je loue"} mon ${noun} de ${squareMeters(attributes.area)} à ${city}, sans agence.`);
  }
  if (attributes.roomCount !== undefined && attributes.bedroomCount !== undefined && attributes.bedroomCount > 0) {
    const bedrooms = attributes.bedroomCount === 1 ? "une chambre" : `${attributes.bedroomCount} chambres`;
    parts.push(
      `Il comprend une entrée, un séjour, une cuisine ${random.pick(["équipée", "aménagée", "ouverte"])}, ${bedrooms} et une salle ${random.pick(["de bains", "d'eau"])}.`,
    );
  }
  if (attributes.floor !== undefined)
    parts.push(attributes.floor === 0 ? "Situé en rez-de-chaussée." : `Situé au ${attributes.floor === 1 ? "1er" : `${attributes.floor}e`} étage.`);
  parts.push(...featureSentences(attributes));
  parts.push(random.pick(SURROUNDINGS));
  if (energy) parts.push(`Classe énergie ${energy.dpe.label.toUpperCase()}, classe climat ${energy.ges.label.toUpperCase()}.`);
  if (professional) {
    parts.push(transaction === "sale" ? "Honoraires à la charge du vendeur." : "Honoraires de location selon barème. Dépôt de garantie : un mois de loyer.");
  }
  return parts.join(" ");
}

/**
 * Advert texts: each publisher writes in its own style (its choice of phrases is seeded by the publisher), and
 * copies its own text when it publishes the same object again; an owner writes plainly.
 */
import { Random } from "./random.js";

type Described = {
  kind: "apartment" | "house";
  transaction: "sale" | "rent";
  area: number;
  rooms: number;
  floor: number | null;
  place: { name: string };
  isNew: boolean;
};

const OPENINGS = ["Exclusivité !", "Coup de coeur assuré.", "Rare sur le secteur.", "À découvrir rapidement.", "Idéal investisseur.", "Belle opportunité.", ""];
const QUALITIES = [
  "séjour lumineux",
  "cuisine équipée",
  "double exposition",
  "parquet ancien",
  "belle hauteur sous plafond",
  "calme absolu",
  "vue dégagée",
  "proche transports",
  "balcon filant",
  "salle d'eau refaite",
  "cheminée décorative",
  "rangements",
  "proximité écoles et commerces",
  "résidence sécurisée",
  "chauffage individuel gaz",
  "double vitrage",
  "cave",
  "jardin arboré",
];
const CLOSINGS = [
  "Honoraires à la charge du vendeur.",
  "Contactez-nous pour une visite.",
  "Visite virtuelle disponible.",
  "Copropriété bien entretenue.",
  "Libre à la vente.",
  "",
];

export function advertText(object: Described, style: number, random: Random): { title: string; description: string } {
  const own = new Random(style);
  const what = object.kind === "house" ? "Maison" : "Appartement";
  const title =
    own.next() < 0.5
      ? `${what} ${object.rooms} pièces ${Math.round(object.area)} m²`
      : `${object.transaction === "sale" ? "Vente" : "Location"} ${what.toLowerCase()} T${object.rooms} ${object.place.name}`;
  if (object.isNew) {
    return {
      title: `Programme neuf - ${title}`,
      description: `Résidence neuve au coeur de ${object.place.name}, livraison 2027. Du studio au 5 pièces, prestations haut de gamme, RT2020, parkings en sous-sol. Lot au ${object.floor ?? 0}e étage.`,
    };
  }
  const qualities = own.shuffle(QUALITIES).slice(0, own.int(3, 7));
  const parts = [
    own.pick(OPENINGS),
    `${object.place.name} : ${what.toLowerCase()} de ${Math.round(object.area)} m² comprenant ${object.rooms} pièces${object.floor === null ? "" : `, au ${object.floor === 0 ? "rez-de-chaussée" : `${object.floor}e étage`}`}.`,
    `Il offre ${qualities.join(", ")}.`,
    random.next() < 0.5 ? `Référence ${random.int(1000, 99999)}.` : "",
    own.pick(CLOSINGS),
  ];
  return { title, description: parts.filter((part) => part !== "").join(" ") };
}

import type { Random } from "./random.js";

const FIRST_NAMES = [
  "Camille",
  "Léa",
  "Manon",
  "Chloé",
  "Emma",
  "Inès",
  "Sarah",
  "Julie",
  "Claire",
  "Sophie",
  "Nathalie",
  "Isabelle",
  "Marie",
  "Anne",
  "Céline",
  "Aurélie",
  "Lucas",
  "Hugo",
  "Thomas",
  "Nicolas",
  "Julien",
  "Maxime",
  "Antoine",
  "Alexandre",
  "Pierre",
  "Romain",
  "Mathieu",
  "Olivier",
  "Laurent",
  "Stéphane",
  "Frédéric",
  "Karim",
  "Mehdi",
  "Yannick",
  "Loïc",
  "Gaëlle",
  "Françoise",
  "Jérôme",
  "Benoît",
  "Hélène",
] as const;

const LAST_NAMES = [
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
  "Morel",
  "Girard",
  "André",
  "Lefèvre",
  "Mercier",
  "Dupont",
  "Lambert",
  "Bonnet",
  "François",
  "Martinez",
  "Legrand",
  "Garnier",
  "Faure",
  "Rousseau",
  "Blanc",
  "Guérin",
  "Muller",
  "Henry",
  "Roussel",
  "Nicolas",
  "Perrin",
  "Morin",
  "Mathieu",
  "Clément",
  "Gauthier",
  "Dumont",
  "Lopez",
  "Fontaine",
  "Chevalier",
  "Robin",
  "Le Gall",
  "Quéméner",
  "Santoni",
  "Paoli",
  "Hoarau",
  "Payet",
  "Jean-Baptiste",
  "Ahamada",
] as const;

export type PersonName = { first: string; last: string };

export function personName(random: Random): PersonName {
  return { first: random.pick(FIRST_NAMES), last: random.pick(LAST_NAMES) };
}

/** `first.last` for e-mail local parts: no accents, no spaces. */
export function emailLocalPart(name: PersonName): string {
  return `${asciiWord(name.first)}.${asciiWord(name.last)}`;
}

const asciiWords = new Map<string, string>();

/** Lower-case ASCII slug of a name ("Saint-Étienne" -> "saint-etienne"), memoised: names repeat a lot. */
export function asciiWord(text: string): string {
  let word = asciiWords.get(text);
  if (word === undefined) {
    word = slug(text);
    if (asciiWords.size < 100_000) asciiWords.set(text, word);
  }
  return word;
}

function slug(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

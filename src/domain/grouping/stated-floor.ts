/**
 * The floor a flat's advert states in its title or description ("situé au 3e étage sur 6", "au deuxième étage",
 * "au rez-de-chaussée"). Many portals leave the structured floor out while the text gives it, and the floor is
 * what tells apart two flats of one residence that one agency advertises with one text and one set of photos.
 * Read for every ingested flat and stored with the classified, so that grouping compares it without reading texts;
 * the structured floor, when given, comes first (property-assignment.ts).
 *
 * Migration 0025 reads the same in SQL for the flats stored before: a change here is a change there.
 */

/** Floors written in words, by the first three letters of the word ("deuxième", "seconde"...). */
const WORDS: Readonly<Record<string, number>> = { pre: 1, deu: 2, sec: 2, tro: 3, qua: 4, cin: 5, six: 6, sep: 7, hui: 8, neu: 9, dix: 10 };

/**
 * An ordinal floor ("3e", "3ème", "1er", "premier", "deuxième"...) followed by "étage" (not "étages": "un immeuble
 * de 5 étages" is the building's height), or the ground floor (rez-de-chaussée, rez-de-jardin, RDC).
 */
const FLOOR =
  /(?<!\d)(?:(\d{1,2})\s*(?:er|ère|re|ème|eme|è|e|nde?)|(premi(?:er|ère)|(?:deux|trois|quatr|cinqu|six|sept|huit|neuv|dix)i[èe]me|seconde?))\s+(?:et\s+dernier\s+)?[ée]tage(?!s)|rez[- ]de[- ](?:chauss[ée]e|jardin)|\brdc\b/i;

/** The first floor the texts give, each text in turn (0 for the ground floor), or null when none gives one. */
export function statedFloor(...texts: ReadonlyArray<string | null>): number | null {
  for (const text of texts) {
    if (text === null) continue;
    const match = FLOOR.exec(text);
    if (match === null) continue;
    if (match[1] !== undefined) return Number(match[1]);
    return match[2] === undefined ? 0 : (WORDS[match[2].slice(0, 3).toLowerCase()] ?? null);
  }
  return null;
}

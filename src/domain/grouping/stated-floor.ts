/**
 * The floor a flat's advert states in its title or description ("situé au 3e étage sur 6", "au 1er étage",
 * "au rez-de-chaussée"). Many portals leave the structured floor out while the text gives it, and the floor is
 * what tells apart two flats of one residence that one agency advertises with one text and one set of photos.
 * Read for every ingested flat and stored with the classified, so that grouping compares it without reading texts;
 * the structured floor, when given, comes first (property-assignment.ts).
 *
 * Migration 0025 reads the same in SQL for the flats stored before: a change here is a change there.
 */

/**
 * An ordinal floor ("3e", "3ème", "1er", "premier", "première") followed by "étage" (not "étages": "un immeuble de
 * 5 étages" is the building's height), or the ground floor.
 */
const FLOOR = /(?<!\d)(?:(\d{1,2})\s*(?:er|ère|re|ème|eme|è|e|nde?)|(premi(?:er|ère)))\s+(?:et\s+dernier\s+)?[ée]tage(?!s)|rez[- ]de[- ]chauss[ée]e|\brdc\b/i;

/** The first floor the texts give, each text in turn (0 for the ground floor), or null when none gives one. */
export function statedFloor(...texts: ReadonlyArray<string | null>): number | null {
  for (const text of texts) {
    if (text === null) continue;
    const match = FLOOR.exec(text);
    if (match === null) continue;
    if (match[1] !== undefined) return Number(match[1]);
    return match[2] !== undefined ? 1 : 0;
  }
  return null;
}

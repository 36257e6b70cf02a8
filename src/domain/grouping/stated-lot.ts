/**
 * The lot an advert names ("Appartement T2 - Lot B306", "lot n°12"). A promoter sells a programme lot by lot,
 * and its adverts and their copies name the lot: two of its flats share the programme's renders, its texts and
 * often an area and a price within a few percent, and the lot is what tells them apart. A subdivision's plots are
 * named the same way. Read for every ingested classified and stored with it, so that grouping compares it without
 * reading texts.
 *
 * Migration 0027 reads the same in SQL for the classifieds stored before: a change here is a change there.
 */

/**
 * "lot", then a space or "n°", then the reference: up to two letters (the building or staircase) joined to up to
 * four digits, then an optional letter. Not "lots" ("copropriété de 12 lots"), "îlot" or "lotissement"; not "lot de
 * 2 parkings" (the letters must touch the digits); not an advert's own reference such as "Réf. LOT4521".
 */
const LOT = /(?<![\p{L}\p{N}])lot(?:\s*(?:n°|no\.?|num[ée]ro)\s*|\s+)(\p{L}{0,2})-?(\d{1,4})(\p{L}?)(?![\p{L}\p{N}])/iu;

/**
 * The first lot the texts name, each text in turn, as letters, number and letter ("B306", "12", "A12B"): upper
 * case, the number without its leading zeros. Null when no text names one.
 */
export function statedLot(...texts: ReadonlyArray<string | null>): string | null {
  for (const text of texts) {
    if (text === null) continue;
    const match = LOT.exec(text);
    if (match === null) continue;
    const [, building = "", number = "", suffix = ""] = match;
    return `${building}${Number(number)}${suffix}`.toUpperCase();
  }
  return null;
}

/**
 * Whether two lots an advert names are two lots: another number, or letters both give that differ. "306" and
 * "B306" may be one lot that one portal names without its building.
 */
export function differentLots(a: string, b: string): boolean {
  if (a === b) return false;
  const x = LOT_PARTS.exec(a);
  const y = LOT_PARTS.exec(b);
  if (x === null || y === null) return true; // not a reference `statedLot` makes: compared whole
  const [, buildingA = "", numberA, suffixA = ""] = x;
  const [, buildingB = "", numberB, suffixB = ""] = y;
  if (numberA !== numberB) return true;
  return (buildingA !== "" && buildingB !== "" && buildingA !== buildingB) || (suffixA !== "" && suffixB !== "" && suffixA !== suffixB);
}

/** A reference as `statedLot` writes it: its letters, number and letter. */
const LOT_PARTS = /^(\p{L}{0,2})(\d+)(\p{L}?)$/u;

/**
 * What a sale advert says of the copropriété a flat belongs to: its number of lots ("Copropriété de 45 lots") and
 * the flat's yearly share of its charges ("charges annuelles : 1 560 €", "Charges de copro 130 €/mois"). French
 * law has every sale advert of a lot in a copropriété state both, so copies of one advert by different publishers,
 * who write their own texts and take their own photos, still agree on them. The lots are the building's (flats of
 * one building share them); the charges are the flat's (they follow its share of the building), so they also tell
 * apart two flats of one building. Read for every ingested line and stored with the classified, so that grouping
 * compares them without reading texts.
 */

/** "45 lots", "12 lots principaux", "1 200 lots" (a thousands separator: space, no-break space or dot). */
const LOTS_BEFORE = /(?<![\d.,])(\d{1,3}(?:[ \u00a0\u202f.]\d{3})?|\d{4})\s*lots\b/i;

/** "Nombre de lots : 45", "Nb de lots de la copropriété : 45", "nombre total de lots 45". */
const LOTS_AFTER = /\b(?:nombre|nb\.?)\s+(?:total\s+)?(?:de\s+)?lots\b[^\d\n.]{0,40}(\d{1,4})\b/i;

/** A copropriété has two lots at least; beyond this the number read is something else (a price, a year). */
const MAX_LOTS = 5000;

/** The copropriété's number of lots that the texts give, or null when none gives a plausible one. */
export function condominiumLots(...texts: ReadonlyArray<string | null>): number | null {
  for (const text of texts) {
    if (text === null) continue;
    const match = LOTS_BEFORE.exec(text) ?? LOTS_AFTER.exec(text);
    if (match === null) continue;
    const lots = Number((match[1] ?? "").replace(/\D/g, ""));
    if (lots >= 2 && lots <= MAX_LOTS) return lots;
  }
  return null;
}

/** An amount in euros as adverts write it: "1 560", "1.560", "1560,50". */
const AMOUNT = String.raw`(\d{1,3}(?:[ \u00a0\u202f.]\d{3})+|\d+)(?:,(\d{1,2}))?`;

/**
 * The ways an advert gives the charges, each with the months its amount covers; the first that matches is read.
 * `\s` takes the no-break spaces French typography puts before "€" (the migration's SQL lists them: PostgreSQL's
 * does not).
 */
const CHARGES: ReadonlyArray<{ pattern: RegExp; months: number }> = [
  { pattern: new RegExp(String.raw`charges[^.€\d\n]{0,40}${AMOUNT}\s*(?:€|euros?)\s*(?:\/|par)\s*an\b`, "i"), months: 12 },
  { pattern: new RegExp(String.raw`charges[^.€\d\n]{0,40}${AMOUNT}\s*(?:€|euros?)\s*(?:\/|par)\s*mois\b`, "i"), months: 1 },
  // "Charges annuelles : 1 560 €", the law's own wording "quote-part annuelle de charges : 1 560 €".
  { pattern: new RegExp(String.raw`(?:charges\s+annuelles|quote-part\s+annuelle\s+de\s+charges)[^.€\d\n]{0,20}${AMOUNT}`, "i"), months: 12 },
];

/** Yearly charges below or above these are something else (a deposit, a price). */
const MIN_YEARLY_CHARGES = 50;
const MAX_YEARLY_CHARGES = 50_000;

/** The flat's yearly copropriété charges in euros that the texts of a sale advert give, or null. */
export function condominiumCharges(...texts: ReadonlyArray<string | null>): number | null {
  for (const text of texts) {
    if (text === null) continue;
    for (const { pattern, months } of CHARGES) {
      const match = pattern.exec(text);
      if (match === null) continue;
      const amount = Number(`${(match[1] ?? "").replace(/\D/g, "")}.${match[2] ?? "0"}`);
      const yearly = Math.round((amount * 12) / months);
      if (yearly >= MIN_YEARLY_CHARGES && yearly <= MAX_YEARLY_CHARGES) return yearly;
      break; // the text's own figure is implausible: not another pattern's reading of it
    }
  }
  return null;
}

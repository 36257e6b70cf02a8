/**
 * The number of lots of the copropriété a flat belongs to, as its advert writes it ("Copropriété de 45 lots",
 * "Nombre de lots : 45"). French law has every sale advert of a lot in a copropriété give it, so copies of one
 * advert by different publishers, who write their own texts and take their own photos, still agree on it, while
 * two similar flats of one commune rarely do (it is the building's, not the flat's). Computed for every ingested
 * line and stored with the classified, so that grouping compares it without reading texts.
 */

/** "45 lots", "12 lots principaux", "1 200 lots" (a thousands separator: space, no-break space or dot). */
const COUNT_BEFORE = /(?<![\d.,])(\d{1,3}(?:[ \u00a0\u202f.]\d{3})?|\d{4})\s*lots\b/i;

/** "Nombre de lots : 45", "Nb de lots de la copropriété : 45", "nombre total de lots 45". */
const COUNT_AFTER = /\b(?:nombre|nb\.?)\s+(?:total\s+)?(?:de\s+)?lots\b[^\d\n.]{0,40}(\d{1,4})\b/i;

/** A copropriété has two lots at least; beyond this the number read is something else (a price, a year). */
const MAX_LOTS = 5000;

/** The copropriété's number of lots that the texts give, or null when none gives a plausible one. */
export function condominiumLots(...texts: ReadonlyArray<string | null>): number | null {
  for (const text of texts) {
    if (text === null) continue;
    const match = COUNT_BEFORE.exec(text) ?? COUNT_AFTER.exec(text);
    if (match === null) continue;
    const lots = Number((match[1] ?? "").replace(/\D/g, ""));
    if (lots >= 2 && lots <= MAX_LOTS) return lots;
  }
  return null;
}

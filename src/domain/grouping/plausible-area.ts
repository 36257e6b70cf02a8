/**
 * Portals carry area typos, the commonest a shifted decimal point (58 m² published as 580 or 5.8). Such an area
 * says nothing about the flat and would veto every true copy (areas 10 times apart conflict), so grouping reads
 * an implausible area as unknown: below 8 m² or 7 m² a room (a habitable room is 9 m² at least), or above
 * 40 m² plus 80 m² a room (a loft of two rooms in 200 m² is still plausible).
 *
 * A stored classified whose area is a shifted decimal must still be found by its copies: their candidate search
 * also looks at ten times and a tenth of their area (`DECIMAL_SHIFTS`).
 */
export const DECIMAL_SHIFTS = [10, 0.1] as const;

export function plausibleArea(area: number | null, rooms: number | null): number | null {
  if (area === null) return null;
  if (area < 8) return null;
  if (rooms !== null && rooms > 0 && (area < 7 * rooms || area > 40 + 80 * rooms)) return null;
  return area;
}

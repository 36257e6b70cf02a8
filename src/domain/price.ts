/**
 * Price per square metre, as published in `transaction.price.perSquareUnit`: a whole number of euros per
 * m², rounded half up. Null when it cannot be computed (area unknown or not positive, price not a number).
 */
export function pricePerSquareMeter(price: number, area: number | null | undefined): number | null {
  if (area === null || area === undefined || !Number.isFinite(area) || area <= 0) return null;
  if (!Number.isFinite(price) || price < 0) return null;
  return Math.round(price / area);
}

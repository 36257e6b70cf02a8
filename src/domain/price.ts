import { createHash } from "node:crypto";
/**
 * Price per square metre, as published in `transaction.price.perSquareUnit`: a whole number of euros per
 * m², rounded half up. Null when it cannot be computed (area unknown or not positive, price not a number).
 */
export function pricePerSquareMeter(price: number, area: number | null | undefined): number | null {
  if (area === null || area === undefined || !Number.isFinite(area) || area <= 0) return null;
  if (!Number.isFinite(price) || price < 0) return null;
  return Math.round(price / area);
}

/**
 * A stable id for an entry of a property's price history, which the published v1 schemas require: derived
 * from the property id, the time and the value (a name-based UUID, version 5 layout), so the same entry has
 * the same id on every read and under every contract, and nothing has to be stored.
 */
export function priceEntryId(propertyId: string, timestamp: string, value: number): string {
  const hex = createHash("sha1")
    .update(`${propertyId.toLowerCase()}|${new Date(timestamp).toISOString()}|${value}`)
    .digest("hex");
  const variant = ((Number.parseInt(hex.slice(16, 17), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

import type { GeoCircle } from "./search.types.js";

/** Mean Earth radius (IUGG), metres. */
export const EARTH_RADIUS_METERS = 6_371_008.8;

/** Widening of the prefilter box, in degrees (about 1 cm), so rounding never cuts a point the circle holds. */
const MARGIN_DEGREES = 1e-7;

/** A closed longitude interval in degrees, within -180..180. */
export type LongitudeRange = { min: number; max: number };

/**
 * A latitude/longitude box that holds the whole circle: the cheap, index-friendly prefilter of a circle
 * search. `longitudes` is null when the circle covers a pole (every longitude), and holds two ranges when the
 * circle crosses the antimeridian.
 */
export type CircleBounds = { minLat: number; maxLat: number; longitudes: LongitudeRange[] | null };

export function circleBounds(circle: GeoCircle): CircleBounds {
  const angularRadius = circle.radiusMeters / EARTH_RADIUS_METERS;
  const latDelta = toDegrees(angularRadius) + MARGIN_DEGREES;
  const minLat = circle.center.lat - latDelta;
  const maxLat = circle.center.lat + latDelta;
  const sinRadius = Math.sin(angularRadius);
  const cosLat = Math.cos(toRadians(circle.center.lat));
  if (maxLat >= 90 || minLat <= -90 || cosLat <= sinRadius) {
    return { minLat: Math.max(minLat, -90), maxLat: Math.min(maxLat, 90), longitudes: null };
  }
  // Widest longitude offset of a spherical cap centred at this latitude.
  const lngDelta = toDegrees(Math.asin(sinRadius / cosLat)) + MARGIN_DEGREES;
  return { minLat, maxLat, longitudes: longitudeRanges(circle.center.lng - lngDelta, circle.center.lng + lngDelta) };
}

/**
 * The haversine term `a` a point must not exceed to lie within the circle: great-circle distance d satisfies
 * a = sin²(d / 2R), so comparing `a` with sin²(radius / 2R) avoids asin and its domain errors in SQL.
 */
export function haversineLimit(radiusMeters: number): number {
  return Math.sin(radiusMeters / (2 * EARTH_RADIUS_METERS)) ** 2;
}

function longitudeRanges(min: number, max: number): LongitudeRange[] {
  if (max - min >= 360) return [{ min: -180, max: 180 }];
  if (min < -180)
    return [
      { min: min + 360, max: 180 },
      { min: -180, max },
    ];
  if (max > 180)
    return [
      { min, max: 180 },
      { min: -180, max: max - 360 },
    ];
  return [{ min, max }];
}

function toRadians(degrees: number): number {
  return (degrees * Math.PI) / 180;
}

function toDegrees(radians: number): number {
  return (radians * 180) / Math.PI;
}

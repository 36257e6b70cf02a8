import { describe, expect, it } from "vitest";
import { circleBounds, EARTH_RADIUS_METERS, haversineLimit } from "../../src/modules/search/search-geo.js";
import type { GeoPoint } from "../../src/modules/search/search.types.js";

/** The point at `distance` metres from `from` along `bearing` degrees (spherical destination formula). */
function destination(from: GeoPoint, bearing: number, distance: number): GeoPoint {
  const rad = Math.PI / 180;
  const delta = distance / EARTH_RADIUS_METERS;
  const lat1 = from.lat * rad;
  const theta = bearing * rad;
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(delta) + Math.cos(lat1) * Math.sin(delta) * Math.cos(theta));
  const lng2 = from.lng * rad + Math.atan2(Math.sin(theta) * Math.sin(delta) * Math.cos(lat1), Math.cos(delta) - Math.sin(lat1) * Math.sin(lat2));
  const lng = ((lng2 / rad + 540) % 360) - 180;
  return { lat: lat2 / rad, lng };
}

function insideBounds(point: GeoPoint, bounds: ReturnType<typeof circleBounds>): boolean {
  if (point.lat < bounds.minLat || point.lat > bounds.maxLat) return false;
  return bounds.longitudes === null || bounds.longitudes.some((range) => point.lng >= range.min && point.lng <= range.max);
}

describe("circle prefilter box", () => {
  it.each([
    { center: { lat: 48.8566, lng: 2.3522 }, radiusMeters: 10 },
    { center: { lat: 48.8566, lng: 2.3522 }, radiusMeters: 50_000 },
    { center: { lat: -21.1151, lng: 55.5364 }, radiusMeters: 25_000 },
    { center: { lat: 16.2411, lng: -61.5331 }, radiusMeters: 50_000 },
    { center: { lat: 0, lng: 179.9 }, radiusMeters: 50_000 },
    { center: { lat: 10, lng: -179.95 }, radiusMeters: 40_000 },
    { center: { lat: 89.9, lng: 0 }, radiusMeters: 50_000 },
    { center: { lat: -89.8, lng: 45 }, radiusMeters: 30_000 },
  ])("holds every point of the circle around $center.lat, $center.lng (r = $radiusMeters m)", (circle) => {
    const bounds = circleBounds(circle);
    for (let bearing = 0; bearing < 360; bearing += 5) {
      for (const share of [0.5, 0.999]) {
        expect(insideBounds(destination(circle.center, bearing, circle.radiusMeters * share), bounds)).toBe(true);
      }
    }
  });

  it("splits at the antimeridian and opens at the poles", () => {
    expect(circleBounds({ center: { lat: 0, lng: 179.9 }, radiusMeters: 50_000 }).longitudes).toHaveLength(2);
    expect(circleBounds({ center: { lat: 0, lng: -179.9 }, radiusMeters: 50_000 }).longitudes).toHaveLength(2);
    expect(circleBounds({ center: { lat: 89.9, lng: 0 }, radiusMeters: 50_000 }).longitudes).toBeNull();
    expect(circleBounds({ center: { lat: 45, lng: 3 }, radiusMeters: 50_000 }).longitudes).toHaveLength(1);
  });

  it("is tight: about one radius on each side", () => {
    const bounds = circleBounds({ center: { lat: 45, lng: 3 }, radiusMeters: 10_000 });
    const latSpanMeters = ((bounds.maxLat - bounds.minLat) / 2) * (Math.PI / 180) * EARTH_RADIUS_METERS;
    expect(latSpanMeters).toBeGreaterThan(10_000);
    expect(latSpanMeters).toBeLessThan(10_001);
  });
});

describe("haversine limit", () => {
  it("is sin²(d / 2R): a point at the radius sits on the limit", () => {
    const center = { lat: 43.3, lng: 5.38 };
    const edge = destination(center, 37, 12_345);
    const rad = Math.PI / 180;
    const a =
      Math.sin(((edge.lat - center.lat) * rad) / 2) ** 2 +
      Math.cos(center.lat * rad) * Math.cos(edge.lat * rad) * Math.sin(((edge.lng - center.lng) * rad) / 2) ** 2;
    expect(a).toBeCloseTo(haversineLimit(12_345), 15);
    expect(haversineLimit(12_346)).toBeGreaterThan(a);
  });
});

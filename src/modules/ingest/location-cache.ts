import { resolveLocation, type LocationInput, type LocationResolution } from "../../domain/geography.js";

/** Distinct (postcode, INSEE code, city name) triples remembered; a feed names a few thousand places. */
const MAX_ENTRIES = 50_000;

const places = new Map<string, LocationResolution>();

/**
 * `resolveLocation` with the place lookup remembered per (postcode, INSEE code, city name): comparing a city
 * name with the communes of a postcode is the costliest step of normalising a line, and feeds repeat the same
 * places endlessly. Coordinates differ for every listing, so they are checked by a second, cheap call by
 * INSEE code (no name matching) with the resolved place.
 */
export function resolveLocationCached(input: LocationInput): LocationResolution {
  const key = `${input.postcode ?? ""}|${input.inseeCode ?? ""}|${input.cityName ?? ""}`;
  let place = places.get(key);
  if (place === undefined) {
    place = resolveLocation({ postcode: input.postcode, inseeCode: input.inseeCode, cityName: input.cityName });
    if (places.size >= MAX_ENTRIES) places.clear();
    places.set(key, place);
  }
  const hasCoordinates = (input.latitude !== null && input.latitude !== undefined) || (input.longitude !== null && input.longitude !== undefined);
  if (!place.ok || !hasCoordinates) return place;
  const located = place.location;
  return resolveLocation({
    postcode: located.postcode,
    inseeCode: located.inseeCode,
    latitude: input.latitude,
    longitude: input.longitude,
  });
}

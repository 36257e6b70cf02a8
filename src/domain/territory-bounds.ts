/**
 * Rough bounding boxes (WGS 84) of the French territories, with a small margin. Used to reject coordinates
 * that cannot belong to a commune: outside France, swapped latitude/longitude, (0, 0), or a commune of
 * Réunion placed in Brittany. They are boxes, not outlines: a point at sea near the coast passes.
 */

type Box = { readonly south: number; readonly west: number; readonly north: number; readonly east: number };

/** Metropolitan France including Corsica. */
const METROPOLE: Box = { south: 41.2, west: -5.5, north: 51.2, east: 9.9 };

/** Overseas departments and collectivities by department code. */
const OVERSEAS: ReadonlyMap<string, Box> = new Map([
  ["971", { south: 15.8, west: -61.9, north: 16.6, east: -60.9 }], // Guadeloupe
  ["972", { south: 14.3, west: -61.3, north: 14.95, east: -60.75 }], // Martinique
  ["973", { south: 2.0, west: -54.7, north: 6.0, east: -51.5 }], // Guyane
  ["974", { south: -21.45, west: 55.15, north: -20.8, east: 55.9 }], // La Réunion
  ["975", { south: 46.7, west: -56.5, north: 47.2, east: -56.1 }], // Saint-Pierre-et-Miquelon
  ["976", { south: -13.1, west: 44.9, north: -12.55, east: 45.35 }], // Mayotte
  ["977", { south: 17.85, west: -62.95, north: 17.98, east: -62.75 }], // Saint-Barthélemy
  ["978", { south: 18.0, west: -63.2, north: 18.15, east: -62.95 }], // Saint-Martin
  ["984", { south: -50.5, west: 37.5, north: -11.3, east: 77.8 }], // Terres australes (Kerguelen to Éparses)
  ["986", { south: -14.5, west: -178.3, north: -13.1, east: -176.0 }], // Wallis-et-Futuna
  ["987", { south: -28.0, west: -155.0, north: -7.8, east: -134.0 }], // Polynésie française
  ["988", { south: -23.0, west: 163.4, north: -19.5, east: 168.2 }], // Nouvelle-Calédonie
  ["989", { south: 10.2, west: -109.3, north: 10.4, east: -109.1 }], // Clipperton
]);

/**
 * True when (latitude, longitude) lies in the territory of department `department` (metropolitan France
 * for every code not listed as overseas).
 */
export function isInsideDepartmentTerritory(department: string, latitude: number, longitude: number): boolean {
  const box = OVERSEAS.get(department) ?? METROPOLE;
  return latitude >= box.south && latitude <= box.north && longitude >= box.west && longitude <= box.east;
}

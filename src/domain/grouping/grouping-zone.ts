/**
 * Where grouping looks for the copies of a classified: its own commune, and the other communes of its zone. Portals
 * file a flat under a neighbouring commune now and then (an agency of Schiltigheim lists it in Strasbourg, an owner
 * picks the better-known name, a portal files one arrondissement's flat under the next), and blocking on the
 * commune alone never compares those copies.
 *
 * A zone is the commune's intercommunality (métropole, communauté urbaine, d'agglomération or de communes) within its
 * department: the finest grouping of neighbouring communes the bundled reference data gives (it holds neither
 * coordinates nor adjacency), and one department at a time, so that a property never spans two departments of a
 * contract. A commune in no intercommunality is a zone of its own, as is an INSEE code the reference data does not
 * know.
 */
import { referenceData } from "../geography-data.js";

/** The zone of a commune or arrondissement (its INSEE code). */
export function groupingZoneOf(inseeCode: string): string {
  return zoneOf().get(inseeCode) ?? inseeCode;
}

/** The INSEE codes of a zone's communes and arrondissements (a code of no zone is its own). */
export function communesOfZone(zone: string): readonly string[] {
  return zones().communesOf.get(zone) ?? [zone];
}

let cache: { zoneOf: ReadonlyMap<string, string>; communesOf: ReadonlyMap<string, readonly string[]> } | undefined;

function zoneOf(): ReadonlyMap<string, string> {
  return zones().zoneOf;
}

/** Built on first use: grouping asks for the zone of every classified it reads. */
function zones(): NonNullable<typeof cache> {
  if (cache !== undefined) return cache;
  const data = referenceData();
  const zoneOf = new Map<string, string>();
  const communesOf = new Map<string, string[]>();
  for (const place of data.byCode.values()) {
    const intercommunality = data.intercommunalityOf.get(place.inseeCode);
    if (intercommunality === undefined) continue;
    const zone = `${place.department}-${intercommunality}`;
    zoneOf.set(place.inseeCode, zone);
    communesOf.set(zone, [...(communesOf.get(zone) ?? []), place.inseeCode]);
  }
  cache = { zoneOf, communesOf };
  return cache;
}

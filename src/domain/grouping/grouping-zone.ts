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
  return zones().zoneOf.get(inseeCode) ?? inseeCode;
}

/** The communes and arrondissements of `zone`, sorted (the zone's one code for a commune alone). */
export function communesOfZone(zone: string): readonly string[] {
  return zones().communesOf.get(zone) ?? [zone];
}

type Zones = { zoneOf: ReadonlyMap<string, string>; communesOf: ReadonlyMap<string, readonly string[]> };
let cache: Zones | undefined;

/** Built on first use: grouping asks for the zone of every classified it reads. */
function zones(): Zones {
  if (cache !== undefined) return cache;
  const data = referenceData();
  const zoneOf = new Map<string, string>();
  const communesOf = new Map<string, string[]>();
  for (const place of data.byCode.values()) {
    const intercommunality = data.intercommunalityOf.get(place.inseeCode);
    if (intercommunality === undefined) continue;
    const zone = `${place.department}-${intercommunality}`;
    zoneOf.set(place.inseeCode, zone);
    const members = communesOf.get(zone);
    if (members === undefined) communesOf.set(zone, [place.inseeCode]);
    else members.push(place.inseeCode);
  }
  for (const members of communesOf.values()) members.sort();
  cache = { zoneOf, communesOf };
  return cache;
}

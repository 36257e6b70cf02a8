/**
 * Where grouping looks for the copies of a classified: its own commune, and the communes neighbouring it. Portals
 * file a flat under a neighbouring commune now and then (an agency of Schiltigheim lists it in Strasbourg, an owner
 * picks the better-known name, a portal files one arrondissement's flat under the next, or offers every commune of
 * the postcode typed and the publisher picks the wrong one), and blocking on the commune alone never compares those
 * copies.
 *
 * Two communes are neighbours when they belong to one intercommunality (métropole, communauté urbaine,
 * d'agglomération or de communes), or share a postcode (Saint-Jean-d'Illac and Martignas-sur-Jalle, of two
 * intercommunalities, are both 33127), within one department: the finest neighbourhood the bundled reference data
 * gives (it holds neither coordinates nor adjacency), and one department at a time, so that a property never spans
 * two departments of a contract. A commune in no intercommunality and sharing no postcode neighbours none, as does
 * an INSEE code the reference data does not know.
 *
 * Neighbourhood is not transitive, but grouping needs blocks that partition the classifieds: a zone is a set of
 * communes linked by neighbourhood, step by step (in a rural department, most of it). Only neighbours are compared
 * (pair-features.ts, `worthComparing`), so a zone's size costs nothing but the bookkeeping.
 */
import { referenceData } from "../geography-data.js";

/** The zone of a commune or arrondissement (its INSEE code). */
export function groupingZoneOf(inseeCode: string): string {
  return neighbourhood().zoneOf.get(inseeCode) ?? inseeCode;
}

/** Whether grouping may compare classifieds of communes `a` and `b`: one commune, or neighbours. Symmetric. */
export function areNeighbours(a: string, b: string): boolean {
  if (a === b) return true;
  const { intercommunalityOf, sharingPostcode } = neighbourhood();
  const shared = intercommunalityOf.get(a);
  return (shared !== undefined && shared === intercommunalityOf.get(b)) || sharingPostcode.get(a)?.has(b) === true;
}

/** The neighbours of commune `inseeCode` (see `areNeighbours`), sorted, without itself. */
export function neighboursOf(inseeCode: string): readonly string[] {
  const known = neighbourLists.get(inseeCode);
  if (known !== undefined) return known;
  const { intercommunalityOf, membersOf, sharingPostcode } = neighbourhood();
  const intercommunality = intercommunalityOf.get(inseeCode);
  const members = intercommunality === undefined ? [] : (membersOf.get(intercommunality) ?? []);
  const neighbours = [...new Set([...members, ...(sharingPostcode.get(inseeCode) ?? [])])].filter((code) => code !== inseeCode).sort();
  neighbourLists.set(inseeCode, neighbours);
  return neighbours;
}
const neighbourLists = new Map<string, readonly string[]>();

type Neighbourhood = {
  /** The intercommunality of each commune within its department (`department-SIREN`). */
  intercommunalityOf: ReadonlyMap<string, string>;
  membersOf: ReadonlyMap<string, readonly string[]>;
  /** For each commune sharing a postcode with a commune of its department, those communes. */
  sharingPostcode: ReadonlyMap<string, ReadonlySet<string>>;
  zoneOf: ReadonlyMap<string, string>;
};
let cache: Neighbourhood | undefined;

/** Built on first use: grouping asks for the zone of every classified it reads. */
function neighbourhood(): Neighbourhood {
  if (cache !== undefined) return cache;
  const data = referenceData();
  const intercommunalityOf = new Map<string, string>();
  const membersOf = new Map<string, string[]>();
  for (const place of data.byCode.values()) {
    const intercommunality = data.intercommunalityOf.get(place.inseeCode);
    if (intercommunality === undefined) continue;
    const key = `${place.department}-${intercommunality}`;
    intercommunalityOf.set(place.inseeCode, key);
    const members = membersOf.get(key);
    if (members === undefined) membersOf.set(key, [place.inseeCode]);
    else members.push(place.inseeCode);
  }

  // Among the places listings are filed under (communes and arrondissements, not the cities that have them).
  const sharingPostcode = new Map<string, Set<string>>();
  for (const places of data.byPostcode.values()) {
    for (const place of places) {
      if (place.hasArrondissements) continue;
      for (const other of places) {
        if (other === place || other.hasArrondissements || other.department !== place.department) continue;
        const sharing = sharingPostcode.get(place.inseeCode);
        if (sharing === undefined) sharingPostcode.set(place.inseeCode, new Set([other.inseeCode]));
        else sharing.add(other.inseeCode);
      }
    }
  }

  // Zones: intercommunalities joined through the postcodes their communes share, named after their first member.
  const parent = new Map<string, string>();
  const root = (code: string): string => {
    let top = code;
    for (let up = parent.get(top); up !== undefined && up !== top; up = parent.get(top)) top = up;
    for (let at = code; at !== top; ) {
      const up = parent.get(at) as string;
      parent.set(at, top);
      at = up;
    }
    return top;
  };
  const link = (a: string, b: string) => {
    const [ra, rb] = [root(a), root(b)];
    if (ra !== rb) parent.set(ra < rb ? rb : ra, ra < rb ? ra : rb); // the smaller code names the zone
  };
  const unitOf = (code: string) => intercommunalityOf.get(code) ?? code;
  for (const place of data.byCode.values()) parent.set(unitOf(place.inseeCode), unitOf(place.inseeCode));
  for (const [place, sharing] of sharingPostcode) for (const other of sharing) link(unitOf(place), unitOf(other));
  const zoneOf = new Map<string, string>();
  for (const place of data.byCode.values()) {
    const unit = unitOf(place.inseeCode);
    if (unit !== place.inseeCode || sharingPostcode.has(place.inseeCode)) zoneOf.set(place.inseeCode, root(unit));
  }
  cache = { intercommunalityOf, membersOf, sharingPostcode, zoneOf };
  return cache;
}

/**
 * The truth's pairs, sorted into the categories the report shows: pairs of one object by how their listings
 * were made (what makes them hard to recognise), and look-alike pairs of distinct objects (what makes them hard
 * to keep apart).
 */
import type { ListingTruth } from "./generate.js";
import { pairKey } from "./metrics.js";

export type TruthPairs = {
  /** Every pair of listings of one object. */
  all: Set<string>;
  /** Pairs of one object, by category. */
  same: Map<string, Set<string>>;
  /** Pairs of distinct objects that look alike, by category. */
  hardNegatives: Map<string, Set<string>>;
};

export function truthPairs(listings: readonly ListingTruth[]): TruthPairs {
  const all = new Set<string>();
  const same = new Map<string, Set<string>>();
  const hardNegatives = new Map<string, Set<string>>();
  const add = (map: Map<string, Set<string>>, category: string, pair: string) => {
    const set = map.get(category) ?? new Set<string>();
    set.add(pair);
    map.set(category, set);
  };
  const byObject = new Map<number, ListingTruth[]>();
  for (const listing of listings) byObject.set(listing.objectId, [...(byObject.get(listing.objectId) ?? []), listing]);
  for (const members of byObject.values()) {
    for (let i = 0; i < members.length; i += 1) {
      for (let j = i + 1; j < members.length; j += 1) {
        const a = members[i] as ListingTruth;
        const b = members[j] as ListingTruth;
        const pair = pairKey(a.url, b.url);
        all.add(pair);
        add(same, sameCategory(a, b), pair);
        if (!a.sharesPhotosWithOriginal || !b.sharesPhotosWithOriginal) add(same, "no photo in common", pair);
      }
    }
  }
  // Look-alikes: one family (programme, building, subdivision, agency twins), or one mandatary network's listings of
  // similar flats in one block, or any two similar flats of one block (area within 5%, same rooms).
  const byBlock = new Map<string, ListingTruth[]>();
  for (const listing of listings) byBlock.set(listing.block, [...(byBlock.get(listing.block) ?? []), listing]);
  for (const members of byBlock.values()) {
    const sorted = [...members].sort((a, b) => a.area - b.area);
    for (let i = 0; i < sorted.length; i += 1) {
      const a = sorted[i] as ListingTruth;
      for (let j = i + 1; j < sorted.length; j += 1) {
        const b = sorted[j] as ListingTruth;
        if (b.area > a.area * 1.05) break;
        if (a.objectId === b.objectId) continue;
        const pair = pairKey(a.url, b.url);
        const family = a.families.find((name) => b.families.includes(name));
        if (family !== undefined) add(hardNegatives, familyCategory(family), pair);
        else if (a.publisher.startsWith("mandatary:") && b.publisher.startsWith("mandatary:") && a.publisher.split(":")[1] === b.publisher.split(":")[1])
          add(hardNegatives, "one mandatary network", pair);
        if (a.rooms === b.rooms) add(hardNegatives, "similar flats of one commune", pair);
      }
    }
  }
  return { all, same, hardNegatives };
}

/** A family of look-alikes by its truth name's prefix: `programme:3`, `building:12`, `lotissement:2`, `twins:4`. */
function familyCategory(family: string): string {
  const kind = family.replace(/:.*/, "");
  if (kind === "programme") return "units of one programme";
  if (kind === "building") return "flats of one building";
  if (kind === "lotissement") return "houses of one subdivision";
  return "two similar flats of one agency";
}

function sameCategory(a: ListingTruth, b: ListingTruth): string {
  if (a.relistingOf === b.url || b.relistingOf === a.url) return "re-listed under a new URL";
  if (a.publisher === b.publisher) return "one publisher on several portals";
  if (!a.professional || !b.professional) return "owner and agency";
  return "two agencies";
}

/**
 * Which property id each new group keeps. Ids are stable: a group keeps the id of a property its members
 * belonged to, the oldest one when they came from several (a merge; ids are time-ordered, so the smallest is
 * the oldest); when one property's members end in several groups (a split), the group holding most of them keeps
 * its id (on a tie, the group with the member that came first: a listing that leaves by a correction leaves
 * the others their property), and the others get new ones. A property none of whose members keeps its id is
 * absorbed by the group that took most of them.
 */

export type GroupIdentity = {
  /** The property id of each group, in the order given. */
  propertyIds: string[];
  /** Previous property ids no group kept, and the id of the group that took most of their members. */
  absorbed: Map<string, string>;
};

/** A member of a group: its key, the property it belonged to (undefined: new to grouping), and its age rank. */
export type GroupMember = { key: string; previous: string | undefined; seniority: string };

/**
 * `groups` lists each group's members; `seniority` orders members by age (time-ordered classified ids: the
 * smallest came first); `newId` makes the id of a group that keeps none.
 */
export function identifyGroups(groups: ReadonlyArray<readonly GroupMember[]>, newId: () => string): GroupIdentity {
  const shares: Array<{ group: number; propertyId: string; count: number; eldest: string }> = [];
  groups.forEach((members, group) => {
    const counts = new Map<string, { count: number; eldest: string }>();
    for (const { previous, seniority } of members) {
      if (previous === undefined || previous === "") continue;
      const share = counts.get(previous);
      if (share === undefined) counts.set(previous, { count: 1, eldest: seniority });
      // biome-ignore lint/complexity/useMathMinMax: seniorities are ids (text), compared as text.
      else counts.set(previous, { count: share.count + 1, eldest: seniority < share.eldest ? seniority : share.eldest });
    }
    for (const [propertyId, { count, eldest }] of counts) shares.push({ group, propertyId, count, eldest });
  });
  // Oldest id first; for one id, the group holding most of its members first, then the one holding the eldest.
  shares.sort((x, y) =>
    x.propertyId < y.propertyId
      ? -1
      : x.propertyId > y.propertyId
        ? 1
        : y.count - x.count || (x.eldest < y.eldest ? -1 : x.eldest > y.eldest ? 1 : x.group - y.group),
  );

  const propertyIds: Array<string | undefined> = groups.map(() => undefined);
  const kept = new Set<string>();
  for (const { group, propertyId } of shares) {
    if (propertyIds[group] !== undefined || kept.has(propertyId)) continue;
    propertyIds[group] = propertyId;
    kept.add(propertyId);
  }
  const named = propertyIds.map((id) => id ?? newId());

  const absorbed = new Map<string, string>();
  const largest = new Map<string, { group: number; count: number }>();
  for (const share of shares) {
    if (kept.has(share.propertyId)) continue;
    const best = largest.get(share.propertyId);
    if (best === undefined || share.count > best.count) largest.set(share.propertyId, share);
  }
  for (const [propertyId, { group }] of largest) absorbed.set(propertyId, named[group] as string); // group < groups.length
  return { propertyIds: named, absorbed };
}

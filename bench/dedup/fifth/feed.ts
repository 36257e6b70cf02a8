/** The feed (sorted lines) and the truth (one entry per listing URL that appears in the feed). */
import type { Listing } from "./listings.js";
import { type Line, listingLines } from "./observe.js";
import type { Rng } from "./rng.js";
import type { ListingTruth } from "../generate.js";

/** Pictures that are not of the object itself: they do not count as photos shared with another listing. */
const NOT_OF_THE_OBJECT = new Set(["banner", "logo", "stock"]);

export function buildFeed(rng: Rng, listings: readonly Listing[]): { lines: Line[]; truth: ListingTruth[] } {
  let counter = 0;
  const seq = () => counter++;
  const lines: Line[] = [];
  for (const l of listings) {
    const own = listingLines(l, rng, seq);
    if (own.length === 0) continue;
    l.emitted = true;
    lines.push(...own);
  }
  lines.sort((a, b) => a.t - b.t || a.seq - b.seq);
  const emitted = listings.filter((l) => l.emitted);
  // Photos seen on each listing (the object's own pictures, renders and plans, common parts).
  const seen = new Map<Listing, Set<number>>();
  for (const l of emitted) seen.set(l, new Set(l.images.filter((c) => !NOT_OF_THE_OBJECT.has(c.photo.kind)).map((c) => c.photo.id)));
  const byObject = new Map<number, Listing[]>();
  for (const l of emitted) {
    const id = l.mandate.object.id;
    byObject.set(id, [...(byObject.get(id) ?? []), l]);
  }
  const truth: ListingTruth[] = [];
  for (const l of emitted) {
    const o = l.mandate.object;
    const mine = seen.get(l) as Set<number>;
    const shares = (byObject.get(o.id) ?? []).some((other) => other !== l && [...(seen.get(other) as Set<number>)].some((id) => mine.has(id)));
    truth.push({
      url: l.url,
      objectId: o.id,
      publisher: l.mandate.publisher.id,
      professional: l.mandate.publisher.kind !== "owner",
      relistingOf: l.relistingOf?.emitted ? l.relistingOf.url : null,
      sharesPhotosWithOriginal: shares,
      families: [...o.families],
      block: `${o.place.insee}|${o.type}|${o.transaction}`,
      area: o.area,
      rooms: o.rooms,
    });
  }
  return { lines, truth };
}

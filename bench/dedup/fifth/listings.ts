/**
 * Listings: one mandate on one portal, under one URL at a time. A re-listing ends a URL and opens a new one
 * for the same publisher; each listing carries its own corrections-to-be (typos, wrong commune, wrong type),
 * its copies of the photos, its spellings.
 */
import { copyHashes, newPhotos, type Photo } from "./photos.js";
import type { Commune } from "./places.js";
import { PORTALS, type Portal, type PortalKey } from "./portals.js";
import type { Rng } from "./rng.js";
import { DAYS, type Mandate } from "./world.js";

export type ImageCopy = { photo: Photo; url: string; hashes: [string, string, string] | null };

export type Listing = {
  url: string;
  portalKey: PortalKey;
  portal: Portal;
  mandate: Mandate;
  relistingOf: Listing | null;
  start: number;
  /** Day the URL ends (removed), or >= DAYS when still online at the end. */
  end: number;
  /** Temporary removal: [from, back]. */
  pause: [number, number] | null;
  priceFactor: number;
  images: ImageCopy[];
  /** Images shown before `imagesFullDay` (photos added later), or null. */
  imagesEarly: number | null;
  imagesFullDay: number;
  areaTypo: { value: number; fixDay: number } | null;
  roomsEdit: { value: number; fixDay: number } | null;
  typeWrong: { fixDay: number } | null;
  cityName: string | null;
  inseeMode: "current" | "former" | null;
  sendsDepartment: boolean;
  utmFrom: number | null;
  titleStyle: number;
  textSeed: number;
  /** The mandate's last URL on this portal (not ended by a re-listing): shows the final status. */
  final: boolean;
  /** Emitted at least one line (set by the feed writer). */
  emitted: boolean;
};

function portalsOf(rng: Rng, m: Mandate): PortalKey[] {
  const o = m.object;
  let keys = m.publisher.pack.filter(([, p]) => rng.chance(p)).map(([k]) => k);
  keys = keys.filter(
    (k) =>
      !(k === "ouestfrance" && o.place.dept !== "50") &&
      !(k === "greenacres" && o.type !== "house" && !o.place.rural) &&
      !(k === "selogerneuf" && !o.programme),
  );
  if (keys.length === 0) keys = [m.publisher.kind === "owner" ? "leboncoin" : ((m.publisher.pack[0]?.[0] ?? "leboncoin") as PortalKey)];
  return keys;
}

const never = 10_000;

function areaTypo(rng: Rng, area: number): number {
  const kind = rng.int(0, 3);
  const a = Math.round(area);
  if (kind === 0) return a * 10;
  if (kind === 1 && a >= 10 && a < 100 && a % 11 !== 0) return Number(String(a).split("").reverse().join(""));
  if (kind === 2) return Math.round(area * 10);
  return a + rng.pick([-10, 10, 1, -1]);
}

export function makeListings(rng: Rng, mandates: readonly Mandate[]): Listing[] {
  const out: Listing[] = [];
  for (const m of mandates) {
    if (m.start >= DAYS - 1 || m.end < 1) continue;
    for (const key of portalsOf(rng, m)) {
      const portal = PORTALS[key] as Portal;
      const lag = rng.between(0, 4);
      let start = Math.max(m.start + lag, rng.between(0, 3));
      const end = m.end + rng.between(0, 3);
      if (start >= Math.min(end, DAYS - 1)) continue;
      // Re-listings: the same publisher deletes and posts anew (owners bump their ad, agencies refresh stale ones).
      const relistRate = m.object.transaction === "rent" ? 0.05 : m.publisher.kind === "owner" ? 0.14 : 0.08;
      let previous: Listing | null = null;
      let photos = m.photos;
      let priceFactor = 1;
      for (let segment = 0; segment < 3; segment += 1) {
        let segEnd = end;
        const relist = end - start > 25 && rng.chance(segment === 0 ? relistRate : 0.25);
        if (relist) segEnd = start + rng.between(10, end - start - 10);
        const l = makeListing(rng, m, key, portal, start, segEnd, previous, photos, priceFactor);
        l.final = !relist;
        out.push(l);
        if (!relist || segEnd >= DAYS) break;
        previous = l;
        start = segEnd + (m.publisher.kind === "owner" ? rng.between(0, 3) : rng.between(0, 12));
        if (start >= Math.min(end, DAYS - 1)) break;
        if (rng.chance(0.5)) priceFactor *= rng.between(0.95, 0.99);
        const r = rng.next();
        if (r < 0.15) photos = rng.shuffle(photos).slice(0, Math.max(1, photos.length - rng.int(0, 3)));
        else if (r < 0.25) photos = newPhotos(rng, "object", rng.int(3, 12));
      }
    }
  }
  return out;
}

function makeListing(
  rng: Rng,
  m: Mandate,
  key: PortalKey,
  portal: Portal,
  start: number,
  end: number,
  previous: Listing | null,
  photos: readonly Photo[],
  priceFactor: number,
): Listing {
  const o = m.object;
  const url = portal.url(rng, {
    transaction: o.transaction,
    type: o.type,
    city: o.place.name.replace(/ \d+e Arrondissement/, ""),
    postcode: o.quarter.postcode,
    dept: o.place.dept,
    insee: o.place.insee,
    rooms: m.rooms,
    area: m.area,
    publisherSlug: m.publisher.slug.replace(/-/g, ""),
    networkAgentId: m.publisher.id,
  });
  const crop = rng.chance(portal.crop);
  const imageKey = `${m.publisher.slug.replace(/-/g, "").slice(0, 10)}${rng.digits(6)}`;
  const images: ImageCopy[] = photos.slice(0, portal.maxImages).map((photo, i) => ({
    photo,
    url: portal.imageUrl(rng, imageKey, i),
    hashes: rng.chance(0.02) ? null : copyHashes(rng, photo, portal.noise, crop),
  }));
  const life = Math.min(end, DAYS) - start;
  const fix = (p: number) => (rng.chance(p) ? start + rng.between(1, Math.max(2, Math.min(20, life - 1))) : never);
  const place = o.place;
  const q = o.quarter;
  let cityName: string | null = rng.weighted(place.spellings);
  if (q.formerName && rng.chance(place.key === "antibes" ? 0.4 : 0.3)) cityName = q.formerName;
  if (place.rural && portal.insee === 0 && rng.chance(0.15)) cityName = null;
  if (cityName && rng.chance(portal.upperCaseCity)) cityName = cityName.toUpperCase();
  let inseeMode: Listing["inseeMode"] = rng.chance(portal.insee) ? "current" : null;
  if (inseeMode && q.formerInsee && q.formerInsee !== place.insee && rng.chance(place.key === "ajaccio" ? 0.05 : 0.35)) inseeMode = "former";
  return {
    url,
    portalKey: key,
    portal,
    mandate: m,
    relistingOf: previous,
    start,
    end,
    pause: end - start > 20 && rng.chance(0.04) ? ((s) => [s, s + rng.between(2, 15)] as [number, number])(start + rng.between(5, end - start - 10)) : null,
    priceFactor,
    images,
    imagesEarly: rng.chance(0.12)
      ? rng.weighted([
          [0, 1],
          [1, 3],
          [2, 3],
          [3, 3],
        ])
      : null,
    imagesFullDay: start + rng.between(1, 10),
    areaTypo: rng.chance(0.03) ? { value: areaTypo(rng, m.area), fixDay: fix(0.8) } : null,
    roomsEdit: rng.chance(0.03) ? { value: Math.max(1, m.rooms + rng.pick([-1, 1])), fixDay: fix(0.8) } : null,
    typeWrong: rng.chance(0.02) ? { fixDay: fix(0.5) } : null,
    cityName,
    inseeMode,
    sendsDepartment: rng.chance(portal.department),
    utmFrom: ["leboncoin", "bienici", "seloger"].includes(key) && rng.chance(0.02) ? start + rng.between(1, 30) : null,
    titleStyle: m.publisher.kind === "owner" || rng.chance(0.3) ? rng.int(0, 5) : m.publisher.titleStyle,
    textSeed: rng.int(1, 2 ** 30),
    final: true,
    emitted: false,
  };
}

/** The commune a listing is filed under on a given day (the wrong one until corrected). */
export function filedCommune(l: Listing, day: number): Commune | null {
  const m = l.mandate;
  if (m.misfiled && (m.misfileFixDay === null || day < m.misfileFixDay)) return m.misfiled;
  return null;
}

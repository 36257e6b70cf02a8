/**
 * Fifth dedup generator: npx tsx bench/dedup/fifth/generate.ts --objects 3000 --seed N --out DIR
 * Writes DIR/feed.ndjson and DIR/truth.json and prints counts. Same arguments, same bytes.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildFeed } from "./feed.js";
import { makeListings } from "./listings.js";
import { resetPhotos } from "./photos.js";
import { Rng } from "./rng.js";
import { World } from "./world.js";

function args(argv: readonly string[]): { objects: number; seed: number; out: string } {
  const get = (name: string) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const objects = Number(get("objects") ?? 3000);
  const seed = Number(get("seed") ?? 1);
  const out = get("out");
  if (!out || !Number.isInteger(objects) || objects < 1 || !Number.isInteger(seed)) {
    console.error("usage: generate.ts --objects 3000 --seed N --out DIR");
    process.exit(1);
  }
  return { objects, seed, out };
}

export function generate(objects: number, seed: number) {
  resetPhotos();
  const rng = new Rng(seed * 2654435761 + 12345);
  const world = new World(rng.fork("world"), objects);
  world.build();
  const listings = makeListings(rng.fork("listings"), world.mandates);
  const { lines, truth } = buildFeed(rng.fork("feed"), listings);
  return { world, listings, lines, truth };
}

function main(): void {
  const { objects, seed, out } = args(process.argv.slice(2));
  const { world, lines, truth } = generate(objects, seed);
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, "feed.ndjson"), lines.map((l) => `${l.text}\n`).join(""));
  writeFileSync(join(out, "truth.json"), `${JSON.stringify(truth)}\n`);
  const objectsSeen = new Set(truth.map((t) => t.objectId));
  const byKind = new Map<string, number>();
  for (const t of truth) {
    const k = t.publisher.split(":")[0] as string;
    byKind.set(k, (byKind.get(k) ?? 0) + 1);
  }
  const perObject = new Map<number, number>();
  for (const t of truth) perObject.set(t.objectId, (perObject.get(t.objectId) ?? 0) + 1);
  const multi = [...perObject.values()].filter((n) => n > 1).length;
  const removals = lines.filter((l) => l.text.includes('"status":"removed"') && !l.text.includes('"title"')).length;
  const families = new Set(truth.flatMap((t) => t.families));
  const famCount = (p: string) => [...families].filter((f) => f.startsWith(p)).length;
  console.log(
    JSON.stringify({
      seed,
      objectsGenerated: world.objects.length,
      objectsInFeed: objectsSeen.size,
      objectsWithSeveralListings: multi,
      listings: truth.length,
      listingsByPublisherKind: Object.fromEntries(byKind),
      relistings: truth.filter((t) => t.relistingOf !== null).length,
      sharingPhotos: truth.filter((t) => t.sharesPhotosWithOriginal).length,
      lines: lines.length,
      removals,
      families: { programme: famCount("programme:"), lotissement: famCount("lotissement:"), building: famCount("building:"), twins: famCount("twins:") },
    }),
  );
}

main();

import type { FeedLine } from "./observation.types.js";
import { PlacePicker } from "./places.js";
import { PRIVATE_PORTALS, PROFESSIONAL_PORTALS } from "./portals.js";
import { initialObservations, laterObservations, type Publication } from "./property-listings.js";
import { newPropertySpec } from "./property-spec.js";
import { PublisherDirectory, type Publisher } from "./publishers.js";
import { Random } from "./random.js";

export type GenerateOptions = {
  /** How many distinct classifieds (listing URLs) to create. Price drops and removals come on top. */
  classifieds: number;
  seed: number;
  /** End of the simulated period: nothing is observed after it. Defaults to DEFAULT_UNTIL. */
  until?: Date;
};

/** A fixed end date, so that a seed alone determines the output. */
export const DEFAULT_UNTIL = new Date("2026-11-01T00:00:00Z");

/** Listings are first published up to this many days before `until`. */
const PERIOD_DAYS = 240;
const DAY = 86_400_000;

/**
 * Later observations (price drops, removals) of a property are held back until this many more properties
 * have been published, so that a feed interleaves news about old listings with new ones, as real feeds do,
 * while memory stays bounded.
 */
const FOLLOW_UP_DELAY = 150;

function pickDistinct(random: Random, choices: ReadonlyArray<readonly [string, number]>, count: number): string[] {
  const remaining = [...choices];
  const picked: string[] = [];
  while (picked.length < count && remaining.length > 0) {
    const domain = random.weighted(remaining);
    picked.push(domain);
    remaining.splice(
      remaining.findIndex(([candidate]) => candidate === domain),
      1,
    );
  }
  return picked;
}

export function assertGenerateOptions(options: GenerateOptions): void {
  if (!Number.isSafeInteger(options.classifieds) || options.classifieds < 0) {
    throw new RangeError(`classifieds must be a whole number >= 0, got ${options.classifieds}`);
  }
  if (!Number.isSafeInteger(options.seed) || options.seed < 0 || options.seed > 0xffffffff) {
    throw new RangeError(`seed must be a whole number between 0 and ${0xffffffff}, got ${options.seed}`);
  }
}

/**
 * A synthetic ingest feed of realistic French listings, one plain observation object per line, streamed:
 * memory stays flat whatever `classifieds` is. The same options always give the same lines, byte for byte.
 *
 * Each real-world property is published on one to five portals (by one or two publishers, with the same
 * pictures and slightly different titles, areas and prices); some later drop their price, go under offer or
 * are removed.
 */
export function* generateObservations(options: GenerateOptions): Generator<FeedLine> {
  assertGenerateOptions(options);
  const random = new Random(options.seed);
  const until = (options.until ?? DEFAULT_UNTIL).getTime();
  const places = PlacePicker.shared();
  const publishers = new PublisherDirectory();
  let sequence = 0;
  const ids = { next: () => sequence++, offset: random.int(0, 999_999_999) };
  const pending: Array<{ releaseAfter: number; lines: FeedLine[] }> = [];
  let produced = 0;
  for (let property = 0; produced < options.classifieds; property += 1) {
    const place = places.pick(random);
    // At least five days before `until`: portals publish up to 3 days apart and are observed up to 36 hours later.
    const publishedAt = until - random.int(5, PERIOD_DAYS) * DAY - random.int(0, 86_399) * 1000;
    const spec = newPropertySpec(random, place, new Date(publishedAt));
    const isPrivate = random.chance(0.18);
    const wanted = isPrivate
      ? random.weighted([
          [1, 60],
          [2, 35],
          [3, 5],
        ])
      : random.weighted([
          [1, 55],
          [2, 25],
          [3, 12],
          [4, 6],
          [5, 2],
        ]);
    const domains = pickDistinct(random, isPrivate ? PRIVATE_PORTALS : PROFESSIONAL_PORTALS, Math.min(wanted, options.classifieds - produced));
    const main: Publisher = isPrivate ? publishers.privateSeller(random, place) : publishers.professional(random, place);
    // A property under a simple (non-exclusive) mandate is also listed by a second agency.
    const second = !isPrivate && domains.length >= 2 && random.chance(0.2) ? publishers.professional(random, place) : main;
    const publications: Publication[] = domains.map((domain, index) => ({
      domain,
      publisher: index === domains.length - 1 ? second : main,
      publishedAt: publishedAt + random.int(0, 3 * 24) * 3_600_000,
    }));
    const initial = initialObservations(random, spec, publications, ids);
    yield* initial;
    produced += initial.length;
    const later = laterObservations(random, spec, initial, until);
    if (later.length > 0) pending.push({ releaseAfter: property + FOLLOW_UP_DELAY, lines: later });
    while (pending[0] !== undefined && pending[0].releaseAfter <= property) {
      const entry = pending.shift();
      if (entry) yield* entry.lines;
    }
  }
  for (const entry of pending) yield* entry.lines;
}

/**
 * An independent generator of labelled listing feeds: French classified ads of ~3,000 real-world flats and houses,
 * each published on one to several portals by one or more publishers, observed by a collector over six months.
 *
 *   npx tsx bench/dedup/fourth/generate.ts --objects 3000 --seed 1 --out /tmp/fourth1
 *
 * Writes OUT/feed.ndjson (observations sorted by time) and OUT/truth.json (one entry per listing URL).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { emailAsShown, phoneAsShown, siretAsShown } from "./ids.js";
import { type Listing, type Loc, Market, W0, W1, onLine, priceAt } from "./market.js";
import { Rng } from "./rng.js";
import {
  type Facts,
  type Signature,
  agencyDescription,
  fmtArea,
  fmtNumber,
  mandataryDescription,
  notaryDescription,
  ownerDescription,
  programmeDescription,
  title,
} from "./text.js";
import { DAY, World } from "./world.js";
// The shape of the truth the evaluation reads (only the type: nothing of how the grouping works).
import type { ListingTruth } from "../generate.js";

type Line = { t: number; seq: number; text: string };

function parseArgs(argv: string[]): { objects: number; seed: number; out: string } {
  const args = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (!a.startsWith("--")) throw new Error(`unexpected argument ${a}`);
    const v = argv[i + 1];
    if (v === undefined) throw new Error(`${a} needs a value`);
    args.set(a.slice(2), v);
    i++;
  }
  const objects = Number(args.get("objects") ?? 3000);
  const seed = Number(args.get("seed") ?? 1);
  const out = args.get("out");
  if (!out) throw new Error("--out DIR is required");
  if (!Number.isInteger(objects) || objects < 10) throw new Error("--objects must be a whole number of at least 10");
  if (!Number.isInteger(seed)) throw new Error("--seed must be a whole number");
  return { objects, seed, out };
}

// ------------------------------------------------------------------ time

function lastSunday(year: number, month: number): number {
  const last = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, last.getUTCDate() - last.getUTCDay(), 1);
}

function iso(t: number, local: boolean): string {
  const s = Math.floor(t / 1000) * 1000;
  if (!local) return new Date(s).toISOString().replace(".000Z", "Z");
  const y = new Date(s).getUTCFullYear();
  const offset = s >= lastSunday(y, 2) && s < lastSunday(y, 9) ? 2 : 1;
  return `${new Date(s + offset * 3600_000).toISOString().slice(0, 19)}+0${offset}:00`;
}

// ------------------------------------------------------------------ observations

const PHONE_IN_TEXT = /(?:\+33 ?|0)[1-9](?:[ .-]?\d{2}){4}/g;

function factsFor(l: Listing, price: number, loc: Loc, seed: number): Facts {
  const c = l.camp;
  const o = l.obj;
  const v = c.view;
  const pick = new Rng(seed ^ 0x5bd1e995);
  const excl = c.rentExcludingCharges;
  return {
    kind: l.kind,
    tx: o.tx,
    area: v.area,
    rooms: v.rooms,
    bedrooms: v.bedrooms,
    floor: v.floor,
    floorCount: o.floorCount,
    elevator: o.elevator,
    balcony: o.balcony,
    terrace: o.terrace,
    parking: o.parking,
    cellar: o.cellar,
    garden: o.garden,
    pool: o.pool,
    land: v.land,
    year: v.year,
    dpe: v.dpe?.label ?? null,
    ges: v.ges?.label ?? null,
    heating: o.heating.text,
    quarter: o.quarter,
    street: o.street,
    city: loc.city ?? o.commune.spellings[0]!,
    amenity: pick.pick(o.commune.amenities),
    price: excl ? price + o.rentCharges : price,
    netPrice: c.feePct === null ? null : Math.round(price / (1 + c.feePct) / 1000) * 1000,
    feePct: c.feePct,
    rentCharges: o.rentCharges,
    furnished: o.furnished,
    coproLots: o.coproLots,
    coproCharges: o.coproCharges,
    renovation: o.renovation,
    isNew: o.isNew,
  };
}

function description(l: Listing, f: Facts): string {
  const c = l.camp;
  const pub = c.pub;
  const rng = new Rng(l.textSeed);
  const phone = pub.phoneInText && c.contact ? phoneAsShown(rng, c.contact.phone) : null;
  const sig: Signature = {
    company: pub.names[0]!,
    contactName: c.contact ? `${c.contact.first} ${c.contact.last}` : null,
    contactPhone: phone,
    ref: c.ref,
    exclusive: c.exclusive,
  };
  let text: string;
  if (pub.role === "owner" || l.fauxOwner) text = ownerDescription(rng, f);
  else if (l.obj.programme) {
    const p = l.obj.programme;
    text = programmeDescription(
      rng,
      f,
      { name: p.name, promoter: p.promoter.names[0]!, units: p.units, delivery: p.delivery, lot: l.obj.lot ?? "", street: p.street },
      pub.role === "promoter" ? null : pub.names[0]!,
    );
  } else if (pub.role === "agent") text = mandataryDescription(rng, f, sig, pub.network!.names[0]!, pub.ownSiret!.slice(0, 9), pub.home.name);
  else if (pub.role === "notary") text = notaryDescription(rng, f, pub.names[0]!, c.ref ?? "");
  else text = agencyDescription(rng, f, sig);
  const portal = l.portal;
  // Some portals add their own footer to professionals' texts.
  if (pub.professional && !l.fauxOwner && l.id % 2 === 0) {
    if (portal.id === "figaro") text += `\nAnnonce diffusée par ${pub.names[0]}.`;
    else if (portal.id === "ouestfrance" && pub.phone) text += `\n${pub.names[0]} - Tél. ${phoneAsShown(rng, pub.phone, 0)}`;
    else if (portal.id === "avendrealouer") text += `\nRéférence annonce : ${(l.id * 7919) % 1000000}`;
  }
  if (portal.stripPhones > 0 && (l.id * 2654435761) % 100 < portal.stripPhones * 100) text = text.replace(PHONE_IN_TEXT, "").replace(/ {2,}/g, " ");
  if (portal.truncateAt !== null && text.length > portal.truncateAt) text = `${text.slice(0, portal.truncateAt - 3).trimEnd()}...`;
  return text;
}

const labelAs = (label: string, style: number): string => (style === 0 ? label.toUpperCase() : style === 1 ? label : `Classe énergie ${label.toUpperCase()}`);

type Status = "available" | "underOffer" | "sold" | "rented" | "removed";

function observation(l: Listing, t: number, status: Status, tracking: string | null): Record<string, unknown> {
  const c = l.camp;
  const o = l.obj;
  const pub = c.pub;
  const portal = l.portal;
  const s = l.show;
  const pro = pub.professional && !l.fauxOwner;
  const loc = l.locFix && t >= l.locFix.at ? l.locFix.loc : l.loc;
  const area = l.areaFix && t >= l.areaFix.at ? l.areaFix.value : l.area;
  const rooms = l.roomsFix && t >= l.roomsFix.at ? l.roomsFix.value : l.rooms;
  const price = priceAt(l, t);
  const facts = factsFor(l, price, loc, l.textSeed);
  const shownFacts: Facts = { ...facts, area: area ?? facts.area, rooms: rooms ?? facts.rooms };
  const obs: Record<string, unknown> = {
    source: s.domain ? { domain: portal.domain, url: tracking ?? l.url } : { url: tracking ?? l.url },
    observedAt: iso(t, portal.localTime),
  };
  if (s.status || status !== "available") obs.status = status;
  obs.publishedAt = portal.dateOnlyPublished ? new Date(l.start).toISOString().slice(0, 10) : iso(l.start, false);
  obs.title = title(new Rng(l.textSeed + 1), portal.title, shownFacts, loc.postcode ?? o.postcode, !pro);
  const text = description(l, facts);
  if (text.length > 0 && (l.id % 97 !== 0 || pro)) obs.description = text;
  if (s.currency) {
    obs.currency = "euro";
    obs.squareUnit = "squareMeter";
  }
  // Publisher and contact.
  const publisher: Record<string, unknown> = { isProfessional: pro };
  if (pro) {
    if (pub.role === "agent") publisher.type = "mandatary";
    else if (pub.role === "agency" || (pub.role !== "promoter" && s.exclusive)) publisher.type = "agency";
    publisher.name = pub.names[s.nameIndex]!;
    if (s.email && pub.email) publisher.email = emailAsShown(new Rng(l.id), pub.email, pub.names[0]!);
    if (s.phone && pub.phone) publisher.phone = phoneAsShown(new Rng(l.id + 7), pub.phone, s.phoneStyle);
    if (s.feesUrl && pub.feesUrl) publisher.feesUrl = pub.feesUrl;
    if (s.siret) {
      if (s.sirenOnly) publisher.siren = s.siret.slice(0, 9);
      else publisher.siret = siretAsShown(new Rng(l.id + 13), s.siret);
    }
  } else if (s.nameIndex > 0 && pub.role === "owner") publisher.name = pub.names[s.nameIndex]!;
  obs.publisher = publisher;
  const person = l.contact;
  if (s.contact && person) {
    const contact: Record<string, unknown> = { name: pro ? `${person.first} ${person.last}` : person.first };
    if (s.phone || !pro) contact.phone = phoneAsShown(new Rng(l.id + 3), person.phone, s.phoneStyle);
    if (s.email && person.email) contact.email = person.email;
    if (!pro && portal.id === "pap") contact.isRefusingSolicitation = l.id % 5 < 2;
    obs.contact = contact;
  }
  // Location.
  const location: Record<string, unknown> = {};
  if (loc.postcode) location.postcode = loc.postcode;
  if (loc.city || loc.insee) {
    const city: Record<string, unknown> = {};
    if (loc.city) city.name = loc.city;
    if (loc.insee) city.inseeCode = loc.insee;
    location.city = city;
  }
  if (loc.lat !== null && loc.lon !== null) {
    location.latitude = loc.lat;
    location.longitude = loc.lon;
  }
  if (s.department) location.department = o.commune.dept;
  obs.location = location;
  // Property.
  const v = c.view;
  const property: Record<string, unknown> = { type: l.kind };
  if (area !== null) property.area = portal.textNumbers ? `${fmtArea(area)} m²` : area;
  if (rooms !== null) property.roomCount = rooms;
  if (s.bedrooms && v.bedrooms > 0) property.bedroomCount = v.bedrooms;
  if (s.floor && v.floor !== null) property.floor = v.floor;
  if (s.details) {
    if (o.kind === "apartment" && o.floorCount !== null) property.floorCount = o.floorCount;
    if (v.year !== null) property.constructionYear = v.year;
    if (v.land !== null && v.land > 0) property.landArea = v.land;
    property.balconyExists = o.balcony;
    property.terraceExists = o.terrace;
    property.parkingExists = o.parking;
    if (o.kind === "apartment") {
      property.elevatorExists = o.elevator;
      property.cellarExists = o.cellar;
      property.isCondominium = true;
    } else {
      property.gardenExists = o.garden;
      property.swimmingPoolExists = o.pool;
    }
    if (o.renovation) property.renovationIsNeeded = true;
    if (l.id % 7 === 0) property.orientation = o.orientation;
    if (l.id % 3 === 0) property.bathroomCount = o.rooms >= 5 ? 2 : 1;
  } else if (portal.id === "leboncoin" && o.kind === "apartment" && o.elevator && l.id % 2 === 0) property.elevatorExists = true;
  if (o.isNew) {
    property.isNew = true;
    if (portal.id === "selogerneuf" || l.id % 2 === 0) property.propertyIsProgram = true;
  }
  obs.property = property;
  // Energy.
  if (s.dpe && v.dpe) {
    const energy: Record<string, unknown> = {};
    const dpe: Record<string, unknown> = { label: labelAs(v.dpe.label, s.labelStyle) };
    if (s.dpeValues) dpe.value = v.dpe.value;
    if (s.details && l.id % 4 === 0) dpe.date = o.dpeDate;
    energy.dpe = dpe;
    if (s.ges && v.ges)
      energy.ges = s.dpeValues ? { label: labelAs(v.ges.label, s.labelStyle), value: v.ges.value } : { label: labelAs(v.ges.label, s.labelStyle) };
    if (s.heating) energy.heating = { source: o.heating.source, system: o.heating.system, type: o.heating.type };
    obs.energy = energy;
  } else if (s.dpe && l.id % 3 === 0) obs.energy = { dpe: { label: l.id % 2 === 0 ? "NC" : "vierge" } };
  // Transaction.
  const transaction: Record<string, unknown> = { type: o.tx, price: portal.textNumbers ? `${fmtNumber(price)} €` : price };
  if (pro && s.exclusive && pub.role !== "promoter") transaction.isExclusiveMandate = c.exclusive;
  obs.transaction = transaction;
  // Media.
  const images = [...l.images, ...(c.extra && t >= c.extra.at + l.lag ? l.extraImages : [])];
  if (images.length > 0)
    obs.media = {
      images: images.map((img) =>
        portal.onlyPerceptualHash
          ? { url: img.url, perceptualHash: img.p }
          : { url: img.url, perceptualHash: img.p, differenceHash: img.d, averageHash: img.a },
      ),
    };
  return obs;
}

function tracked(l: Listing, rng: Rng): string {
  const param = rng.pick(["utm_source=alerte&utm_medium=email", "xtor=AL-146-[mail]", "utm_source=facebook&fbclid=IwAR2x", "gclid=Cj0KCQjw"]);
  return `${l.url}${l.url.includes("?") ? "&" : "?"}${param}`;
}

/** The collector's visits of one listing and the lines they produce; the photos it saw. */
function crawl(l: Listing, rng: Rng, lines: Line[], seen: Set<number>): number {
  const [lo, hi] = l.portal.crawlDays;
  let t = l.start >= W0 ? l.start + rng.float(0.02, 1.5) * DAY : W0 + rng.float(0.05, hi) * DAY;
  let emitted = 0;
  let removed = false;
  let statusShown: "sold" | null = null;
  const push = (time: number, obs: Record<string, unknown>): void => {
    lines.push({ t: Math.floor(time / 1000) * 1000, seq: lines.length, text: JSON.stringify(obs) });
    emitted++;
  };
  const removal = (time: number): Record<string, unknown> => ({ source: { url: l.url }, observedAt: iso(time, l.portal.localTime), status: "removed" });
  for (; t <= W1; t += rng.float(lo, hi) * DAY) {
    if (t >= l.end) {
      if (emitted === 0) break;
      const sells = l.camp.sells && l.obj.sold;
      if (statusShown === null && sells && l.portal.soldStatus && rng.chance(0.25)) {
        push(t, observation(l, t, l.obj.tx === "sale" ? "sold" : "rented", null));
        statusShown = "sold";
        continue;
      }
      push(t, rng.chance(0.85) ? removal(t) : observation(l, t, "removed", null));
      break;
    }
    if (!onLine(l, t)) {
      if (emitted > 0 && !removed) {
        push(t, removal(t));
        removed = true;
      }
      continue;
    }
    removed = false;
    const underOffer = l.camp.underOfferFrom !== null && l.portal.underOffer && t >= l.camp.underOfferFrom;
    const obs = observation(l, t, underOffer ? "underOffer" : "available", emitted > 0 && rng.chance(0.03) ? tracked(l, rng) : null);
    const media = obs.media as { images: unknown[] } | undefined;
    if (media) {
      const extraOn = l.camp.extra !== null && t >= l.camp.extra.at + l.lag;
      for (const img of [...l.images, ...(extraOn ? l.extraImages : [])]) seen.add(img.photo.id);
    }
    push(t, obs);
  }
  return emitted;
}

function main(): void {
  const { objects, seed, out } = parseArgs(process.argv.slice(2));
  const root = new Rng(seed);
  const world = new World(root.fork("world"), objects);
  const market = new Market(world, root.fork("market"));
  const crawlRng = root.fork("crawl");
  const lines: Line[] = [];
  const photosSeen = new Map<number, Set<number>>();
  const inFeed: Listing[] = [];
  for (const l of market.listings) {
    const seen = new Set<number>();
    if (crawl(l, crawlRng, lines, seen) > 0) {
      inFeed.push(l);
      photosSeen.set(l.id, seen);
    }
  }
  lines.sort((a, b) => a.t - b.t || a.seq - b.seq);
  const feedUrls = new Set(inFeed.map((l) => l.url));
  const byObject = new Map<number, Listing[]>();
  for (const l of inFeed) byObject.set(l.obj.id, [...(byObject.get(l.obj.id) ?? []), l]);
  const truth: ListingTruth[] = inFeed.map((l) => {
    const mine = photosSeen.get(l.id)!;
    const shares = byObject.get(l.obj.id)!.some((other) => other !== l && [...photosSeen.get(other.id)!].some((p) => mine.has(p)));
    return {
      url: l.url,
      objectId: l.obj.id,
      publisher: l.camp.pub.key,
      professional: l.camp.pub.professional,
      relistingOf: l.relistingOf && feedUrls.has(l.relistingOf.url) ? l.relistingOf.url : null,
      sharesPhotosWithOriginal: shares,
      families: l.obj.families,
      block: `${l.obj.commune.insee}|${l.obj.kind}|${l.obj.tx}`,
      area: l.obj.area,
      rooms: l.obj.rooms,
    };
  });
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, "feed.ndjson"), `${lines.map((l) => l.text).join("\n")}\n`);
  writeFileSync(join(out, "truth.json"), `${JSON.stringify(truth, null, 1)}\n`);
  // Summary.
  const count = <T>(items: T[], key: (x: T) => string): Record<string, number> => {
    const m: Record<string, number> = {};
    for (const x of items) m[key(x)] = (m[key(x)] ?? 0) + 1;
    return Object.fromEntries(Object.entries(m).sort((a, b) => b[1] - a[1]));
  };
  const sizes = count([...byObject.values()], (ls) => String(Math.min(ls.length, 6)));
  const summary = {
    objects: byObject.size,
    listings: inFeed.length,
    lines: lines.length,
    removals: lines.filter((l) => l.text.includes('"status":"removed"')).length,
    listingsPerObject: sizes,
    byRole: count(inFeed, (l) => l.camp.pub.role),
    byPortal: count(inFeed, (l) => l.portal.id),
    relistings: truth.filter((t) => t.relistingOf !== null).length,
    noSharedPhoto: truth.filter((t) => !t.sharesPhotosWithOriginal && (byObject.get(t.objectId)?.length ?? 0) > 1).length,
    families: count(
      [...byObject.values()].flatMap((ls) => ls[0]!.obj.families),
      (f) => f.split(":")[0]!,
    ),
    byCommune: count([...byObject.values()], (ls) => ls[0]!.obj.commune.name),
  };
  process.stdout.write(`${JSON.stringify(summary, null, 1)}\n`);
}

main();

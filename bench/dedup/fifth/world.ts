/**
 * The real world: objects (flats and houses), the hard-negative families they belong to, and the mandates
 * (one publisher's own view of one object: its measurements, price, photos and time on the market).
 */
import { newPhoto, newPhotos, nearPhoto, type Photo } from "./photos.js";
import { type Commune, PLACES, type Place, type Quarter } from "./places.js";
import { type Establishment, type Publisher, Publishers } from "./publishers.js";
import type { Rng } from "./rng.js";
import { street } from "./text.js";

/** Feed period: day 0 is 2026-05-01, the last day 209 is 2026-11-26. */
export const DAYS = 210;

export type Energy = { label: string; value: number };

export type RealObject = {
  id: number;
  place: Place;
  quarter: Quarter;
  district: string;
  street: string;
  type: "apartment" | "house";
  transaction: "sale" | "rent";
  area: number;
  rooms: number;
  bedrooms: number;
  landArea: number | null;
  floor: number | null;
  floorCount: number | null;
  lat: number;
  lon: number;
  /** Seller's net price (sale) or rent without charges (rent). */
  price: number;
  charges: number;
  dpe: Energy;
  ges: Energy;
  balcony: boolean;
  terrace: boolean;
  elevator: boolean;
  parking: boolean;
  garden: boolean;
  pool: boolean;
  constructionYear: number;
  isNew: boolean;
  programme: boolean;
  lotissement: boolean;
  families: string[];
};

export type Mandate = {
  object: RealObject;
  publisher: Publisher;
  establishment: Establishment;
  /** The publisher's own measurements. */
  area: number;
  rooms: number;
  bedrooms: number;
  /** Price schedule: [day, price], first entry at start. */
  prices: [number, number][];
  chargesIncluded: boolean;
  photos: Photo[];
  start: number;
  /** Last day on the market; >= DAYS means still on the market when the feed ends. */
  end: number;
  underOfferDay: number | null;
  finalStatus: "sold" | "rented" | null;
  misfiled: Commune | null;
  misfileFixDay: number | null;
  textArea: number | null;
  exclusive: boolean;
  dpe: Energy | null;
  dpeUnknown: boolean;
  /** A professional posting as a private person on owners' portals. */
  disguised: boolean;
};

const LABELS = ["a", "b", "c", "d", "e", "f", "g"];
const DPE_BOUNDS = [70, 110, 180, 250, 330, 420, 600];

function energy(rng: Rng, isNew: boolean): { dpe: Energy; ges: Energy } {
  const i = isNew
    ? rng.weighted([
        [0, 3],
        [1, 7],
      ])
    : rng.weighted([
        [0, 2],
        [1, 5],
        [2, 18],
        [3, 35],
        [4, 22],
        [5, 10],
        [6, 8],
      ]);
  const lo = i === 0 ? 30 : (DPE_BOUNDS[i - 1] as number) + 1;
  const hi = DPE_BOUNDS[i] as number;
  const g = Math.max(0, Math.min(6, i + rng.int(-2, 1)));
  return {
    dpe: { label: LABELS[i] as string, value: rng.int(lo, hi) },
    ges: { label: LABELS[g] as string, value: [3, 8, 15, 28, 45, 65, 90][g] as number },
  };
}

const round = (x: number, step: number) => Math.round(x / step) * step;

function apartmentSize(rng: Rng, rent: boolean): { rooms: number; area: number } {
  const rooms = rent
    ? rng.weighted([
        [1, 25],
        [2, 35],
        [3, 25],
        [4, 12],
        [5, 3],
      ])
    : rng.weighted([
        [1, 12],
        [2, 28],
        [3, 32],
        [4, 20],
        [5, 8],
      ]);
  const ranges: Record<number, [number, number]> = { 1: [16, 34], 2: [34, 54], 3: [54, 78], 4: [74, 102], 5: [95, 145] };
  const [lo, hi] = ranges[rooms] as [number, number];
  return { rooms, area: round(rng.between(lo, hi), 0.01) };
}

function houseSize(rng: Rng): { rooms: number; area: number } {
  const rooms = rng.weighted([
    [3, 15],
    [4, 35],
    [5, 30],
    [6, 14],
    [7, 6],
  ]);
  return { rooms, area: round(rooms * rng.between(17, 30), 0.5) };
}

export class World {
  readonly objects: RealObject[] = [];
  readonly mandates: Mandate[] = [];
  readonly publishers: Publishers;
  private readonly stock = new Map<string, Photo[]>();
  readonly familyCounts: Record<string, number> = { programme: 0, lotissement: 0, building: 0, twins: 0 };

  constructor(
    private readonly rng: Rng,
    private readonly target: number,
  ) {
    this.publishers = new Publishers(rng.fork("publishers"));
  }

  private placeBy(weights: readonly (readonly [string, number])[]): Place {
    const key = this.rng.weighted(weights);
    return PLACES.find((p) => p.key === key) as Place;
  }

  private randomPlace(): Place {
    return this.rng.weighted(PLACES.map((p) => [p, p.weight] as const));
  }

  private baseObject(place: Place, type: "apartment" | "house", transaction: "sale" | "rent", quarter?: Quarter): RealObject {
    const rng = this.rng;
    const q = quarter ?? rng.weighted(place.quarters.map((x) => [x, x.weight] as const));
    const size = type === "house" ? houseSize(rng) : apartmentSize(rng, transaction === "rent");
    const e = energy(rng, false);
    const [la0, la1, lo0, lo1] = place.box;
    const landArea = type === "house" ? Math.round(place.rural ? rng.between(800, 6000) : rng.between(150, 900)) : null;
    const unit = transaction === "sale" ? place.saleM2 : place.rentM2;
    const factor = rng.between(0.75, 1.3) * (type === "house" && !place.rural ? 1.05 : 1);
    const raw = size.area * unit * factor + (landArea && transaction === "sale" ? landArea * (place.rural ? 4 : 60) : 0);
    const price = transaction === "sale" ? round(raw, 1000) : round(raw, 5);
    const floorCount = type === "apartment" ? rng.int(2, place.key === "nice" || place.key === "saint-denis-reunion" ? 10 : 7) : rng.int(1, 2);
    return {
      id: this.objects.length + 1,
      place,
      quarter: q,
      district: rng.pick(q.districts),
      street: street(rng),
      type,
      transaction,
      area: size.area,
      rooms: size.rooms,
      bedrooms: Math.max(type === "house" ? 2 : 0, size.rooms - 1),
      landArea,
      floor: type === "apartment" ? rng.int(0, floorCount) : null,
      floorCount,
      lat: round(place.centre[0] + rng.between(la0, la1), 0.000001),
      lon: round(place.centre[1] + rng.between(lo0, lo1), 0.000001),
      price,
      charges: transaction === "rent" ? round(price * rng.between(0.05, 0.13), 5) : 0,
      dpe: e.dpe,
      ges: e.ges,
      balcony: type === "apartment" && rng.chance(0.45),
      terrace: rng.chance(type === "house" ? 0.5 : 0.15),
      elevator: type === "apartment" && floorCount >= 4 && rng.chance(0.8),
      parking: rng.chance(0.4),
      garden: type === "house" && rng.chance(0.85),
      pool:
        type === "house" && ["nice", "antibes", "ajaccio", "villeneuve-les-avignon", "avignon", "saint-denis-reunion"].includes(place.key) && rng.chance(0.3),
      constructionYear: rng.int(1880, 2015),
      isNew: false,
      programme: false,
      lotissement: false,
      families: [],
    };
  }

  private add(o: RealObject): RealObject {
    o.id = this.objects.length + 1;
    this.objects.push(o);
    return o;
  }

  private pickTransaction(place: Place): "sale" | "rent" {
    return this.rng.chance(place.rentShare) ? "rent" : "sale";
  }

  private pickType(place: Place): "apartment" | "house" {
    return this.rng.chance(place.houseShare) ? "house" : "apartment";
  }

  build(): void {
    const scale = this.target / 3000;
    const rng = this.rng;
    for (let i = 0; i < Math.round(12 * scale); i += 1) this.programme(i + 1);
    for (let i = 0; i < Math.round(12 * scale); i += 1) this.lotissementFamily(i + 1);
    for (let i = 0; i < Math.round(45 * scale); i += 1) this.building(i + 1);
    for (let i = 0; i < Math.round(25 * scale); i += 1) this.twins(i + 1);
    while (this.objects.length < this.target) {
      const place = this.randomPlace();
      const o = this.add(this.baseObject(place, this.pickType(place), this.pickTransaction(place)));
      this.standardMandates(o, rng.between(-45, DAYS - 12));
    }
  }

  // ---- families -------------------------------------------------------------------------------------------

  /** Units of one new-build programme: stacked plans (identical areas on several floors), shared renders. */
  private programme(n: number): void {
    const rng = this.rng;
    this.familyCounts.programme = (this.familyCounts.programme ?? 0) + 1;
    const place = this.placeBy([
      ["strasbourg", 3],
      ["grenoble", 2],
      ["nice", 2],
      ["saint-denis-reunion", 2],
      ["antibes", 1],
      ["ajaccio", 1],
      ["saint-martin-d-heres", 1],
      ["cherbourg-en-cotentin", 1],
    ]);
    const promoter = this.publishers.promoter(place.key);
    const renders = newPhotos(rng, "render", rng.int(3, 5));
    const quarter = rng.weighted(place.quarters.map((x) => [x, x.weight] as const));
    const district = rng.pick(quarter.districts);
    const st = street(rng);
    const floors = rng.int(4, 7);
    const launch = rng.between(-30, 120);
    const units = rng.int(6, 14);
    let made = 0;
    const lat = round(place.centre[0] + rng.between(place.box[0], place.box[1]), 0.000001);
    const lon = round(place.centre[1] + rng.between(place.box[2], place.box[3]), 0.000001);
    while (made < units) {
      const base = apartmentSize(rng, false);
      const plan = newPhoto(rng, "plan");
      const stacked = Math.min(units - made, rng.int(1, 3));
      const firstFloor = rng.int(0, Math.max(0, floors - stacked));
      for (let k = 0; k < stacked; k += 1) {
        const o = this.baseObject(place, "apartment", "sale", quarter);
        Object.assign(o, {
          district,
          street: st,
          area: base.area,
          rooms: base.rooms,
          bedrooms: Math.max(0, base.rooms - 1),
          floor: firstFloor + k,
          floorCount: floors,
          lat,
          lon,
          price: round(base.area * place.saleM2 * 1.22 * (1 + 0.015 * (firstFloor + k)), 100),
          isNew: true,
          programme: true,
          constructionYear: 2027,
          elevator: true,
          families: [`programme:${n}`],
          ...energy(rng, true),
        });
        this.add(o);
        made += 1;
        const start = launch + rng.between(0, 20);
        const end = start + rng.between(40, 260);
        const m = this.mandate(o, promoter, start, end, { exact: true, price: o.price });
        m.photos = [...renders, plan];
        if (rng.chance(0.2)) {
          const agency = this.publishers.agency(rng, place.key);
          const a = this.mandate(o, agency, start + rng.between(5, 40), end + rng.between(-10, 10), { exact: true, price: o.price });
          a.photos = [...rng.shuffle(renders).slice(0, rng.int(2, renders.length)), ...(rng.chance(0.5) ? [plan] : [])];
        }
      }
    }
  }

  /** Identical new houses of one subdivision by one builder: one plan, areas within 1%, prices by plot size. */
  private lotissementFamily(n: number): void {
    const rng = this.rng;
    this.familyCounts.lotissement = (this.familyCounts.lotissement ?? 0) + 1;
    const place = this.placeBy([
      ["cherbourg-en-cotentin", 3],
      ["marciac", 2],
      ["juillac", 1],
      ["villeneuve-les-avignon", 2],
      ["saint-denis-reunion", 2],
      ["saint-martin-d-heres", 1],
      ["avignon", 1],
      ["ajaccio", 1],
    ]);
    const builder = this.publishers.builder(place.key);
    const renders = newPhotos(rng, "render", rng.int(3, 6));
    const rooms = rng.int(4, 5);
    const planArea = round(rng.between(78, 112), 0.01);
    const housePrice = round(planArea * rng.between(1500, 2100), 100);
    const quarter = rng.weighted(place.quarters.map((x) => [x, x.weight] as const));
    const st = `lotissement ${rng.pick(["Les Jardins", "Le Clos", "Les Hauts", "Le Domaine"])} ${rng.pick(["du Moulin", "des Vignes", "de la Source", "des Chênes", "du Lavoir"])}`;
    const lots = rng.int(4, 8);
    const launch = rng.between(-30, 150);
    const lat = round(place.centre[0] + rng.between(place.box[0], place.box[1]), 0.000001);
    const lon = round(place.centre[1] + rng.between(place.box[2], place.box[3]), 0.000001);
    for (let k = 0; k < lots; k += 1) {
      const land = rng.int(300, 900);
      const o = this.baseObject(place, "house", "sale", quarter);
      Object.assign(o, {
        street: st,
        district: rng.pick(quarter.districts),
        area: round(planArea * rng.between(0.996, 1.004), 0.01),
        rooms,
        bedrooms: rooms - 1,
        landArea: land,
        floor: null,
        floorCount: 1,
        lat: round(lat + rng.between(-0.0008, 0.0008), 0.000001),
        lon: round(lon + rng.between(-0.0008, 0.0008), 0.000001),
        price: round(housePrice + land * (place.rural ? 35 : 150) * rng.between(0.95, 1.05), 100),
        isNew: true,
        lotissement: true,
        constructionYear: 2027,
        garden: true,
        pool: false,
        families: [`lotissement:${n}`],
        ...energy(rng, true),
      });
      this.add(o);
      const start = launch + rng.between(0, 25);
      const end = start + rng.between(30, 220);
      const m = this.mandate(o, builder, start, end, { exact: true, price: o.price });
      m.photos = rng.chance(0.4) ? [...renders, newPhoto(rng, "object")] : [...renders];
      if (rng.chance(0.15)) {
        const agency = this.publishers.agency(rng, place.key);
        const a = this.mandate(o, agency, start + rng.between(0, 30), end, { price: round(o.price * rng.between(1.0, 1.04), 100) });
        a.photos = [...rng.shuffle(renders).slice(0, rng.int(2, renders.length)), ...newPhotos(rng, "object", rng.int(0, 2))];
      }
    }
  }

  /** Flats of one old building: similar sizes, one street; an agency with two of them reuses its facade shots. */
  private building(n: number): void {
    const rng = this.rng;
    this.familyCounts.building = (this.familyCounts.building ?? 0) + 1;
    let place = this.randomPlace();
    while (place.rural || place.houseShare > 0.5) place = this.randomPlace();
    const flats = rng.weighted([
      [2, 50],
      [3, 35],
      [4, 15],
    ]);
    const first = this.baseObject(place, "apartment", this.pickTransaction(place));
    const floors = rng.int(4, 7);
    const samePlan = rng.chance(0.5);
    const common = newPhotos(rng, "common", rng.int(1, 2));
    const shared = rng.chance(0.4) ? this.publishers.agency(rng, place.key) : null;
    const launch = rng.between(-40, DAYS - 30);
    for (let k = 0; k < flats; k += 1) {
      const o = k === 0 ? first : this.baseObject(place, "apartment", this.pickTransaction(place), first.quarter);
      const area = samePlan ? round(first.area * rng.between(0.985, 1.015), 0.01) : round(first.area * rng.between(0.9, 1.1), 0.01);
      Object.assign(o, {
        district: first.district,
        street: first.street,
        lat: first.lat,
        lon: first.lon,
        floorCount: floors,
        floor: k === 0 ? rng.int(0, floors) : rng.int(0, floors),
        constructionYear: first.constructionYear,
        elevator: first.elevator,
        area,
        rooms: samePlan || rng.chance(0.7) ? first.rooms : Math.max(1, first.rooms + rng.pick([-1, 1])),
        dpe: rng.chance(0.6) ? first.dpe : o.dpe,
        families: [`building:${n}`],
      });
      o.bedrooms = Math.max(0, o.rooms - 1);
      const unit = o.transaction === "sale" ? place.saleM2 : place.rentM2;
      o.price = o.transaction === "sale" ? round(o.area * unit * rng.between(0.85, 1.2), 1000) : round(o.area * unit * rng.between(0.9, 1.15), 5);
      this.add(o);
      const start = launch + rng.between(0, 60);
      if (shared && k < 2) {
        const m = this.mandate(o, shared, start, start + this.duration(o, shared));
        m.photos = [...common, ...m.photos];
        this.moreMandates(o, [m]);
      } else this.standardMandates(o, start);
    }
  }

  /** An agency's twin flats: one residence, areas within 2%, same rooms, common photos, sometimes look-alike interiors. */
  private twins(n: number): void {
    const rng = this.rng;
    this.familyCounts.twins = (this.familyCounts.twins ?? 0) + 1;
    let place = this.randomPlace();
    while (place.rural) place = this.randomPlace();
    const agency = rng.chance(0.8) ? this.publishers.agency(rng, place.key) : this.publishers.agent(rng, place.key);
    const count = rng.chance(0.75) ? 2 : 3;
    const first = this.baseObject(place, "apartment", this.pickTransaction(place));
    const common = newPhotos(rng, "common", rng.int(2, 3));
    const lookAlike = rng.chance(0.3);
    const interiors = newPhotos(rng, "object", rng.int(4, 8));
    const start0 = rng.between(-30, DAYS - 30);
    for (let k = 0; k < count; k += 1) {
      const o = k === 0 ? first : this.baseObject(place, "apartment", first.transaction, first.quarter);
      Object.assign(o, {
        district: first.district,
        street: first.street,
        lat: round(first.lat + rng.between(-0.0004, 0.0004), 0.000001),
        lon: round(first.lon + rng.between(-0.0004, 0.0004), 0.000001),
        area: k === 0 ? first.area : round(first.area * rng.between(0.98, 1.02), 0.01),
        rooms: first.rooms,
        bedrooms: first.bedrooms,
        floorCount: first.floorCount,
        constructionYear: first.constructionYear,
        elevator: first.elevator,
        balcony: first.balcony,
        price: k === 0 ? first.price : round(first.price * rng.between(0.97, 1.03), first.transaction === "sale" ? 1000 : 5),
        charges: first.charges,
        dpe: first.dpe,
        ges: first.ges,
        families: [`twins:${n}`],
      });
      this.add(o);
      const start = start0 + rng.between(0, 10);
      const m = this.mandate(o, agency, start, start + this.duration(o, agency));
      m.photos = [...(lookAlike ? interiors.map((p) => (k === 0 ? p : nearPhoto(rng, p))) : m.photos), ...common];
      this.moreMandates(o, [m]);
    }
  }

  // ---- mandates -------------------------------------------------------------------------------------------

  private duration(o: RealObject, p: Publisher): number {
    const rng = this.rng;
    if (o.transaction === "rent") return rng.between(6, 45);
    return p.kind === "owner" ? rng.between(15, 120) : rng.between(25, 200);
  }

  /** The primary publisher and 0 to 3 more, each with its own view. */
  private standardMandates(o: RealObject, start: number): void {
    const rng = this.rng;
    const pubs = this.publishers;
    const notaryZone = ["cherbourg-en-cotentin", "marciac", "juillac", "monlezun", "avignon", "strasbourg"].includes(o.place.key);
    const kind =
      o.transaction === "rent"
        ? rng.weighted([
            ["agency", 62],
            ["owner", 36],
            ["mandatary", 2],
          ] as const)
        : rng.weighted([
            ["agency", 48],
            ["mandatary", 24],
            ["owner", 24],
            ["notary", notaryZone ? 6 : 0],
          ] as const);
    const p =
      kind === "agency"
        ? pubs.agency(rng, o.place.key)
        : kind === "owner"
          ? pubs.owner(rng, o.place.key)
          : kind === "notary"
            ? pubs.notary(o.place.key)
            : pubs.agent(rng, o.place.key);
    const m = this.mandate(o, p, start, start + this.duration(o, p));
    this.moreMandates(o, [m]);
  }

  private moreMandates(o: RealObject, existing: Mandate[]): void {
    const rng = this.rng;
    const pubs = this.publishers;
    const extra =
      o.transaction === "rent"
        ? rng.weighted([
            [0, 75],
            [1, 20],
            [2, 5],
          ])
        : rng.weighted([
            [0, 62],
            [1, 28],
            [2, 8],
            [3, 2],
          ]);
    const first = existing[0] as Mandate;
    for (let i = 0; i < extra; i += 1) {
      const hasOwner = existing.some((m) => m.publisher.kind === "owner");
      const networks = existing.flatMap((m) => (m.publisher.network ? [m.publisher.network.key] : []));
      let kind = rng.weighted([
        ["agency", 55],
        ["mandatary", o.transaction === "rent" ? 3 : 30],
        ["owner", hasOwner ? 0 : 15],
      ] as const);
      let p = kind === "agency" ? pubs.agency(rng, o.place.key) : kind === "owner" ? pubs.owner(rng, o.place.key) : pubs.agent(rng, o.place.key, networks);
      if (existing.some((m) => m.publisher.id === p.id)) {
        kind = "owner";
        if (hasOwner) continue;
        p = pubs.owner(rng, o.place.key);
      }
      const start = first.start + rng.between(-10, 60);
      const end = Math.max(start + 5, first.end + rng.between(-25, 10));
      const m = this.mandate(o, p, start, end);
      // Photos: reuse those of an earlier mandate (the owner gave them, or copied the agency's) or shoot anew.
      const source = rng.pick(existing);
      const reuse = p.kind !== "owner" && source.publisher.kind === "owner" ? 0.3 : p.kind === "owner" ? 0.2 : 0.25;
      if (rng.chance(reuse)) {
        const kept = rng.shuffle(source.photos.filter((x) => x.kind === "object")).slice(0, rng.int(2, Math.max(2, source.photos.length)));
        m.photos = rng.chance(0.5) ? kept : [...kept, ...newPhotos(rng, "object", rng.int(1, 4))];
      }
      existing.push(m);
    }
    const pros = existing.filter((m) => m.publisher.kind !== "owner");
    for (const m of existing) m.exclusive = pros.length === 1 && m.publisher.kind !== "owner" && rng.chance(m.publisher.exclusiveRate * 2);
    // When the object is sold or let, the other mandates end soon after.
    const soldAt = Math.min(...existing.map((m) => m.end));
    for (const m of existing) if (m.end > soldAt + 12) m.end = soldAt + rng.between(0, 12);
  }

  private mandate(o: RealObject, p: Publisher, start: number, end: number, fixed?: { exact?: boolean; price?: number }): Mandate {
    const rng = this.rng;
    const owner = p.kind === "owner";
    // Area: Carrez (the truth) or floor area, loggia or veranda counted, the owner's guess.
    let area = o.area;
    if (!fixed?.exact) {
      const f = rng.weighted([
        ["same", 55],
        ["plus", 22],
        ["more", 13],
        ["less", 10],
      ] as const);
      if (f === "plus") area = o.area * rng.between(1.0, 1.04);
      else if (f === "more") area = o.area * rng.between(1.04, 1.08);
      else if (f === "less") area = o.area * rng.between(0.95, 1.0);
      area = owner ? (rng.chance(0.3) ? round(area, 5) : Math.round(area)) : round(area, rng.chance(0.5) ? 0.01 : 0.1);
    }
    let rooms = o.rooms;
    if (!fixed?.exact) {
      const r = rng.weighted([
        ["same", 84],
        ["plus", 9],
        ["minus", 7],
      ] as const);
      if (r === "plus") rooms += 1;
      else if (r === "minus") rooms = Math.max(1, rooms - 1);
      if (owner && rng.chance(0.06)) rooms = Math.max(1, o.bedrooms);
    }
    // Price: the seller's net price plus fees (agency, network), charges included or not (rent).
    let price = fixed?.price ?? o.price;
    const chargesIncluded = o.transaction === "rent" && (owner ? rng.chance(0.5) : p.chargesIncluded);
    if (fixed?.price === undefined) {
      if (o.transaction === "sale") {
        if (p.kind === "agency") price = o.price * (1 + p.feesRate / 100) * rng.between(0.99, 1.02);
        else if (p.kind === "mandatary") price = o.price * (1 + p.feesRate / 100) * rng.between(0.99, 1.01);
        else if (p.kind === "notary") price = o.price * (1 + p.feesRate / 100);
        else price = o.price * rng.between(0.98, 1.04);
        price = owner ? round(price, rng.chance(0.5) ? 5000 : 1000) : rng.chance(0.4) ? round(price, 1000) - 100 : round(price, 1000);
      } else {
        price = (chargesIncluded ? o.price + o.charges : o.price) * rng.between(0.99, 1.02);
        price = round(price, 5);
      }
    }
    const prices: [number, number][] = [[start, price]];
    const life = end - start;
    if (life > 25 && rng.chance(o.transaction === "sale" ? 0.3 : 0.15)) {
      const d1 = start + rng.between(15, life - 5);
      const p1 = round(price * rng.between(0.92, 0.98), o.transaction === "sale" ? 1000 : 5);
      prices.push([d1, p1]);
      if (o.transaction === "sale" && life > 60 && rng.chance(0.33) && d1 + 20 < end)
        prices.push([d1 + rng.between(15, end - d1 - 5), round(p1 * rng.between(0.94, 0.985), 1000)]);
    }
    const misfiled = rng.chance(o.place.misfileRate * (owner ? 1.5 : 1)) ? o.place.misfiledAs : null;
    const e = energy(rng, o.isNew);
    const m: Mandate = {
      object: o,
      publisher: p,
      establishment: this.publishers.establishment(p, o.place.key),
      area,
      rooms,
      bedrooms: rooms === o.rooms ? o.bedrooms : Math.max(0, rooms - 1),
      prices,
      chargesIncluded,
      photos: newPhotos(rng, "object", owner ? rng.int(o.place.rural ? 2 : 3, o.place.rural ? 8 : 10) : p.kind === "notary" ? rng.int(2, 6) : rng.int(6, 18)),
      start,
      end,
      underOfferDay: o.transaction === "sale" && end < DAYS && rng.chance(0.2) ? end - rng.between(5, 30) : null,
      finalStatus: end < DAYS && rng.chance(0.4) ? (o.transaction === "sale" ? "sold" : "rented") : null,
      misfiled,
      misfileFixDay: misfiled && rng.chance(0.35) ? start + rng.between(2, 30) : null,
      textArea: rng.chance(owner ? 0.08 : 0.1) ? round(o.area * rng.between(0.9, 1.1), owner ? 1 : 0.01) : null,
      exclusive: false,
      dpe: rng.chance(0.07) ? e.dpe : o.dpe,
      dpeUnknown: rng.chance(o.place.rural ? 0.25 : 0.08),
      disguised: p.kind === "agency" && rng.chance(0.04),
    };
    if (p.banner) m.photos = p.bannerFirst ? [p.banner, ...m.photos] : [...m.photos, p.banner];
    if (p.kind !== "owner" && ["nice", "antibes", "ajaccio", "avignon", "paris-15"].includes(o.place.key) && rng.chance(0.04)) {
      const pool = this.stock.get(o.place.key) ?? newPhotos(rng, "stock", 3);
      this.stock.set(o.place.key, pool);
      m.photos.push(rng.pick(pool));
    }
    this.mandates.push(m);
    return m;
  }
}

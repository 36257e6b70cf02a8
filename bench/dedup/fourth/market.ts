/**
 * How objects reach the portals: who publishes them (campaigns), on which portals (listings), and every way a
 * listing's copy of the object drifts from the truth.
 */
import type { Commune, Place } from "./data.js";
import { slug } from "./ids.js";
import { type Portal, type PortalId, PORTALS, imageUrl, listingUrl } from "./portals.js";
import { type Rng, flipBits } from "./rng.js";
import type { Kind } from "./text.js";
import { type Contact, DAY, type Energy, type Obj, type Photo, type Publisher, W0, W1, type World } from "./world.js";

/** What one publisher says about the object. */
export type View = {
  area: number;
  rooms: number;
  bedrooms: number;
  floor: number | null;
  year: number | null;
  dpe: Energy | null;
  ges: Energy | null;
  land: number | null;
};

export type Campaign = {
  id: number;
  obj: Obj;
  pub: Publisher;
  contact: Contact | null;
  start: number;
  end: number;
  sells: boolean;
  /** Successive asking prices and when each takes effect (the first at the start). */
  prices: { at: number; price: number }[];
  netPrice: number | null;
  feePct: number | null;
  /** Rent shown without charges. */
  rentExcludingCharges: boolean;
  photos: Photo[];
  extra: { at: number; photos: Photo[] } | null;
  view: View;
  textSeed: number;
  ref: string | null;
  exclusive: boolean;
  underOfferFrom: number | null;
  portals: PortalId[];
};

export type Img = { photo: Photo; p: string; d: string; a: string; url: string };

export type Loc = {
  postcode: string | null;
  city: string | null;
  insee: string | null;
  dept: string | null;
  lat: number | null;
  lon: number | null;
  wrongCommune: boolean;
};

export type Listing = {
  id: number;
  url: string;
  portal: Portal;
  camp: Campaign;
  obj: Obj;
  start: number;
  end: number;
  gaps: { from: number; to: number }[];
  relistingOf: Listing | null;
  priceFactor: number;
  lag: number;
  images: Img[];
  extraImages: Img[];
  loc: Loc;
  locFix: { at: number; loc: Loc } | null;
  area: number | null;
  areaFix: { at: number; value: number } | null;
  rooms: number | null;
  roomsFix: { at: number; value: number } | null;
  priceTypo: { until: number; factor: number } | null;
  kind: Kind;
  contact: Contact | null;
  fauxOwner: boolean;
  textSeed: number;
  /** Stable choices of which optional fields this listing carries. */
  show: {
    floor: boolean;
    bedrooms: boolean;
    details: boolean;
    dpe: boolean;
    dpeValues: boolean;
    ges: boolean;
    heating: boolean;
    contact: boolean;
    nameIndex: number;
    siret: string | null;
    sirenOnly: boolean;
    email: boolean;
    phone: boolean;
    feesUrl: boolean;
    exclusive: boolean;
    department: boolean;
    domain: boolean;
    status: boolean;
    currency: boolean;
    phoneStyle: number;
    labelStyle: number;
  };
};

const around = (rng: Rng, lat: number, lon: number, km: number): [number, number] => {
  const r = km * Math.sqrt(rng.next());
  const a = rng.float(0, 2 * Math.PI);
  return [
    Math.round((lat + (r * Math.cos(a)) / 111.2) * 1e6) / 1e6,
    Math.round((lon + (r * Math.sin(a)) / (111.2 * Math.cos((lat * Math.PI) / 180))) * 1e6) / 1e6,
  ];
};

const stripAccents = (s: string): string => s.normalize("NFD").replace(/[\u0300-\u036f]/g, "");

function spellPlace(rng: Rng, place: Place): string {
  if (place.insee.startsWith("751")) {
    const n = Number(place.insee.slice(3));
    return rng.pick([`Paris ${n}ème`, `Paris ${n}e`, "Paris", `PARIS ${n}`]);
  }
  return rng.weighted([
    [place.name, 70],
    [stripAccents(place.name), 15],
    [place.name.toUpperCase(), 15],
  ]);
}

export class Market {
  readonly campaigns: Campaign[] = [];
  readonly listings: Listing[] = [];
  private readonly urls = new Set<string>();

  constructor(
    private readonly world: World,
    private readonly rng: Rng,
  ) {
    for (const obj of world.objects) this.plan(obj);
  }

  // ------------------------------------------------------------ publishers

  private pickAgency(obj: Obj, exclude: Publisher[] = []): Publisher {
    const rng = this.rng;
    const pool = this.world.agencies[obj.commune.cluster].filter((a) => !exclude.includes(a) && (obj.tx === "sale" ? a.sale : a.rent));
    const candidates = pool.length > 0 ? pool : this.world.agencies[obj.commune.cluster].filter((a) => !exclude.includes(a));
    return rng.weighted(candidates.map((a) => [a, a.home === obj.commune ? 3 : 1] as const));
  }

  private pickAgent(obj: Obj): Publisher {
    const rng = this.rng;
    const pool = this.world.agents[obj.commune.cluster].filter((a) => obj.tx === "sale" || a.rent);
    const candidates = pool.length > 0 ? pool : this.world.agents[obj.commune.cluster];
    return rng.weighted(candidates.map((a) => [a, (a.home === obj.commune ? 3 : 1) * a.network!.share] as const));
  }

  // ------------------------------------------------------------ campaigns

  private plan(obj: Obj): void {
    const rng = this.rng;
    const S = obj.start;
    const E = obj.end;
    const after = (): number => E + rng.float(0, 25) * DAY;
    if (obj.programme) {
      const p = obj.programme;
      const main = this.campaign(obj, p.promoter, S, E, true, { photos: [...p.renders, ...(rng.chance(0.6) ? this.world.photos.shoot(1) : [])] });
      if (rng.chance(0.3)) {
        const reseller = rng.pick(p.resellers);
        const photos = rng.chance(0.9) ? rng.sample(main.photos, main.photos.length) : this.world.photos.shoot(rng.int(2, 5));
        this.campaign(obj, reseller, S + rng.float(3, 40) * DAY, E + rng.float(0, 20) * DAY, false, { photos });
      }
      return;
    }
    if (obj.twins) {
      const g = obj.twins;
      const photos = g.photos ? [...g.photos] : [...g.common, ...this.world.photos.shoot(rng.int(3, 8))];
      this.campaign(obj, g.agency, S, E, true, { photos, textSeed: g.textSeed });
      return;
    }
    if (obj.building?.seller) {
      this.campaign(obj, obj.building.seller, S, E, true, {});
      if (rng.chance(0.15)) this.campaign(obj, this.pickAgency(obj, [obj.building.seller]), S + rng.float(0, 20) * DAY, after(), false, {});
      return;
    }
    if (obj.tx === "rent") {
      const s = rng.weighted([["agency", 56] as const, ["owner", 38] as const, ["ownerAndAgency", 3] as const, ["multi", 3] as const]);
      if (s === "agency") this.campaign(obj, this.pickAgency(obj), S, E, true, {});
      else if (s === "owner") this.campaign(obj, this.world.makeOwner(obj.commune), S, E, true, {});
      else if (s === "ownerAndAgency") {
        const owner = this.campaign(obj, this.world.makeOwner(obj.commune), S, E + rng.float(0, 5) * DAY, rng.chance(0.5), {});
        this.campaign(obj, this.pickAgency(obj), S + rng.float(2, 12) * DAY, E, true, { shareFrom: owner, share: 0.3 });
      } else {
        const a = this.pickAgency(obj);
        const first = this.campaign(obj, a, S, E, true, {});
        this.campaign(obj, this.pickAgency(obj, [a]), S + rng.float(0, 10) * DAY, after(), false, { shareFrom: first, share: 0.05 });
      }
      return;
    }
    const village = obj.commune.isVillage || obj.kind === "house";
    const s = rng.weighted([
      ["agency", 40] as const,
      ["agent", 14] as const,
      ["owner", 14] as const,
      ["ownerThenAgency", 8] as const,
      ["multi", 11] as const,
      ["ownerAndAgency", 4] as const,
      ["agencyAndAgent", 4] as const,
      ["agencyChange", 3] as const,
      ["notary", village ? 4 : 1] as const,
    ]);
    switch (s) {
      case "agency":
        this.campaign(obj, this.pickAgency(obj), S, E, true, { exclusive: rng.chance(0.3) });
        return;
      case "agent":
        this.campaign(obj, this.pickAgent(obj), S, E, true, { exclusive: rng.chance(0.35) });
        return;
      case "owner":
        this.campaign(obj, this.world.makeOwner(obj.commune), S, E, true, {});
        return;
      case "notary":
        this.campaign(obj, rng.pick(this.world.notaries[obj.commune.cluster]), S, E, true, {});
        return;
      case "ownerThenAgency": {
        const split = S + Math.min(rng.float(20, 75) * DAY, (E - S) * 0.6);
        const owner = this.campaign(obj, this.world.makeOwner(obj.commune), S, split, false, {});
        const agencyStart = Math.max(S + 5 * DAY, split + rng.float(-12, 25) * DAY);
        const ownerLast = owner.prices[owner.prices.length - 1]!.price;
        this.campaign(obj, rng.chance(0.8) ? this.pickAgency(obj) : this.pickAgent(obj), agencyStart, Math.max(E, agencyStart + 10 * DAY), true, {
          shareFrom: owner,
          share: 0.25,
          net: Math.round(ownerLast / 1.02 / 1000) * 1000,
        });
        return;
      }
      case "multi": {
        const n = rng.chance(0.75) ? 2 : 3;
        const chosen: Publisher[] = [];
        const seller = rng.int(0, n - 1);
        let first: Campaign | null = null;
        // An owner who had photos taken gives them to every agency now and then.
        const ownersPhotos = rng.chance(0.1) ? this.world.photos.shoot(rng.int(6, 12)) : null;
        for (let i = 0; i < n; i++) {
          const a = this.pickAgency(obj, chosen);
          chosen.push(a);
          const c = this.campaign(obj, a, S + (i === 0 ? 0 : rng.float(0, 25)) * DAY, i === seller ? E : after(), i === seller, {
            ...(ownersPhotos ? { photos: [...ownersPhotos] } : first ? { shareFrom: first, share: 0.08 } : {}),
          });
          first ??= c;
        }
        return;
      }
      case "ownerAndAgency": {
        const owner = this.campaign(obj, this.world.makeOwner(obj.commune), S, E + rng.float(0, 10) * DAY, rng.chance(0.4), {});
        this.campaign(obj, this.pickAgency(obj), S + rng.float(0, 20) * DAY, E, true, { shareFrom: owner, share: 0.25 });
        return;
      }
      case "agencyAndAgent": {
        const sellerIsAgency = rng.chance(0.5);
        const a = this.campaign(obj, this.pickAgency(obj), S, sellerIsAgency ? E : after(), sellerIsAgency, {});
        this.campaign(obj, this.pickAgent(obj), S + rng.float(0, 25) * DAY, sellerIsAgency ? after() : E, !sellerIsAgency, { shareFrom: a, share: 0.1 });
        return;
      }
      case "agencyChange": {
        const a = this.pickAgency(obj);
        const split = S + (E - S) * rng.float(0.35, 0.65);
        const first = this.campaign(obj, a, S, split, false, { exclusive: rng.chance(0.5) });
        const bStart = split + rng.float(0, 30) * DAY;
        this.campaign(obj, rng.chance(0.75) ? this.pickAgency(obj, [a]) : this.pickAgent(obj), bStart, Math.max(E, bStart + 10 * DAY), true, {
          shareFrom: first,
          share: 0.05,
        });
        return;
      }
    }
  }

  private view(obj: Obj, pub: Publisher): View {
    const rng = this.rng;
    let area = obj.area;
    let rooms = obj.rooms;
    let bedrooms = obj.bedrooms;
    let floor = obj.floor;
    let year: number | null = obj.year;
    let dpe = obj.dpe;
    let ges = obj.ges;
    let land = obj.land;
    const role = pub.role;
    if (role === "owner") {
      if (obj.kind === "apartment")
        area = rng.weighted([
          [Math.round(area), 50],
          [Math.round(area * rng.float(1, 1.08)), 35],
          [Math.round(area * rng.float(0.96, 1.02)), 15],
        ]);
      else area = Math.round(area * rng.float(0.92, 1.12));
      if (rng.chance(0.1)) area = Math.round(area / 5) * 5;
      const r = rng.next();
      if (r < 0.13 && obj.bedrooms >= 1) rooms = obj.bedrooms;
      else if (r < 0.24) rooms = obj.rooms + 1;
      else if (r < 0.32) rooms = Math.max(1, obj.rooms - 1);
      if (rng.chance(0.05) && floor !== null) floor = Math.max(0, floor + rng.pick([-1, 1]));
      year = rng.chance(0.5) ? null : rng.chance(0.5) ? Math.round(obj.year / 10) * 10 : obj.year;
      const d = rng.next();
      if (d < 0.25) {
        dpe = null;
        ges = null;
      } else if (d < 0.3 && dpe) dpe = { label: String.fromCharCode(Math.min(103, dpe.label.charCodeAt(0) + 1)), value: Math.round(dpe.value * 1.2) };
      if (land !== null) land = Math.round(land / 10) * 10;
    } else if (role === "promoter") {
      if (rng.chance(0.3)) dpe = null;
    } else {
      const measured = rng.next();
      if (obj.kind === "house") area = measured < 0.65 ? area : Math.round(area * rng.normal(1, 0.04) * 100) / 100;
      else if (measured < 0.72) area = obj.area;
      else if (measured < 0.84) area = Math.round(area);
      else if (measured < 0.93) area = Math.round(area * rng.normal(1, 0.012) * 100) / 100;
      else area = Math.round(area * rng.float(1.005, 1.05) * 100) / 100;
      const r = rng.next();
      const wrong = role === "agent" ? 0.12 : 0.07;
      if (r < wrong * 0.7) rooms = obj.rooms + 1;
      else if (r < wrong) rooms = Math.max(1, obj.rooms - 1);
      if (rng.chance(0.05)) {
        dpe = null;
        ges = null;
      }
      if (rng.chance(0.15)) year = null;
    }
    if (rooms !== obj.rooms && bedrooms >= rooms) bedrooms = Math.max(0, rooms - 1);
    return { area, rooms, bedrooms, floor, year, dpe, ges, land };
  }

  private nicePrice(x: number, tx: "sale" | "rent", psych: boolean): number {
    if (tx === "rent") return Math.round(x / 5) * 5;
    const k = Math.round(x / 1000) * 1000;
    return psych ? k - 1000 + (x > 150000 ? 0 : 900) : k;
  }

  private campaign(
    obj: Obj,
    pub: Publisher,
    start: number,
    end: number,
    sells: boolean,
    o: { photos?: Photo[]; shareFrom?: Campaign; share?: number; net?: number; exclusive?: boolean; textSeed?: number },
  ): Campaign {
    const rng = this.rng;
    const role = pub.role;
    const tx = obj.tx;
    end = Math.max(end, start + 2 * DAY);
    const net = o.net ?? obj.price;
    let feePct: number | null = null;
    let price: number;
    let rentExcludingCharges = false;
    const psych = rng.chance(0.35);
    if (tx === "sale") {
      if (role === "owner") price = this.nicePrice(net * rng.float(1, 1.05), tx, psych);
      else if (role === "promoter" || obj.programme) price = obj.price;
      else {
        feePct = Math.round((role === "notary" ? rng.float(0.03, 0.05) : role === "agent" ? rng.float(0.04, 0.065) : rng.float(0.035, 0.075)) * 1000) / 1000;
        price = this.nicePrice(net * (1 + feePct), tx, psych);
      }
    } else {
      rentExcludingCharges = role !== "owner" && rng.chance(0.2);
      price = rentExcludingCharges ? obj.price - obj.rentCharges : obj.price;
    }
    const prices = [{ at: start, price }];
    const cuts =
      tx === "sale" && !obj.programme
        ? rng.weighted([[0, 55] as const, [1, 32] as const, [2, 10] as const, [3, 3] as const])
        : tx === "rent" && rng.chance(0.12)
          ? 1
          : 0;
    const span = end - start;
    if (span > 25 * DAY) {
      const times = Array.from({ length: cuts }, () => start + rng.float(15 * DAY, span - 5 * DAY)).sort((a, b) => a - b);
      for (const at of times) {
        const last = prices[prices.length - 1]!.price;
        prices.push({ at, price: this.nicePrice(last * (role === "owner" ? rng.float(0.93, 0.98) : rng.float(0.94, 0.985)), tx, psych) });
      }
    }
    // Photos: the publisher's own shoot, or (some of) the photos of another publisher of the object.
    let photos: Photo[];
    if (o.photos) photos = o.photos;
    else if (o.shareFrom && o.shareFrom.photos.length > 0 && rng.chance(o.share ?? 0)) {
      const from = o.shareFrom.photos;
      photos = rng.chance(0.6) ? [...from] : rng.sample(from, Math.max(1, Math.round(from.length * rng.float(0.4, 0.9))));
      if (rng.chance(0.4)) photos.push(...this.world.photos.shoot(rng.int(1, 4)));
    } else {
      const count =
        role === "owner"
          ? rng.chance(tx === "rent" ? 0.12 : 0.06)
            ? 0
            : rng.int(2, 12)
          : tx === "rent"
            ? rng.chance(0.04)
              ? 0
              : rng.int(3, 10)
            : obj.kind === "house"
              ? rng.int(8, 20)
              : rng.int(5, 15);
      photos = this.world.photos.shoot(count);
      // Near-duplicate shots of one room (two angles) are common in agency sets.
      if (photos.length > 3 && rng.chance(0.2)) photos.push(this.world.photos.variant(photos[1]!));
    }
    const b = obj.building;
    if (b && role !== "promoter" && rng.chance(0.7)) {
      let shots = b.shots.get(pub.key);
      if (!shots) {
        shots = this.world.photos.shoot(rng.int(1, 3));
        b.shots.set(pub.key, shots);
      }
      photos = rng.chance(0.5) ? [...shots.slice(0, 1), ...photos, ...shots.slice(1)] : [...photos, ...shots];
    }
    if (pub.branding) photos = [...photos, pub.branding];
    const extra =
      rng.chance(0.08) && span > 10 * DAY
        ? { at: start + rng.float(2, Math.min(30, span / DAY - 1)) * DAY, photos: this.world.photos.shoot(rng.int(1, 4)) }
        : null;
    const underOfferFrom = sells && obj.sold && tx === "sale" && rng.chance(0.4) ? Math.max(start + 5 * DAY, end - rng.float(7, 40) * DAY) : null;
    const c: Campaign = {
      id: this.campaigns.length + 1,
      obj,
      pub,
      contact: pub.contacts.length > 0 ? rng.pick(pub.contacts) : null,
      start,
      end,
      sells,
      prices,
      netPrice: feePct === null ? null : net,
      feePct,
      rentExcludingCharges,
      photos,
      extra,
      view: this.view(obj, pub),
      textSeed: o.textSeed ?? rng.int(1, 2 ** 30),
      ref:
        pub.refPrefix !== null
          ? `${pub.refPrefix}${rng.digits(role === "notary" ? 4 : rng.int(4, 6))}`
          : role === "agent" && rng.chance(0.3)
            ? rng.digits(7)
            : null,
      exclusive: o.exclusive ?? false,
      underOfferFrom,
      portals: this.portalsFor(obj, pub),
    };
    this.campaigns.push(c);
    this.listingsFor(c);
    return c;
  }

  private portalsFor(obj: Obj, pub: Publisher): PortalId[] {
    const rng = this.rng;
    if (pub.role === "owner") {
      if (obj.tx === "rent") return rng.weighted([[["leboncoin"], 70] as const, [["pap"], 15] as const, [["leboncoin", "pap"], 15] as const]).slice();
      const base: PortalId[] = rng.weighted([[["leboncoin"], 55] as const, [["pap"], 18] as const, [["leboncoin", "pap"], 27] as const]).slice();
      if (rng.chance(0.06)) base.push(rng.pick(["paruvendu", "entreparticuliers"] as const));
      return base;
    }
    const diffusion = pub.diffusion.filter(([p]) => !(obj.tx === "rent" && (p === "selogerneuf" || p === "immonot")));
    const k =
      pub.role === "agent"
        ? rng.weighted([[1, 20] as const, [2, 35] as const, [3, 30] as const, [4, 15] as const])
        : pub.role === "promoter"
          ? rng.weighted([[1, 35] as const, [2, 40] as const, [3, 25] as const])
          : rng.weighted([[1, 28] as const, [2, 34] as const, [3, 26] as const, [4, 12] as const]);
    const chosen: PortalId[] = [];
    // A network agent's listing is almost always on the network's own site.
    if (pub.role === "agent" && rng.chance(0.75)) chosen.push(diffusion[0]![0]);
    let pool = diffusion.filter(([p]) => !chosen.includes(p));
    while (chosen.length < k && pool.length > 0) {
      const p = rng.weighted(pool);
      chosen.push(p);
      pool = pool.filter(([q]) => q !== p);
    }
    return chosen;
  }

  // ------------------------------------------------------------ listings

  private listingsFor(c: Campaign): void {
    const rng = this.rng;
    c.portals.forEach((pid, i) => {
      const portal = PORTALS[pid];
      const start = c.start + (i === 0 ? rng.float(0, 0.5) : rng.float(0, 5)) * DAY;
      let end = c.end + rng.float(-1, 6) * DAY;
      if (c.underOfferFrom !== null && !portal.underOffer) end = Math.min(end, c.underOfferFrom + rng.float(0, 4) * DAY);
      end = Math.max(end, start + DAY);
      this.chain(c, portal, start, end, null, 1);
      // An agency sometimes has the same object twice on one portal (two negotiators, a listing created twice).
      if (c.pub.professional && rng.chance(0.015)) {
        const s2 = start + rng.float(0, 10) * DAY;
        if (s2 < end - DAY) this.listing(c, portal, s2, end, null, 1, true);
      }
    });
  }

  /** A listing, possibly taken down and published again under a new URL (a relisting), more than once. */
  private chain(c: Campaign, portal: Portal, start: number, end: number, previous: Listing | null, factor: number): void {
    const rng = this.rng;
    const role = c.pub.role;
    const p = role === "owner" ? (portal.id === "leboncoin" ? 0.3 : 0.1) : role === "agent" ? 0.1 : role === "promoter" ? 0.05 : 0.08;
    const span = end - start;
    if (span > 30 * DAY && rng.chance(previous ? p * 0.5 : p)) {
      const r = start + span * rng.float(0.3, 0.75);
      const pause = (role === "owner" && portal.id === "leboncoin" ? rng.float(0, 3) : rng.float(0, 21)) * DAY;
      if (r + pause + 3 * DAY < end) {
        const first = this.listing(c, portal, start, r, previous, factor, false);
        const cut = rng.chance(0.45) ? rng.float(0.95, 0.98) : 1;
        this.chain(c, portal, r + pause, end, first, factor * cut);
        return;
      }
    }
    this.listing(c, portal, start, end, previous, factor, false);
  }

  private images(c: Campaign, portal: Portal, photos: Photo[], relisted: boolean): Img[] {
    const rng = this.rng;
    let shown = photos.slice(0, portal.photoCap(c.pub.professional, rng));
    if (c.pub.branding && shown.length > 0 && !shown.includes(c.pub.branding) && rng.chance(0.8)) shown[shown.length - 1] = c.pub.branding;
    if (shown.length > 2 && rng.chance(relisted ? 0.25 : 0.12)) {
      const j = rng.int(1, shown.length - 1);
      [shown[0], shown[j]] = [shown[j]!, shown[0]!];
    }
    if (shown.length > 3 && rng.chance(0.05)) {
      const dropped = rng.int(1, shown.length - 1);
      shown = shown.filter((_, i) => i !== dropped);
    }
    return shown.map((photo) => this.encode(portal, photo));
  }

  /** The portal's copy of a photo: re-encoded (a few bits of each hash flipped), now and then cropped or watermarked. */
  private encode(portal: Portal, photo: Photo): Img {
    const rng = this.rng;
    const heavy = rng.chance(0.06);
    const bits = (): number =>
      heavy ? rng.int(6, 11) : rng.weighted([[0, 22] as const, [1, 26] as const, [2, 20] as const, [3, 14] as const, [4, 10] as const, [5, 8] as const]);
    return { photo, p: flipBits(photo.p, bits(), rng), d: flipBits(photo.d, bits(), rng), a: flipBits(photo.a, bits(), rng), url: imageUrl(portal, rng) };
  }

  private locate(c: Campaign, portal: Portal): { loc: Loc; fix: { at: number; loc: Loc } | null } {
    const rng = this.rng;
    const obj = c.obj;
    const commune = obj.commune;
    const role = c.pub.role;
    const coordMode = rng.weighted(portal.coords);
    const blurKm = Math.min(0.25, commune.radiusKm * 0.2);
    const correct = (): Loc => {
      let postcode = obj.postcode;
      if (commune.postcodes.length > 1 && rng.chance(0.05)) postcode = rng.pick(commune.postcodes.filter((p) => p !== obj.postcode));
      const postcodeOnly = rng.chance(portal.postcodeOnly);
      const insee = !postcodeOnly && rng.chance(portal.insee) ? commune.insee : null;
      const city = postcodeOnly ? null : rng.chance(insee ? 0.85 : 0.97) ? this.spell(commune, role === "owner") : null;
      let lat: number | null = null;
      let lon: number | null = null;
      if (coordMode === "blurred") [lat, lon] = around(rng, obj.lat, obj.lon, blurKm);
      else if (coordMode === "centroid") [lat, lon] = around(rng, commune.lat, commune.lon, 0.03);
      return { postcode, city, insee, dept: null, lat, lon, wrongCommune: false };
    };
    let p = role === "owner" ? 0.03 : role === "agent" ? 0.05 : role === "promoter" ? 0.02 : 0.04;
    if (commune.isVillage) p *= 2.5;
    else if (commune.insee === "44162" || commune.insee === "44143") p *= 1.5;
    if (!rng.chance(p) || commune.neighbours.length === 0) {
      const loc = correct();
      if (rng.chance(0.1)) loc.dept = commune.dept;
      return { loc, fix: null };
    }
    const place = rng.weighted(commune.neighbours.map((n, i) => [n, i === 0 ? commune.neighbours.length : 1] as const));
    let lat: number | null = null;
    let lon: number | null = null;
    if (coordMode === "blurred" && place.dept === commune.dept && rng.chance(0.5)) [lat, lon] = around(rng, obj.lat, obj.lon, blurKm);
    else if (coordMode !== "none") [lat, lon] = around(rng, place.lat, place.lon, 0.03);
    const wrong: Loc = {
      postcode: place.postcodes[0]!,
      city: spellPlace(rng, place),
      insee: rng.chance(portal.insee) ? place.insee : null,
      dept: null,
      lat,
      lon,
      wrongCommune: true,
    };
    return { loc: wrong, fix: rng.chance(0.3) ? { at: rng.float(3, 25) * DAY, loc: correct() } : null };
  }

  private spell(commune: Commune, owner: boolean): string {
    const rng = this.rng;
    const s = commune.spellings;
    return owner ? rng.pick(s) : rng.weighted(s.map((x, i) => [x, i === 0 ? 8 : 1] as const));
  }

  private typo(area: number): number {
    const rng = this.rng;
    const whole = Math.round(area);
    const swapped = Number(String(whole).split("").reverse().join(""));
    return rng.weighted([
      [swapped > 5 && swapped !== whole ? swapped : whole * 10, 40],
      [whole * 10, 25],
      [Math.round(area) / 10, 15],
      [whole + rng.pick([-10, 10, 100]), 20],
    ]);
  }

  private listing(c: Campaign, portal: Portal, start: number, end: number, previous: Listing | null, factor: number, duplicate: boolean): Listing {
    const rng = this.rng;
    const obj = c.obj;
    const pub = c.pub;
    const { loc, fix } = this.locate(c, portal);
    let url: string;
    do {
      url = listingUrl(
        portal,
        {
          tx: obj.tx,
          kind: obj.kind,
          rooms: c.view.rooms,
          area: c.view.area,
          citySlug: slug(loc.city ?? obj.commune.name),
          postcode: loc.postcode ?? obj.postcode,
          dept: obj.commune.dept,
          insee: loc.insee ?? obj.commune.insee,
          quarterSlug: slug(obj.quarter),
          agencySlug: pub.slug || "annonce",
        },
        rng,
      );
    } while (this.urls.has(url));
    this.urls.add(url);
    const gaps: { from: number; to: number }[] = [];
    const span = end - start;
    if (span > 30 * DAY && rng.chance(0.05)) {
      const from = start + rng.float(10 * DAY, span - 15 * DAY);
      gaps.push({ from, to: Math.min(end - 2 * DAY, from + rng.float(4, 30) * DAY) });
    } else if (span > 10 * DAY && rng.chance(0.025)) {
      const from = start + rng.float(3 * DAY, span - 5 * DAY);
      gaps.push({ from, to: from + rng.float(1, 3) * DAY });
    }
    const photos = previous && !duplicate ? (rng.chance(0.85) ? c.photos : [...c.photos.slice(1), ...this.world.photos.shoot(rng.int(0, 2))]) : c.photos;
    let area: number | null = portal.areaRound ? Math.round(c.view.area) : c.view.area;
    if (pub.role === "owner" && rng.chance(0.006)) area = null;
    let areaFix: Listing["areaFix"] = null;
    if (area !== null && rng.chance(0.008)) {
      const right = area;
      area = this.typo(area);
      if (rng.chance(0.6)) areaFix = { at: start + rng.float(1, 12) * DAY, value: right };
    }
    let rooms: number | null = rng.chance(0.03) ? null : c.view.rooms;
    let roomsFix: Listing["roomsFix"] = null;
    if (rooms !== null && rng.chance(0.012)) {
      roomsFix = { at: start + rng.float(1, 15) * DAY, value: rooms };
      rooms = Math.max(1, rooms + rng.pick([-1, 1]));
    }
    const mislabel = rng.chance(0.006);
    const fauxOwner = pub.role === "agency" && portal.id === "leboncoin" && rng.chance(0.015);
    const pro = pub.professional && !fauxOwner;
    const siret = (): string | null => {
      if (!pro || !rng.chance(portal.siret)) return null;
      if (pub.role === "agent") return rng.chance(0.9) ? pub.sirets[0]! : pub.ownSiret;
      if (pub.role === "promoter" && obj.programme?.sccvSiret && rng.chance(0.4)) return obj.programme.sccvSiret;
      const sirets = pub.sirets;
      return sirets[(portal.id.length + pub.key.length) % sirets.length]!;
    };
    const l: Listing = {
      id: this.listings.length + 1,
      url,
      portal,
      camp: c,
      obj,
      start,
      end,
      gaps,
      relistingOf: previous,
      priceFactor: factor,
      lag: rng.float(0, 3) * DAY,
      images: this.images(c, portal, photos, previous !== null),
      extraImages: c.extra ? c.extra.photos.map((p) => this.encode(portal, p)) : [],
      loc,
      locFix: fix ? { at: start + fix.at, loc: fix.loc } : null,
      area,
      areaFix,
      rooms,
      roomsFix,
      priceTypo: rng.chance(0.004) ? { until: start + rng.float(1, 6) * DAY, factor: rng.chance(0.5) ? 10 : 0.1 } : null,
      kind: mislabel ? (obj.kind === "house" ? "apartment" : "house") : obj.kind,
      contact: duplicate && pub.contacts.length > 1 ? rng.pick(pub.contacts.filter((x) => x !== c.contact)) : c.contact,
      fauxOwner,
      textSeed:
        previous && rng.chance(0.4)
          ? rng.int(1, 2 ** 30)
          : pub.role !== "owner" && portal.id === "leboncoin" && rng.chance(0.2)
            ? rng.int(1, 2 ** 30)
            : c.textSeed,
      show: {
        floor: rng.chance(portal.floorShown),
        bedrooms: rng.chance(portal.bedroomsShown),
        details: rng.chance(portal.details),
        dpe: rng.chance(0.92),
        dpeValues: rng.chance(portal.dpeValues),
        ges: rng.chance(0.8),
        heating: rng.chance(portal.details * 0.5),
        contact: pro ? rng.chance(0.7) : rng.chance(0.85),
        nameIndex: rng.weighted(pub.names.map((_, i) => [i, i === 0 ? 6 : 1] as const)),
        siret: siret(),
        sirenOnly: rng.chance(0.1),
        email: rng.chance(pro ? 0.6 : 0.25),
        phone: rng.chance(pro ? 0.7 : 0.5),
        feesUrl: rng.chance(0.35),
        exclusive: rng.chance(0.6),
        department: rng.chance(0.08),
        domain: rng.chance(0.85),
        status: portal.id !== "leboncoin" || rng.chance(0.1),
        currency: portal.id === "seloger" || portal.id === "selogerneuf",
        phoneStyle: rng.int(0, 5),
        labelStyle: rng.weighted([[0, 60] as const, [1, 33] as const, [2, 7] as const]),
      },
    };
    this.listings.push(l);
    return l;
  }
}

/** Whether a listing was on line at t (between its start and end, outside its temporary removals). */
export const onLine = (l: Listing, t: number): boolean => t >= l.start && t < l.end && !l.gaps.some((g) => t >= g.from && t < g.to);

export const priceAt = (l: Listing, t: number): number => {
  let price = l.camp.prices[0]!.price;
  for (const p of l.camp.prices) if (p.at + l.lag <= t) price = p.price;
  let v = l.camp.obj.tx === "sale" ? Math.round((price * l.priceFactor) / 1000) * 1000 : Math.round((price * l.priceFactor) / 5) * 5;
  if (l.priceFactor === 1) v = price;
  if (l.priceTypo && t < l.priceTypo.until) v = Math.round(v * l.priceTypo.factor);
  return v;
};

export { W0, W1 };

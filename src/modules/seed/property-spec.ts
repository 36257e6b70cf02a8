import type { EnergyLabel, HeatingSource, HeatingSystem, HeatingType, PropertyType, TransactionType } from "../../domain/enums.js";
import { ORIENTATIONS } from "../../domain/enums.js";
import type { FeedImage, FeedPropertyAttributes } from "./observation.types.js";
import type { Place } from "./places.js";
import type { Random } from "./random.js";

/** The real-world object behind one or more classifieds: what every portal describes, before their differences. */
export type PropertySpec = {
  place: Place;
  postcode: string;
  coordinates: { latitude: number; longitude: number } | undefined;
  transaction: TransactionType;
  attributes: FeedPropertyAttributes;
  price: number;
  energy: EnergySpec | undefined;
  /** Image hashes only: each portal serves the same pictures under its own URLs. */
  pictures: Array<Omit<FeedImage, "url">>;
};

export type EnergySpec = {
  dpe: { label: EnergyLabel; value: number; date: string };
  ges: { label: EnergyLabel; value: number };
  heating: { source: HeatingSource; system: HeatingSystem; type: HeatingType } | undefined;
};

const LABELS: readonly EnergyLabel[] = ["a", "b", "c", "d", "e", "f", "g"];
/** Official DPE bands (kWh/m²/year) and GES bands (kg CO2/m²/year), lower bound included. */
const DPE_BANDS: ReadonlyArray<readonly [number, number]> = [
  [40, 69],
  [70, 109],
  [110, 179],
  [180, 249],
  [250, 329],
  [330, 419],
  [420, 620],
];
const GES_BANDS: ReadonlyArray<readonly [number, number]> = [
  [2, 5],
  [6, 10],
  [11, 29],
  [30, 49],
  [50, 69],
  [70, 99],
  [100, 140],
];
/** Buyers pay less for energy sieves. */
const ENERGY_PRICE_FACTOR = [1.06, 1.04, 1.02, 1, 0.97, 0.92, 0.87] as const;
/** Departments where a swimming pool is common. */
const SUNNY = new Set(["06", "13", "83", "84", "30", "34", "66", "11", "2A", "2B", "971", "972", "974"]);

function propertyType(random: Random, place: Place): PropertyType {
  if (place.population >= 50_000) {
    return random.weighted<PropertyType>([
      ["apartment", 72],
      ["house", 12],
      ["parking", 5],
      ["shop", 3],
      ["office", 2],
      ["premises", 2],
      ["land", 1],
      ["building", 1],
      ["program", 1],
      ["other", 1],
    ]);
  }
  if (place.population >= 5_000) {
    return random.weighted<PropertyType>([
      ["apartment", 45],
      ["house", 40],
      ["land", 4],
      ["parking", 3],
      ["shop", 2],
      ["premises", 2],
      ["office", 1],
      ["building", 1],
      ["program", 1],
      ["other", 1],
    ]);
  }
  return random.weighted<PropertyType>([
    ["house", 70],
    ["apartment", 12],
    ["land", 12],
    ["building", 2],
    ["other", 2],
    ["premises", 1],
    ["parking", 1],
  ]);
}

/** Areas are quoted to the half square metre. */
const half = (value: number) => Math.round(value * 2) / 2;

function attributesOf(random: Random, type: PropertyType, place: Place): FeedPropertyAttributes {
  const city = place.population >= 100_000;
  switch (type) {
    case "apartment":
    case "program": {
      const rooms = random.weighted([
        [1, 15],
        [2, 28],
        [3, 28],
        [4, 18],
        [5, 8],
        [6, 3],
      ]);
      const floorCount = city ? random.int(4, 8) : random.int(2, 5);
      const balcony = random.chance(0.35);
      const terrace = random.chance(0.12);
      const isNew = type === "program";
      return {
        type,
        area: rooms === 1 ? half(random.float(16, 32)) : half(rooms * random.float(17, 24) + random.float(0, 12)),
        roomCount: rooms,
        bedroomCount: Math.max(0, rooms - 1),
        bathroomCount: rooms >= 4 && random.chance(0.4) ? 2 : 1,
        toiletCount: rooms >= 4 ? random.int(1, 2) : 1,
        floor: random.int(0, floorCount),
        floorCount,
        constructionYear: isNew
          ? random.int(2026, 2028)
          : random.weighted([
              [random.int(1850, 1914), city ? 3 : 1],
              [random.int(1950, 1985), 3],
              [random.int(1986, 2024), 2],
            ]),
        ...(random.chance(0.6) ? { orientation: random.pick(ORIENTATIONS) } : {}),
        balconyExists: balcony,
        ...(balcony ? { balconyArea: half(random.float(3, 12)) } : {}),
        terraceExists: terrace,
        ...(terrace ? { terraceArea: half(random.float(8, 40)) } : {}),
        parkingExists: random.chance(city ? 0.2 : 0.45),
        cellarExists: random.chance(0.35),
        elevatorExists: floorCount >= 5 ? random.chance(0.9) : random.chance(0.3),
        caretakerExists: random.chance(place.department === "75" ? 0.3 : 0.12),
        intercomExists: random.chance(0.6),
        isNew,
        propertyIsProgram: isNew,
      };
    }
    case "house": {
      const rooms = random.weighted([
        [3, 15],
        [4, 28],
        [5, 27],
        [6, 17],
        [7, 8],
        [8, 5],
      ]);
      const terrace = random.chance(0.4);
      return {
        type,
        area: half(rooms * random.float(20, 28) + random.float(0, 20)),
        landArea: Math.round(place.population < 5_000 ? random.float(400, 3000) : random.float(150, 800)),
        roomCount: rooms,
        bedroomCount: Math.max(1, rooms - 2),
        bathroomCount: random.int(1, 2),
        floorCount: random.int(1, 3),
        constructionYear: random.weighted([
          [random.int(1700, 1945), 2],
          [random.int(1946, 1990), 3],
          [random.int(1991, 2024), 3],
        ]),
        terraceExists: terrace,
        ...(terrace ? { terraceArea: half(random.float(12, 60)) } : {}),
        gardenExists: random.chance(0.9),
        garageExists: random.chance(0.5),
        parkingExists: random.chance(0.7),
        swimmingPoolExists: random.chance(SUNNY.has(place.department) ? 0.25 : 0.06),
        fireplaceExists: random.chance(0.35),
        renovationIsNeeded: random.chance(0.12),
      };
    }
    case "land": {
      const landArea = Math.round(random.float(300, 5000));
      return { type, area: landArea, landArea };
    }
    case "parking":
      return { type, area: half(random.float(11, 16)) };
    case "building":
      return { type, area: Math.round(random.float(200, 1200)), roomCount: random.int(6, 30), floorCount: random.int(2, 6) };
    case "office":
      return { type, area: Math.round(random.float(20, 400)), roomCount: random.int(1, 8) };
    case "premises":
    case "shop":
    case "other":
      return { type, area: Math.round(random.float(20, 400)) };
  }
}

function energyOf(random: Random, attributes: FeedPropertyAttributes, publishedAt: Date): EnergySpec | undefined {
  if (attributes.type === "land" || attributes.type === "parking") return undefined;
  const index = attributes.isNew
    ? random.int(0, 1)
    : random.weighted([
        [0, 2],
        [1, 5],
        [2, 15],
        [3, 30],
        [4, 25],
        [5, 13],
        [6, 10],
      ]);
  const gesIndex = Math.min(6, Math.max(0, index + random.int(-1, 1)));
  // Both indexes are 0..6, within the tables.
  const dpeBand = DPE_BANDS[index] as readonly [number, number];
  const gesBand = GES_BANDS[gesIndex] as readonly [number, number];
  const dpeDate = new Date(publishedAt.getTime() - random.int(10, 700) * 86_400_000);
  return {
    dpe: { label: LABELS[index] as EnergyLabel, value: random.int(dpeBand[0], dpeBand[1]), date: dpeDate.toISOString().slice(0, 10) },
    ges: { label: LABELS[gesIndex] as EnergyLabel, value: random.int(gesBand[0], gesBand[1]) },
    heating: random.chance(0.5)
      ? {
          source: random.weighted<HeatingSource>([
            ["electricity", 40],
            ["gas", 35],
            ["fuel", 8],
            ["aerothermal", 6],
            ["wood", 5],
            ["pellet", 3],
            ["solar", 1],
          ]),
          system: random.weighted<HeatingSystem>([
            ["radiator", 70],
            ["floor", 12],
            ["reversibleAirConditioning", 10],
            ["stove", 5],
            ["fireplace", 3],
          ]),
          type:
            attributes.type === "apartment"
              ? random.weighted<HeatingType>([
                  ["individual", 65],
                  ["shared", 30],
                  ["city", 5],
                ])
              : "individual",
        }
      : undefined,
  };
}

/** Sale prices end in round thousands (hundreds under 100,000 €), often just below a round figure. */
function roundSalePrice(random: Random, price: number): number {
  const step = price < 100_000 ? 500 : 1000;
  const rounded = Math.max(step, Math.round(price / step) * step);
  return random.chance(0.3) && rounded > 10 * step ? rounded - step : rounded;
}

function priceOf(random: Random, spec: Pick<PropertySpec, "place" | "transaction" | "attributes">, energyIndex: number): number {
  const level = spec.place.salePricePerSquareMeter;
  const area = spec.attributes.area ?? 50;
  const noise = random.float(0.82, 1.18);
  if (spec.transaction === "rent") {
    if (spec.attributes.type === "parking") return Math.round((level * random.float(0.02, 0.035)) / 5) * 5;
    return Math.round((area * (6 + level * 0.0024) * noise) / 5) * 5;
  }
  const perSquareMeter: Record<PropertyType, number> = {
    apartment: level * ((spec.attributes.roomCount ?? 2) === 1 ? 1.12 : 1),
    program: level * 1.15,
    house: level * (spec.place.population >= 50_000 ? 0.95 : 1),
    land: level * random.float(0.02, 0.06),
    parking: (level * random.float(3, 5.5)) / area,
    building: level * 0.7,
    office: level * 0.75,
    premises: level * 0.6,
    shop: level * 0.8,
    other: level * 0.5,
  };
  const energyFactor = ENERGY_PRICE_FACTOR[energyIndex] ?? 1;
  return roundSalePrice(random, perSquareMeter[spec.attributes.type] * area * noise * energyFactor);
}

/** A new real-world property in `place`, first published at `publishedAt`. */
export function newPropertySpec(random: Random, place: Place, publishedAt: Date): PropertySpec {
  let type = propertyType(random, place);
  const transaction: TransactionType = random.chance(type === "apartment" ? 0.35 : 0.15) ? "rent" : "sale";
  // Nobody rents out a plot, a whole building or a new-build programme on these portals.
  if (transaction === "rent" && (type === "land" || type === "building" || type === "program")) type = "apartment";
  const attributes = attributesOf(random, type, place);
  const energy = energyOf(random, attributes, publishedAt);
  const base = { place, transaction, attributes };
  const price = priceOf(random, base, energy ? LABELS.indexOf(energy.dpe.label) : 3);
  const pictureCount = type === "land" ? random.int(2, 5) : type === "parking" ? random.int(1, 3) : random.int(4, 14);
  const centre = place.centre;
  return {
    ...base,
    postcode: random.pick(place.postcodes),
    coordinates: centre
      ? {
          latitude: Math.round((centre.latitude + random.float(-0.008, 0.008)) * 1e5) / 1e5,
          longitude: Math.round((centre.longitude + random.float(-0.012, 0.012)) * 1e5) / 1e5,
        }
      : undefined,
    price,
    energy,
    pictures: Array.from({ length: pictureCount }, () => ({
      perceptualHash: random.hex(16),
      differenceHash: random.hex(16),
      averageHash: random.hex(16),
    })),
  };
}

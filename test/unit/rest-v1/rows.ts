import type { ClassifiedImageRow, ClassifiedPriceHistoryRow, ClassifiedRow, PropertyRow } from "../../../src/db/schema/index.js";

/**
 * Database rows built in memory for the representation tests: `fullClassified` has every column the v1
 * representations read set, `sparseClassified` has every nullable column null.
 */
const CLASSIFIED_ID = "0b6f1e9e-3c1f-4d0a-9a57-0c2f3f8d5a01";
const PROPERTY_ID = "7d2c9a51-2b8e-4f7e-8d3a-5e6f7a8b9c02";
const at = (iso: string) => new Date(iso);

export function fullClassified(overrides: Partial<ClassifiedRow> = {}): ClassifiedRow {
  return {
    id: CLASSIFIED_ID,
    propertyId: PROPERTY_ID,
    urlKey: "seloger.com/annonces/achat/appartement/lyon-3eme-69/123.htm",
    sourceDomain: "seloger.com",
    sourceUrl: "https://www.seloger.com/annonces/achat/appartement/lyon-3eme-69/123.htm",
    status: "available",
    title: "Appartement 3 pièces 68 m²",
    description: "Bel appartement traversant, balcon, proche métro.",
    imagesDigest: "c0ffee",
    imageHashes: "",
    textSignature: null,
    condominiumLots: null,
    condominiumCharges: null,
    statedFloor: null,
    statedLot: null,
    publisherIsProfessional: true,
    publisherType: "agency",
    publisherName: "Agence du Rhône",
    publisherEmail: "contact@agence-rhone.fr",
    publisherPhone: "+33478000000",
    publisherFeesUrl: "https://www.agence-rhone.fr/honoraires",
    publisherSiren: "552100554",
    publisherSiret: "55210055400013",
    contactName: "Claire Martin",
    contactEmail: "claire.martin@agence-rhone.fr",
    contactPhone: "+33612345678",
    contactIsRefusingSolicitation: true,
    inseeCode: "69383",
    cityName: "Lyon 3e Arrondissement",
    postcode: "69003",
    department: "69",
    latitude: 45.7597,
    longitude: 4.8422,
    propertyType: "apartment",
    groupingType: "apartment",
    area: 68.5,
    landArea: 0,
    livingRoomArea: 24,
    balconyArea: 6,
    terraceArea: null,
    roomCount: 3,
    bedroomCount: 2,
    bathroomCount: 1,
    showerRoomCount: 0,
    toiletCount: 1,
    balconyCount: 1,
    terraceCount: 0,
    floor: 4,
    floorCount: 6,
    constructionYear: 1930,
    renovationYear: 2015,
    orientation: "south",
    balconyExists: true,
    terraceExists: false,
    parkingExists: true,
    airConditioningExists: false,
    alarmExists: false,
    atticExists: false,
    caretakerExists: true,
    cellarExists: true,
    doorCodeExists: true,
    elevatorExists: true,
    fireplaceExists: false,
    garageExists: false,
    gardenExists: false,
    intercomExists: true,
    swimmingPoolExists: false,
    toiletSeparateExists: true,
    isCondominium: true,
    isDisabledFriendly: false,
    isDualAspect: true,
    isNew: false,
    isOccupied: false,
    renovationIsNeeded: false,
    propertyIsProgram: false,
    dpeLabel: "c",
    dpeValue: 140,
    dpeDate: at("2023-02-01T00:00:00.000Z"),
    gesLabel: "d",
    gesValue: 30,
    gesDate: at("2023-02-01T00:00:00.000Z"),
    heatingSource: "gas",
    heatingSystem: "radiator",
    heatingType: "individual",
    transactionType: "sale",
    isExclusiveMandate: false,
    priceInitial: 320_000,
    priceCurrent: 305_000,
    pricePerSquareMeter: 4453,
    publishedAt: at("2024-03-01T09:00:00.000Z"),
    firstSeenAt: at("2024-03-01T10:00:00.000Z"),
    lastSeenAt: at("2024-05-20T08:00:00.000Z"),
    lastModifiedAt: at("2024-04-15T12:00:00.000Z"),
    removedAt: null,
    ...overrides,
  };
}

/** Every nullable column null: what v1 shows for a listing the portal said little about. */
export function sparseClassified(overrides: Partial<ClassifiedRow> = {}): ClassifiedRow {
  const row = fullClassified();
  const nulled = Object.fromEntries(Object.entries(row).map(([key, value]) => [key, value === undefined ? value : null]));
  return {
    ...row,
    ...nulled,
    id: row.id,
    propertyId: row.propertyId,
    urlKey: row.urlKey,
    sourceDomain: row.sourceDomain,
    sourceUrl: row.sourceUrl,
    status: row.status,
    imagesDigest: row.imagesDigest,
    inseeCode: row.inseeCode,
    cityName: row.cityName,
    postcode: row.postcode,
    department: row.department,
    propertyType: row.propertyType,
    transactionType: row.transactionType,
    priceInitial: row.priceInitial,
    priceCurrent: row.priceCurrent,
    firstSeenAt: row.firstSeenAt,
    lastSeenAt: row.lastSeenAt,
    lastModifiedAt: row.lastModifiedAt,
    ...overrides,
  };
}

export function priceHistory(classifiedId = CLASSIFIED_ID): ClassifiedPriceHistoryRow[] {
  // Deliberately out of order: representations sort oldest first.
  return [
    { id: "5e1d7c4b-0a3e-4c6e-9b1f-2a3b4c5d6e02", classifiedId, value: 305_000, observedAt: at("2024-04-15T12:00:00.000Z") },
    { id: "5e1d7c4b-0a3e-4c6e-9b1f-2a3b4c5d6e01", classifiedId, value: 320_000, observedAt: at("2024-03-01T10:00:00.000Z") },
  ];
}

export function images(classifiedId = CLASSIFIED_ID): ClassifiedImageRow[] {
  return [
    {
      id: "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c02",
      classifiedId,
      position: 1,
      url: "https://img.seloger.com/123/2.jpg",
      perceptualHash: "f0e1d2c3b4a59687",
      differenceHash: "0f1e2d3c4b5a6978",
      averageHash: "ffff0000ffff0000",
    },
    {
      id: "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c01",
      classifiedId,
      position: 0,
      url: "https://img.seloger.com/123/1.jpg",
      perceptualHash: null,
      differenceHash: null,
      averageHash: null,
    },
  ];
}

export function fullProperty(overrides: Partial<PropertyRow> = {}): PropertyRow {
  return {
    id: PROPERTY_ID,
    leadClassifiedId: CLASSIFIED_ID,
    status: "available",
    description: "Bel appartement traversant, balcon, proche métro.",
    propertyType: "apartment",
    transactionType: "sale",
    inseeCode: "69383",
    cityName: "Lyon 3e Arrondissement",
    postcode: "69003",
    department: "69",
    latitude: 45.7597,
    longitude: 4.8422,
    area: 68.5,
    roomCount: 3,
    bedroomCount: 2,
    balconyExists: true,
    terraceExists: false,
    parkingExists: true,
    cellarExists: true,
    elevatorExists: true,
    garageExists: false,
    gardenExists: false,
    swimmingPoolExists: false,
    isProgram: false,
    dpeLabel: "c",
    gesLabel: "d",
    priceInitial: 320_000,
    priceCurrent: 305_000,
    pricePerSquareMeter: 4453,
    priceHistory: [
      { value: 320_000, timestamp: "2024-03-01T10:00:00.000Z" },
      { value: 305_000, timestamp: "2024-04-15T12:00:00.000Z" },
    ],
    priceChangedAt: at("2024-04-15T12:00:00.000Z"),
    sourceDomains: ["seloger.com"],
    sourceDomainsCount: 1,
    searchText: "appartement 3 pieces",
    firstSeenAt: at("2024-03-01T10:00:00.000Z"),
    lastSeenAt: at("2024-05-20T08:00:00.000Z"),
    lastModifiedAt: at("2024-04-15T12:00:00.000Z"),
    ...overrides,
  };
}

export function sparseProperty(overrides: Partial<PropertyRow> = {}): PropertyRow {
  return fullProperty({
    leadClassifiedId: null,
    description: null,
    latitude: null,
    longitude: null,
    area: null,
    roomCount: null,
    bedroomCount: null,
    balconyExists: null,
    terraceExists: null,
    parkingExists: null,
    cellarExists: null,
    elevatorExists: null,
    garageExists: null,
    gardenExists: null,
    swimmingPoolExists: null,
    isProgram: null,
    dpeLabel: null,
    gesLabel: null,
    pricePerSquareMeter: null,
    priceHistory: [],
    priceChangedAt: null,
    ...overrides,
  });
}

/**
 * Every leaf path of a JSON value, arrays written `name[]` (their elements' paths merged), sorted: the exact
 * field set of a representation, including the fields of nested objects.
 */
export function keyPaths(value: unknown, prefix = ""): string[] {
  const paths = new Set<string>();
  const visit = (node: unknown, path: string): void => {
    if (Array.isArray(node)) {
      if (node.length === 0) paths.add(`${path}[]`);
      for (const element of node) visit(element, `${path}[]`);
    } else if (node !== null && typeof node === "object") {
      for (const [key, child] of Object.entries(node)) visit(child, path ? `${path}.${key}` : key);
    } else {
      paths.add(path);
    }
  };
  visit(value, prefix);
  return [...paths].sort();
}

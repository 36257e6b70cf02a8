/**
 * Hand-written cases, each a small story of listings whose truth is known: copies that must be grouped and
 * look-alikes that must not. Reported apart from the generated feed.
 */
import type { ListingTruth } from "./generate.js";
import { siretFrom } from "./random.js";

type Listing = { url: string; object: number; publisher: string; professional?: boolean; family?: string; fields: Record<string, unknown>; at: string };

const PARIS = { postcode: "75011", city: { name: "Paris", inseeCode: "75111" } };
const LYON = { postcode: "69003", city: { name: "Lyon", inseeCode: "69383" } };
const AGENCY_A = { isProfessional: true, type: "agency", name: "Agence Voltaire", phone: "01 43 55 12 34", siret: siretFrom(41234567, 12) };
const AGENCY_B = { isProfessional: true, type: "agency", name: "Bastille Immobilier", phone: "01 48 05 66 77", siret: siretFrom(52345678, 3) };
const IAD = (phone: string) => ({ isProfessional: true, type: "mandatary", name: "Agent iad", phone, siret: siretFrom(50361755, 63) });
const PROMOTER = { isProfessional: true, type: "agency", name: "Nexity Lyon", phone: "04 72 00 11 22", siret: siretFrom(44412345, 21) };
const OWNER = { isProfessional: false };

const photo = (n: number) => ((BigInt(n) * 0x9e3779b97f4a7c15n) & 0xffffffffffffffffn).toString(16).padStart(16, "0");
const photos = (...ns: number[]) => ({ images: ns.map((n, index) => ({ url: `https://img.example.fr/${n}/${index}.jpg`, perceptualHash: photo(n) })) });
const flat = (area: number, rooms: number, extra: Record<string, unknown> = {}) => ({ type: "apartment", area, roomCount: rooms, ...extra });
const text = (title: string, description: string) => ({ title, description });

const CASES: Listing[] = [
  // 1. One agency, three portals: the same advert.
  ...["seloger.com/annonces/achat/appartement/paris-11eme-75/900001.htm", "www.bienici.com/annonce/900001", "www.logic-immo.com/detail-vente-900001.htm"].map(
    (url, index) => ({
      url: `https://${url}`,
      object: 1,
      publisher: "A",
      at: `2026-10-0${index + 1}T09:00:00Z`,
      fields: {
        ...text(
          "Appartement 3 pièces 64 m²",
          "Au coeur du 11e, bel appartement traversant de trois pièces au troisième étage avec ascenseur, séjour lumineux, deux chambres, cave.",
        ),
        publisher: AGENCY_A,
        location: PARIS,
        property: flat(64, 3, { floor: 3, bedroomCount: 2 }),
        energy: { dpe: { label: "D", value: 214 } },
        transaction: { type: "sale", price: 659_000 },
        media: photos(11, 12, 13, 14),
      },
    }),
  ),
  // 2. The owner on pap.fr and an agency on seloger: other photos, carrez area, a room counted differently, fees.
  {
    url: "https://www.pap.fr/annonces/appartement-paris-11e-r900002",
    object: 2,
    publisher: "owner2",
    professional: false,
    at: "2026-10-02T10:00:00Z",
    fields: {
      ...text("Particulier vend 2 pièces", "Je vends mon deux pièces de 47 m² au 4e étage sans ascenseur, très calme, sur cour. DPE E."),
      publisher: OWNER,
      contact: { phone: "06 11 22 33 44" },
      location: PARIS,
      property: flat(47, 2, { floor: 4 }),
      energy: { dpe: { label: "E", value: 281 }, ges: { label: "E", value: 61 } },
      transaction: { type: "sale", price: 455_000 },
      media: photos(21, 22),
    },
  },
  {
    url: "https://www.seloger.com/annonces/achat/appartement/paris-11eme-75/900003.htm",
    object: 2,
    publisher: "B",
    at: "2026-10-09T10:00:00Z",
    fields: {
      ...text(
        "Appartement 3 pièces 49 m²",
        "Exclusivité Bastille Immobilier : appartement au 4e étage, séjour, chambre, bureau, cuisine séparée. Honoraires inclus.",
      ),
      publisher: AGENCY_B,
      location: PARIS,
      property: flat(49.6, 3, { floor: 4 }),
      energy: { dpe: { label: "E", value: 281 }, ges: { label: "E", value: 61 } },
      transaction: { type: "sale", price: 477_000 },
      media: photos(23, 24, 25),
    },
  },
  // 3. A flat of the same agency, same size, another floor: must stay apart from case 1.
  {
    url: "https://www.seloger.com/annonces/achat/appartement/paris-11eme-75/900004.htm",
    object: 3,
    publisher: "A",
    family: "twins:1",
    at: "2026-10-03T09:00:00Z",
    fields: {
      ...text("Appartement 3 pièces 63 m²", "Appartement familial de trois pièces au premier étage sur rue, deux chambres, cuisine ouverte, parquet."),
      publisher: AGENCY_A,
      location: PARIS,
      property: flat(63, 3, { floor: 1, bedroomCount: 2 }),
      energy: { dpe: { label: "D", value: 236 } },
      transaction: { type: "sale", price: 639_000 },
      media: photos(31, 32, 33),
    },
  },
  // 4. Units of one programme: same promoter, same renders, one plan, different floors and prices.
  ...[0, 1, 2, 3].map((floor) => ({
    url: `https://www.seloger.com/annonces/achat/appartement/lyon-3eme-69/90001${floor}.htm`,
    object: 40 + floor,
    publisher: "promoter",
    family: "programme:1",
    at: `2026-10-0${floor + 1}T08:00:00Z`,
    fields: {
      ...text("Programme neuf T3", "Résidence Les Jardins de Lyon, livraison 2027, du T2 au T5, prestations haut de gamme, parkings en sous-sol."),
      publisher: PROMOTER,
      location: LYON,
      property: flat(66 + floor * 0.4, 3, { floor, isNew: true, bedroomCount: 2 }),
      energy: { dpe: { label: "A", value: 58 + floor } },
      transaction: { type: "sale", price: 385_000 + floor * 6_000 },
      media: photos(41, 42, 43),
    },
  })),
  // 5. A mandatary network: two agents, two flats of one size in one commune.
  {
    url: "https://www.iadfrance.fr/annonce/appartement-lyon-3e/r900020",
    object: 50,
    publisher: "iad1",
    at: "2026-10-05T08:00:00Z",
    fields: {
      ...text("Appartement T2 lumineux", "Proche Part-Dieu, appartement de deux pièces au deuxième étage avec balcon, cuisine aménagée."),
      publisher: IAD("06 20 30 40 50"),
      location: LYON,
      property: flat(45, 2, { floor: 2 }),
      transaction: { type: "sale", price: 229_000 },
      media: photos(51, 52),
    },
  },
  {
    url: "https://www.iadfrance.fr/annonce/appartement-lyon-3e/r900021",
    object: 51,
    publisher: "iad2",
    at: "2026-10-06T08:00:00Z",
    fields: {
      ...text("T2 rénové Lyon 3", "Deux pièces entièrement rénové, au calme sur cour, parquet, double vitrage, proche métro Saxe-Gambetta."),
      publisher: IAD("06 70 80 90 10"),
      location: LYON,
      property: flat(46, 2),
      transaction: { type: "sale", price: 231_000 },
      media: photos(53, 54),
    },
  },
  // 6. The owner's photos reused by an agency, no area on the agency's listing.
  {
    url: "https://www.leboncoin.fr/ad/ventes_immobilieres/900030",
    object: 6,
    publisher: "owner6",
    professional: false,
    at: "2026-10-07T08:00:00Z",
    fields: {
      ...text("Studio Lyon 3", "Studio de 24 m² au 5e étage avec ascenseur, idéal étudiant, proche Part-Dieu."),
      publisher: OWNER,
      contact: { phone: "07 62 34 56 78" },
      location: LYON,
      property: flat(24, 1, { floor: 5 }),
      transaction: { type: "sale", price: 139_000 },
      media: photos(61, 62, 63),
    },
  },
  {
    url: "https://www.bienici.com/annonce/900031",
    object: 6,
    publisher: "B",
    at: "2026-10-12T08:00:00Z",
    fields: {
      ...text("Studio", "Studio lumineux avec ascenseur, idéal investisseur. Honoraires charge acquéreur."),
      publisher: AGENCY_B,
      location: LYON,
      property: { type: "apartment", roomCount: 1 },
      transaction: { type: "sale", price: 145_000 },
      media: photos(61, 62, 64),
    },
  },
  // 7. Two flats of one building, same agency photos of the common parts, different floors.
  {
    url: "https://www.seloger.com/annonces/achat/appartement/paris-11eme-75/900040.htm",
    object: 70,
    publisher: "A",
    family: "building:1",
    at: "2026-10-08T08:00:00Z",
    fields: {
      ...text("2 pièces rue Oberkampf", "Immeuble ancien bien tenu, deux pièces au 2e étage sur rue, cave."),
      publisher: AGENCY_A,
      location: { ...PARIS, latitude: 48.8655, longitude: 2.376 },
      property: flat(38, 2, { floor: 2 }),
      transaction: { type: "sale", price: 399_000 },
      media: photos(71, 72, 79),
    },
  },
  {
    url: "https://www.seloger.com/annonces/achat/appartement/paris-11eme-75/900041.htm",
    object: 71,
    publisher: "A",
    family: "building:1",
    at: "2026-10-08T09:00:00Z",
    fields: {
      ...text("2 pièces rue Oberkampf", "Immeuble ancien bien tenu, deux pièces au 4e étage sur cour, cave."),
      publisher: AGENCY_A,
      location: { ...PARIS, latitude: 48.8655, longitude: 2.376 },
      property: flat(39, 2, { floor: 4 }),
      transaction: { type: "sale", price: 415_000 },
      media: photos(73, 74, 79),
    },
  },
];

export function handLabelledCases(): { lines: string[]; truth: ListingTruth[] } {
  const lines = CASES.map((listing) => JSON.stringify({ source: { url: listing.url }, observedAt: listing.at, ...listing.fields }));
  const truth = CASES.map((listing): ListingTruth => {
    const property = listing.fields["property"] as { area?: number; roomCount?: number };
    const location = listing.fields["location"] as { city: { inseeCode: string } };
    return {
      url: listing.url,
      objectId: 1_000_000 + listing.object,
      publisher: listing.publisher === "iad1" || listing.publisher === "iad2" ? `mandatary:iad:${listing.publisher}` : listing.publisher,
      professional: listing.professional ?? true,
      relistingOf: null,
      sharesPhotosWithOriginal: true,
      families: listing.family === undefined ? [] : [listing.family],
      block: `${location.city.inseeCode}|apartment|sale`,
      area: property.area ?? 0,
      rooms: property.roomCount ?? 0,
    };
  });
  return { lines, truth };
}

/**
 * The seven real communes of the evaluation feed, with a real neighbour each (a portal sometimes files a
 * listing under the next commune), their postcodes, a centre, how far homes spread from it, and prices per m² of
 * the local market.
 */
export type Place = {
  inseeCode: string;
  postcode: string;
  name: string;
  latitude: number;
  longitude: number;
  /** Sale price per m², and monthly rent per m². */
  salePerSquareMeter: number;
  rentPerSquareMeter: number;
  /** Share of houses among the listings. */
  houses: number;
  /** How far from the centre (km, north-south and east-west) the commune's homes spread. */
  spreadKm: number;
  neighbour: { inseeCode: string; postcode: string; name: string; latitude: number; longitude: number };
};

export const PLACES: readonly Place[] = [
  {
    inseeCode: "75111",
    postcode: "75011",
    name: "Paris 11e Arrondissement",
    latitude: 48.859,
    longitude: 2.38,
    salePerSquareMeter: 10_200,
    rentPerSquareMeter: 32,
    houses: 0.01,
    spreadKm: 1.3,
    neighbour: { inseeCode: "75112", postcode: "75012", name: "Paris 12e Arrondissement", latitude: 48.84, longitude: 2.388 },
  },
  {
    inseeCode: "69383",
    postcode: "69003",
    name: "Lyon 3e Arrondissement",
    latitude: 45.76,
    longitude: 4.85,
    salePerSquareMeter: 5_300,
    rentPerSquareMeter: 16,
    houses: 0.03,
    spreadKm: 1.5,
    neighbour: { inseeCode: "69387", postcode: "69007", name: "Lyon 7e Arrondissement", latitude: 45.745, longitude: 4.842 },
  },
  {
    inseeCode: "33063",
    postcode: "33000",
    name: "Bordeaux",
    latitude: 44.8378,
    longitude: -0.5792,
    salePerSquareMeter: 4_700,
    rentPerSquareMeter: 15,
    houses: 0.15,
    spreadKm: 3.5,
    neighbour: { inseeCode: "33281", postcode: "33700", name: "Mérignac", latitude: 44.843, longitude: -0.646 },
  },
  {
    inseeCode: "44109",
    postcode: "44000",
    name: "Nantes",
    latitude: 47.2184,
    longitude: -1.5536,
    salePerSquareMeter: 3_900,
    rentPerSquareMeter: 13,
    houses: 0.15,
    spreadKm: 4,
    neighbour: { inseeCode: "44143", postcode: "44400", name: "Rezé", latitude: 47.18, longitude: -1.55 },
  },
  {
    inseeCode: "59350",
    postcode: "59000",
    name: "Lille",
    latitude: 50.6292,
    longitude: 3.0573,
    salePerSquareMeter: 3_600,
    rentPerSquareMeter: 14,
    houses: 0.1,
    spreadKm: 2.5,
    neighbour: { inseeCode: "59512", postcode: "59100", name: "Roubaix", latitude: 50.69, longitude: 3.1817 },
  },
  {
    inseeCode: "34172",
    postcode: "34000",
    name: "Montpellier",
    latitude: 43.6108,
    longitude: 3.8767,
    salePerSquareMeter: 3_800,
    rentPerSquareMeter: 15,
    houses: 0.12,
    spreadKm: 4,
    neighbour: { inseeCode: "34057", postcode: "34170", name: "Castelnau-le-Lez", latitude: 43.633, longitude: 3.9 },
  },
  {
    inseeCode: "74010",
    postcode: "74000",
    name: "Annecy",
    latitude: 45.8992,
    longitude: 6.1294,
    salePerSquareMeter: 5_600,
    rentPerSquareMeter: 17,
    houses: 0.25,
    spreadKm: 4,
    neighbour: { inseeCode: "74112", postcode: "74330", name: "Épagny Metz-Tessy", latitude: 45.942, longitude: 6.093 },
  },
];

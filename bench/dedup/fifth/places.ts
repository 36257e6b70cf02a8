/**
 * The communes of this generator, none used by the project's other generators. Every INSEE code, postcode and
 * department below was checked against @etalab/decoupage-administratif (see checkPlaces in check-places.ts).
 * Centres are the communes' town-hall areas, to about 500 m; each object lies in a box around the centre chosen
 * so that it stays inland and inside its department.
 */

export type Commune = {
  insee: string;
  name: string;
  dept: string;
  postcode: string;
  centre: readonly [number, number];
};

/** A part of a commune that has its own postcode (and, in a commune nouvelle, its former INSEE code and name). */
export type Quarter = {
  postcode: string;
  weight: number;
  /** Former INSEE code of a delegated commune (a commune nouvelle's former commune), sent by some portals. */
  formerInsee?: string;
  /** The delegated commune's name, which sellers and some portals still use. */
  formerName?: string;
  /** Named districts used in titles ("Neudorf", "Cimiez"). */
  districts: readonly string[];
};

export type Place = Commune & {
  key: string;
  /** Share of the objects generated here (they sum to 1 over all places). */
  weight: number;
  quarters: readonly Quarter[];
  /** Spellings of the commune name seen on portals, with their weights. */
  spellings: readonly (readonly [string, number])[];
  /** Object box around the centre: [latMin, latMax, lonMin, lonMax] offsets in degrees. */
  box: readonly [number, number, number, number];
  houseShare: number;
  rentShare: number;
  /** Median asking price per m² for sale, and monthly rent per m² (charges excluded). */
  saleM2: number;
  rentM2: number;
  /** Landline prefixes of local agencies ("03 88"), and mobile prefixes of local people. */
  landline: readonly string[];
  mobile: readonly string[];
  /** The neighbouring commune a portal sometimes files this commune's listings under. */
  misfiledAs: Commune;
  /** Share of this place's listings filed under misfiledAs at first (the border commune is much higher). */
  misfileRate: number;
  /** Rural: houses with large plots, postcode shared with other communes, few photos. */
  rural: boolean;
};

const AVIGNON: Commune = { insee: "84007", name: "Avignon", dept: "84", postcode: "84000", centre: [43.9493, 4.8055] };
const VILLENEUVE: Commune = {
  insee: "30351",
  name: "Villeneuve-lès-Avignon",
  dept: "30",
  postcode: "30400",
  centre: [43.9667, 4.7967],
};
const GRENOBLE: Commune = { insee: "38185", name: "Grenoble", dept: "38", postcode: "38000", centre: [45.1885, 5.7245] };
const SMH: Commune = {
  insee: "38421",
  name: "Saint-Martin-d'Hères",
  dept: "38",
  postcode: "38400",
  centre: [45.1672, 5.7653],
};
const MARCIAC: Commune = { insee: "32233", name: "Marciac", dept: "32", postcode: "32230", centre: [43.5253, 0.1611] };

export const PLACES: readonly Place[] = [
  {
    key: "strasbourg",
    insee: "67482",
    name: "Strasbourg",
    dept: "67",
    postcode: "67000",
    centre: [48.5734, 7.7521],
    weight: 0.16,
    quarters: [
      { postcode: "67000", weight: 4, districts: ["Centre", "Krutenau", "Petite France", "Gare", "Contades"] },
      { postcode: "67100", weight: 3, districts: ["Neudorf", "Meinau", "Neuhof", "Port du Rhin"] },
      { postcode: "67200", weight: 3, districts: ["Cronenbourg", "Koenigshoffen", "Hautepierre", "Montagne Verte"] },
    ],
    spellings: [
      ["Strasbourg", 8],
      ["STRASBOURG", 2],
      ["Strasbourg (67)", 1],
    ],
    box: [-0.012, 0.012, -0.02, 0.02],
    houseShare: 0.08,
    rentShare: 0.4,
    saleM2: 3600,
    rentM2: 14,
    landline: ["03 88", "03 90"],
    mobile: ["06", "07"],
    misfiledAs: { insee: "67447", name: "Schiltigheim", dept: "67", postcode: "67300", centre: [48.6076, 7.7497] },
    misfileRate: 0.01,
    rural: false,
  },
  {
    key: "grenoble",
    ...GRENOBLE,
    weight: 0.11,
    quarters: [
      { postcode: "38000", weight: 6, districts: ["Hyper-centre", "Championnet", "Île Verte", "Notre-Dame", "Berriat"] },
      { postcode: "38100", weight: 4, districts: ["Eaux-Claires", "Villeneuve", "Teisseire", "Capuche"] },
    ],
    spellings: [
      ["Grenoble", 9],
      ["GRENOBLE", 1],
    ],
    box: [-0.01, 0.008, -0.015, 0.01],
    houseShare: 0.05,
    rentShare: 0.45,
    saleM2: 2600,
    rentM2: 13,
    landline: ["04 76"],
    mobile: ["06", "07"],
    misfiledAs: SMH,
    misfileRate: 0.02,
    rural: false,
  },
  {
    key: "saint-martin-d-heres",
    ...SMH,
    weight: 0.06,
    quarters: [{ postcode: "38400", weight: 1, districts: ["Campus", "Croix-Rouge", "Paul Bert", "Portail Rouge"] }],
    spellings: [
      ["Saint-Martin-d'Hères", 5],
      ["St-Martin-d'Hères", 2],
      ["Saint Martin d'Heres", 2],
      ["ST MARTIN D HERES", 1],
    ],
    box: [-0.006, 0.006, -0.008, 0.008],
    houseShare: 0.15,
    rentShare: 0.4,
    saleM2: 2300,
    rentM2: 12.5,
    landline: ["04 76"],
    mobile: ["06", "07"],
    misfiledAs: GRENOBLE,
    misfileRate: 0.06,
    rural: false,
  },
  {
    key: "nice",
    insee: "06088",
    name: "Nice",
    dept: "06",
    postcode: "06000",
    centre: [43.7102, 7.262],
    weight: 0.15,
    quarters: [
      { postcode: "06000", weight: 4, districts: ["Carré d'Or", "Jean Médecin", "Vieux Nice", "Musiciens"] },
      { postcode: "06100", weight: 3, districts: ["Cimiez", "Libération", "Saint-Maurice", "Gorbella"] },
      { postcode: "06200", weight: 2, districts: ["Fabron", "Caucade", "Magnan", "Saint-Isidore"] },
      { postcode: "06300", weight: 2, districts: ["Port", "Mont Boron", "Riquier", "Pasteur"] },
    ],
    spellings: [
      ["Nice", 9],
      ["NICE", 1],
    ],
    box: [0.002, 0.02, -0.03, 0.01],
    houseShare: 0.07,
    rentShare: 0.35,
    saleM2: 5200,
    rentM2: 19,
    landline: ["04 93", "04 92"],
    mobile: ["06", "07"],
    misfiledAs: {
      insee: "06123",
      name: "Saint-Laurent-du-Var",
      dept: "06",
      postcode: "06700",
      centre: [43.6733, 7.19],
    },
    misfileRate: 0.01,
    rural: false,
  },
  {
    key: "antibes",
    insee: "06004",
    name: "Antibes",
    dept: "06",
    postcode: "06600",
    centre: [43.5808, 7.1251],
    weight: 0.08,
    quarters: [
      { postcode: "06600", weight: 3, districts: ["Vieil Antibes", "Les Semboules", "Fontonne", "La Croix-Rouge"] },
      { postcode: "06160", weight: 1, formerName: "Juan-les-Pins", districts: ["Juan-les-Pins", "Cap d'Antibes"] },
    ],
    spellings: [
      ["Antibes", 9],
      ["ANTIBES", 1],
    ],
    box: [-0.005, 0.012, -0.03, -0.004],
    houseShare: 0.18,
    rentShare: 0.3,
    saleM2: 5800,
    rentM2: 20,
    landline: ["04 93", "04 92"],
    mobile: ["06", "07"],
    misfiledAs: { insee: "06155", name: "Vallauris", dept: "06", postcode: "06220", centre: [43.5786, 7.0544] },
    misfileRate: 0.01,
    rural: false,
  },
  {
    key: "ajaccio",
    insee: "2A004",
    name: "Ajaccio",
    dept: "2A",
    postcode: "20000",
    centre: [41.9192, 8.7386],
    weight: 0.07,
    quarters: [
      { postcode: "20000", weight: 3, formerInsee: "20004", districts: ["Centre", "Casone", "Parc Berthault"] },
      { postcode: "20090", weight: 2, formerInsee: "20004", districts: ["Les Salines", "Les Jardins de l'Empereur"] },
    ],
    spellings: [
      ["Ajaccio", 9],
      ["AJACCIO", 1],
    ],
    box: [0.002, 0.015, -0.02, -0.002],
    houseShare: 0.2,
    rentShare: 0.3,
    saleM2: 3900,
    rentM2: 15,
    landline: ["04 95"],
    mobile: ["06", "07"],
    misfiledAs: { insee: "2A006", name: "Alata", dept: "2A", postcode: "20167", centre: [41.9712, 8.7414] },
    misfileRate: 0.01,
    rural: false,
  },
  {
    key: "saint-denis-reunion",
    insee: "97411",
    name: "Saint-Denis",
    dept: "974",
    postcode: "97400",
    centre: [-20.8821, 55.4507],
    weight: 0.08,
    quarters: [
      { postcode: "97400", weight: 3, districts: ["Centre-ville", "Le Chaudron", "Sainte-Clotilde", "La Montagne"] },
      { postcode: "97490", weight: 2, districts: ["Sainte-Clotilde", "Le Moufia", "Bois de Nèfles"] },
    ],
    spellings: [
      ["Saint-Denis", 6],
      ["St Denis", 2],
      ["SAINT DENIS", 1],
    ],
    box: [-0.02, -0.004, -0.012, 0.02],
    houseShare: 0.35,
    rentShare: 0.45,
    saleM2: 2700,
    rentM2: 12,
    landline: ["02 62"],
    mobile: ["06 92", "06 93"],
    misfiledAs: { insee: "97418", name: "Sainte-Marie", dept: "974", postcode: "97438", centre: [-20.8969, 55.5494] },
    misfileRate: 0.01,
    rural: false,
  },
  {
    key: "cherbourg-en-cotentin",
    insee: "50129",
    name: "Cherbourg-en-Cotentin",
    dept: "50",
    postcode: "50100",
    centre: [49.6337, -1.6222],
    weight: 0.09,
    quarters: [
      { postcode: "50100", weight: 4, formerInsee: "50129", formerName: "Cherbourg-Octeville", districts: ["Centre", "Le Val de Saire", "Port"] },
      { postcode: "50130", weight: 2, formerInsee: "50129", formerName: "Cherbourg-Octeville", districts: ["Octeville", "Les Provinces"] },
      { postcode: "50110", weight: 2, formerInsee: "50602", formerName: "Tourlaville", districts: ["Tourlaville", "Collignon"] },
      { postcode: "50120", weight: 2, formerInsee: "50173", formerName: "Équeurdreville-Hainneville", districts: ["Équeurdreville", "Hainneville"] },
      { postcode: "50470", weight: 1, formerInsee: "50203", formerName: "La Glacerie", districts: ["La Glacerie"] },
      { postcode: "50460", weight: 1, formerInsee: "50416", formerName: "Querqueville", districts: ["Querqueville"] },
    ],
    spellings: [
      ["Cherbourg-en-Cotentin", 6],
      ["Cherbourg en Cotentin", 2],
      ["Cherbourg", 3],
    ],
    box: [-0.02, -0.004, -0.05, 0.04],
    houseShare: 0.45,
    rentShare: 0.35,
    saleM2: 1900,
    rentM2: 10,
    landline: ["02 33"],
    mobile: ["06", "07"],
    misfiledAs: { insee: "50041", name: "La Hague", dept: "50", postcode: "50460", centre: [49.6636, -1.8389] },
    misfileRate: 0.01,
    rural: false,
  },
  {
    key: "marciac",
    ...MARCIAC,
    weight: 0.03,
    quarters: [{ postcode: "32230", weight: 1, districts: ["centre bourg", "campagne"] }],
    spellings: [
      ["Marciac", 9],
      ["MARCIAC", 1],
    ],
    box: [-0.01, 0.01, -0.012, 0.012],
    houseShare: 0.9,
    rentShare: 0.12,
    saleM2: 1500,
    rentM2: 7.5,
    landline: ["05 62"],
    mobile: ["06", "07"],
    misfiledAs: { insee: "32164", name: "Juillac", dept: "32", postcode: "32230", centre: [43.5497, 0.1278] },
    misfileRate: 0.01,
    rural: true,
  },
  {
    key: "juillac",
    insee: "32164",
    name: "Juillac",
    dept: "32",
    postcode: "32230",
    centre: [43.5497, 0.1278],
    weight: 0.01,
    quarters: [{ postcode: "32230", weight: 1, districts: ["campagne"] }],
    spellings: [["Juillac", 1]],
    box: [-0.006, 0.006, -0.008, 0.008],
    houseShare: 0.97,
    rentShare: 0.08,
    saleM2: 1350,
    rentM2: 7,
    landline: ["05 62"],
    mobile: ["06", "07"],
    misfiledAs: MARCIAC,
    misfileRate: 0.3,
    rural: true,
  },
  {
    key: "monlezun",
    insee: "32273",
    name: "Monlezun",
    dept: "32",
    postcode: "32230",
    centre: [43.5036, 0.2164],
    weight: 0.01,
    quarters: [{ postcode: "32230", weight: 1, districts: ["campagne"] }],
    spellings: [["Monlezun", 1]],
    box: [-0.006, 0.006, -0.008, 0.008],
    houseShare: 0.97,
    rentShare: 0.08,
    saleM2: 1350,
    rentM2: 7,
    landline: ["05 62"],
    mobile: ["06", "07"],
    misfiledAs: MARCIAC,
    misfileRate: 0.3,
    rural: true,
  },
  {
    key: "villeneuve-les-avignon",
    ...VILLENEUVE,
    weight: 0.06,
    quarters: [{ postcode: "30400", weight: 1, districts: ["Centre historique", "Chartreuse", "Les Hauts de Villeneuve"] }],
    spellings: [
      ["Villeneuve-lès-Avignon", 5],
      ["Villeneuve-les-Avignon", 3],
      ["Villeneuve lez Avignon", 1],
      ["VILLENEUVE LES AVIGNON", 1],
    ],
    box: [-0.006, 0.01, -0.02, -0.004],
    houseShare: 0.55,
    rentShare: 0.25,
    saleM2: 3500,
    rentM2: 13,
    landline: ["04 90"],
    mobile: ["06", "07"],
    misfiledAs: AVIGNON,
    misfileRate: 0.1,
    rural: false,
  },
  {
    key: "avignon",
    ...AVIGNON,
    weight: 0.05,
    quarters: [
      { postcode: "84000", weight: 4, districts: ["Intra-muros", "Monclar", "Saint-Ruf", "Champfleury"] },
      { postcode: "84140", weight: 1, formerName: "Montfavet", districts: ["Montfavet"] },
    ],
    spellings: [
      ["Avignon", 9],
      ["AVIGNON", 1],
    ],
    box: [-0.012, 0.0, -0.005, 0.02],
    houseShare: 0.25,
    rentShare: 0.4,
    saleM2: 2200,
    rentM2: 11.5,
    landline: ["04 90"],
    mobile: ["06", "07"],
    misfiledAs: VILLENEUVE,
    misfileRate: 0.02,
    rural: false,
  },
  {
    key: "paris-15",
    insee: "75115",
    name: "Paris 15e Arrondissement",
    dept: "75",
    postcode: "75015",
    centre: [48.8412, 2.3003],
    weight: 0.04,
    quarters: [{ postcode: "75015", weight: 1, districts: ["Convention", "Commerce", "Vaugirard", "Grenelle", "Beaugrenelle"] }],
    spellings: [
      ["Paris", 5],
      ["Paris 15ème", 3],
      ["Paris 15e Arrondissement", 1],
      ["PARIS 15", 1],
    ],
    box: [-0.008, 0.008, -0.012, 0.012],
    houseShare: 0.01,
    rentShare: 0.4,
    saleM2: 10000,
    rentM2: 31,
    landline: ["01 45", "01 47", "01 53"],
    mobile: ["06", "07"],
    misfiledAs: { insee: "92040", name: "Issy-les-Moulineaux", dept: "92", postcode: "92130", centre: [48.8245, 2.27] },
    misfileRate: 0.01,
    rural: false,
  },
];

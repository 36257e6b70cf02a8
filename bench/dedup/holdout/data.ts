// Static reference data of the hold-out feed generator: communes, names, portals, wording.
// Written independently of the project's own evaluation generator (bench/dedup/).

export interface Sector {
  /** Postcode of this part of the commune. */
  postcode: string;
  /** Names portals give to this part of the commune (the first is the usual one). */
  cityNames: string[];
  /** Former INSEE code of a merged commune (delegated commune), when some portals still send it. */
  formerInsee?: string;
  lat: number;
  lon: number;
}

export interface Commune {
  key: string;
  insee: string;
  department: string;
  /** Name as the official register has it. */
  officialName: string;
  sectors: Sector[];
  /** Radius (km) over which flats of the commune are spread around each sector centre. */
  radiusKm: number;
  /** Sale price per m² of a flat in good condition, euros. */
  salePerM2: number;
  /** Monthly rent per m² (charges excluded), euros. */
  rentPerM2: number;
  /** Share of houses among the objects. */
  houseShare: number;
  /** Share of rentals among the objects. */
  rentShare: number;
  /** Weight of the commune among the objects. */
  weight: number;
  /** Regional prefix of landlines (two digits, e.g. "04 72"). */
  landline: string[];
  /** Covered by ouestfrance-immo.com. */
  west: boolean;
  /** New-build programmes are sold here. */
  programmes: boolean;
  quartiers: string[];
  /** Slugs used in portal URLs. */
  slug: string;
  selogerSlug: string;
  /** Typical floor count of a block of flats. */
  floors: [number, number];
}

export const COMMUNES: Commune[] = [
  {
    key: "paris11",
    insee: "75111",
    department: "75",
    officialName: "Paris 11e Arrondissement",
    sectors: [{ postcode: "75011", cityNames: ["Paris", "Paris 11e", "Paris 11ème", "PARIS 11E ARRONDISSEMENT"], lat: 48.8591, lon: 2.3797 }],
    radiusKm: 0.9,
    salePerM2: 9700,
    rentPerM2: 31,
    houseShare: 0.01,
    rentShare: 0.45,
    weight: 0.11,
    landline: ["01 43", "01 47", "01 48", "01 40", "01 55", "01 58"],
    west: false,
    programmes: false,
    quartiers: ["Oberkampf", "Bastille", "République", "Voltaire", "Nation", "Faidherbe-Chaligny", "Charonne", "Parmentier", "Saint-Ambroise"],
    slug: "paris-11e",
    selogerSlug: "paris-11eme-75",
    floors: [5, 7],
  },
  {
    key: "lyon3",
    insee: "69383",
    department: "69",
    officialName: "Lyon 3e Arrondissement",
    sectors: [{ postcode: "69003", cityNames: ["Lyon", "Lyon 3e", "Lyon 3ème", "LYON 3EME ARRONDISSEMENT"], lat: 45.7597, lon: 4.8627 }],
    radiusKm: 1.2,
    salePerM2: 4750,
    rentPerM2: 15.5,
    houseShare: 0.03,
    rentShare: 0.4,
    weight: 0.1,
    landline: ["04 72", "04 78", "04 37"],
    west: false,
    programmes: false,
    quartiers: ["Part-Dieu", "Montchat", "Préfecture", "Villette", "Dauphiné-Lacassagne", "Sans-Souci", "Moncey"],
    slug: "lyon-3e",
    selogerSlug: "lyon-3eme-69",
    floors: [4, 8],
  },
  {
    key: "lyon7",
    insee: "69387",
    department: "69",
    officialName: "Lyon 7e Arrondissement",
    sectors: [{ postcode: "69007", cityNames: ["Lyon", "Lyon 7e", "Lyon 7ème", "Lyon 7e Arrondissement"], lat: 45.7334, lon: 4.8396 }],
    radiusKm: 1.3,
    salePerM2: 4500,
    rentPerM2: 15,
    houseShare: 0.02,
    rentShare: 0.42,
    weight: 0.08,
    landline: ["04 72", "04 78", "04 37"],
    west: false,
    programmes: true,
    quartiers: ["Jean Macé", "Gerland", "Guillotière", "Saxe-Gambetta", "Université", "Jean Jaurès"],
    slug: "lyon-7e",
    selogerSlug: "lyon-7eme-69",
    floors: [4, 9],
  },
  {
    key: "nantes",
    insee: "44109",
    department: "44",
    officialName: "Nantes",
    sectors: [
      { postcode: "44000", cityNames: ["Nantes", "NANTES"], lat: 47.2173, lon: -1.5534 },
      { postcode: "44100", cityNames: ["Nantes"], lat: 47.207, lon: -1.593 },
      { postcode: "44200", cityNames: ["Nantes", "Nantes (Île de Nantes)"], lat: 47.203, lon: -1.543 },
      { postcode: "44300", cityNames: ["Nantes"], lat: 47.245, lon: -1.535 },
    ],
    radiusKm: 1.4,
    salePerM2: 3550,
    rentPerM2: 13,
    houseShare: 0.15,
    rentShare: 0.38,
    weight: 0.13,
    landline: ["02 40", "02 51", "02 28"],
    west: true,
    programmes: true,
    quartiers: ["Centre-ville", "Graslin", "Île de Nantes", "Canclaux", "Zola", "Doulon", "Chantenay", "Saint-Félix", "Hauts-Pavés", "Procé"],
    slug: "nantes",
    selogerSlug: "nantes-44",
    floors: [3, 7],
  },
  {
    key: "bordeaux",
    insee: "33063",
    department: "33",
    officialName: "Bordeaux",
    sectors: [
      { postcode: "33000", cityNames: ["Bordeaux", "BORDEAUX"], lat: 44.842, lon: -0.576 },
      { postcode: "33100", cityNames: ["Bordeaux", "Bordeaux Bastide"], lat: 44.844, lon: -0.553 },
      { postcode: "33200", cityNames: ["Bordeaux", "Bordeaux Caudéran"], lat: 44.848, lon: -0.613 },
      { postcode: "33300", cityNames: ["Bordeaux"], lat: 44.864, lon: -0.57 },
      { postcode: "33800", cityNames: ["Bordeaux"], lat: 44.824, lon: -0.564 },
    ],
    radiusKm: 1.1,
    salePerM2: 4450,
    rentPerM2: 14.5,
    houseShare: 0.22,
    rentShare: 0.38,
    weight: 0.12,
    landline: ["05 56", "05 57", "05 35"],
    west: false,
    programmes: true,
    quartiers: ["Chartrons", "Saint-Michel", "Bastide", "Caudéran", "Saint-Augustin", "Bacalan", "Nansouty", "Saint-Seurin", "Bassins à flot"],
    slug: "bordeaux",
    selogerSlug: "bordeaux-33",
    floors: [2, 6],
  },
  {
    key: "montpellier",
    insee: "34172",
    department: "34",
    officialName: "Montpellier",
    sectors: [
      { postcode: "34000", cityNames: ["Montpellier", "MONTPELLIER"], lat: 43.611, lon: 3.877 },
      { postcode: "34070", cityNames: ["Montpellier"], lat: 43.596, lon: 3.86 },
      { postcode: "34080", cityNames: ["Montpellier"], lat: 43.618, lon: 3.828 },
      { postcode: "34090", cityNames: ["Montpellier"], lat: 43.631, lon: 3.87 },
    ],
    radiusKm: 1.2,
    salePerM2: 3550,
    rentPerM2: 15,
    houseShare: 0.12,
    rentShare: 0.45,
    weight: 0.12,
    landline: ["04 67", "04 99"],
    west: false,
    programmes: true,
    quartiers: ["Écusson", "Antigone", "Beaux-Arts", "Port Marianne", "Boutonnet", "Les Arceaux", "Hôpitaux-Facultés", "Figuerolles"],
    slug: "montpellier",
    selogerSlug: "montpellier-34",
    floors: [3, 8],
  },
  {
    key: "annecy",
    insee: "74010",
    department: "74",
    officialName: "Annecy",
    sectors: [
      { postcode: "74000", cityNames: ["Annecy", "ANNECY"], lat: 45.8992, lon: 6.1294 },
      { postcode: "74940", cityNames: ["Annecy-le-Vieux", "Annecy", "Annecy le Vieux"], formerInsee: "74011", lat: 45.919, lon: 6.143 },
      { postcode: "74600", cityNames: ["Seynod", "Annecy"], formerInsee: "74268", lat: 45.8856, lon: 6.088 },
      { postcode: "74960", cityNames: ["Cran-Gevrier", "Annecy", "Cran Gevrier"], formerInsee: "74093", lat: 45.9, lon: 6.104 },
    ],
    radiusKm: 0.9,
    salePerM2: 5800,
    rentPerM2: 17.5,
    houseShare: 0.18,
    rentShare: 0.33,
    weight: 0.1,
    landline: ["04 50"],
    west: false,
    programmes: true,
    quartiers: ["Vieille ville", "Les Fins", "Novel", "Albigny", "Vallin-Fier", "Le Semnoz"],
    slug: "annecy",
    selogerSlug: "annecy-74",
    floors: [3, 6],
  },
  {
    key: "rennes",
    insee: "35238",
    department: "35",
    officialName: "Rennes",
    sectors: [
      { postcode: "35000", cityNames: ["Rennes", "RENNES"], lat: 48.1113, lon: -1.68 },
      { postcode: "35200", cityNames: ["Rennes"], lat: 48.093, lon: -1.67 },
      { postcode: "35700", cityNames: ["Rennes"], lat: 48.125, lon: -1.65 },
    ],
    radiusKm: 1.3,
    salePerM2: 3800,
    rentPerM2: 13.5,
    houseShare: 0.15,
    rentShare: 0.42,
    weight: 0.12,
    landline: ["02 99", "02 23"],
    west: true,
    programmes: true,
    quartiers: ["Centre historique", "Thabor", "Sainte-Thérèse", "Villejean", "Beauregard", "Colombier", "Saint-Hélier", "Jeanne d'Arc"],
    slug: "rennes",
    selogerSlug: "rennes-35",
    floors: [3, 8],
  },
  {
    key: "becherel",
    insee: "35022",
    department: "35",
    officialName: "Bécherel",
    sectors: [{ postcode: "35190", cityNames: ["Bécherel", "BECHEREL", "Becherel"], lat: 48.2963, lon: -1.9446 }],
    radiusKm: 0.6,
    salePerM2: 1750,
    rentPerM2: 9,
    houseShare: 0.85,
    rentShare: 0.2,
    weight: 0.04,
    landline: ["02 99"],
    west: true,
    programmes: false,
    quartiers: ["centre-bourg", "proche commerces", "en campagne"],
    slug: "becherel",
    selogerSlug: "becherel-35",
    floors: [1, 3],
  },
  {
    key: "lourmarin",
    insee: "84068",
    department: "84",
    officialName: "Lourmarin",
    sectors: [{ postcode: "84160", cityNames: ["Lourmarin", "LOURMARIN"], lat: 43.764, lon: 5.363 }],
    radiusKm: 0.8,
    salePerM2: 5600,
    rentPerM2: 14,
    houseShare: 0.8,
    rentShare: 0.15,
    weight: 0.05,
    landline: ["04 90"],
    west: false,
    programmes: false,
    quartiers: ["cœur de village", "au pied du Luberon", "à 5 minutes à pied du village"],
    slug: "lourmarin",
    selogerSlug: "lourmarin-84",
    floors: [1, 3],
  },
];

export const FIRST_NAMES = [
  "Marie",
  "Nathalie",
  "Isabelle",
  "Sylvie",
  "Catherine",
  "Sophie",
  "Céline",
  "Julie",
  "Camille",
  "Léa",
  "Manon",
  "Chloé",
  "Emma",
  "Sandrine",
  "Valérie",
  "Aurélie",
  "Élodie",
  "Claire",
  "Anne",
  "Pauline",
  "Laure",
  "Inès",
  "Jean",
  "Pierre",
  "Michel",
  "Philippe",
  "Nicolas",
  "Julien",
  "Thomas",
  "Alexandre",
  "Maxime",
  "Antoine",
  "François",
  "Laurent",
  "Olivier",
  "Stéphane",
  "David",
  "Sébastien",
  "Mathieu",
  "Hugo",
  "Lucas",
  "Karim",
  "Mehdi",
  "Yann",
  "Gwenaël",
  "Loïc",
  "Benoît",
  "Rémi",
  "Thierry",
  "Damien",
];

export const LAST_NAMES = [
  "Martin",
  "Bernard",
  "Dubois",
  "Thomas",
  "Robert",
  "Richard",
  "Petit",
  "Durand",
  "Leroy",
  "Moreau",
  "Simon",
  "Laurent",
  "Lefebvre",
  "Michel",
  "Garcia",
  "David",
  "Bertrand",
  "Roux",
  "Vincent",
  "Fournier",
  "Morel",
  "Girard",
  "André",
  "Lefèvre",
  "Mercier",
  "Dupont",
  "Lambert",
  "Bonnet",
  "François",
  "Martinez",
  "Le Gall",
  "Le Goff",
  "Guillou",
  "Tanguy",
  "Chevalier",
  "Blanc",
  "Guerin",
  "Muller",
  "Henry",
  "Roussel",
  "Nicolas",
  "Perrin",
  "Morin",
  "Mathieu",
  "Clément",
  "Gauthier",
  "Dumont",
  "Lopez",
  "Fontaine",
  "Benali",
  "Nguyen",
];

export const AGENCY_BRANDS = [
  "Century 21",
  "Orpi",
  "Laforêt",
  "Guy Hoquet",
  "Stéphane Plaza Immobilier",
  "ERA Immobilier",
  "Square Habitat",
  "Citya Immobilier",
  "Foncia Transaction",
  "Nestenn",
  "L'Adresse",
  "Arthurimmo.com",
  "Immobilière du Parc",
  "Cabinet",
  "Agence",
  "Espace Immobilier",
  "Maisons & Appartements",
];

export const AGENCY_SUFFIXES = [
  "du Centre",
  "de la Gare",
  "des Halles",
  "Saint-Louis",
  "Conseil",
  "Transaction",
  "Patrimoine",
  "& Associés",
  "Immobilier",
  "du Marché",
  "Horizon",
  "Rive Gauche",
  "Prestige",
  "Opéra",
  "Carnot",
  "République",
];

export interface Network {
  key: string;
  names: string[];
  emailDomain: string;
  site: string;
  /** Words of the adverts' signature. */
  role: string;
}

export const NETWORKS: Network[] = [
  {
    key: "iad",
    names: ["iad France", "IAD FRANCE", "iad", "I@D France"],
    emailDomain: "iadfrance.fr",
    site: "https://www.iadfrance.fr",
    role: "conseiller indépendant en immobilier",
  },
  { key: "safti", names: ["SAFTI", "Safti", "safti.fr"], emailDomain: "safti.fr", site: "https://www.safti.fr", role: "conseiller immobilier SAFTI" },
  {
    key: "capifrance",
    names: ["Capifrance", "CAPIFRANCE", "Capi France"],
    emailDomain: "capifrance.fr",
    site: "https://www.capifrance.fr",
    role: "conseiller Capifrance",
  },
  { key: "optimhome", names: ["Optimhome", "OPTIMHOME"], emailDomain: "optimhome.com", site: "https://www.optimhome.com", role: "agent commercial Optimhome" },
  {
    key: "proprietes-privees",
    names: ["Propriétés-Privées.com", "Proprietes Privees", "PROPRIETES-PRIVEES.COM"],
    emailDomain: "proprietes-privees.com",
    site: "https://www.proprietes-privees.com",
    role: "conseiller Propriétés-privées.com",
  },
];

export const PROMOTER_NAMES = [
  "Rive Promotion",
  "Kaufmann & Fils Immobilier",
  "Habitat Horizon",
  "Atlantique Résidences",
  "Les Bâtisseurs du Sud",
  "Promogim Régions",
  "Urbatys",
  "Alpes Promotion",
  "Green City Développement",
  "Ampère Immobilier Neuf",
];

export const PROGRAMME_NAMES = [
  "Le Clos des Lilas",
  "Les Jardins de Flore",
  "Villa Océane",
  "L'Écrin",
  "Résidence Horizon",
  "Les Terrasses du Parc",
  "Le Belvédère",
  "Côté Square",
  "Les Allées Cassin",
  "Nouvel Air",
  "L'Orée du Bois",
  "Le Carré Vert",
  "Domaine des Sources",
  "Quai Ouest",
  "Les Hauts de Ville",
  "Perspective",
  "Le Patio",
  "Sensations",
];

export const OWNER_MAIL_DOMAINS = ["gmail.com", "orange.fr", "free.fr", "hotmail.fr", "laposte.net", "sfr.fr", "wanadoo.fr", "outlook.fr", "yahoo.fr"];

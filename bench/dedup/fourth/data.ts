/**
 * Real places and the names of the French market (portals, networks, franchises, promoters) the generator draws
 * from. INSEE codes and postcodes were checked against @etalab/decoupage-administratif; centres are approximate
 * town-hall coordinates.
 */

export type Place = {
  insee: string;
  name: string;
  postcodes: string[];
  dept: string;
  lat: number;
  lon: number;
};

export type Cluster = "nantes" | "bordeaux" | "var" | "tours" | "paris";

export type Commune = Place & {
  cluster: Cluster;
  /** Share of the ~3,000 objects placed here. */
  weight: number;
  /** Radius (km) around the centre where objects are placed. */
  radiusKm: number;
  houseShare: number;
  rentShare: number;
  salePerM2: number;
  rentPerM2: number;
  /** Ways a portal or a publisher spells the name. */
  spellings: string[];
  /** Communes a listing is sometimes wrongly put in (agencies advertising "Nantes" for Saint-Herblain, ...). */
  neighbours: Place[];
  streets: string[];
  quarters: string[];
  /** Transport or amenities sentence used by texts. */
  amenities: string[];
  isVillage: boolean;
};

const place = (insee: string, name: string, postcodes: string[], dept: string, lat: number, lon: number): Place => ({
  insee,
  name,
  postcodes,
  dept,
  lat,
  lon,
});

const NANTES = place("44109", "Nantes", ["44000", "44100", "44200", "44300"], "44", 47.2184, -1.5536);
const SAINT_HERBLAIN = place("44162", "Saint-Herblain", ["44800"], "44", 47.2122, -1.6497);
const REZE = place("44143", "Rezé", ["44400"], "44", 47.1817, -1.5497);
const BOUAYE = place("44018", "Bouaye", ["44830"], "44", 47.1442, -1.6933);
const BOUGUENAIS = place("44020", "Bouguenais", ["44340"], "44", 47.1775, -1.6236);
const COUERON = place("44047", "Couëron", ["44220"], "44", 47.2156, -1.7225);
const ORVAULT = place("44114", "Orvault", ["44700"], "44", 47.2711, -1.6225);
const INDRE = place("44074", "Indre", ["44610"], "44", 47.1994, -1.6694);
const VERTOU = place("44215", "Vertou", ["44120"], "44", 47.1689, -1.4697);
const SORINIERES = place("44198", "Les Sorinières", ["44840"], "44", 47.1483, -1.5286);
const BORDEAUX = place("33063", "Bordeaux", ["33000", "33100", "33200", "33300", "33800"], "33", 44.8378, -0.5792);
const MERIGNAC = place("33281", "Mérignac", ["33700"], "33", 44.8386, -0.6436);
const PESSAC = place("33318", "Pessac", ["33600"], "33", 44.8067, -0.6311);
const TALENCE = place("33522", "Talence", ["33400"], "33", 44.806, -0.589);
const GRADIGNAN = place("33192", "Gradignan", ["33170"], "33", 44.7725, -0.6156);
const EYSINES = place("33162", "Eysines", ["33320"], "33", 44.8836, -0.65);
const LE_HAILLAN = place("33200", "Le Haillan", ["33185"], "33", 44.8731, -0.6769);
const MARTIGNAS = place("33273", "Martignas-sur-Jalle", ["33127"], "33", 44.8411, -0.7739);
const SAINT_JEAN_ILLAC = place("33422", "Saint-Jean-d'Illac", ["33127"], "33", 44.8086, -0.7847);
const HYERES = place("83069", "Hyères", ["83400"], "83", 43.1204, 6.1286);
const LA_CRAU = place("83047", "La Crau", ["83260"], "83", 43.1494, 6.0747);
const CARQUEIRANNE = place("83034", "Carqueiranne", ["83320"], "83", 43.095, 6.0733);
const LA_LONDE = place("83071", "La Londe-les-Maures", ["83250"], "83", 43.1375, 6.2344);
const TOURS = place("37261", "Tours", ["37000", "37100", "37200"], "37", 47.3941, 0.6848);
const SAINT_CYR = place("37214", "Saint-Cyr-sur-Loire", ["37540"], "37", 47.4, 0.6667);
const JOUE = place("37122", "Joué-lès-Tours", ["37300"], "37", 47.3522, 0.6628);
const SAINT_PIERRE = place("37233", "Saint-Pierre-des-Corps", ["37700"], "37", 47.3864, 0.7236);
const SAINT_AVERTIN = place("37208", "Saint-Avertin", ["37550"], "37", 47.3636, 0.7394);
const LA_RICHE = place("37195", "La Riche", ["37520"], "37", 47.3897, 0.6586);
const PARIS_18 = place("75118", "Paris 18e Arrondissement", ["75018"], "75", 48.8905, 2.348);
const PARIS_17 = place("75117", "Paris 17e Arrondissement", ["75017"], "75", 48.8835, 2.3219);
const PARIS_9 = place("75109", "Paris 9e Arrondissement", ["75009"], "75", 48.8771, 2.3375);
const PARIS_19 = place("75119", "Paris 19e Arrondissement", ["75019"], "75", 48.8871, 2.3848);
const SAINT_OUEN = place("93070", "Saint-Ouen-sur-Seine", ["93400"], "93", 48.9116, 2.334);
const SAINT_AIGNAN = place("44150", "Saint-Aignan-Grandlieu", ["44860"], "44", 47.1255, -1.6325);

export const COMMUNES: Commune[] = [
  {
    ...NANTES,
    cluster: "nantes",
    weight: 0.2,
    radiusKm: 3.6,
    houseShare: 0.13,
    rentShare: 0.3,
    salePerM2: 3750,
    rentPerM2: 13.8,
    spellings: ["Nantes", "NANTES", "nantes"],
    neighbours: [SAINT_HERBLAIN, REZE, ORVAULT, VERTOU],
    streets: [
      "rue Crébillon",
      "rue du Calvaire",
      "boulevard des Anglais",
      "rue de Rennes",
      "boulevard Michelet",
      "rue Paul Bellamy",
      "quai de Versailles",
      "rue Saint-Félix",
      "boulevard Victor Hugo",
      "rue de la Convention",
      "rue Fouré",
      "allée Baco",
      "rue Gambetta",
      "boulevard Jules Verne",
      "rue de Coulmiers",
      "rue Dufour",
      "rue des Hauts-Pavés",
      "boulevard Eugène Orieux",
      "rue de Gigant",
      "rue Mazagran",
      "rue Noire",
      "boulevard de la Prairie au Duc",
    ],
    quarters: [
      "Centre-ville",
      "Graslin",
      "Procé",
      "Canclaux",
      "Zola",
      "Chantenay",
      "Doulon",
      "Saint-Félix",
      "Hauts-Pavés",
      "Île de Nantes",
      "Talensac",
      "Saint-Donatien",
      "Erdre",
      "Malakoff",
    ],
    amenities: [
      "tramway ligne 1 à 5 minutes à pied",
      "proche tram ligne 2 et commerces",
      "à deux pas du Busway",
      "proche gare SNCF et centre-ville",
      "écoles, commerces et marché à proximité",
    ],
    isVillage: false,
  },
  {
    ...SAINT_HERBLAIN,
    cluster: "nantes",
    weight: 0.07,
    radiusKm: 2.6,
    houseShare: 0.38,
    rentShare: 0.22,
    salePerM2: 3100,
    rentPerM2: 12.2,
    spellings: ["Saint-Herblain", "St Herblain", "SAINT HERBLAIN", "St-Herblain", "Saint Herblain"],
    neighbours: [NANTES, COUERON, ORVAULT, INDRE],
    streets: [
      "boulevard Charles Gautier",
      "avenue des Thébaudières",
      "rue du Sillon de Bretagne",
      "boulevard Salvador Allende",
      "rue Jean Jaurès",
      "rue de la Bernardière",
      "rue de l'Abreuvoir",
      "rue de la Garenne",
      "avenue de la Gare de Chantenay",
      "rue Pierre Mendès-France",
    ],
    quarters: ["Bourg", "Preux", "Solvardière", "Bellevue", "Tillay", "Crémetterie", "Harlière"],
    amenities: ["tram ligne 1 à proximité", "proche Atlantis et périphérique", "écoles et commerces à pied", "proche parc de la Bégraisière"],
    isVillage: false,
  },
  {
    ...REZE,
    cluster: "nantes",
    weight: 0.07,
    radiusKm: 2.4,
    houseShare: 0.42,
    rentShare: 0.2,
    salePerM2: 3450,
    rentPerM2: 12.6,
    spellings: ["Rezé", "Reze", "REZE", "REZÉ"],
    neighbours: [NANTES, BOUGUENAIS, VERTOU, SORINIERES],
    streets: [
      "rue Jean Fraix",
      "boulevard Le Corbusier",
      "rue Alsace-Lorraine",
      "rue Émile Zola",
      "avenue de la Libération",
      "rue du Port au Blé",
      "rue de la Classerie",
      "rue Aristide Briand",
      "rue des Chevaliers",
    ],
    quarters: ["Trentemoult", "Pont-Rousseau", "Château", "Ragon", "La Houssais", "Haute-Île"],
    amenities: ["tram ligne 3 à 400 m", "proche Pont-Rousseau et commerces", "navette fluviale à Trentemoult", "écoles à pied"],
    isVillage: false,
  },
  {
    ...SAINT_AIGNAN,
    cluster: "nantes",
    weight: 0.025,
    radiusKm: 2.2,
    houseShare: 0.9,
    rentShare: 0.1,
    salePerM2: 2950,
    rentPerM2: 10.6,
    spellings: ["Saint-Aignan-Grandlieu", "St Aignan Grandlieu", "SAINT AIGNAN GRANDLIEU", "Saint Aignan Grandlieu"],
    neighbours: [BOUAYE, BOUGUENAIS],
    streets: ["rue de Nantes", "route de Bouaye", "rue du Lac", "chemin de la Noë", "rue des Écoles", "impasse des Vignes", "rue de la Mairie"],
    quarters: ["Bourg", "La Pierre", "Le Pâtis", "lac de Grand-Lieu"],
    amenities: ["à 20 minutes de Nantes", "proche aéroport et périphérique", "école et boulangerie dans le bourg", "à deux pas du lac de Grand-Lieu"],
    isVillage: true,
  },
  {
    ...MERIGNAC,
    cluster: "bordeaux",
    weight: 0.1,
    radiusKm: 3.4,
    houseShare: 0.46,
    rentShare: 0.22,
    salePerM2: 4050,
    rentPerM2: 14.1,
    spellings: ["Mérignac", "Merignac", "MERIGNAC", "MÉRIGNAC"],
    neighbours: [BORDEAUX, PESSAC, EYSINES, LE_HAILLAN, MARTIGNAS],
    streets: [
      "avenue de la Marne",
      "avenue de l'Yser",
      "rue Jean Giono",
      "avenue Kennedy",
      "rue de Beutre",
      "avenue du Truc",
      "avenue de la Somme",
      "rue Camille Goillot",
      "avenue Aristide Briand",
      "rue Paul Doumer",
    ],
    quarters: ["Centre", "Arlac", "Capeyron", "Chemin Long", "Les Eyquems", "Beutre", "Bourranville", "La Glacière"],
    amenities: ["tram A à proximité", "proche rocade et aéroport", "commerces et marché du centre", "écoles et collège à pied"],
    isVillage: false,
  },
  {
    ...PESSAC,
    cluster: "bordeaux",
    weight: 0.08,
    radiusKm: 3,
    houseShare: 0.45,
    rentShare: 0.26,
    salePerM2: 3850,
    rentPerM2: 13.6,
    spellings: ["Pessac", "PESSAC", "pessac"],
    neighbours: [MERIGNAC, TALENCE, GRADIGNAN, BORDEAUX],
    streets: [
      "avenue Jean Jaurès",
      "avenue Pasteur",
      "rue Eugène et Marc Dulout",
      "avenue du Haut-Lévêque",
      "rue de Compostelle",
      "avenue de Magonty",
      "avenue du Général Leclerc",
      "rue des Poilus",
    ],
    quarters: ["Centre", "Alouette", "Bourgailh", "Saige", "France", "Cap de Bos", "Camponac", "Magonty"],
    amenities: ["tram B à deux pas", "proche campus universitaire", "gare de Pessac à 10 minutes", "commerces du centre à pied"],
    isVillage: false,
  },
  {
    ...SAINT_JEAN_ILLAC,
    cluster: "bordeaux",
    weight: 0.03,
    radiusKm: 3,
    houseShare: 0.88,
    rentShare: 0.12,
    salePerM2: 3500,
    rentPerM2: 12.1,
    spellings: ["Saint-Jean-d'Illac", "St Jean d'Illac", "SAINT JEAN D ILLAC", "Saint Jean d Illac"],
    neighbours: [MARTIGNAS, MERIGNAC],
    streets: ["avenue de Bordeaux", "allée des Pins", "chemin de Cantelaude", "rue des Écoles", "avenue du Las", "allée des Chênes", "route de Lacanau"],
    quarters: ["Bourg", "Toujouse", "Cantelaude", "Le Las"],
    amenities: ["à 15 minutes de l'aéroport", "proche bassin d'Arcachon par la route", "école et commerces dans le bourg", "en lisière de forêt"],
    isVillage: true,
  },
  {
    ...HYERES,
    cluster: "var",
    weight: 0.1,
    radiusKm: 2.4,
    houseShare: 0.36,
    rentShare: 0.2,
    salePerM2: 4800,
    rentPerM2: 14.3,
    spellings: ["Hyères", "Hyeres", "HYERES", "HYÈRES"],
    neighbours: [LA_CRAU, CARQUEIRANNE, LA_LONDE],
    streets: [
      "avenue Gambetta",
      "avenue des Îles d'Or",
      "boulevard d'Orient",
      "rue de Limans",
      "avenue Alphonse Denis",
      "avenue Ambroise Thomas",
      "avenue Godillot",
      "boulevard Pasteur",
      "chemin du Palyvestre",
    ],
    quarters: ["Centre-ville", "Costebelle", "L'Almanarre", "Le Port", "La Capte", "Gare", "Vieille ville"],
    amenities: ["plages à 10 minutes", "proche port et commerces", "vue mer dégagée", "au calme, centre-ville à pied"],
    isVillage: false,
  },
  {
    ...TOURS,
    cluster: "tours",
    weight: 0.13,
    radiusKm: 2.8,
    houseShare: 0.2,
    rentShare: 0.3,
    salePerM2: 3050,
    rentPerM2: 12.4,
    spellings: ["Tours", "TOURS", "tours"],
    neighbours: [SAINT_CYR, JOUE, SAINT_PIERRE, SAINT_AVERTIN, LA_RICHE],
    streets: [
      "rue Nationale",
      "boulevard Béranger",
      "avenue de Grammont",
      "rue Colbert",
      "rue de la Scellerie",
      "boulevard Heurteloup",
      "rue Marceau",
      "quai Paul Bert",
      "boulevard Jean Royer",
      "rue Febvotte",
      "rue Édouard Vaillant",
    ],
    quarters: ["Vieux Tours", "Prébendes", "Cathédrale", "Rives du Cher", "Sainte-Radegonde", "Saint-Symphorien", "Febvotte", "Deux-Lions", "Beaujardin"],
    amenities: ["tram A à deux pas", "proche gare de Tours", "jardin des Prébendes à 5 minutes", "commerces et halles à pied"],
    isVillage: false,
  },
  {
    ...PARIS_18,
    cluster: "paris",
    weight: 0.195,
    radiusKm: 0.6,
    houseShare: 0.008,
    rentShare: 0.36,
    salePerM2: 9600,
    rentPerM2: 31,
    spellings: ["Paris 18ème", "Paris 18e", "Paris", "PARIS 18", "Paris 18e Arrondissement", "PARIS"],
    neighbours: [PARIS_17, PARIS_9, PARIS_19, SAINT_OUEN],
    streets: [
      "rue Ordener",
      "rue Caulaincourt",
      "rue Lamarck",
      "rue Marcadet",
      "rue Championnet",
      "rue du Poteau",
      "rue Custine",
      "rue Damrémont",
      "rue Lepic",
      "boulevard Barbès",
      "rue Marx Dormoy",
      "rue Doudeauville",
      "rue du Mont-Cenis",
    ],
    quarters: ["Montmartre", "Jules Joffrin", "Lamarck-Caulaincourt", "Marcadet", "Simplon", "Goutte d'Or", "La Chapelle", "Grandes Carrières", "Abbesses"],
    amenities: [
      "métro Jules Joffrin (ligne 12) à 3 minutes",
      "métro Marcadet-Poissonniers (lignes 4 et 12)",
      "métro Lamarck-Caulaincourt à deux pas",
      "métro Guy Môquet (ligne 13)",
      "commerces de la rue du Poteau",
    ],
    isVillage: false,
  },
];

/** Landline prefixes by cluster (two first digit pairs). */
export const LANDLINES: Record<Cluster, string[]> = {
  nantes: ["0240", "0251", "0228", "0252"],
  bordeaux: ["0556", "0557", "0535", "0547"],
  var: ["0494", "0483", "0422"],
  tours: ["0247", "0245"],
  paris: ["0142", "0146", "0153", "0144", "0148", "0140", "0145"],
};

export const FIRST_NAMES = [
  "Marie",
  "Nathalie",
  "Isabelle",
  "Sylvie",
  "Catherine",
  "Sophie",
  "Julie",
  "Camille",
  "Laura",
  "Manon",
  "Chloé",
  "Émilie",
  "Céline",
  "Aurélie",
  "Sandrine",
  "Claire",
  "Hélène",
  "Anne",
  "Valérie",
  "Pauline",
  "Jean",
  "Pierre",
  "Michel",
  "Philippe",
  "Nicolas",
  "Christophe",
  "Sébastien",
  "Julien",
  "Thomas",
  "Alexandre",
  "Maxime",
  "Antoine",
  "Guillaume",
  "François",
  "Olivier",
  "Stéphane",
  "Laurent",
  "David",
  "Mathieu",
  "Hugo",
  "Lucas",
  "Romain",
  "Yann",
  "Erwan",
  "Karim",
  "Mehdi",
  "Fatima",
  "Inès",
  "Léa",
  "Benoît",
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
  "Mercier",
  "Dupont",
  "Lambert",
  "Bonnet",
  "François",
  "Martinez",
  "Legrand",
  "Garnier",
  "Faure",
  "Rousseau",
  "Blanc",
  "Guérin",
  "Muller",
  "Henry",
  "Le Gall",
  "Guillou",
  "Le Goff",
  "Chevalier",
  "Gauthier",
  "Perrin",
  "Robin",
  "Clément",
  "Morin",
  "Nicolas",
  "Marchand",
  "Benoît",
  "Barbier",
  "Brunet",
  "Renaud",
  "Lemaire",
  "Ben Ali",
  "Nguyen",
  "Da Silva",
];

export const OWNER_EMAIL_DOMAINS: readonly (readonly [string, number])[] = [
  ["gmail.com", 50],
  ["orange.fr", 14],
  ["hotmail.fr", 10],
  ["free.fr", 7],
  ["yahoo.fr", 6],
  ["laposte.net", 5],
  ["sfr.fr", 4],
  ["outlook.fr", 4],
  ["wanadoo.fr", 3],
];

/** Franchise networks: each of their agencies is its own company (own SIRET) under one brand. */
export type Franchise = { brand: string; domain: string; site: string | null; share: number };

export const FRANCHISES: Franchise[] = [
  { brand: "Orpi", domain: "orpi.com", site: "orpi.com", share: 10 },
  { brand: "Century 21", domain: "century21.fr", site: "century21.fr", share: 9 },
  { brand: "Laforêt", domain: "laforet.com", site: "laforet.com", share: 8 },
  { brand: "Guy Hoquet", domain: "guyhoquet.com", site: null, share: 6 },
  { brand: "ERA Immobilier", domain: "erafrance.com", site: null, share: 3 },
  { brand: "Nestenn", domain: "nestenn.com", site: null, share: 4 },
  { brand: "Stéphane Plaza Immobilier", domain: "stephaneplazaimmobilier.com", site: null, share: 5 },
  { brand: "Square Habitat", domain: "squarehabitat.fr", site: null, share: 3 },
  { brand: "Citya Immobilier", domain: "citya.com", site: null, share: 3 },
  { brand: "Foncia", domain: "foncia.com", site: null, share: 3 },
  { brand: "Arthurimmo.com", domain: "arthurimmo.com", site: null, share: 2 },
  { brand: "L'Adresse", domain: "ladresse.com", site: null, share: 2 },
];

export const INDEPENDENT_AGENCY_WORDS = {
  heads: ["Cabinet", "Agence", "Immobilière", "Office", "Maison de l'Immobilier", "Comptoir Immobilier", "Atelier Immobilier", "Groupe"],
  tails: [
    "du Centre",
    "de la Place",
    "des Halles",
    "du Marché",
    "de la Gare",
    "Saint-Pierre",
    "du Parc",
    "des Quais",
    "du Château",
    "Horizon",
    "Patrimoine",
    "Conseil",
    "Transactions",
    "& Associés",
    "Prestige",
  ],
};

export const CLUSTER_WORDS: Record<Cluster, string[]> = {
  nantes: ["Atlantique", "Loire Océan", "Nantaise", "Erdre et Loire", "Ouest"],
  bordeaux: ["Gironde", "Bordelaise", "Aquitaine", "Océane", "Médoc"],
  var: ["Méditerranée", "Côte d'Azur", "Îles d'Or", "Provence", "Riviera"],
  tours: ["Touraine", "Val de Loire", "Tourangelle", "Loire et Cher"],
  paris: ["Montmartre", "Paris Nord", "Butte", "Parisienne", "Rive Droite"],
};

/** Mandatary networks: thousands of independent agents publishing under the network's one SIRET. */
export type Network = {
  id: string;
  names: string[];
  site: string;
  emailDomain: string;
  share: number;
  agentsPerCluster: number;
};

export const NETWORKS: Network[] = [
  {
    id: "iad",
    names: ["iad France", "IAD FRANCE", "I@D France", "iad France SAS"],
    site: "iadfrance.fr",
    emailDomain: "iadfrance.fr",
    share: 40,
    agentsPerCluster: 24,
  },
  { id: "safti", names: ["SAFTI", "Safti", "SAFTI Immobilier"], site: "safti.fr", emailDomain: "safti.fr", share: 19, agentsPerCluster: 12 },
  {
    id: "capifrance",
    names: ["Capifrance", "CAPIFRANCE", "Capi France"],
    site: "capifrance.fr",
    emailDomain: "capifrance.fr",
    share: 12,
    agentsPerCluster: 8,
  },
  {
    id: "proprietes-privees",
    names: ["Propriétés-Privées.com", "PROPRIETES PRIVEES", "Proprietes-privees.com"],
    site: "proprietes-privees.com",
    emailDomain: "proprietes-privees.com",
    share: 10,
    agentsPerCluster: 6,
  },
  { id: "optimhome", names: ["OptimHome", "OPTIMHOME", "Optimhome"], site: "optimhome.com", emailDomain: "optimhome.com", share: 8, agentsPerCluster: 5 },
  { id: "efficity", names: ["efficity", "EFFICITY", "Efficity"], site: "efficity.com", emailDomain: "efficity.com", share: 6, agentsPerCluster: 4 },
  { id: "megagence", names: ["Megagence", "MEGAGENCE", "MegAgence"], site: "megagence.com", emailDomain: "megagence.com", share: 5, agentsPerCluster: 4 },
];

export const PROMOTERS = [
  { name: "Nexity", variants: ["Nexity", "NEXITY", "Nexity Logement"], domain: "nexity.fr" },
  { name: "Bouygues Immobilier", variants: ["Bouygues Immobilier", "BOUYGUES IMMOBILIER"], domain: "bouygues-immobilier.com" },
  { name: "Kaufman & Broad", variants: ["Kaufman & Broad", "KAUFMAN ET BROAD", "Kaufman&Broad"], domain: "kaufmanbroad.fr" },
  { name: "Vinci Immobilier", variants: ["Vinci Immobilier", "VINCI IMMOBILIER RESIDENTIEL"], domain: "vinci-immobilier.com" },
  { name: "Cogedim", variants: ["Cogedim", "COGEDIM"], domain: "cogedim.com" },
  { name: "Marignan", variants: ["Marignan", "MARIGNAN RESIDENCES"], domain: "marignan-immobilier.com" },
  { name: "Pichet", variants: ["Groupe Pichet", "PICHET"], domain: "pichet.fr" },
  { name: "Lamotte", variants: ["Lamotte", "LAMOTTE PROMOTION"], domain: "lamotte.fr" },
  { name: "Quartus", variants: ["Quartus", "QUARTUS RESIDENTIEL"], domain: "quartus.fr" },
  { name: "Edelis", variants: ["Edelis", "EDELIS"], domain: "edelis.fr" },
];

export const PROGRAMME_NAMES = [
  "Le Clos des Vignes",
  "Résidence Cœur de Ville",
  "Les Jardins de Flore",
  "L'Écrin Vert",
  "Villa Marine",
  "Les Terrasses du Parc",
  "Le Domaine des Pins",
  "Résidence Horizon",
  "L'Orangerie",
  "Les Allées Fleuries",
  "Carré Lumière",
  "Le Belvédère",
  "Les Hauts de Loire",
  "Résidence Kaléido",
  "L'Atelier",
  "Les Rives",
  "Villa Émeraude",
  "Le Hameau du Lac",
  "Nouvel Air",
  "Les Balcons de la Butte",
  "Le Patio",
  "Green Park",
];

export const NOTARY_WORDS = ["Office notarial", "SCP", "Étude de Maîtres", "Notaires associés"];

import { listCommunes, type CommuneSummary } from "../../domain/geography.js";
import type { Random } from "./random.js";

/**
 * Where synthetic listings are: real communes (Paris, Lyon and Marseille by arrondissement, Corsica and the
 * overseas departments included), drawn in proportion to their population, with a price level that depends
 * on the department and on the size of the commune.
 */
export type Place = CommuneSummary & {
  /** Typical sale price per m² of an apartment here, in euros. */
  salePricePerSquareMeter: number;
  /** City-centre coordinates, for the communes that have them in CITY_CENTRES. */
  centre: { latitude: number; longitude: number } | undefined;
};

/** Typical apartment sale price per m² by department (rounded market levels); others get DEFAULT_LEVEL. */
const DEPARTMENT_LEVEL: Readonly<Record<string, number>> = {
  "75": 9600,
  "92": 6800,
  "94": 5000,
  "93": 3900,
  "78": 4600,
  "91": 3100,
  "95": 3200,
  "77": 3000,
  "06": 5400,
  "74": 5000,
  "73": 3900,
  "2A": 4300,
  "2B": 3400,
  "83": 4400,
  "13": 3700,
  "69": 4300,
  "33": 4100,
  "64": 4000,
  "17": 3300,
  "44": 3600,
  "35": 3500,
  "31": 3400,
  "34": 3500,
  "67": 3100,
  "59": 2500,
  "38": 2600,
  "63": 2200,
  "76": 2300,
  "29": 2300,
  "56": 3100,
  "85": 2900,
  "40": 3300,
  "84": 2700,
  "30": 2400,
  "01": 2800,
  "68": 2400,
  "21": 2300,
  "37": 2500,
  "45": 2100,
  "51": 2100,
  "54": 1800,
  "57": 1700,
  "60": 2200,
  "62": 2000,
  "80": 1900,
  "49": 2400,
  "72": 1600,
  "86": 1700,
  "87": 1700,
  "42": 1400,
  "03": 1100,
  "23": 900,
  "15": 1100,
  "58": 1000,
  "36": 1100,
  "52": 1000,
  "55": 1100,
  "08": 1200,
  "19": 1300,
  "43": 1300,
  "18": 1300,
  "89": 1400,
  "70": 1300,
  "88": 1400,
  "61": 1400,
  "02": 1500,
  "10": 1600,
  "12": 1700,
  "46": 1700,
  "48": 1500,
  "09": 1600,
  "32": 1700,
  "47": 1700,
  "24": 1800,
  "16": 1500,
  "79": 1600,
  "71": 1600,
  "39": 1700,
  "90": 1600,
  "25": 2100,
  "971": 2700,
  "972": 2800,
  "973": 2500,
  "974": 3000,
  "976": 2100,
};
const DEFAULT_LEVEL = 1900;

/** Approximate centres of the largest communes and arrondissements (WGS 84), keyed by INSEE code. */
const CITY_CENTRES: Readonly<Record<string, readonly [number, number]>> = {
  "75101": [48.8625, 2.3364],
  "75102": [48.8683, 2.3428],
  "75103": [48.863, 2.3601],
  "75104": [48.8543, 2.3576],
  "75105": [48.8445, 2.3507],
  "75106": [48.8491, 2.3328],
  "75107": [48.8562, 2.3121],
  "75108": [48.8727, 2.3125],
  "75109": [48.8771, 2.3375],
  "75110": [48.8761, 2.3607],
  "75111": [48.8591, 2.38],
  "75112": [48.835, 2.4213],
  "75113": [48.8283, 2.3623],
  "75114": [48.8292, 2.3265],
  "75115": [48.8401, 2.2929],
  "75116": [48.8604, 2.262],
  "75117": [48.8873, 2.3067],
  "75118": [48.8925, 2.3484],
  "75119": [48.8871, 2.3848],
  "75120": [48.8634, 2.4011],
  "69381": [45.7699, 4.8292],
  "69382": [45.7485, 4.8267],
  "69383": [45.759, 4.8495],
  "69384": [45.7786, 4.8246],
  "69385": [45.7563, 4.8027],
  "69386": [45.7728, 4.8521],
  "69387": [45.7455, 4.8398],
  "69388": [45.735, 4.8694],
  "69389": [45.7744, 4.8057],
  "13201": [43.2999, 5.3841],
  "13202": [43.3128, 5.3638],
  "13203": [43.312, 5.3802],
  "13204": [43.3067, 5.4008],
  "13205": [43.2927, 5.3979],
  "13206": [43.287, 5.381],
  "13207": [43.2826, 5.363],
  "13208": [43.2419, 5.3744],
  "13209": [43.2388, 5.4263],
  "13210": [43.2758, 5.4269],
  "13211": [43.2882, 5.4846],
  "13212": [43.3075, 5.4416],
  "13213": [43.3494, 5.433],
  "13214": [43.345, 5.3925],
  "13215": [43.3587, 5.363],
  "13216": [43.363, 5.314],
  "31555": [43.6047, 1.4442],
  "06088": [43.7102, 7.262],
  "44109": [47.2184, -1.5536],
  "67482": [48.5734, 7.7521],
  "34172": [43.6108, 3.8767],
  "33063": [44.8378, -0.5792],
  "59350": [50.6292, 3.0573],
  "35238": [48.1173, -1.6778],
  "51454": [49.2583, 4.0317],
  "83137": [43.1242, 5.928],
  "42218": [45.4397, 4.3872],
  "76351": [49.4944, 0.1079],
  "38185": [45.1885, 5.7245],
  "21231": [47.322, 5.0415],
  "49007": [47.4784, -0.5632],
  "30189": [43.8367, 4.3601],
  "13001": [43.5297, 5.4474],
  "63113": [45.7772, 3.087],
  "29019": [48.3904, -4.4861],
  "37261": [47.3941, 0.6848],
  "87085": [45.8336, 1.2611],
  "80021": [49.8941, 2.2958],
  "74010": [45.8992, 6.1294],
  "66136": [42.6887, 2.8948],
  "57463": [49.1193, 6.1757],
  "92012": [48.8397, 2.2399],
  "78646": [48.8049, 2.1204],
  "2A004": [41.9192, 8.7386],
  "2B033": [42.697, 9.4509],
  "97209": [14.6161, -61.0588],
  "97120": [16.2411, -61.5331],
  "97101": [16.271, -61.5045],
  "97411": [-20.8789, 55.4481],
  "97415": [-21.0096, 55.2707],
  "97302": [4.9224, -52.3135],
  "97611": [-12.7806, 45.2279],
};

/** Listings per inhabitant are not flat: even the smallest villages have the odd house for sale. */
const MINIMUM_WEIGHT = 40;

let shared: PlacePicker | undefined;

/** Draws places in proportion to population. Immutable, so one instance (35,000 communes) serves every feed. */
export class PlacePicker {
  static shared(): PlacePicker {
    shared ??= new PlacePicker();
    return shared;
  }

  private readonly places: Place[];
  private readonly cumulative: Float64Array;

  constructor() {
    const communes = listCommunes();
    this.places = communes.map((commune) => {
      const level = DEPARTMENT_LEVEL[commune.department] ?? DEFAULT_LEVEL;
      // Bigger communes are dearer: from about 0.87x for a village of 100 to 1.1x for a city of 100,000.
      const sizeFactor = 0.72 + 0.075 * Math.log10(commune.population + 10);
      const centre = CITY_CENTRES[commune.inseeCode];
      return {
        ...commune,
        salePricePerSquareMeter: Math.round(level * sizeFactor),
        centre: centre ? { latitude: centre[0], longitude: centre[1] } : undefined,
      };
    });
    this.cumulative = new Float64Array(this.places.length);
    let total = 0;
    this.places.forEach((place, index) => {
      total += Math.max(place.population, MINIMUM_WEIGHT);
      this.cumulative[index] = total;
    });
  }

  pick(random: Random): Place {
    const total = this.cumulative[this.cumulative.length - 1] ?? 0;
    const target = random.next() * total;
    let low = 0;
    let high = this.cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.cumulative[middle] ?? 0) <= target) low = middle + 1;
      else high = middle;
    }
    const place = this.places[low];
    if (place === undefined) throw new Error("no commune to pick from");
    return place;
  }
}

/** The name portals print for a commune: "Paris" for "Paris 11e Arrondissement" (the postcode says which). */
export function displayedCityName(place: Place): string {
  const arrondissement = /^(Paris|Lyon|Marseille) \d+(?:er|e) Arrondissement$/.exec(place.name);
  return arrondissement?.[1] ?? place.name;
}

/** A short "Paris 11e" / "Lyon 3e" / commune name form, as titles use. */
export function shortCityName(place: Place): string {
  return place.name.replace(/ Arrondissement$/, "");
}

import { seededRandom } from "../factories/generated-listings.js";
import { groupingRecord } from "../factories/grouping-records.js";
import { describe, expect, it } from "vitest";
import { identifyGroups } from "../../src/domain/grouping/cluster-identity.js";
import { blockPairs, blocksOf, clusterRecords } from "../../src/domain/grouping/cluster.js";
import { MATCH_MODEL } from "../../src/domain/grouping/match-model.js";
import { comparePair, publisherNameKey } from "../../src/domain/grouping/pair-features.js";
import { CONFLICT, isSamePublisher, scorePair, type GroupingRecord } from "../../src/domain/grouping/pair-score.js";
import { hammingDistanceHex, packPhotoList, packPhotos, photoDistance, samePhoto, sharedPhotoMasks } from "../../src/domain/grouping/photo-hash.js";
import { textDistance, textSignature } from "../../src/domain/grouping/text-signature.js";
import { changesGrouping } from "../../src/modules/ingest/property-assignment.js";

const LIVING = "c3d4a1b2e5f60718";
const LIVING_RECOMPRESSED = "c3d4a1b2e5f60719"; // 1 bit
const KITCHEN = "5a5a3c3c0ff01234";
const OTHER_FLAT = "8e1f4d2c7b6a5948";
const BLANK = "0000000000000000";

let keys = 0;
function record(overrides: Partial<GroupingRecord> & { hashes?: string[] } = {}): GroupingRecord {
  const { hashes, ...rest } = overrides;
  keys += 1;
  return groupingRecord(`portal.fr/${String(keys).padStart(4, "0")}`, {
    area: 62,
    roomCount: 3,
    bedroomCount: 2,
    price: 650_000,
    photos: packPhotos(hashes ?? []),
    ...rest,
  });
}

describe("photo hashes", () => {
  it("counts differing bits, and refuses to compare hashes of different lengths or not hex", () => {
    expect(hammingDistanceHex(LIVING, LIVING_RECOMPRESSED)).toBe(1);
    expect(hammingDistanceHex("00", "ff")).toBe(8);
    expect(hammingDistanceHex("abc", "abcd")).toBe(Number.POSITIVE_INFINITY);
    expect(hammingDistanceHex("zz", "00")).toBe(Number.POSITIVE_INFINITY);
    const [a, b] = packPhotos([LIVING, KITCHEN]);
    expect(a && b && photoDistance(a, b)).toBe(hammingDistanceHex(LIVING, KITCHEN));
  });

  it("drops blank pictures and a photo repeated on one listing", () => {
    expect(packPhotos([BLANK, LIVING, LIVING_RECOMPRESSED, "not hex"])).toHaveLength(1);
  });

  it("packs a stored list of hashes as it packs the hashes one by one", () => {
    const lists = [
      "",
      LIVING,
      [LIVING, KITCHEN, OTHER_FLAT].join(","),
      [BLANK, LIVING, LIVING_RECOMPRESSED, KITCHEN].join(","), // a blank picture, a photo repeated
      [LIVING, "c3d4a1b2e5f6071z", KITCHEN].join(","), // not hex
      [LIVING, "C3D4A1B2E5F60718"].join(","), // upper case: the same photo
      [LIVING, "c3d4a1b2", KITCHEN].join(","), // another length
      [LIVING, "", KITCHEN].join(","),
      `${LIVING};${KITCHEN}`, // 33 characters, no comma where one is due
    ];
    for (const list of lists) {
      expect(packPhotoList(list)).toEqual(packPhotos(list === "" ? [] : list.split(",")));
      expect(sharedPhotoMasks(packPhotoList(list), packPhotos([KITCHEN, LIVING]))).toEqual(
        sharedPhotoMasks(packPhotos(list === "" ? [] : list.split(",")), packPhotos([KITCHEN, LIVING])),
      );
    }
  });

  it("marks the photos two lists share, on 64-bit hashes and on hashes of other lengths alike", () => {
    let seed = 7;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const hex = (digits: number) => Array.from({ length: digits }, () => Math.floor(next() * 16).toString(16)).join("");
    // A copy differs from its photo in a few bits: at most PHOTO_MATCH_MAX_BITS (the same photo) or more (not).
    const copy = (hash: string, bits: number) => {
      const value = [...hash].map((digit) => Number.parseInt(digit, 16));
      for (let flipped = 0; flipped < bits; flipped += 1)
        value[flipped % value.length] = (value[flipped % value.length] as number) ^ (1 << Math.floor(flipped / value.length));
      return value.map((digit) => digit.toString(16)).join("");
    };
    for (const digits of [16, 8, 32]) {
      for (let round = 0; round < 40; round += 1) {
        const own = Array.from({ length: 1 + Math.floor(next() * 10) }, () => hex(digits));
        const other = [...own.filter(() => next() < 0.5).map((hash) => copy(hash, Math.floor(next() * 9))), ...Array.from({ length: 3 }, () => hex(digits))];
        const [x, y] = [packPhotos(own), packPhotos(other)];
        let expectedX = 0;
        let expectedY = 0;
        for (const [i, a] of x.entries()) {
          for (const [j, b] of y.entries()) if (samePhoto(a, b)) [expectedX, expectedY] = [expectedX | (1 << i), expectedY | (1 << j)];
        }
        expect(sharedPhotoMasks(x, y)).toEqual([expectedX, expectedY]);
      }
    }
    // Lists mixing lengths: photos of different lengths never match.
    expect(sharedPhotoMasks(packPhotos([LIVING, "c3d4a1b2"]), packPhotos(["c3d4a1b2", LIVING_RECOMPRESSED]))).toEqual([0b11, 0b11]);
  });
});

describe("text signature", () => {
  const advert = "Au coeur du 11e, bel appartement traversant de trois pièces au deuxième étage avec ascenseur, séjour lumineux, deux chambres, cave.";
  it("is close for copies of one text and far for unrelated texts", () => {
    const copy = textSignature("Appartement 3 pièces", advert);
    const edited = textSignature("Appartement 3 pièces", advert.replace("cave", "cave et parking"));
    const other = textSignature(
      "Maison familiale",
      "Grande maison avec jardin arboré, garage double, cinq chambres, proche écoles et commerces, quartier calme.",
    );
    expect(textDistance(copy, textSignature("APPARTEMENT 3 PIÈCES", advert))).toBe(0);
    expect(textDistance(copy, edited)).toBeLessThanOrEqual(12);
    expect(textDistance(copy, other)).toBeGreaterThan(16);
  });
  it("is null for a text too short to say anything", () => {
    expect(textSignature("T2", null)).toBeNull();
    expect(textDistance(null, "0123456789abcdef")).toBeNull();
  });
  it("counts the bits two signatures differ by, in either half, whatever the case of their digits", () => {
    expect(textDistance("0000000000000000", "ffffffffffffffff")).toBe(64);
    expect(textDistance("8000000000000001", "0000000000000000")).toBe(2);
    expect(textDistance("0123456789ABCDEF", "0123456789abcdef")).toBe(0);
    expect(textDistance("00000000000000f0", "000000000000000f")).toBe(8);
  });
  it("is null for a signature that is not 16 hex digits", () => {
    expect(textDistance("0123456789abcdeg", "0123456789abcdef")).toBeNull();
    expect(textDistance("0123456789abcdef", "0123456789abcde")).toBeNull();
  });
});

describe("pair score", () => {
  it("matches copies of one advert by one publisher (same photos, text and figures)", () => {
    const text = textSignature("Appartement 3 pièces", "Au coeur du 11e, bel appartement traversant de trois pièces au deuxième étage avec ascenseur.");
    const a = record({ hashes: [LIVING, KITCHEN], textSignature: text, publisherSiret: "55210055400013", floor: 2 });
    const b = record({ hashes: [LIVING_RECOMPRESSED, KITCHEN], textSignature: text, publisherSiret: "55210055400013", floor: 2 });
    expect(scorePair(a, b)).toBeGreaterThan(MATCH_MODEL.link + 2);
    expect(scorePair(a, b)).toBe(scorePair(b, a));
    // Photos counted on demand weigh as counted up front.
    expect(scorePair(a, b, () => 0)).toBe(scorePair(a, b, 0));
    expect(scorePair(a, b, () => 0)).toBeLessThan(scorePair(a, b));
  });

  it("matches the owner's and an agency's listings of one flat on figures alone: energy, floor, area measured differently", () => {
    const agency = record({
      area: 64,
      roomCount: 3,
      floor: 4,
      dpeLabel: "d",
      dpeValue: 212,
      gesLabel: "e",
      gesValue: 48,
      price: 655_000,
      hashes: [OTHER_FLAT],
    });
    const owner = record({ area: 61, roomCount: 2, floor: 4, dpeLabel: "d", dpeValue: 212, gesLabel: "e", gesValue: 48, price: 630_000, hashes: [LIVING] });
    expect(scorePair(agency, owner)).toBeGreaterThanOrEqual(MATCH_MODEL.link);
  });

  it.each([
    ["two floors", { floor: 2 }, { floor: 5 }],
    ["areas 20% apart", { area: 50 }, { area: 62 }],
    ["three rooms apart", { roomCount: 1 }, { roomCount: 4 }],
    ["two bedrooms apart", { bedroomCount: 1 }, { bedroomCount: 3 }],
    ["two energy labels apart", { dpeLabel: "b" }, { dpeLabel: "d" }],
    ["prices 40% apart", { price: 390_000 }, { price: 650_000 }],
    ["communes of two intercommunalities", { inseeCode: "67482" }, { inseeCode: "67180" }],
    ["communes of two departments", { inseeCode: "75111" }, { inseeCode: "92012" }],
  ] as const)("never puts %s in one property, whatever else agrees", (_, left, right) => {
    const a = record({ hashes: [LIVING, KITCHEN], ...left });
    const b = record({ hashes: [LIVING, KITCHEN], ...right });
    expect(scorePair(a, b)).toBe(CONFLICT);
    // The photos of a pair ruled out are never weighed (what scoring costs most in a large block).
    expect(
      scorePair(a, b, () => {
        throw new Error("photos weighed for a pair in conflict");
      }),
    ).toBe(CONFLICT);
  });

  it("weighs rooms two apart against a match without ruling it out: an owner may give the bedrooms as rooms", () => {
    const agency = record({ roomCount: 4, hashes: [LIVING, KITCHEN, "17e2c4a8f3b6d590"] });
    const owner = record({ roomCount: 2, hashes: [LIVING, KITCHEN, "17e2c4a8f3b6d590"] });
    expect(comparePair(agency, owner).levels).toContain("rooms:twoApart");
    expect(scorePair(agency, owner)).toBeGreaterThanOrEqual(MATCH_MODEL.link);
    expect(scorePair(agency, owner)).toBeLessThan(scorePair(agency, { ...owner, roomCount: 4 }));
  });

  it("takes the same publisher with other photos as another property of that publisher", () => {
    const a = record({ publisherSiret: "55210055400013", hashes: [LIVING, KITCHEN, "17e2c4a8f3b6d590"] });
    const b = record({ publisherSiret: "55210055400013", hashes: [OTHER_FLAT, "2468ace013579bdf", "fdb97531eca86420"] });
    const c = record({ publisherSiret: "73282932000074", hashes: [OTHER_FLAT, "2468ace013579bdf", "fdb97531eca86420"] });
    expect(scorePair(a, b)).toBeLessThan(scorePair(a, c));
    expect(scorePair(a, b)).toBeLessThan(MATCH_MODEL.link);
  });

  it("does not take a mandatary network's SIRET for one publisher: its agents differ by phone", () => {
    const agent = (phone: string) =>
      record({
        publisherSiret: "49330102200044",
        publisherType: "mandatary",
        publisherPhone: phone,
        hashes: [OTHER_FLAT, "2468ace013579bdf", "fdb97531eca86420"],
      });
    const other = record({
      publisherSiret: "49330102200044",
      publisherType: "mandatary",
      publisherPhone: "+33611111111",
      hashes: [LIVING, KITCHEN, "17e2c4a8f3b6d590"],
    });
    expect(scorePair(agent("+33622222222"), other)).toBeGreaterThan(scorePair(agent("+33611111111"), other));
  });

  it("keeps apart two mandatary agents who each hold an exclusive mandate, not one agent's copy on another portal", () => {
    // Two agents of one network selling two flats of one building: the same area and rooms, prices 11% apart, each
    // advert with the building's façade among its own photos.
    const facade = "9b3e6c1d7a2f4e58";
    const agent = (phone: string, own: string[], overrides: Partial<GroupingRecord> = {}) =>
      record({
        publisherIsProfessional: true,
        publisherType: "mandatary",
        publisherSiret: "90007174700126",
        publisherPhone: phone,
        isExclusiveMandate: true,
        area: 77,
        roomCount: 3,
        bedroomCount: null,
        price: 320_000,
        dpeLabel: "c",
        gesLabel: "c",
        hashes: [facade, ...own],
        ...overrides,
      });
    const own = (seed: number) => Array.from({ length: 6 }, (_, index) => ((seed * 7 + index) * 0x9e3779b1).toString(16).padStart(16, "0").slice(-16));
    const first = agent("+33773993340", own(1));
    const second = agent("+33633014507", own(2), { area: 78, price: 360_000 });
    expect(comparePair(first, second)).toEqual({ conflict: "mandate" });
    expect(clusterRecords([first, second])).toHaveLength(2);
    // Without both mandates exclusive, the pair is scored as before.
    expect(comparePair(first, { ...second, isExclusiveMandate: null }).conflict).toBeUndefined();
    // One agent's copy: the same mobile, or the network's switchboard on another portal.
    expect(comparePair(first, agent("+33773993340", own(1))).conflict).toBeUndefined();
    expect(comparePair(first, agent("+33970131662", own(1))).conflict).toBeUndefined();
  });

  it("recognises one agency from the SIRET on one portal and only its SIREN, phone, e-mail or name on another", () => {
    const siret = record({ publisherType: "agency", publisherSiret: "55210055400013", publisherSiren: "552100554" });
    expect(isSamePublisher(siret, record({ publisherType: "agency", publisherSiren: "552100554" }))).toBe(true);
    expect(isSamePublisher(siret, record({ publisherType: "agency", publisherSiret: "55210055400021", publisherSiren: "552100554" }))).toBe(false);
    const phoned = record({ publisherType: "agency", publisherSiret: "55210055400013", publisherSiren: "552100554", publisherPhone: "+33499603270" });
    expect(isSamePublisher(phoned, record({ publisherType: "agency", publisherPhone: "+33499603270" }))).toBe(true);
    expect(isSamePublisher(record({ publisherEmail: "agence@parc.fr" }), record({ publisherEmail: "agence@parc.fr" }))).toBe(true);
    const named = (name: string) => record({ publisherType: "agency", publisherName: publisherNameKey(name) });
    expect(isSamePublisher(named("Immobilière  du  Parc  Écusson"), named("IMMOBILIERE DU PARC ECUSSON"))).toBe(true);
    expect(isSamePublisher(named("Agence du Parc"), named("Agence de la Gare"))).toBe(false);
    // Numbers that disagree outweigh a shared name; a private seller is never a publisher of this kind.
    expect(isSamePublisher({ ...named("Orpi"), publisherSiren: "552100554" }, { ...named("Orpi"), publisherSiren: "732829320" })).toBe(false);
    expect(isSamePublisher(record({ publisherIsProfessional: false, publisherPhone: "+33612345678" }), record({ publisherPhone: "+33612345678" }))).toBe(false);
  });

  it("keeps a mandatary network's agents apart whatever the network's name or SIRET, and finds one agent by phone or e-mail", () => {
    const agent = (overrides: Partial<GroupingRecord>) => record({ publisherType: "mandatary", publisherName: publisherNameKey("iad France"), ...overrides });
    expect(isSamePublisher(agent({ publisherPhone: "+33611111111" }), agent({ publisherPhone: "+33622222222" }))).toBe(false);
    expect(isSamePublisher(agent({}), agent({}))).toBe(false);
    expect(isSamePublisher(agent({ publisherSiret: "49330102200044", publisherPhone: "+33611111111" }), agent({ publisherPhone: "+33611111111" }))).toBe(true);
    expect(isSamePublisher(agent({ publisherEmail: "julie.martin@iad.fr" }), agent({ publisherEmail: "julie.martin@iad.fr" }))).toBe(true);
  });

  it("finds a mandatary agent by their phone on a portal that does not say they are a mandatary, never an agency by it", () => {
    const network = publisherNameKey("Propriétés Privées");
    const agent = record({ publisherType: "mandatary", publisherName: network, publisherPhone: "+33781523876" });
    expect(isSamePublisher(agent, record({ publisherName: network, publisherPhone: "+33781523876" }))).toBe(true);
    expect(isSamePublisher(agent, record({ publisherName: network, publisherEmail: "hugo.mathieu@proprietes-privees.com" }))).toBe(false);
    expect(isSamePublisher(agent, record({ publisherType: "agency", publisherPhone: "+33781523876" }))).toBe(false);
  });

  it("takes one publisher's two adverts priced more than 8% apart with no photo in common for two properties", () => {
    const advert = (price: number, hashes: string[]) => record({ publisherSiret: "55210055400013", price, dpeLabel: "c", dpeValue: 163, hashes });
    const flat = advert(380_000, [LIVING, KITCHEN, "17e2c4a8f3b6d590"]);
    expect(scorePair(flat, advert(420_000, [OTHER_FLAT, "2468ace013579bdf", "fdb97531eca86420"]))).toBe(CONFLICT);
    // Listed again after a price cut, with its photos; or a few percent apart, as a portal shows the fees or not.
    expect(scorePair(flat, advert(420_000, [LIVING, KITCHEN, "17e2c4a8f3b6d590"]))).toBeGreaterThan(MATCH_MODEL.link);
    expect(scorePair(flat, advert(400_000, [OTHER_FLAT, "2468ace013579bdf", "fdb97531eca86420"]))).toBeGreaterThan(CONFLICT);
    // Two publishers' prices differ by their fees and their own photos: weighed, not ruled out.
    expect(scorePair(flat, { ...advert(420_000, [OTHER_FLAT]), publisherSiret: "73282932000074" })).toBeGreaterThan(CONFLICT);
  });

  it("keeps apart one agent's two flats of one floor and one size, priced far apart, each advertised on several portals", () => {
    // Two flats of one building, one floor, one diagnosis, sold by one agent: each advert copied whole to three
    // portals (one of which does not say the agent is a mandatary), the same view of the sea on both.
    const SEA_VIEW = "0898dd04b27ead5c";
    const advert = (price: number, area: number, text: string, hashes: string[]) =>
      [null, "mandatary", "mandatary"].map((publisherType) =>
        record({
          area,
          roomCount: 4,
          floor: 5,
          price,
          dpeLabel: "c",
          dpeValue: 163,
          latitude: 43.6838,
          longitude: 7.183,
          isExclusiveMandate: true,
          publisherIsProfessional: true,
          publisherType,
          publisherName: publisherNameKey("Propriétés Privées"),
          publisherPhone: "+33781523876",
          textSignature: textSignature("Appartement 4 pièces", `Saint-Laurent-du-Var Centre, 5e étage avec ascenseur. ${text}`),
          hashes: [SEA_VIEW, ...hashes],
        }),
      );
    const cheaper = advert(380_000, 95, "Entrée avec placard, pièce de vie exposée sud-ouest, cuisine ouverte, salle d'eau et cave.", [
      LIVING,
      KITCHEN,
      "17e2c4a8f3b6d590",
    ]);
    const dearer = advert(528_000, 96, "Une entrée, une cuisine équipée, une salle de bains avec baignoire, un WC séparé. Vue mer.", [
      OTHER_FLAT,
      "2468ace013579bdf",
      "fdb97531eca86420",
    ]);
    const keysOf = (records: GroupingRecord[]) => records.map((one) => one.key).sort();
    expect(clusterRecords([...cheaper, ...dearer]).map(keysOf)).toEqual([keysOf(cheaper), keysOf(dearer)]);
  });

  it("takes one publisher's two adverts with no photo in common stating two diagnoses or two flats' charges for two properties", () => {
    // Twin flats of one residence sold by one agency at one price: each advert with its own photos and text.
    const advert = (dpeValue: number, condominiumCharges: number | null, hashes: string[]) =>
      record({ publisherSiret: "55210055400013", price: 245_000, dpeLabel: "c", dpeValue, condominiumLots: 48, condominiumCharges, hashes });
    const flat = advert(163, 1_560, [LIVING, KITCHEN, "17e2c4a8f3b6d590"]);
    const otherPhotos = [OTHER_FLAT, "2468ace013579bdf", "fdb97531eca86420"];
    expect(comparePair(flat, advert(163, 1_980, otherPhotos)).conflict).toBe("publisherCharges");
    expect(comparePair(flat, advert(186, 1_560, otherPhotos)).conflict).toBe("publisherDiagnosis");
    expect(comparePair({ ...flat, gesValue: 31 }, { ...advert(163, 1_560, otherPhotos), gesValue: 20 }).conflict).toBe("publisherDiagnosis");
    // The same flat listed again with its photos after a new diagnosis or a year's charges: weighed, not ruled out.
    expect(comparePair(flat, advert(186, 1_980, [LIVING, KITCHEN, "17e2c4a8f3b6d590"])).conflict).toBeUndefined();
    // Charges a few percent apart (a monthly figure rounded, the next year's budget), or one side giving none.
    expect(comparePair(flat, advert(163, 1_500, otherPhotos)).conflict).toBeUndefined();
    expect(comparePair(flat, advert(163, null, otherPhotos)).conflict).toBeUndefined();
    // An owner gives last year's charges and the agency this year's, each their own diagnosis reading: weighed.
    expect(comparePair(flat, { ...advert(186, 1_980, otherPhotos), publisherSiret: "73282932000074" }).conflict).toBeUndefined();
    // Each twin's advert copied whole to a second portal: two properties.
    const copies = (twin: GroupingRecord) => [twin, { ...twin, key: `${twin.key}-copy`, sourceDomain: "second-portal.example" }];
    const first = copies(flat);
    const second = copies(advert(163, 1_980, otherPhotos));
    const keysOf = (records: GroupingRecord[]) => records.map((one) => one.key).sort();
    expect(clusterRecords([...second, ...first]).map(keysOf)).toEqual([keysOf(first), keysOf(second)]);
  });

  it("takes one publisher's two adverts on one portal, first seen within days and each with photos of its own, for two properties", () => {
    // Twin flats of one residence sold by one agency: one price, one diagnosis, the residence's two photos beside
    // each flat's own.
    const DAY = 86_400_000;
    const RESIDENCE = ["2468ace013579bdf", "fdb97531eca86420"];
    const ROOMS = [LIVING, KITCHEN, "17e2c4a8f3b6d590", "9b3e71c05d2af648"];
    const OTHER_ROOMS = [OTHER_FLAT, "3f1c9e7a2b5d8064", "e04b7d19c6a3f285", "71a5c3e9d0b2486f"];
    const advert = (sourceDomain: string, firstSeen: number, rooms: string[]) =>
      record({
        publisherSiret: "55210055400013",
        price: 245_000,
        dpeLabel: "c",
        dpeValue: 163,
        condominiumLots: 48,
        sourceDomain,
        firstSeen,
        hashes: [...rooms, ...RESIDENCE],
      });
    const flat = advert("seloger.com", 0, ROOMS);
    expect(comparePair(flat, advert("seloger.com", 6 * DAY, OTHER_ROOMS)).conflict).toBe("publisherPortal");
    // The same flat posted twice on one portal (two negotiators), sent to a second portal the same week, or listed
    // again on the first weeks later: weighed.
    expect(comparePair(flat, advert("seloger.com", 2 * DAY, ROOMS)).conflict).toBeUndefined();
    expect(comparePair(flat, advert("leboncoin.fr", 1 * DAY, OTHER_ROOMS)).conflict).toBeUndefined();
    expect(comparePair(flat, advert("seloger.com", 45 * DAY, OTHER_ROOMS)).conflict).toBeUndefined();
    // Two publishers on one portal: the owner and an agency.
    expect(comparePair(flat, { ...advert("seloger.com", 2 * DAY, OTHER_ROOMS), publisherSiret: "73282932000074" }).conflict).toBeUndefined();
    // Each twin on the same two portals: the pairs on one portal keep the two flats apart.
    const twin = (rooms: string[], day: number) => [advert("seloger.com", day * DAY, rooms), advert("leboncoin.fr", (day + 1) * DAY, rooms)];
    const first = twin(ROOMS, 0);
    const second = twin(OTHER_ROOMS, 3);
    const keysOf = (records: GroupingRecord[]) => records.map((one) => one.key).sort();
    expect(
      clusterRecords([...second, ...first])
        .map(keysOf)
        .sort(),
    ).toEqual([keysOf(first), keysOf(second)].sort());
  });

  it("takes one publisher's two adverts giving floors one apart above the first for two flats, not 0 and 1", () => {
    const advert = (floor: number, hashes: string[]) =>
      record({ publisherSiret: "55210055400013", floor, price: 1_450, transactionType: "rent", dpeLabel: "d", dpeValue: 212, gesValue: 41, hashes });
    expect(comparePair(advert(3, [LIVING]), advert(4, [OTHER_FLAT])).conflict).toBe("publisherFloor");
    expect(comparePair(advert(3, [LIVING, KITCHEN]), advert(4, [LIVING, KITCHEN])).conflict).toBe("publisherFloor");
    // The ground floor written 0 or 1, or two publishers counting floors their own way: weighed, not ruled out.
    expect(comparePair(advert(0, [LIVING]), advert(1, [LIVING])).conflict).toBeUndefined();
    expect(comparePair(advert(3, [LIVING]), { ...advert(4, [LIVING]), publisherSiret: "73282932000074" }).conflict).toBeUndefined();
  });

  it("keeps apart one agency's twin flats on two floors, each advertised on three portals", () => {
    // Two flats of one residence let by one agency at one rent, with one diagnosis and one text, on floors 3 and 4;
    // each advert copied to three portals with its own photos.
    const twin = (floor: number, hashes: string[]) =>
      [1, 2, 3].map(() =>
        record({
          area: 64,
          roomCount: 3,
          bedroomCount: 2,
          floor,
          price: 1_450,
          transactionType: "rent",
          dpeLabel: "d",
          gesLabel: "c",
          dpeValue: 212,
          gesValue: 41,
          latitude: 48.8925,
          longitude: 2.3444,
          publisherIsProfessional: true,
          publisherSiret: "55210055400013",
          textSignature: textSignature("Appartement 3 pièces", "Paris 18e, Marcadet. Trois pièces lumineux de 64 m², séjour, deux chambres, cuisine équipée."),
          hashes,
        }),
      );
    const third = twin(3, [LIVING, KITCHEN, "17e2c4a8f3b6d590"]);
    const fourth = twin(4, [OTHER_FLAT, "2468ace013579bdf", "fdb97531eca86420"]);
    const keysOf = (records: GroupingRecord[]) => records.map((one) => one.key).sort();
    expect(clusterRecords([...third, ...fourth]).map(keysOf)).toEqual([keysOf(third), keysOf(fourth)]);
  });

  it("keeps two similar flats of one agency apart when one portal gives its SIRET and the other only its phone", () => {
    const advert = (words: string) =>
      textSignature("Location appartement 4 pièces", `Montpellier, secteur Écusson. ${words} Disponible immédiatement, contactez l'agence.`);
    const common = { area: 85, roomCount: 4, bedroomCount: 3, price: 970, transactionType: "rent", dpeLabel: "d", latitude: 43.6166, longitude: 3.8342 };
    const first = record({
      ...common,
      publisherType: "agency",
      publisherSiret: "97973321900559",
      publisherSiren: "979733219",
      publisherPhone: "+33499603270",
      textSignature: advert("Appartement T4 comprenant une entrée, un séjour lumineux, une cuisine équipée, trois chambres et une salle d'eau."),
      hashes: [LIVING, KITCHEN, "17e2c4a8f3b6d590"],
    });
    const second = record({
      ...common,
      price: 995,
      latitude: 43.618,
      longitude: 3.828,
      publisherType: "agency",
      publisherPhone: "+33499603270",
      textSignature: advert("Grand T4 avec un hall d'entrée, un double séjour, une cuisine américaine, une place de parking en sous-sol."),
      hashes: [OTHER_FLAT, "2468ace013579bdf", "fdb97531eca86420"],
    });
    expect(isSamePublisher(first, second)).toBe(true);
    expect(scorePair(first, second)).toBeLessThan(MATCH_MODEL.link);
    expect(clusterRecords([first, second])).toHaveLength(2);
  });

  it("tells amenities agreeing on one or two flags (the building's elevator) from agreement on three or more", () => {
    const flags = (...known: Array<boolean | null>) => [...known, ...Array.from({ length: 8 - known.length }, () => null)];
    const levelsOf = (a: Array<boolean | null>, b: Array<boolean | null>) => comparePair(record({ flags: a }), record({ flags: b })).levels ?? [];
    expect(levelsOf(flags(null, null, null, null, true), flags(null, null, null, null, true))).toContain("flags:disagree0ofFew");
    expect(levelsOf(flags(true, false, true, null, true), flags(true, false, true, null, true))).toContain("flags:disagree0");
    expect(levelsOf(flags(true, null, null, null, true), flags(false, null, null, null, true))).toContain("flags:disagree1");
  });

  it("tells one or two photos in common between adverts of many photos (the building's façade, its view) from a copy's photos", () => {
    // Photos of their own: random 64-bit hashes, which differ by about 32 bits, never by the few of one photo's copies.
    const next = seededRandom(2026);
    const photo = () => Array.from({ length: 16 }, () => Math.floor(next() * 16).toString(16)).join("");
    const own = (count: number) => Array.from({ length: count }, photo);
    const levelsOf = (a: string[], b: string[]) => comparePair(record({ hashes: a }), record({ hashes: b })).levels ?? [];
    const [façade, view, copied] = [photo(), photo(), own(7)];
    expect(levelsOf([façade, ...own(7)], [façade, ...own(8)])).toContain("photos.otherPublishers:oneOfMany");
    expect(levelsOf([façade, ...own(3)], [façade, ...own(3)])).toContain("photos.otherPublishers:one");
    expect(levelsOf([façade, view, ...own(7)], [façade, view, ...own(8)])).toContain("photos.otherPublishers:twoOfMany");
    expect(levelsOf([façade, view, ...copied], [façade, view, ...copied])).toContain("photos.otherPublishers:threeOrMore");
  });

  it("keeps apart two lots of one programme that their adverts name, whatever else they share", () => {
    // One promoter's two lots of one size, priced 4% apart, each advertised on its own site and copied to a portal
    // with the programme's three renders and its text; a reseller's copy that names no lot still joins its lot.
    const RENDERS = ["0f1e2d3c4b5a6978", "1a2b3c4d5e6f7081", "9c8b7a6f5e4d3c2b"];
    const advert = (lot: string | null, price: number, own: string, publisherSiret: string | null = "37508697200243") =>
      record({
        area: 41.63,
        roomCount: 2,
        bedroomCount: 1,
        price,
        isNewBuild: true,
        publisherIsProfessional: true,
        publisherSiret,
        publisherPhone: publisherSiret === null ? "+33561000000" : "+33974636636",
        lot,
        latitude: 43.58217,
        longitude: 1.43774,
        flags: [true, null, true, null, true, null, false, false],
        textSignature: textSignature(
          "Néo Côté Parc - Appartement T2",
          "Marignan présente Néo Côté Parc, à Toulouse. Appartement 2 pièces de 41 m² habitables. Une adresse idéale à proximité du métro, au cœur du quartier Jean-Jaurès. Logements lumineux, espaces extérieurs pour chaque appartement, jardin paysager. Livraison au 2e trimestre 2027.",
        ),
        hashes: [...RENDERS, own],
      });
    const b306 = [advert("B306", 196_000, "c3d4a1b2e5f60718"), advert("B306", 196_000, "c3d4a1b2e5f60718"), advert(null, 196_000, "c3d4a1b2e5f60718", null)];
    const c301 = [advert("C301", 204_000, "5a5a3c3c0ff01234"), advert("C301", 204_000, "5a5a3c3c0ff01234")];
    const keysOf = (records: GroupingRecord[]) => records.map((one) => one.key).sort();
    expect(comparePair(b306[0] as GroupingRecord, c301[0] as GroupingRecord).conflict).toBe("lot");
    expect(clusterRecords([...b306, ...c301]).map(keysOf)).toEqual([keysOf(b306), keysOf(c301)]);
  });

  it("discounts the renders a promoter shows on every unit of a programme", () => {
    const unit = (floor: number | null, price: number) =>
      record({ isNewBuild: true, publisherSiret: "55210055400013", hashes: [LIVING, KITCHEN], floor, price });
    expect(scorePair(unit(null, 480_000), unit(null, 495_000))).toBeLessThan(MATCH_MODEL.link);
  });
});

describe("clustering", () => {
  it("keeps A and C apart when they conflict, even though each matches B", () => {
    const b = record({ hashes: [LIVING, KITCHEN], floor: null });
    const a = record({ hashes: [LIVING], floor: 2 });
    const c = record({ hashes: [KITCHEN], floor: 5 });
    const groups = clusterRecords([a, b, c]);
    expect(groups).toHaveLength(2);
    expect(groups.some((group) => group.includes(a) && group.includes(c))).toBe(false);
  });

  it("keeps a listing out of a group when one member's pair with it says two flats, even though the average agrees", () => {
    // An agency's listing gives the 2nd floor, a balcony and a cellar, its copies on three other portals omit them;
    // the owner's listing of the flat above (3rd floor, neither balcony nor cellar) agrees with the copies on
    // everything they give.
    const amenities = (balconyAndCellar: boolean | null) => [balconyAndCellar, null, null, balconyAndCellar, null, null, null, null];
    const agency = (floor: number | null, portal: number) =>
      record({
        floor,
        flags: amenities(floor === null ? null : true),
        dpeLabel: "d",
        publisherSiret: "55210055400013",
        hashes: [LIVING, KITCHEN, `17e2c4a8f3b6d59${portal}`],
      });
    const listed = agency(2, 0);
    const copies = [agency(null, 1), agency(null, 2), agency(null, 3)];
    const upstairs = record({ floor: 3, flags: amenities(false), dpeLabel: "d", hashes: [OTHER_FLAT, "2468ace013579bdf", "fdb97531eca86420"] });
    const across = [listed, ...copies].map((member) => scorePair(member, upstairs));
    expect(scorePair(listed, upstairs)).toBeLessThan(-3);
    expect(across.reduce((sum, score) => sum + score, 0) / across.length).toBeGreaterThanOrEqual(MATCH_MODEL.group);
    const groups = clusterRecords([listed, ...copies, upstairs]);
    expect(groups.find((group) => group.includes(listed))).toHaveLength(4);
    expect(groups.find((group) => group.includes(upstairs))).toEqual([upstairs]);
  });

  it("gives the same groups whatever the order of the records", () => {
    const flat = [
      record({ hashes: [LIVING, KITCHEN] }),
      record({ hashes: [LIVING_RECOMPRESSED, KITCHEN] }),
      record({ hashes: [LIVING_RECOMPRESSED, KITCHEN], area: 63 }),
    ];
    const other = [record({ area: 90, roomCount: 4, hashes: [OTHER_FLAT] }), record({ area: 91, roomCount: 4, hashes: [OTHER_FLAT] })];
    const all = [...flat, ...other];
    const expected = clusterRecords(all).map((group) => group.map((r) => r.key));
    for (let shift = 1; shift < all.length; shift += 1) {
      const rotated = [...all.slice(shift), ...all.slice(0, shift)].reverse();
      expect(clusterRecords(rotated).map((group) => group.map((r) => r.key))).toEqual(expected);
    }
    expect(expected).toHaveLength(2);
  });

  it("reads blocks in the order of their first key, each block's records in key order, whatever the input order", () => {
    const communes = ["75111", "69381", "13201", "33063"];
    const types = ["apartment", "house"];
    const records = Array.from({ length: 400 }, (_, index) =>
      groupingRecord(`portal${index % 7}.fr/annonce-${(index * 7919) % 1000}`, {
        inseeCode: communes[index % communes.length] as string,
        groupingType: types[Math.floor(index / communes.length) % types.length] as string,
      }),
    );
    const expected: string[][] = [];
    const byBlock = new Map<string, string[]>();
    for (const one of [...records].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))) {
      const block = `${one.inseeCode}|${one.groupingType}`;
      let members = byBlock.get(block);
      if (members === undefined) {
        members = [];
        byBlock.set(block, members);
        expected.push(members);
      }
      members.push(one.key);
    }
    for (const order of [records, [...records].reverse(), [...records.slice(150), ...records.slice(0, 150)]]) {
      expect(blocksOf(order).map((block) => block.map((one) => one.key))).toEqual(expected);
    }
    expect(expected).toHaveLength(communes.length * types.length);
  });

  it("does not take the façade photo that the listings of several flats of one building show for the flat's own photo", () => {
    // Three flats of one building, each listing showing the building's façade and photos of its own rooms; the
    // first flat's floor is not given, the other two are on the 1st and the 4th floor (so two flats at least).
    const facade = "9b3e6c1d7a2f4e58";
    const flat = (floor: number | null, area: number, price: number, rooms: string[]) =>
      record({ floor, area, price, roomCount: 2, bedroomCount: 1, dpeLabel: "d", hashes: [facade, ...rooms] });
    const first = flat(null, 45, 310_000, ["4c1a7e93d2b6f058", "e07b3d9a51c6482f"]);
    const firstElsewhere = flat(null, 45, 310_000, ["4c1a7e93d2b6f059", "e07b3d9a51c6482f"]); // the same flat, recompressed
    const second = flat(1, 44, 300_000, ["37d9e2a4c81b6f05", "a2f46c0e9d3b7158"]);
    const fourth = flat(4, 47, 325_000, ["d18f5b27e3a96c40", "6ae0c3f7b2d41985"]);
    const groups = clusterRecords([first, firstElsewhere, second, fourth]);
    expect(groups).toHaveLength(3);
    expect(groups.find((group) => group.includes(first))).toEqual(expect.arrayContaining([first, firstElsewhere]));
  });

  it("takes a point that listings of two flats show for no address: the owner's listing at the commune's centre joins the agency's copy", () => {
    // An owner's listing placed at the commune's centre (the portal hides the address) and an agency's copy at the
    // flat's address 3 km away, alike in every figure given; at the centre, the owners' listings of two other flats.
    const centre = { latitude: 45.767, longitude: 4.8345 };
    const figures = { inseeCode: "69381", area: 63, roomCount: 3, bedroomCount: 2, dpeLabel: "D" };
    const owner = record({ ...figures, price: 315_000, publisherIsProfessional: false, ...centre });
    const agency = record({ ...figures, price: 325_000, publisherIsProfessional: true, publisherSiret: "11111111100011", latitude: 45.745, longitude: 4.86 });
    const studio = record({ inseeCode: "69381", area: 60, roomCount: 1, price: 240_000, floor: 1, publisherIsProfessional: false, ...centre });
    const large = record({ inseeCode: "69381", area: 66, roomCount: 5, price: 420_000, floor: 4, publisherIsProfessional: false, ...centre });
    const keys = (records: GroupingRecord[]) => clusterRecords(records).map((group) => group.map((one) => one.key));
    expect(scorePair(owner, agency)).toBeLessThan(MATCH_MODEL.link); // 3 km apart, as the listings say
    expect(keys([owner, agency, studio, large])).toContainEqual([owner.key, agency.key].sort());
    // Where no two flats' listings meet, the point is taken for the address it may be.
    expect(keys([owner, agency, studio])).toHaveLength(3);
  });

  it("counts for nothing a photo that listings giving two different floors show, even floors one apart", () => {
    // The building's façade on the listing of the 3rd-floor flat, of the 4th-floor flat and of a flat whose floor
    // is not given: floors one apart do not rule out one flat (the ground floor written 0 or 1), but two listings
    // that show one photo and give two floors show the building, not a flat.
    const facade = "9b3e6c1d7a2f4e58";
    const third = record({ floor: 3, hashes: [facade, "4c1a7e93d2b6f058", "e07b3d9a51c6482f"] });
    const fourth = record({ floor: 4, hashes: [facade, "37d9e2a4c81b6f05", "a2f46c0e9d3b7158"] });
    const unknown = record({ floor: null, hashes: [facade, "d18f5b27e3a96c40", "6ae0c3f7b2d41985"] });
    const shared = (x: GroupingRecord, y: GroupingRecord) => {
      const block = [third, fourth, unknown].sort((a, b) => (a.key < b.key ? -1 : 1));
      return blockPairs(block).find(({ a, b }) => (block[a] === x && block[b] === y) || (block[a] === y && block[b] === x))?.sharedPhotos;
    };
    expect(shared(third, unknown)).toBe(0);
    expect(shared(fourth, unknown)).toBe(0);
    // Without a second floor given, the photo may be the flat's own.
    expect(blockPairs([third, unknown].sort((a, b) => (a.key < b.key ? -1 : 1)))[0]?.sharedPhotos).toBe(1);
  });

  it("counts for nothing the photos that two adverts with different energy diagnoses share, two at most", () => {
    // One agency's adverts of two flats of one building, each showing the façade and the staircase among photos of
    // its own: the DPE values (194 and 248 kWh/m².year) say two flats. Another agency's advert of the second flat
    // shows the building's two photos and the second flat's own.
    const building = ["9b3e6c1d7a2f4e58", "4b80450b226f9dbc"];
    const flat = (dpeValue: number, own: string[]) => record({ dpeLabel: "d", dpeValue, hashes: [...building, ...own] });
    const first = flat(194, ["2d3216ff678e8f08", "a04f97dca03355cc", "b396d8b307f67035"]);
    const second = flat(248, ["87d160d03cd857ee", "323959f62aa4894e", "a2a00139952c03d4"]);
    const copy = flat(248, ["87d160d03cd857ee", "323959f62aa4894e", "a2a00139952c03d4"]);
    const block = [first, second, copy].sort((a, b) => (a.key < b.key ? -1 : 1));
    const shared = (x: GroupingRecord, y: GroupingRecord) =>
      blockPairs(block).find(({ a, b }) => (block[a] === x && block[b] === y) || (block[a] === y && block[b] === x))?.sharedPhotos;
    expect(shared(first, copy)).toBe(0);
    expect(shared(second, copy)).toBe(3);
    // The same flat diagnosed again, its copies showing all its photos, keeps them.
    const rediagnosed = flat(194, ["87d160d03cd857ee", "323959f62aa4894e", "a2a00139952c03d4"]);
    expect(blockPairs([second, rediagnosed].sort((a, b) => (a.key < b.key ? -1 : 1)))[0]?.sharedPhotos).toBe(5);
  });

  it("counts for nothing a photo that two adverts of one agency, written separately, share alone", () => {
    // One agency's adverts of two flats of one building, each with the façade and photos of its own rooms and a
    // text of its own, no floor given; the owner of the first flat shows the façade too. An agency copies its own
    // advert of one flat whole: two of its adverts sharing one photo and no text show two flats.
    const facade = "9b3e6c1d7a2f4e58";
    const agency = { publisherSiret: "55210055400013", publisherIsProfessional: true };
    const first = record({
      ...agency,
      textSignature: textSignature("Trois pièces", "Au coeur du quartier, appartement traversant de trois pièces, séjour lumineux, deux chambres, cave."),
      hashes: [facade, "4c1a7e93d2b6f058", "e07b3d9a51c6482f"],
    });
    const second = record({
      ...agency,
      textSignature: textSignature("Bel appartement", "Proche des écoles et des commerces, bel appartement rénové avec balcon filant et parking en sous-sol."),
      hashes: [facade, "37d9e2a4c81b6f05", "a2f46c0e9d3b7158"],
    });
    const owner = record({ publisherIsProfessional: false, hashes: [facade, "d18f5b27e3a96c40"] });
    const block = [first, second, owner].sort((a, b) => (a.key < b.key ? -1 : 1));
    const shared = (x: GroupingRecord, y: GroupingRecord) =>
      blockPairs(block).find(({ a, b }) => (block[a] === x && block[b] === y) || (block[a] === y && block[b] === x))?.sharedPhotos;
    expect(shared(first, owner)).toBe(0);
    expect(shared(second, owner)).toBe(0);
    // The same agency's copy of one advert (its text, its photos) still shares them.
    const copy = record({ ...agency, textSignature: first.textSignature, hashes: [facade, "4c1a7e93d2b6f058", "e07b3d9a51c6482f"] });
    const pair = [first, copy].sort((a, b) => (a.key < b.key ? -1 : 1));
    expect(blockPairs(pair)[0]?.sharedPhotos).toBe(3);
  });

  it("does not link a whole block through a logo every listing of an agency shows", () => {
    const logo = "f0e1d2c3b4a59687";
    const listings = Array.from({ length: 12 }, (_, index) =>
      record({ hashes: [logo, `${(index + 1).toString(16).padStart(2, "0")}3c5a7e9b1d2f4a`], area: 60 + index * 0.4, price: 600_000 + index * 9_000 }),
    );
    expect(clusterRecords(listings)).toHaveLength(12);
  });
});

describe("regrouping after a change", () => {
  it("groups a classified again when any publisher field grouping reads changes, not after a status change", () => {
    for (const field of [
      "publisherSiret",
      "publisherSiren",
      "publisherPhone",
      "publisherName",
      "publisherEmail",
      "publisherIsProfessional",
      "isExclusiveMandate",
    ])
      expect(changesGrouping(new Set([field])), field).toBe(true);
    expect(changesGrouping(new Set(["status", "removedAt"]))).toBe(false);
  });
});

describe("group identity", () => {
  const ids = () => {
    let n = 0;
    return () => `new-${(n += 1)}`;
  };
  it("keeps the oldest id on a merge, and says where the absorbed one went", () => {
    const result = identifyGroups(
      [
        [
          { key: "a", previous: "p2", seniority: "1" },
          { key: "b", previous: "p1", seniority: "2" },
          { key: "c", previous: undefined, seniority: "3" },
        ],
      ],
      ids(),
    );
    expect(result.propertyIds).toEqual(["p1"]);
    expect([...result.absorbed]).toEqual([["p2", "p1"]]);
  });
  it("on a split, the larger part keeps the id and the other gets a new one; on a tie, the part with the eldest member", () => {
    const larger = identifyGroups(
      [
        [{ key: "a", previous: "p1", seniority: "3" }],
        [
          { key: "b", previous: "p1", seniority: "1" },
          { key: "c", previous: "p1", seniority: "2" },
        ],
      ],
      ids(),
    );
    expect(larger.propertyIds).toEqual(["new-1", "p1"]);
    const tie = identifyGroups([[{ key: "a", previous: "p1", seniority: "9" }], [{ key: "b", previous: "p1", seniority: "1" }]], ids());
    expect(tie.propertyIds).toEqual(["new-1", "p1"]);
    expect(tie.absorbed.size).toBe(0);
  });
});

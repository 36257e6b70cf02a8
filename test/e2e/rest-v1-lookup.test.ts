import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLACES, createListing, type Listing } from "../factories/listings.js";
import { EVERYWHERE, createBearer } from "../factories/viewers.js";
import { startV1Harness, type V1Harness } from "./rest-v1-harness.js";

/** The URL as the collector stored it; every variant below must find the same classified. */
const STORED = "https://www.seloger.com/annonces/achat/appartement/paris-11eme-75/187654.htm?idtypebien=1&bd=2";
const PATH = "/annonces/achat/appartement/paris-11eme-75/187654.htm";

const MATCHING_VARIANTS: readonly [string, string][] = [
  ["as stored", STORED],
  ["without scheme", `www.seloger.com${PATH}?idtypebien=1&bd=2`],
  ["without scheme or www", `seloger.com${PATH}?idtypebien=1&bd=2`],
  ["http instead of https", `http://www.seloger.com${PATH}?idtypebien=1&bd=2`],
  ["without www", `https://seloger.com${PATH}?idtypebien=1&bd=2`],
  ["with a trailing slash", `https://www.seloger.com${PATH}/?idtypebien=1&bd=2`],
  ["with a fragment", `${STORED}#photos`],
  ["with utm_* parameters", `${STORED}&utm_source=newsletter&utm_medium=email&utm_campaign=spring`],
  ["with gclid", `${STORED}&gclid=EAIaIQobChMI`],
  ["with fbclid", `${STORED}&fbclid=IwAR0abc`],
  ["with an upper-case host", `https://WWW.SELOGER.COM${PATH}?idtypebien=1&bd=2`],
  ["with an upper-case scheme and mixed-case host", `HTTPS://Www.SeLoger.Com${PATH}?idtypebien=1&bd=2`],
  ["with parameters in another order", `https://www.seloger.com${PATH}?bd=2&idtypebien=1`],
  ["with tracking parameters first", `https://www.seloger.com${PATH}?utm_source=x&gclid=y&idtypebien=1&bd=2`],
  ["with the default port", `https://www.seloger.com:443${PATH}?idtypebien=1&bd=2`],
  ["with xtor and a fragment, no scheme", `seloger.com${PATH}?idtypebien=1&bd=2&xtor=SEC-1#top`],
  ["with surrounding spaces", `  ${STORED}  `],
  ["everything at once", `WWW.SeLoger.com${PATH}/?bd=2&utm_term=t&idtypebien=1&fbclid=f#gallery`],
];

const NON_MATCHING_VARIANTS: readonly [string, string][] = [
  ["another listing id", `https://www.seloger.com/annonces/achat/appartement/paris-11eme-75/187655.htm?idtypebien=1&bd=2`],
  ["a different selecting parameter", `https://www.seloger.com${PATH}?idtypebien=2&bd=2`],
  ["a missing selecting parameter", `https://www.seloger.com${PATH}?idtypebien=1`],
  ["another portal", `https://www.leboncoin.fr${PATH}?idtypebien=1&bd=2`],
  ["not a web address", "mailto:agence@seloger.com"],
];

let h: V1Harness;
let token: string;
let listing: Listing;

beforeAll(async () => {
  h = await startV1Harness();
  listing = await createListing(h.database.db, { place: PLACES[0], classifieds: [{ sourceUrl: STORED }] });
  token = await createBearer(h.database.db, EVERYWHERE);
}, 120_000);

afterAll(async () => {
  await h?.close();
});

const lookup = (endpoint: string, url: string) => h.call(`${endpoint}?url=${encodeURIComponent(url)}`, { token });

describe("GET /classifieds/lookup matches URL variants", () => {
  it.each(MATCHING_VARIANTS)("%s", async (_name, url) => {
    const res = await lookup("/classifieds/lookup", url);
    expect(res.status).toBe(200);
    expect((res.json["classified"] as { id: string }).id).toBe(listing.classifieds[0]?.id); // 200 body has it
  });

  it.each(NON_MATCHING_VARIANTS)("does not match %s", async (_name, url) => {
    const res = await lookup("/classifieds/lookup", url);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: "Classified not found." });
  });
});

describe("GET /properties/lookup matches URL variants", () => {
  it.each(MATCHING_VARIANTS)("%s", async (_name, url) => {
    const res = await lookup("/properties/lookup", url);
    expect(res.status).toBe(200);
    expect((res.json["property"] as { id: string }).id).toBe(listing.property.id); // 200 body has it
  });

  it.each(NON_MATCHING_VARIANTS)("does not match %s", async (_name, url) => {
    const res = await lookup("/properties/lookup", url);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: "Property not found." });
  });
});

import { describe, expect, it } from "vitest";
import type { Viewer } from "../../../src/modules/auth/auth.types.js";
import { classifiedDetail, classifiedListItem, classifiedLookup } from "../../../src/modules/v1-view/representations/classified.representation.js";
import { authInformation, metaEnvelope } from "../../../src/modules/v1-view/representations/meta.representation.js";
import {
  classifiedSummary,
  classifiedSummaryWithSiret,
  propertyRepresentation,
  propertyWithSirets,
} from "../../../src/modules/v1-view/representations/property.representation.js";
import { ClassifiedDetail, ClassifiedListItem, ClassifiedLookup } from "../../../src/modules/v1-view/schemas/classified.schema.js";
import { Property, PropertyWithSirets } from "../../../src/modules/v1-view/schemas/property.schema.js";
import { AuthResponse } from "../../../src/modules/v1-view/schemas/responses.schema.js";
import * as published from "../../support/published-v1-schemas.js";
import { fullClassified, fullProperty, images, keyPaths, priceHistory, sparseClassified, sparseProperty } from "./rows.js";

const full = { classified: fullClassified(), priceHistory: priceHistory(), images: images() };
const sparse = { classified: sparseClassified(), priceHistory: [], images: [] };
const viewer: Viewer = {
  accountId: "3f0e2d1c-0b9a-4876-9543-210fedcba987",
  email: "dev@example.fr",
  plan: "growth100",
  contract: { allDepartments: false, departments: ["69", "75"], sirens: ["552100554"], sirets: [] },
  tokenId: "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d",
  tokenName: "integration",
  tokenCreatedAt: new Date("2024-01-02T03:04:05.000Z"),
  scopes: ["read"],
};
const meta = metaEnvelope(viewer);

// ── Field sets of the interface specification, written out from its tables ─────────────────────────────
const LOCATION = ["location.city.inseeCode", "location.city.name", "location.country", "location.department", "location.postcode"];
const COORDINATES = ["location.latitude", "location.longitude"];
const CLASSIFIED_META = ["meta.firstSeenAt", "meta.lastModifiedAt", "meta.lastSeenAt", "meta.removedAt"];
const HISTORY_WITH_ID = ["transaction.price.history[].id", "transaction.price.history[].timestamp", "transaction.price.history[].value"];

const DETAIL_2_5 = [
  "id",
  "propertyId",
  "status.current",
  "currency",
  "squareUnit",
  "title",
  "description",
  "source.domain",
  "source.url",
  "publisher.isProfessional",
  "publisher.siren",
  "publisher.siret",
  "contact.name",
  "contact.email",
  "contact.phone",
  "contact.phoneExists",
  "contact.isRefusingSolicitation",
  ...CLASSIFIED_META,
  ...LOCATION,
  ...COORDINATES,
  "property.type",
  "property.area",
  "property.roomCount",
  "property.bedroomCount",
  "property.bathroomCount",
  "property.balconyExists",
  "property.propertyIsProgram",
  "transaction.type",
  "transaction.isExclusiveMandate",
  "transaction.price.current",
  "transaction.price.initial",
  "transaction.price.perSquareUnit",
  ...HISTORY_WITH_ID,
  "media.images[].id",
  "media.images[].url",
  "media.images[].position",
  "media.images[].perceptualHash",
  "media.images[].differenceHash",
  "media.images[].averageHash",
].sort();

const LIST_ITEM_2_6 = DETAIL_2_5.filter(
  (path) => !["contact.phone", ...COORDINATES, "property.bathroomCount", "property.propertyIsProgram"].includes(path) && !/Hash$/.test(path),
);

const LOOKUP_2_7 = [
  "currency",
  "squareUnit",
  "id",
  "propertyId",
  "status.current",
  ...CLASSIFIED_META,
  "source.domain",
  "source.url",
  "property.type",
  "publisher.isProfessional",
  "publisher.siren",
  "publisher.siret",
  ...LOCATION,
  "transaction.isExclusiveMandate",
  "transaction.price.current",
  "transaction.price.initial",
  ...HISTORY_WITH_ID,
  "transaction.type",
].sort();

const SUMMARY_2_4 = [
  "id",
  "status.current",
  "description",
  "source.domain",
  "source.url",
  "publisher.isProfessional",
  "publisher.type",
  "publisher.email",
  "publisher.phone",
  "publisher.feesUrl",
  "publisher.siren",
  "transaction.current",
  "transaction.initial",
  "transaction.perSquareUnit",
  "transaction.history[].id",
  "transaction.history[].value",
  "transaction.history[].timestamp",
].sort();

const PROPERTY_2_3 = [
  "id",
  "status.current",
  "description",
  ...LOCATION,
  ...COORDINATES,
  "meta.firstSeenAt",
  "meta.lastSeenAt",
  "property.type",
  "property.area",
  "property.bedroomCount",
  "property.roomCount",
  "property.balconyExists",
  "property.terraceExists",
  "property.parkingExists",
  "media.images[].id",
  "media.images[].position",
  "media.images[].url",
  "energy.dpe.label",
  "energy.ges.label",
  "transaction.type",
  "transaction.price.initial",
  "transaction.price.current",
  "transaction.price.perSquareUnit",
  "transaction.price.history[].id",
  "transaction.price.history[].value",
  "transaction.price.history[].timestamp",
];
const withPrefix = (prefix: string, paths: string[]) => paths.map((path) => `${prefix}.${path}`);

describe("2.5 classified by id", () => {
  it("carries exactly the listed fields when every column is known", () => {
    expect(keyPaths(classifiedDetail(full))).toEqual(DETAIL_2_5);
  });

  it("leaves unknown optional fields out and keeps the required ones", () => {
    const paths = keyPaths(classifiedDetail(sparse));
    const optional = [
      "title",
      "description",
      "publisher.siren",
      "publisher.siret",
      "contact.name",
      "contact.email",
      "contact.phone",
      "contact.isRefusingSolicitation",
      ...COORDINATES,
      "property.area",
      "property.roomCount",
      "property.bedroomCount",
      "property.bathroomCount",
      "property.balconyExists",
      "property.propertyIsProgram",
      "transaction.isExclusiveMandate",
      "transaction.price.perSquareUnit",
      ...HISTORY_WITH_ID,
      "media.images[].id",
      "media.images[].url",
      "media.images[].position",
      "media.images[].perceptualHash",
      "media.images[].differenceHash",
      "media.images[].averageHash",
    ];
    expect(paths).toEqual([...DETAIL_2_5.filter((p) => !optional.includes(p)), "media.images[]", "transaction.price.history[]"].sort());
  });

  it("orders price history oldest first and images by position, with ids", () => {
    const detail = classifiedDetail(full);
    expect(detail.transaction.price.history.map((h) => h.value)).toEqual([320_000, 305_000]);
    expect(detail.transaction.price.history[0]?.id).toBe("5e1d7c4b-0a3e-4c6e-9b1f-2a3b4c5d6e01");
    expect(detail.media.images.map((i) => i.position)).toEqual([0, 1]);
    expect(detail.media.images[0]).toEqual({ id: "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c01", position: 0, url: "https://img.seloger.com/123/1.jpg" });
  });

  it("derives phoneExists and a required isProfessional", () => {
    expect(classifiedDetail(full).contact.phoneExists).toBe(true);
    expect(classifiedDetail(sparse).contact).toEqual({ phoneExists: false });
    expect(classifiedDetail(sparse).publisher).toEqual({ isProfessional: false });
    const withSiren = classifiedDetail({ ...sparse, classified: sparseClassified({ publisherSiren: "552100554" }) });
    expect(withSiren.publisher).toEqual({ isProfessional: true, siren: "552100554" });
  });

  it("validates against our schema and the published one", () => {
    for (const parts of [full, sparse]) {
      const classified = classifiedDetail(parts);
      expect(ClassifiedDetail.safeParse(classified).error).toBeUndefined();
      expect(published.ClassifiedsShow200Response.safeParse({ classified, meta }).error).toBeUndefined();
    }
  });
});

describe("2.6 classified in a property's list", () => {
  it("has no phone, coordinates, hashes, bathroom count or program flag", () => {
    expect(keyPaths(classifiedListItem(full))).toEqual(LIST_ITEM_2_6);
    const item = classifiedListItem(full);
    expect(item.contact).not.toHaveProperty("phone");
    expect(item.location).not.toHaveProperty("latitude");
    expect(item.media.images[1]).not.toHaveProperty("perceptualHash");
  });

  it("validates against our schema and the published one", () => {
    const classifieds = [classifiedListItem(full), classifiedListItem(sparse)];
    for (const item of classifieds) expect(ClassifiedListItem.safeParse(item).error).toBeUndefined();
    expect(published.PropertiesClassifiedsIndex200Response.safeParse({ classifieds, meta }).error).toBeUndefined();
  });
});

describe("2.7 classified lookup", () => {
  it("carries exactly the listed fields: no title, description, contact, media or price per m²", () => {
    expect(keyPaths(classifiedLookup(full))).toEqual(LOOKUP_2_7);
  });

  it("keeps required fields on a sparse row and validates", () => {
    const lookup = classifiedLookup(sparse);
    expect(lookup.publisher).toEqual({ isProfessional: false });
    expect(lookup.transaction).toEqual({ type: "sale", price: { current: 305_000, initial: 320_000, history: [] } });
    for (const classified of [lookup, classifiedLookup(full)]) {
      expect(ClassifiedLookup.safeParse(classified).error).toBeUndefined();
      expect(published.ClassifiedsLookup200Response.safeParse({ classified, meta }).error).toBeUndefined();
    }
  });
});

describe("2.4 classified summary embedded in a property", () => {
  it("is flat (no price object), has history with stable ids, and no siret by default", () => {
    expect(keyPaths(classifiedSummary(full))).toEqual(SUMMARY_2_4);
  });

  it("has publisher.siret in the classified-to-property variant", () => {
    expect(keyPaths(classifiedSummaryWithSiret(full))).toEqual([...SUMMARY_2_4, "publisher.siret"].sort());
  });

  it("keeps description (null) and isProfessional on a sparse row", () => {
    expect(classifiedSummary(sparse)).toEqual({
      id: sparse.classified.id,
      status: { current: "available" },
      description: null,
      source: { domain: "seloger.com", url: sparse.classified.sourceUrl },
      publisher: { isProfessional: false },
      transaction: { current: 305_000, initial: 320_000, history: [] },
    });
  });
});

describe("2.3 property", () => {
  const parts = { property: fullProperty(), description: "Traversant.", classifieds: [full], images: images() };

  it("carries exactly the listed fields, with 2.4 summaries", () => {
    const property = propertyRepresentation(parts);
    expect(keyPaths(property)).toEqual([...PROPERTY_2_3, ...withPrefix("classifieds[]", SUMMARY_2_4)].sort());
    const [entry] = property.transaction.price.history;
    expect(entry).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      value: 320_000,
      timestamp: "2024-03-01T10:00:00.000Z",
    });
    // Stable: the same entry has the same id on every read.
    expect(propertyRepresentation(parts).transaction.price.history[0]?.id).toBe(entry?.id);
  });

  it("embeds publisher.siret only in the classified-to-property variant", () => {
    const property = propertyWithSirets(parts);
    expect(keyPaths(property)).toEqual([...PROPERTY_2_3, ...withPrefix("classifieds[]", [...SUMMARY_2_4, "publisher.siret"])].sort());
    expect(propertyRepresentation(parts).classifieds[0]?.publisher).not.toHaveProperty("siret");
  });

  it("keeps description (null), media and energy objects on a sparse property", () => {
    const property = propertyRepresentation({ property: sparseProperty(), description: null, classifieds: [], images: [] });
    expect(property.description).toBeNull();
    expect(property.media).toEqual({ images: [] });
    expect(property.energy).toEqual({});
    expect(property.property).toEqual({ type: "apartment" });
    expect(property.location).not.toHaveProperty("latitude");
    expect(property.transaction).toEqual({ type: "sale", price: { initial: 320_000, current: 305_000, history: [] } });
  });

  it("validates against our schemas and the published ones (spec overrides applied)", () => {
    const sparseParts = { property: sparseProperty(), description: null, classifieds: [sparse], images: [] };
    for (const p of [parts, sparseParts]) {
      const property = propertyRepresentation(p);
      expect(Property.safeParse(property).error).toBeUndefined();
      expect(published.PropertiesShow200Response.safeParse({ property, meta }).error).toBeUndefined();
      const withSirets = propertyWithSirets(p);
      expect(PropertyWithSirets.safeParse(withSirets).error).toBeUndefined();
      expect(published.ClassifiedsPropertyShow200Response.safeParse({ property: withSirets, meta }).error).toBeUndefined();
    }
  });

  it("is rejected by our strict schema when a field is added", () => {
    const property = { ...propertyRepresentation(parts), extra: true };
    expect(Property.safeParse(property).success).toBe(false);
  });
});

describe("2.2 meta and 2.8 auth", () => {
  it("lists the contract", () => {
    expect(meta).toEqual({
      subscriptionPlan: "growth100",
      dataAccessLimit: { departments: ["69", "75"], sirens: ["552100554"], sirets: [] },
    });
  });

  it("lists every department for a contract over all departments", () => {
    const all = metaEnvelope({ ...viewer, contract: { allDepartments: true, departments: [], sirens: [], sirets: [] } });
    expect(all.dataAccessLimit.departments).toContain("2A");
    expect(all.dataAccessLimit.departments).toContain("971");
    expect(all.dataAccessLimit.departments.length).toBeGreaterThanOrEqual(101);
  });

  it("auth carries exactly email, tokenName, tokenCreatedAt and meta", () => {
    const auth = authInformation(viewer);
    expect(keyPaths(auth)).toEqual(
      [
        "email",
        "tokenName",
        "tokenCreatedAt",
        "meta.subscriptionPlan",
        "meta.dataAccessLimit.departments[]",
        "meta.dataAccessLimit.sirens[]",
        "meta.dataAccessLimit.sirets[]",
      ].sort(),
    );
    expect(auth.tokenCreatedAt).toBe("2024-01-02T03:04:05.000Z");
    expect(AuthResponse.safeParse(auth).error).toBeUndefined();
    expect(published.Auth200Response.safeParse(auth).error).toBeUndefined();
  });
});

describe("stored values outside v1", () => {
  it("fail loudly instead of reaching clients", () => {
    expect(() => classifiedDetail({ ...full, classified: fullClassified({ status: "archived" }) })).toThrow(/status/);
  });
});

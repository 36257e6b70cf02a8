import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { classifiedImageLists, classifieds, properties, type ClassifiedRow } from "../../src/db/schema/index.js";
import type { Contract } from "../../src/domain/contract.js";
import { PUBLISHERS, insertGeneratedListings, seededRandom } from "../factories/generated-listings.js";
import { PLACES } from "../factories/listings.js";
import { createBearer } from "../factories/viewers.js";
import { createTestDatabase, type TestDatabase } from "../support/database.js";
import { postGraphql, startGraphqlServer, type GraphqlResponse, type GraphqlServer } from "../support/graphql-server.js";

/** The contract rule, written independently of the implementation: the oracle of this test. */
function sees(contract: Contract, c: Pick<ClassifiedRow, "department" | "publisherSiren" | "publisherSiret">): boolean {
  const department = contract.allDepartments || contract.departments.includes(c.department);
  const publisherListed = contract.sirens.length === 0 && contract.sirets.length === 0;
  const publisher =
    publisherListed ||
    (c.publisherSiren !== null && contract.sirens.includes(c.publisherSiren)) ||
    (c.publisherSiret !== null && contract.sirets.includes(c.publisherSiret));
  return department && publisher;
}

/**
 * What a property's derived values are when only `members` are visible (README, "Properties"): the lowest
 * price among the active ones (all when none is), first and last seen over all of them.
 */
function derivedFrom(members: readonly ClassifiedRow[]) {
  const active = members.filter((c) => c.status !== "removed");
  const shown = active.length > 0 ? active : members;
  return {
    price: Math.min(...shown.map((c) => c.priceCurrent)),
    firstSeenAt: new Date(Math.min(...members.map((c) => c.firstSeenAt.getTime()))).toISOString(),
    lastSeenAt: new Date(Math.max(...members.map((c) => c.lastSeenAt.getTime()))).toISOString(),
  };
}

function randomContract(random: () => number): Contract {
  const some = <T>(values: readonly T[]) => values.filter(() => random() < 0.4);
  return {
    allDepartments: random() < 0.2,
    departments: some(PLACES.map((p) => p.department)),
    sirens: random() < 0.5 ? some(PUBLISHERS.map((p) => p.siren)) : [],
    sirets: random() < 0.3 ? some(PUBLISHERS.map((p) => p.siret)) : [],
  };
}

const NAVIGATION = `query($after: String, $filter: PropertyFilter) {
  properties(first: 100, after: $after, filter: $filter) {
    totalCount
    pageInfo { hasNextPage endCursor }
    edges { node {
      id
      transaction { price { current } }
      meta { firstSeenAt lastSeenAt }
      media { images { id } }
      classifieds { id media { images { id } } property { id classifieds { id property { id } } } }
    } }
  }
}`;

type Node = {
  id: string;
  transaction: { price: { current: number } };
  meta: { firstSeenAt: string; lastSeenAt: string };
  media: { images: { id: string }[] };
  classifieds: { id: string; media: { images: { id: string }[] }; property: { id: string; classifieds: { id: string; property: { id: string } }[] } | null }[];
};
type Page = { properties: { totalCount: number; pageInfo: { hasNextPage: boolean; endCursor: string | null }; edges: { node: Node }[] } };

describe("contract: for random contracts over generated data, nothing outside the contract is ever returned", () => {
  let database: TestDatabase;
  let server: GraphqlServer;
  let allClassifieds: ClassifiedRow[];
  let imageOwner: Map<string, string>;
  let propertyIds: string[];
  let storedValues: Map<string, ReturnType<typeof derivedFrom>>;

  beforeAll(async () => {
    database = await createTestDatabase();
    await insertGeneratedListings(database.db, { properties: 150, seed: 42, maxClassifiedsPerProperty: 4, imagesPerClassified: 1 });
    allClassifieds = await database.db.select().from(classifieds);
    const lists = await database.db.select().from(classifiedImageLists);
    imageOwner = new Map(lists.flatMap((list) => list.images.map(([id]) => [id, list.classifiedId] as const)));
    const stored = await database.db.select().from(properties);
    propertyIds = stored.map((p) => p.id);
    storedValues = new Map(
      stored.map((p) => [p.id, { price: p.priceCurrent, firstSeenAt: p.firstSeenAt.toISOString(), lastSeenAt: p.lastSeenAt.toISOString() }]),
    );
    server = await startGraphqlServer(database);
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  const random = seededRandom(2024);
  const contracts = Array.from({ length: 8 }, () => randomContract(random));

  it("the random contracts both show and hide listings (the checks below are not vacuous)", () => {
    const shownCounts = contracts.map((contract) => allClassifieds.filter((c) => sees(contract, c)).length);
    expect(shownCounts.some((n) => n > 0)).toBe(true);
    expect(shownCounts.some((n) => n > 0 && n < allClassifieds.length)).toBe(true);
  });

  it.each(contracts.map((contract, index) => [index, contract] as const))("contract #%i", async (_index, contract) => {
    const token = await createBearer(database.db, contract, "enterprise500");
    const visible = new Set(allClassifieds.filter((c) => sees(contract, c)).map((c) => c.id));
    const visibleOf = new Map<string, Set<string>>();
    for (const c of allClassifieds) if (visible.has(c.id)) visibleOf.set(c.propertyId, (visibleOf.get(c.propertyId) ?? new Set()).add(c.id));
    const visibleProperties = new Set(visibleOf.keys());
    const restrictsPublishers = contract.sirens.length > 0 || contract.sirets.length > 0;

    // Connection, counts and navigation both ways, over every page.
    const seen = new Set<string>();
    let after: string | null = null;
    let total = -1;
    do {
      const response: GraphqlResponse<Page> = await postGraphql<Page>(server.url, token, NAVIGATION, { after });
      expect(response.body.errors).toBeUndefined();
      const page: Page["properties"] | undefined = response.body.data?.properties;
      if (!page) throw new Error("no page");
      total = page.totalCount;
      for (const { node } of page.edges) {
        seen.add(node.id);
        expect(visibleProperties.has(node.id)).toBe(true);
        expect(new Set(node.classifieds.map((c) => c.id))).toEqual(visibleOf.get(node.id));
        // Under a publisher restriction, derived values come from the visible classifieds only; otherwise
        // every classified of a visible property is visible and the stored row is what the caller sees.
        const expected = restrictsPublishers ? derivedFrom(allClassifieds.filter((c) => visibleOf.get(node.id)?.has(c.id))) : storedValues.get(node.id);
        expect({ price: node.transaction.price.current, firstSeenAt: node.meta.firstSeenAt, lastSeenAt: node.meta.lastSeenAt }).toEqual(expected);
        for (const image of node.media.images) expect(visible.has(imageOwner.get(image.id) ?? "")).toBe(true);
        for (const c of node.classifieds) {
          for (const image of c.media.images) expect(imageOwner.get(image.id)).toBe(c.id);
          expect(c.property?.id).toBe(node.id);
          expect(new Set(c.property?.classifieds.map((d) => d.id))).toEqual(visibleOf.get(node.id));
          for (const d of c.property?.classifieds ?? []) expect(d.property.id).toBe(node.id);
        }
      }
      after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
    } while (after !== null);
    expect(total).toBe(visibleProperties.size);
    expect(seen).toEqual(visibleProperties);

    // A filtered count stays within the contract too.
    const department = PLACES[0]!.department;
    const filtered = await postGraphql<Page>(server.url, token, NAVIGATION, { filter: { departments: [department] } });
    const expected = [...visibleProperties].filter((id) => allClassifieds.some((c) => c.propertyId === id && c.department === department));
    expect(filtered.body.data?.properties.totalCount).toBe(expected.length);

    // Lookups by id and URL: a sample of visible and invisible objects.
    const sample = allClassifieds.filter((_, i) => i % 7 === 0);
    const lookups = sample.map(
      (c, i) =>
        `c${i}: classified(id: "${c.id}") { id } u${i}: classifiedByUrl(url: "${c.sourceUrl}") { id } p${i}: propertyByUrl(url: "${c.sourceUrl}") { id }`,
    );
    for (let start = 0; start < lookups.length; start += 5) {
      const { body } = await postGraphql<Record<string, { id: string } | null>>(server.url, token, `{ ${lookups.slice(start, start + 5).join(" ")} }`);
      expect(body.errors).toBeUndefined();
      for (let i = start; i < Math.min(lookups.length, start + 5); i += 1) {
        const c = sample[i]!;
        const shown = visible.has(c.id);
        expect(body.data?.[`c${i}`]?.id ?? null).toBe(shown ? c.id : null);
        expect(body.data?.[`u${i}`]?.id ?? null).toBe(shown ? c.id : null);
        expect(body.data?.[`p${i}`]?.id ?? null).toBe(shown ? c.propertyId : null);
      }
    }
    const propertySample = propertyIds.filter((_, i) => i % 5 === 0);
    for (let start = 0; start < propertySample.length; start += 15) {
      const chunk = propertySample.slice(start, start + 15);
      const { body } = await postGraphql<Record<string, { id: string; classifieds: { id: string }[] } | null>>(
        server.url,
        token,
        `{ ${chunk.map((id, i) => `p${i}: property(id: "${id}") { id classifieds { id } }`).join(" ")} }`,
      );
      expect(body.errors).toBeUndefined();
      chunk.forEach((id, i) => {
        const shown = body.data?.[`p${i}`] ?? null;
        expect(shown?.id ?? null).toBe(visibleProperties.has(id) ? id : null);
        if (shown) expect(new Set(shown.classifieds.map((c) => c.id))).toEqual(visibleOf.get(id));
      });
    }
  });
});

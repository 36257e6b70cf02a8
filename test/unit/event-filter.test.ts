import { describe, expect, it } from "vitest";
import { compileStreamFilter, eventAsSeenBy, isEventVisible, streamPredicate, type EventFacts } from "../../src/modules/events/event-filter.js";
import { departmentsReachable } from "../../src/modules/events/listing-event-stream.js";

const event = (overrides: Partial<EventFacts> = {}): EventFacts => ({
  type: "created",
  resource: "classified",
  department: "75",
  propertyType: "apartment",
  transactionType: "sale",
  sourceDomains: ["seloger.com"],
  sirens: ["552100554"],
  sirets: ["55210055400013"],
  changedFields: [],
  listings: null,
  viewOnly: false,
  ...overrides,
});

const contract = (overrides: Partial<{ allDepartments: boolean; departments: string[]; sirens: string[]; sirets: string[] }> = {}) => ({
  allDepartments: false,
  departments: [] as string[],
  sirens: [] as string[],
  sirets: [] as string[],
  ...overrides,
});

/** A flat two publishers list: a property event carrying both listings, ours (SIREN 732829320) caused it. */
const own = { siren: "732829320", siret: null, sourceDomain: "seloger.com", member: true, joined: false, cause: true };
const other = { siren: "552100554", siret: "55210055400013", sourceDomain: "bienici.com", member: true, joined: false, cause: false };
const shared = event({
  resource: "property",
  type: "updated",
  sirens: ["552100554", "732829320"],
  sourceDomains: ["bienici.com", "seloger.com"],
  listings: [own, other],
});
const bySiren = contract({ departments: ["75"], sirens: ["732829320"] });

describe("isEventVisible", () => {
  it("needs the department to be covered", () => {
    expect(isEventVisible(contract({ departments: ["75"] }), event())).toBe(true);
    expect(isEventVisible(contract({ departments: ["69"] }), event())).toBe(false);
    expect(isEventVisible(contract({ allDepartments: true }), event({ department: "2A" }))).toBe(true);
    expect(isEventVisible(contract(), event())).toBe(false);
  });

  it("needs one publisher listed when the contract lists SIRENs or SIRETs", () => {
    const bySiren = contract({ allDepartments: true, sirens: ["732829320"] });
    expect(isEventVisible(bySiren, event())).toBe(false);
    expect(isEventVisible(bySiren, event({ sirens: ["552100554", "732829320"] }))).toBe(true);
    const bySiret = contract({ departments: ["75"], sirets: ["55210055400013"] });
    expect(isEventVisible(bySiret, event({ sirens: [] }))).toBe(true);
    expect(isEventVisible(bySiret, event({ department: "92" }))).toBe(false);
    expect(isEventVisible(bySiret, event({ sirens: [], sirets: [] }))).toBe(false);
  });

  it("shows a contract narrowed to publishers a property event only when one of its own classifieds caused it", () => {
    const causedByOther = {
      ...shared,
      listings: [
        { ...own, cause: false },
        { ...other, cause: true },
      ],
    };
    const causedByOwn = shared;
    expect(isEventVisible(bySiren, causedByOther)).toBe(false);
    expect(isEventVisible(bySiren, causedByOwn)).toBe(true);
    expect(isEventVisible(bySiren, { ...causedByOther, listings: [own, { ...other, cause: true }] })).toBe(true);
    // No cause (derived again, no classified changed): its members decide.
    expect(isEventVisible(bySiren, { ...causedByOther, listings: [{ ...own, cause: false }, other] })).toBe(true);
    // Not one of its classifieds belongs to the property, before or after.
    expect(isEventVisible(bySiren, { ...causedByOther, sirens: ["552100554"], listings: [other] })).toBe(false);
    // A SIRET of the contract covers that establishment's listing only.
    expect(isEventVisible(contract({ departments: ["75"], sirets: ["55210055400021"] }), causedByOther)).toBe(false);
    expect(isEventVisible(contract({ departments: ["75"], sirets: ["55210055400013"] }), causedByOther)).toBe(true);
    // A contract without publishers sees every change of a property it sees, as recorded.
    expect(eventAsSeenBy(contract({ departments: ["75"] }), causedByOther)).toBe(causedByOther);
  });

  it("shows a narrowed contract a property its own classifieds join as created, one they all leave as removed", () => {
    const updated = { ...shared, changedFields: ["classifieds", "sourceDomains"] };
    // Ours joined the other publisher's property: new to this contract.
    expect(eventAsSeenBy(bySiren, { ...updated, listings: [{ ...own, joined: true }, other] })).toMatchObject({ type: "created", changedFields: [] });
    // Ours left it; the other's stays.
    expect(eventAsSeenBy(bySiren, { ...updated, listings: [{ ...own, member: false }, other] })).toMatchObject({
      type: "removed",
      changedFields: [],
      sirens: ["732829320"],
      sourceDomains: ["seloger.com"],
    });
    // Ours withdrawn, the other's still on sale: its view of the property is removed.
    const withdrawn = { ...own, active: false, changes: ["sourceDomains", "status"] };
    expect(eventAsSeenBy(bySiren, { ...updated, listings: [withdrawn, { ...other, active: true }] })).toMatchObject({ type: "removed" });
    expect(eventAsSeenBy(contract({ departments: ["75"] }), { ...updated, listings: [withdrawn, other] })).toMatchObject({ type: "updated" });
    // Ours was there and stays: the event as recorded, seen through its own listings.
    expect(eventAsSeenBy(bySiren, updated)).toMatchObject({ type: "updated", changedFields: ["classifieds", "sourceDomains"] });
    // A contract without publishers sees the stored property's event.
    expect(eventAsSeenBy(contract({ departments: ["75"] }), { ...updated, listings: [{ ...own, joined: true }, other] })).toMatchObject({ type: "updated" });
  });

  it("shows a narrowed contract the fields that changed as its own listings' publisher sees the property, nothing when none did", () => {
    const stored = { ...shared, changedFields: ["leadClassifiedId", "priceCurrent", "pricePerSquareMeter"] };
    expect(eventAsSeenBy(bySiren, { ...stored, listings: [{ ...own, changes: ["priceCurrent"] }, other] })).toMatchObject({ changedFields: ["priceCurrent"] });
    expect(
      eventAsSeenBy(bySiren, {
        ...stored,
        listings: [
          { ...own, changes: [] },
          { ...other, cause: true, changes: ["priceCurrent"] },
        ],
      }),
    ).toBeNull();
    // Without the view's fields (recorded before they were), and for a contract without publishers: the recorded fields.
    expect(eventAsSeenBy(bySiren, stored)).toMatchObject({ changedFields: stored.changedFields });
    expect(eventAsSeenBy(contract({ departments: ["75"] }), { ...stored, listings: [{ ...own, changes: [] }, other] })).toMatchObject({
      changedFields: stored.changedFields,
    });
  });

  it("shows an event of a narrowed view only to contracts narrowed to one of its causes' publishers, not seeing every member", () => {
    const view = { ...shared, viewOnly: true };
    expect(isEventVisible(contract({ departments: ["75"], sirens: ["732829320"] }), view)).toBe(true);
    expect(isEventVisible(contract({ departments: ["75"], sirens: ["552100554"] }), view)).toBe(false);
    expect(isEventVisible(contract({ departments: ["75"] }), view)).toBe(false);
    expect(isEventVisible(contract({ departments: ["75"], sirens: ["552100554", "732829320"] }), view)).toBe(false);
  });

  it("shows a narrowed contract its own classifieds' portals and publishers only, so filters cannot find the others'", () => {
    expect(eventAsSeenBy(bySiren, shared)).toMatchObject({ sirens: ["732829320"], sirets: [], sourceDomains: ["seloger.com"], listings: [own] });
    expect(streamPredicate(bySiren, { sourceDomains: ["bienici.com"] })(shared)).toBe(false);
    expect(streamPredicate(bySiren, { sourceDomains: ["seloger.com"] })(shared)).toBe(true);
    expect(streamPredicate(bySiren, { sirens: ["552100554"] })(shared)).toBe(false);
    expect(streamPredicate(bySiren, { sirets: ["55210055400013"] })(shared)).toBe(false);
    expect(streamPredicate(bySiren, { sirens: ["732829320"] })(shared)).toBe(true);
    const everyone = contract({ departments: ["75"] });
    expect(streamPredicate(everyone, { sourceDomains: ["bienici.com"] })(shared)).toBe(true);
    expect(streamPredicate(everyone, { sirens: ["552100554"] })(shared)).toBe(true);
  });
});

describe("compileStreamFilter", () => {
  it("accepts everything without constraints, empty lists included", () => {
    expect(compileStreamFilter({})(event())).toBe(true);
    expect(compileStreamFilter({ departments: [], types: [] })(event())).toBe(true);
  });

  it("combines lists with AND and values with OR", () => {
    const matches = compileStreamFilter({ types: ["created", "removed"], departments: ["75", "92"], propertyTypes: ["apartment"] });
    expect(matches(event())).toBe(true);
    expect(matches(event({ type: "updated" }))).toBe(false);
    expect(matches(event({ department: "69" }))).toBe(false);
    expect(matches(event({ propertyType: "house" }))).toBe(false);
  });

  it("filters resources, transaction types and source domains (normalised)", () => {
    const matches = compileStreamFilter({ resources: ["property"], transactionTypes: ["rent"], sourceDomains: ["WWW.LeBonCoin.fr"] });
    expect(matches(event({ resource: "property", transactionType: "rent", sourceDomains: ["seloger.com", "leboncoin.fr"] }))).toBe(true);
    expect(matches(event({ resource: "property", transactionType: "rent" }))).toBe(false);
    expect(matches(event({ resource: "classified", transactionType: "rent", sourceDomains: ["leboncoin.fr"] }))).toBe(false);
  });

  it("matches publishers by SIREN or SIRET", () => {
    expect(compileStreamFilter({ sirens: ["552100554"] })(event())).toBe(true);
    expect(compileStreamFilter({ sirets: ["55210055400013"] })(event({ sirens: [] }))).toBe(true);
    expect(compileStreamFilter({ sirens: ["732829320"], sirets: ["73282932000074"] })(event())).toBe(false);
  });

  it("streamPredicate needs both the contract and the filter", () => {
    const predicate = streamPredicate(contract({ departments: ["75"] }), { types: ["removed"] });
    expect(predicate(event({ type: "removed" }))).toBe(true);
    expect(predicate(event({ type: "created" }))).toBe(false);
    expect(predicate(event({ type: "removed", department: "13" }))).toBe(false);
  });
});

describe("departmentsReachable", () => {
  it("is the contract's departments narrowed by the filter, or null for anywhere", () => {
    expect(departmentsReachable(contract({ allDepartments: true }), null)).toBeNull();
    expect(departmentsReachable(contract({ allDepartments: true }), ["75"])).toEqual(new Set(["75"]));
    expect(departmentsReachable(contract({ departments: ["75", "69"] }), null)).toEqual(new Set(["75", "69"]));
    expect(departmentsReachable(contract({ departments: ["75", "69"] }), ["69", "13"])).toEqual(new Set(["69"]));
    expect(departmentsReachable(contract({ departments: ["75"] }), [])).toEqual(new Set(["75"]));
  });
});

import { describe, expect, it } from "vitest";
import { compileStreamFilter, isEventVisible, streamPredicate, type EventFacts } from "../../src/modules/events/event-filter.js";
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
  ...overrides,
});

const contract = (overrides: Partial<{ allDepartments: boolean; departments: string[]; sirens: string[]; sirets: string[] }> = {}) => ({
  allDepartments: false,
  departments: [] as string[],
  sirens: [] as string[],
  sirets: [] as string[],
  ...overrides,
});

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

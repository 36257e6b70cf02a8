import { describe, expect, it } from "vitest";
import type { Database } from "../../src/db/client.js";
import type { Contract } from "../../src/domain/contract.js";
import { broadAsOf, broadSearchKey, forgetBroad, rememberBroad } from "../../src/modules/search/broad-searches.js";

const everywhere: Contract = { allDepartments: true, departments: [], sirens: [], sirets: [] };

describe("broad searches", () => {
  it("keys a search by its contract, its filters and its text as expanded", () => {
    const inDepartment = (department: string) => ({ locationDepartments: [department] });
    expect(broadSearchKey(everywhere, inDepartment("75"), null)).toBe(broadSearchKey({ ...everywhere }, inDepartment("75"), null));
    expect(broadSearchKey(everywhere, inDepartment("75"), null)).not.toBe(broadSearchKey(everywhere, inDepartment("69"), null));
    // A publisher restriction changes what the same filters read (the contract's view of properties).
    const onePublisher: Contract = { ...everywhere, sirens: ["552100554"] };
    expect(broadSearchKey(onePublisher, {}, null)).not.toBe(broadSearchKey({ ...onePublisher, sirens: ["542107651"] }, {}, null));
    expect(broadSearchKey(everywhere, {}, null)).not.toBe(broadSearchKey(onePublisher, {}, null));
    // The same words expanded with other stand-ins (the vocabulary grew) are another search.
    const query = { searchQuery: "jardn" };
    const before = broadSearchKey(everywhere, query, { exactForm: "'jardn'", anyForm: "'jardn'" });
    expect(broadSearchKey(everywhere, query, { exactForm: "'jardn'", anyForm: "('jardn' | 'jardin')" })).not.toBe(before);
  });

  it("remembers per database, as of a version, until forgotten", () => {
    const first = {} as Database; // only its identity is used, as a key
    const second = {} as Database;
    rememberBroad(first, "k", "7");
    expect(broadAsOf(first, "k")).toBe("7");
    expect(broadAsOf(second, "k")).toBeUndefined();
    rememberBroad(first, "k", "8");
    expect(broadAsOf(first, "k")).toBe("8");
    forgetBroad(first, "k");
    expect(broadAsOf(first, "k")).toBeUndefined();
  });

  it("keeps memory bounded and the latest searches remembered", () => {
    const database = {} as Database;
    for (let index = 0; index < 25_000; index++) rememberBroad(database, `search ${index}`, "1");
    expect(broadAsOf(database, "search 0")).toBeUndefined();
    expect(broadAsOf(database, "search 24999")).toBe("1");
  });
});

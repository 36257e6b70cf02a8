import { describe, expect, it } from "vitest";
import { isInsideDepartmentTerritory } from "../../src/domain/territory-bounds.js";

describe("isInsideDepartmentTerritory", () => {
  it.each([
    // [department, latitude, longitude, inside]
    ["75", 48.8566, 2.3522, true],
    ["29", 48.3904, -4.4861, true], // Brest, western tip
    ["67", 48.5734, 7.7521, true], // Strasbourg
    ["2B", 42.6977, 9.4508, true], // Bastia
    ["06", 43.7102, 7.262, true], // Nice
    ["59", 51.0343, 2.3768, true], // Dunkerque
    ["971", 16.2411, -61.5331, true],
    ["972", 14.6161, -61.0588, true],
    ["973", 4.9372, -52.326, true],
    ["974", -20.8823, 55.4504, true],
    ["975", 46.7811, -56.1764, true],
    ["976", -12.7806, 45.2278, true],
    ["977", 17.8962, -62.8498, true],
    ["978", 18.0708, -63.0501, true],
    ["987", -17.5516, -149.5585, true], // Papeete
    ["988", -22.2758, 166.458, true], // Nouméa
    ["75", 2.3522, 48.8566, false], // swapped
    ["75", 0, 0, false],
    ["75", 52.52, 13.405, false], // Berlin
    ["75", 40.4168, -3.7038, false], // Madrid
    ["75", -20.8823, 55.4504, false], // Réunion point, metropolitan department
    ["974", 48.8566, 2.3522, false], // Paris point, Réunion
    ["971", 14.6161, -61.0588, false], // Martinique point, Guadeloupe
    ["69", 91, 4, false],
  ])("%s (%d, %d) -> %s", (department, latitude, longitude, expected) => {
    expect(isInsideDepartmentTerritory(department, latitude, longitude)).toBe(expected);
  });
});

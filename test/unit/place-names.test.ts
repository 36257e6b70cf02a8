import { describe, expect, it } from "vitest";
import { normalisePlaceName, placeNameScore } from "../../src/domain/place-names.js";

describe("normalisePlaceName", () => {
  it.each([
    ["Saint-Maur-des-Fossés", "saint maur des fosses"],
    ["ST MAUR DES FOSSES", "saint maur des fosses"],
    ["Ste-Maxime", "sainte maxime"],
    ["L'Haÿ-les-Roses", "l hay les roses"],
    ["Châtillon s/ Chalaronne", "chatillon sur chalaronne"],
    ["Œuilly", "oeuilly"],
    ["Havre (Le)", "le havre"],
    ["Paris 11e Arrondissement", "paris 11"],
    ["Paris 11ème", "paris 11"],
    ["PARIS 01", "paris 1"],
    ["Lyon 1er", "lyon 1"],
    ["Marseille 2nd", "marseille 2"],
    ["Grenoble Cedex 9", "grenoble 9"],
    ["  Aix  en   Provence ", "aix en provence"],
    ["", ""],
    ["---", ""],
  ])("%j -> %j", (raw, expected) => {
    expect(normalisePlaceName(raw)).toBe(expected);
  });
});

describe("placeNameScore", () => {
  it.each([
    // [given, official, score]
    ["Nantes", "Nantes", 3],
    ["NANTES", "Nantes", 3],
    ["St Maur des Fosses", "Saint-Maur-des-Fossés", 3],
    ["Paris 11ème", "Paris 11e Arrondissement", 3],
    ["Le Havre", "Havre (Le)", 3],
    ["Villeneuve d'Ascq", "Villeneuve-d'Ascq", 3],
    ["Saintmaur", "Saint-Maur", 2], // spacing only
    ["Toulouze", "Toulouse", 2], // one typo
    ["Aix en Provance", "Aix-en-Provence", 2], // one typo, long name
    ["Aix en Provanse", "Aix-en-Provence", 2], // two typos, long name
    ["Saint-Maur", "Saint-Maur-des-Fossés", 1], // distinctive leading part
    ["Paris", "Paris 11e Arrondissement", 1],
    ["Saint", "Saint-Maur-des-Fossés", 0], // too common to identify
    ["Le", "Le Havre", 0],
    ["Vanves", "Vannes", 2], // one letter apart: tolerated by design
    ["Metz", "Mets", 0], // short names need an exact match
    ["Lyon", "Grenoble", 0],
    ["Paris 12", "Paris 11e Arrondissement", 0],
    ["", "Nantes", 0],
    ["Nantes", "", 0],
    ["Maur", "Saint-Maur-des-Fossés", 0], // not a leading part
  ])("%j vs %j -> %d", (given, official, expected) => {
    expect(placeNameScore(given, official)).toBe(expected);
  });
});

describe("placeNameScore with arrondissement numbers", () => {
  it.each([
    ["Paris 12", "Paris 12e Arrondissement", 3],
    ["Paris 12", "Paris 2e Arrondissement", 0],
    ["Paris 1", "Paris 11e Arrondissement", 0],
    ["Marseile 8e", "Marseille 8e Arrondissement", 2],
    ["Marseile 8e", "Marseille 9e Arrondissement", 0],
  ])("%j vs %j -> %d", (given, official, expected) => {
    expect(placeNameScore(given, official)).toBe(expected);
  });
});

/**
 * The stored rows a batch reads to plan its writes. Straight from the database when the batch is planned
 * inside its own transaction; or, for a batch planned ahead while the batch before it is still writing (see
 * batch-pipeline.ts), from the database completed with what that batch writes (its overlay): the rows it
 * creates are not committed yet, and the rows it changes may or may not be, depending on when each read runs.
 * The overlay's version of a row always wins, which gives the same answer in both cases.
 */
import type { Database } from "../../db/client.js";
import type { ClassifiedRow, PropertyRow } from "../../db/schema/index.js";
import { findClassifiedsByIds, findClassifiedsByUrlKeys, findClassifiedsOfProperties, findMatchCandidates, findPropertiesByIds } from "./ingest.repository.js";
import { groupingZoneOf } from "../../domain/grouping/grouping-zone.js";
import { candidateOf, type CandidateWindow, type PropertyCandidate } from "./property-assignment.js";

export type BatchReader = {
  classifiedsByUrlKeys(urlKeys: readonly string[]): Promise<ClassifiedRow[]>;
  /** Stored classifieds in one of the windows, as property candidates (see property-assignment.ts). */
  matchCandidates(windows: readonly CandidateWindow[]): Promise<PropertyCandidate[]>;
  propertiesByIds(ids: readonly string[]): Promise<PropertyRow[]>;
  /** Every classified of the given properties except those listed in `excludeIds`. */
  classifiedsOfProperties(propertyIds: readonly string[], excludeIds: readonly string[]): Promise<ClassifiedRow[]>;
  classifiedsByIds(ids: readonly string[]): Promise<ClassifiedRow[]>;
};

/** What a batch leaves behind once committed, as far as the next batch's reads are concerned. */
export type BatchOverlay = {
  /** Every classified the batch touched, in its final state. */
  classifieds: readonly ClassifiedRow[];
  /**
   * The property rows it writes. Not those whose lastSeenAt only its re-visits move: read before its commit,
   * such a row shows the earlier lastSeenAt, which at worst makes the next batch write that property again
   * with the same values.
   */
  properties: ReadonlyMap<string, PropertyRow>;
};

export function storedRows(db: Database): BatchReader {
  return {
    classifiedsByUrlKeys: (urlKeys) => findClassifiedsByUrlKeys(db, urlKeys),
    matchCandidates: (windows) => findMatchCandidates(db, windows),
    propertiesByIds: (ids) => findPropertiesByIds(db, ids),
    classifiedsOfProperties: (propertyIds, excludeIds) => findClassifiedsOfProperties(db, propertyIds, excludeIds),
    classifiedsByIds: (ids) => findClassifiedsByIds(db, ids),
  };
}

/** The stored rows as they will be once the batch described by `overlay` has committed. */
export function storedRowsAfter(db: Database, overlay: BatchOverlay): BatchReader {
  const stored = storedRows(db);
  const byUrlKey = new Map(overlay.classifieds.map((row) => [row.urlKey, row]));
  const byId = new Map(overlay.classifieds.map((row) => [row.id, row]));
  return {
    async classifiedsByUrlKeys(urlKeys) {
      const rows = new Map((await stored.classifiedsByUrlKeys(urlKeys)).map((row) => [row.urlKey, row]));
      for (const urlKey of urlKeys) {
        const row = byUrlKey.get(urlKey);
        if (row !== undefined) rows.set(urlKey, row);
      }
      return [...rows.values()];
    },
    async matchCandidates(windows) {
      const candidates = new Map((await stored.matchCandidates(windows)).map((candidate) => [candidate.classifiedId, candidate]));
      // A batch has hundreds of windows and its overlay a thousand rows: each row is checked against the
      // windows of its own commune or zone and types only.
      const windowsByPlace = new Map<string, CandidateWindow[]>();
      for (const window of windows) {
        const key = `${window.place}|${window.groupingType}|${window.transactionType}`;
        const group = windowsByPlace.get(key);
        if (group === undefined) windowsByPlace.set(key, [window]);
        else group.push(window);
      }
      for (const row of overlay.classifieds) {
        // Its matched fields may have moved it into or out of the windows.
        const types = `${row.groupingType}|${row.transactionType}`;
        const near = [...(windowsByPlace.get(`${row.inseeCode}|${types}`) ?? []), ...(windowsByPlace.get(`${groupingZoneOf(row.inseeCode)}|${types}`) ?? [])];
        if (near.some((window) => inWindow(window, row))) {
          candidates.set(row.id, candidateOf(row));
        } else {
          candidates.delete(row.id);
        }
      }
      return [...candidates.values()];
    },
    async propertiesByIds(ids) {
      const rows = new Map((await stored.propertiesByIds(ids)).map((row) => [row.id, row]));
      for (const id of ids) {
        const row = overlay.properties.get(id);
        if (row !== undefined) rows.set(id, row);
      }
      return [...rows.values()];
    },
    async classifiedsOfProperties(propertyIds, excludeIds) {
      const rows = new Map((await stored.classifiedsOfProperties(propertyIds, excludeIds)).map((row) => [row.id, row]));
      const wanted = new Set(propertyIds);
      const excluded = new Set(excludeIds);
      for (const row of overlay.classifieds) {
        // Regrouping may have moved it into or out of these properties.
        if (wanted.has(row.propertyId) && !excluded.has(row.id)) rows.set(row.id, row);
        else rows.delete(row.id);
      }
      return [...rows.values()];
    },
    async classifiedsByIds(ids) {
      const rows = new Map((await stored.classifiedsByIds(ids)).map((row) => [row.id, row]));
      for (const id of ids) {
        const row = byId.get(id);
        if (row !== undefined) rows.set(id, row);
      }
      return [...rows.values()];
    },
  };
}

/** The condition of findMatchCandidates' join, for a row in memory of the window's commune or zone and types. */
function inWindow(window: CandidateWindow, row: ClassifiedRow): boolean {
  const { area } = row;
  if (window.kind === "zone") {
    return (
      window.neighbours.includes(row.inseeCode) &&
      area !== null &&
      window.areaMin !== null &&
      window.areaMax !== null &&
      window.priceMin !== null &&
      window.priceMax !== null &&
      area >= window.areaMin &&
      area <= window.areaMax &&
      row.priceCurrent >= window.priceMin &&
      row.priceCurrent <= window.priceMax
    );
  }
  return window.areaMin === null || window.areaMax === null || area === null || (area >= window.areaMin && area <= window.areaMax);
}

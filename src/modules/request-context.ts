import type { BaseLogger } from "pino";
import type { Database } from "../db/client.js";
import type { Contract } from "../domain/contract.js";
import type { Viewer } from "./auth/auth.types.js";
import { createClassifiedLoaders, type ClassifiedLoaders } from "./classifieds/classifieds.loaders.js";
import { createPropertyLoaders, type PropertyLoaders } from "./properties/properties.loaders.js";

/** Every loader of a request. */
export type Loaders = ClassifiedLoaders & PropertyLoaders;

/** The logger a request carries (Fastify's request logger fits). */
export type ContextLogger = Pick<BaseLogger, "debug" | "info" | "warn" | "error">;

/**
 * What one request (HTTP or one delivered subscription event) reads with: who is calling, the contract that
 * bounds what they see, and loaders built from that contract. Services take this; nothing else reads data.
 */
export type RequestContext = {
  viewer: Viewer;
  contract: Contract;
  loaders: Loaders;
  requestId: string;
  logger: ContextLogger;
  /** What the read path (loaders, search) reads: a read replica when there are some, else the primary. */
  db: Database;
  /**
   * The primary: for what the caller writes and reads back (its webhooks), which a lagging replica could not
   * show yet, and for the event log, whose readers must never see an event before the data it describes.
   */
  primaryDb: Database;
};

export type RequestContextInput = { db: Database; primaryDb: Database; viewer: Viewer; requestId: string; logger: ContextLogger };

/**
 * Builds a request context with fresh loaders. Loaders cache what they load for their whole life, so build a
 * new context per request (and per subscription event): never share one between requests or viewers.
 */
export function createRequestContext({ db, primaryDb, viewer, requestId, logger }: RequestContextInput): RequestContext {
  const contract = viewer.contract;
  return {
    viewer,
    contract,
    loaders: { ...createClassifiedLoaders(db, contract), ...createPropertyLoaders(db, contract) },
    requestId,
    logger,
    db,
    primaryDb,
  };
}

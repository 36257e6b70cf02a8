import { Counter, Histogram, Registry, collectDefaultMetrics } from "prom-client";

/**
 * The process's Prometheus registry, served at /metrics. Modules add their own counters here
 * (`new Counter({ ..., registers: [metricsRegistry] })`) rather than to prom-client's global registry, so
 * that only what this service defines is exported.
 */
export const metricsRegistry = new Registry();

collectDefaultMetrics({ register: metricsRegistry, prefix: "listings_" });

/** Every HTTP request answered, by method, route pattern (`/public/v1/classifieds/:id`, not the id) and status. */
export const httpRequestCounter = new Counter({
  name: "listings_http_requests_total",
  help: "HTTP requests answered, by method, route pattern and status code.",
  labelNames: ["method", "route", "status"] as const,
  registers: [metricsRegistry],
});

/** Time from request received to response sent, same labels as the counter. */
export const httpRequestDuration = new Histogram({
  name: "listings_http_request_duration_seconds",
  help: "HTTP request latency in seconds, by method, route pattern and status code.",
  labelNames: ["method", "route", "status"] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

/**
 * Ingested observations by outcome: `created`, `updated`, `unchanged`, `removed` or `rejected` (the fields
 * of an ingest summary). Incremented by the ingest pipeline, whichever transport fed it.
 */
export const ingestCounter = new Counter({
  name: "listings_ingest_observations_total",
  help: "Ingested observations, by outcome (created, updated, unchanged, removed, rejected).",
  labelNames: ["outcome"] as const,
  registers: [metricsRegistry],
});

/**
 * Deltas recorded in the event stream, by resource (`classified`, `property`) and type (`created`,
 * `updated`, `removed`).
 */
export const deltaCounter = new Counter({
  name: "listings_deltas_total",
  help: "Deltas (events) recorded, by resource (classified, property) and type (created, updated, removed).",
  labelNames: ["resource", "type"] as const,
  registers: [metricsRegistry],
});

/** Route label for requests that matched no route, so that scanners cannot blow up the label cardinality. */
export const UNMATCHED_ROUTE = "unmatched";

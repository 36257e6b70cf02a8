/**
 * The layers, kept by `npm run lint:layers` (and CI): transports (HTTP, GraphQL, REST v1, websockets, the
 * webhook HTTP API) above modules (services, repositories, loaders, workers) above db and domain. Imports point
 * down only, and no import cycle exists.
 */
module.exports = {
  forbidden: [
    { name: "no-cycle", severity: "error", comment: "An import cycle ties files that should be layered.", from: {}, to: { circular: true } },
    { name: "modules-below-transports", severity: "error", comment: "Modules do not know how they are served.", from: { path: "^src/modules/" }, to: { path: "^src/transports/" } },
    { name: "db-below-modules", severity: "error", comment: "The database layer serves modules; it knows neither.", from: { path: "^src/db/" }, to: { path: "^src/(modules|transports|cli)/" } },
    { name: "domain-is-pure", severity: "error", comment: "Domain rules depend on nothing of the application.", from: { path: "^src/domain/" }, to: { path: "^src/(modules|transports|cli|db|observability|config)/" } },
    { name: "transports-below-cli", severity: "error", comment: "The CLI starts the server; the server does not know the CLI.", from: { path: "^src/(transports|modules|db|domain)/" }, to: { path: "^src/cli/" } },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
  },
};

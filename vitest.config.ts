import { createRequire } from "node:module";
import { defineConfig } from "vitest/config";

const require = createRequire(import.meta.url);

export default defineConfig({
  resolve: {
    // One copy of graphql: vitest would otherwise load the .mjs build for tests and the .js build for
    // type-graphql and Apollo, and `instanceof GraphQLSchema` checks fail across the two.
    alias: { graphql: require.resolve("graphql") },
  },
  test: {
    include: ["test/**/*.test.ts"],
    setupFiles: ["test/support/setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});

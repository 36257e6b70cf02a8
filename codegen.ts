import type { CodegenConfig } from "@graphql-codegen/cli";

/**
 * Typed documents for the GraphQL operations in src/transports/graphql/operations (used by the tests, the
 * benchmark and the REST layer). `npm run generate:codegen` writes them; the output is committed and the drift
 * check fails when it is stale. The schema comes from schema/schema.graphql (`npm run generate:schema`).
 */
const config: CodegenConfig = {
  schema: "schema/schema.graphql",
  documents: ["src/transports/graphql/operations/*.graphql"],
  ignoreNoDocuments: false,
  generates: {
    "src/transports/graphql/generated/": {
      preset: "client",
      presetConfig: { fragmentMasking: false, gqlTagName: "graphql" },
      config: {
        useTypeImports: true,
        enumsAsTypes: true,
        emitLegacyCommonJSImports: false,
        scalars: { UUID: "string", DateTime: "string", EmailAddress: "string", URL: "string" },
        avoidOptionals: { field: true, inputValue: false, object: true },
      },
    },
  },
};

export default config;

/* eslint-disable */
export * from "./gql.js";
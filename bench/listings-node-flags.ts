import { readFileSync } from "node:fs";

/**
 * The Node options the `listings` command runs with (`listings serve`, `npm start`), read from the first line of
 * its bin, so that a server a bench starts runs as users run it: with the default young generation, the
 * gateway spent about a sixth more CPU a request on GraphQL `properties` at a million classifieds.
 */
export const LISTINGS_NODE_FLAGS: readonly string[] = (() => {
  const shebang = readFileSync(new URL("../bin/listings.js", import.meta.url), "utf8").split("\n", 1)[0] ?? "";
  const options = /\bnode\b(.*)$/.exec(shebang)?.[1] ?? "";
  return options.split(/\s+/).filter((option) => option !== "");
})();

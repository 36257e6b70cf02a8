/**
 * Writes the OpenAPI document of the REST v1 API to schema/openapi.v1.json (committed; the drift check runs
 * this script and fails when the committed copy differs from what the route schemas generate).
 */
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { v1OpenApiDocument } from "../src/transports/rest-v1/openapi-document.js";
import { V1_PREFIX } from "../src/transports/rest-v1/plugin.js";

const target = fileURLToPath(new URL("../schema/openapi.v1.json", import.meta.url));
writeFileSync(target, `${JSON.stringify(v1OpenApiDocument(V1_PREFIX), null, 2)}\n`);
console.log(`wrote ${target}`);

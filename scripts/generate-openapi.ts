/**
 * Writes the OpenAPI document of the REST v1 API to schema/openapi.v1.json (committed; the drift check runs
 * this script and fails when the committed copy differs from what the route schemas generate).
 */
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { buildOpenApiDocument } from "../src/transports/rest-v1/openapi.js";
import { V1_PREFIX } from "../src/transports/rest-v1/plugin.js";
import { V1_ENDPOINTS } from "../src/transports/rest-v1/routes/index.js";

const target = fileURLToPath(new URL("../schema/openapi.v1.json", import.meta.url));
writeFileSync(target, `${JSON.stringify(buildOpenApiDocument(V1_ENDPOINTS, V1_PREFIX), null, 2)}\n`);
console.log(`wrote ${target}`);

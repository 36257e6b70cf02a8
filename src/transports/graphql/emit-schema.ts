/**
 * Writes schema/schema.graphql from the code (`npm run generate:schema`). The drift check runs it and fails
 * when the committed file differs.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { buildGraphqlSchema, schemaSdl } from "./schema.js";

const target = resolve(dirname(fileURLToPath(import.meta.url)), "../../../schema/schema.graphql");
await mkdir(dirname(target), { recursive: true });
await writeFile(target, schemaSdl(await buildGraphqlSchema()));

#!/usr/bin/env node
// The `listings` command. The project runs from its TypeScript sources (no build step): tsx's loader is
// registered in this process, with the project's tsconfig (decorators), then the CLI entry is imported.
import { fileURLToPath } from "node:url";
import { register } from "tsx/esm/api";

register({ tsconfig: fileURLToPath(new URL("../tsconfig.json", import.meta.url)) });
await import(new URL("../src/cli/main.ts", import.meta.url).href);

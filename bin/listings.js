#!/usr/bin/env -S node --max-semi-space-size=64
// The `listings` command. The project runs from its TypeScript sources (no build step): tsx's loader is
// registered in this process, with the project's tsconfig (decorators), then the CLI entry is imported.
// A 64 MB young generation (semi-space) instead of Node's 16 MB: an ingest allocates short-lived rows fast, and
// with the default its main thread spent twice as long collecting them (README, "Ingest format"). The npm
// scripts `start` and `listings` pass the same flag.
import { fileURLToPath } from "node:url";
import { register } from "tsx/esm/api";

register({ tsconfig: fileURLToPath(new URL("../tsconfig.json", import.meta.url)) });
await import(new URL("../src/cli/main.ts", import.meta.url).href);

import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The committed `drizzle/` folder. Found by walking up from this module, so that it is found the same way
 * from `src/` (tsx, vitest) and from a compiled `dist/src/`.
 */
export function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(dir, "drizzle");
    if (existsSync(path.join(candidate, "meta", "_journal.json"))) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("drizzle/meta/_journal.json not found above " + fileURLToPath(import.meta.url));
    dir = parent;
  }
}

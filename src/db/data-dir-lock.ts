import { mkdir, open, readFile, rm } from "node:fs/promises";
import path from "node:path";

export class DataDirInUseError extends Error {
  constructor(dataDir: string, holder: { pid: number; label: string }) {
    super(
      `The embedded database in ${dataDir} is in use by process ${holder.pid} (${holder.label}). ` +
        `Only one process can open it. Stop that process, or go through the running server: ` +
        `\`listings ingest --server http://HOST:PORT --token TOKEN FILE\` (a token with the ingest scope), ` +
        `\`listings token create|list|revoke ... --server http://HOST:PORT --token TOKEN\` (a token with the admin scope).`,
    );
    this.name = "DataDirInUseError";
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user; it still holds the directory.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * PGlite cannot share a data directory between processes: a second writer would corrupt it. A lock file
 * created with O_EXCL records the owner; a lock left by a dead process is taken over.
 */
export async function acquireDataDirLock(dataDir: string, label: string): Promise<() => Promise<void>> {
  await mkdir(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, "listings.lock");
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const file = await open(lockPath, "wx");
      await file.writeFile(JSON.stringify({ pid: process.pid, label }));
      await file.close();
      return () => rm(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = await readHolder(lockPath);
      if (holder && holder.pid !== process.pid && isAlive(holder.pid)) throw new DataDirInUseError(dataDir, holder);
      await rm(lockPath, { force: true });
    }
  }
  throw new Error(`Could not take the lock on ${lockPath}`);
}

async function readHolder(lockPath: string): Promise<{ pid: number; label: string } | undefined> {
  try {
    const parsed: unknown = JSON.parse(await readFile(lockPath, "utf8"));
    if (parsed && typeof parsed === "object" && "pid" in parsed && typeof parsed.pid === "number") {
      const label = "label" in parsed && typeof parsed.label === "string" ? parsed.label : "unknown";
      return { pid: parsed.pid, label };
    }
  } catch {
    // An unreadable or half-written lock file is treated as stale.
  }
  return undefined;
}

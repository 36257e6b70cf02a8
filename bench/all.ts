/**
 * `npm run bench`: the GraphQL bench (bench/graphql.ts), then the REST v1 bench (bench/rest.ts), one after the
 * other so that neither loads the machine while the other measures. Both receive the same arguments; each
 * reads the options it knows (`--keep`, `--duration`, `--classifieds`, the server URL) and ignores the others.
 *
 *   npm run bench -- [postgres server url] [--classifieds=100000] [--duration=10] [--connections=32] [--rounds=3] [--keep] [--profile]
 *
 * `npm run bench:graphql` and `npm run bench:rest` run one of them.
 */
import { spawn } from "node:child_process";

const args = process.argv.slice(2);

function run(script: string): Promise<number> {
  const child = spawn(process.execPath, ["--import", "tsx", script, ...args], { stdio: "inherit" });
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

for (const script of ["bench/graphql.ts", "bench/rest.ts"]) {
  const code = await run(script);
  if (code !== 0) {
    console.error(`${script} failed (exit code ${code})`);
    process.exit(code);
  }
}

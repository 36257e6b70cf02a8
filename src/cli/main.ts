// type-graphql needs the Reflect metadata API before any decorated class loads.
import "reflect-metadata";
import { reportError } from "./cli-errors.js";
import { endQuietlyWhenOutputCloses } from "./closed-output.js";
import { buildProgram } from "./program.js";

endQuietlyWhenOutputCloses();

/** Entry point of the `listings` command (bin/listings.js, `npm start`, `npm run listings`). */
try {
  await buildProgram().parseAsync(process.argv);
} catch (error) {
  process.exitCode = reportError(error);
}

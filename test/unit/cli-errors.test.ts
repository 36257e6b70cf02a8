import { CommanderError } from "commander";
import { describe, expect, it } from "vitest";
import { CliError, reportError } from "../../src/cli/cli-errors.js";
import { EnvError } from "../../src/config/env.js";
import { DataDirInUseError } from "../../src/db/data-dir-lock.js";
import { badInput } from "../../src/errors.js";

function report(error: unknown): { code: number; text: string } {
  let text = "";
  const code = reportError(error, (chunk) => (text += chunk));
  return { code, text };
}

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe("reportError", () => {
  it.each([
    [
      "an invalid environment, every problem listed",
      new EnvError(["PORT: expected a number", "LOG_LEVEL: unknown level"]),
      1,
      /^Invalid environment:\n {2}- PORT: expected a number\n {2}- LOG_LEVEL: unknown level\nEvery variable is described in README\.md/,
    ],
    ["a message for the user, with its exit code", new CliError("3 line(s) rejected", 2), 2, /^error: 3 line\(s\) rejected\n$/],
    [
      "a data directory held by another process",
      new DataDirInUseError(".data", { pid: 42, label: "listings serve" }),
      1,
      /^error: The embedded database in \.data is in use by process 42 \(listings serve\)\./,
    ],
    ["an application error", badInput("bad value"), 1, /^error: bad value\n$/],
    [
      "an unreachable database",
      withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED"),
      1,
      /^error: cannot reach the database \(connect ECONNREFUSED 127\.0\.0\.1:5432\)\. Check DATABASE_URL/,
    ],
    [
      "a database that refuses the connection",
      withCode('database "x" does not exist', "3D000"),
      1,
      /^error: the database refused the connection \(database "x" does not exist\)\. Check DATABASE_URL\.\n$/,
    ],
    ["a failed password", withCode("password authentication failed", "28P01"), 1, /^error: the database refused the connection/],
  ])("reports %s", (_what, error, code, text) => {
    const result = report(error);
    expect(result.code).toBe(code);
    expect(result.text).toMatch(text);
    expect(result.text).not.toMatch(/\n\s+at /);
  });

  it("leaves commander's own usage errors (already printed) to their exit code", () => {
    expect(report(new CommanderError(1, "commander.unknownOption", "error: unknown option '--x'"))).toEqual({ code: 1, text: "" });
    expect(report(new CommanderError(0, "commander.helpDisplayed", "(outputHelp)"))).toEqual({ code: 0, text: "" });
  });

  it("shows the stack of an unexpected error, which is a bug to report", () => {
    const result = report(new TypeError("cannot read properties of undefined"));
    expect(result.code).toBe(1);
    expect(result.text).toMatch(/^error: cannot read properties of undefined\n\s+at /);
  });
});

import { InvalidArgumentError } from "commander";

/** Commander parser for a whole number within bounds ("20000", "20_000" and "20,000" are not numbers here). */
export function wholeNumber(min: number, max: number): (raw: string) => number {
  return (raw) => {
    if (!/^\d+$/.test(raw.trim())) throw new InvalidArgumentError(`expected a whole number, got ${JSON.stringify(raw)}`);
    const value = Number(raw);
    if (!Number.isSafeInteger(value) || value < min || value > max) throw new InvalidArgumentError(`expected a number from ${min} to ${max}`);
    return value;
  };
}

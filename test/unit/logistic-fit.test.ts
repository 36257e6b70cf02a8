import { describe, expect, it } from "vitest";
import { fitLogistic } from "../../bench/dedup/logistic.js";

describe("logistic fit of the match model", () => {
  it("recovers the log-odds of levels seen with known frequencies", () => {
    // "agree" is seen on 90% matches, "disagree" on 20%: with no other level, the fitted log-odds are those.
    const fitted = fitLogistic(
      [
        { levels: ["agree"], matches: 900, others: 100 },
        { levels: ["disagree"], matches: 200, others: 800 },
      ],
      0,
    );
    expect(fitted.intercept + (fitted.levels["agree"] ?? 0)).toBeCloseTo(Math.log(9), 3);
    expect(fitted.intercept + (fitted.levels["disagree"] ?? 0)).toBeCloseTo(Math.log(0.25), 3);
  });

  it("pulls the weight of a level seen on few pairs towards nothing", () => {
    const examples = [
      { levels: ["common"], matches: 500, others: 500 },
      { levels: ["common", "rare"], matches: 2, others: 0 },
    ];
    expect(Math.abs(fitLogistic(examples, 5).levels["rare"] ?? 0)).toBeLessThan(Math.abs(fitLogistic(examples, 0.01).levels["rare"] ?? 0));
  });
});

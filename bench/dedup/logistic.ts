/**
 * L2-regularised logistic regression over binary features, by Newton's method, for `npm run fit:grouping`.
 * Examples come aggregated: each distinct set of levels once, with how many matching and other pairs showed it
 * (a few thousand rows instead of a million pairs).
 */
export type AggregatedExample = { levels: readonly string[]; matches: number; others: number };

export type FittedWeights = { intercept: number; levels: Record<string, number> };

export function fitLogistic(examples: readonly AggregatedExample[], lambda: number, iterations = 30): FittedWeights {
  const names = [...new Set(examples.flatMap((example) => example.levels))].sort();
  const index = new Map(names.map((name, position) => [name, position + 1])); // 0 is the intercept
  const size = names.length + 1;
  const rows = examples.map((example) => ({
    features: [0, ...example.levels.map((level) => index.get(level) as number)],
    matches: example.matches,
    total: example.matches + example.others,
  }));
  const weights = new Float64Array(size);
  for (let iteration = 0; iteration < iterations; iteration += 1) {
    const gradient = new Float64Array(size);
    const hessian = Array.from({ length: size }, () => new Float64Array(size));
    for (const row of rows) {
      let z = 0;
      for (const feature of row.features) z += weights[feature] as number;
      const p = 1 / (1 + Math.exp(-z));
      const residual = p * row.total - row.matches;
      const curvature = Math.max(p * (1 - p) * row.total, 1e-12);
      for (const i of row.features) {
        gradient[i] = (gradient[i] as number) + residual;
        const line = hessian[i] as Float64Array;
        for (const j of row.features) line[j] = (line[j] as number) + curvature;
      }
    }
    for (let i = 1; i < size; i += 1) {
      gradient[i] = (gradient[i] as number) + lambda * (weights[i] as number);
      (hessian[i] as Float64Array)[i] = ((hessian[i] as Float64Array)[i] as number) + lambda;
    }
    (hessian[0] as Float64Array)[0] = ((hessian[0] as Float64Array)[0] as number) + 1e-6;
    const step = solve(hessian, gradient);
    let largest = 0;
    for (let i = 0; i < size; i += 1) {
      weights[i] = (weights[i] as number) - (step[i] as number);
      largest = Math.max(largest, Math.abs(step[i] as number));
    }
    if (largest < 1e-6) break;
  }
  return { intercept: weights[0] as number, levels: Object.fromEntries(names.map((name, position) => [name, weights[position + 1] as number])) };
}

/** Solves H x = g for a symmetric positive definite H (Cholesky). */
function solve(hessian: Float64Array[], gradient: Float64Array): Float64Array {
  const n = gradient.length;
  const lower = Array.from({ length: n }, () => new Float64Array(n));
  for (let i = 0; i < n; i += 1) {
    for (let j = 0; j <= i; j += 1) {
      let sum = (hessian[i] as Float64Array)[j] as number;
      for (let k = 0; k < j; k += 1) sum -= ((lower[i] as Float64Array)[k] as number) * ((lower[j] as Float64Array)[k] as number);
      (lower[i] as Float64Array)[j] = i === j ? Math.sqrt(Math.max(sum, 1e-12)) : sum / ((lower[j] as Float64Array)[j] as number);
    }
  }
  const y = new Float64Array(n);
  for (let i = 0; i < n; i += 1) {
    let sum = gradient[i] as number;
    for (let k = 0; k < i; k += 1) sum -= ((lower[i] as Float64Array)[k] as number) * (y[k] as number);
    y[i] = sum / ((lower[i] as Float64Array)[i] as number);
  }
  const x = new Float64Array(n);
  for (let i = n - 1; i >= 0; i -= 1) {
    let sum = y[i] as number;
    for (let k = i + 1; k < n; k += 1) sum -= ((lower[k] as Float64Array)[i] as number) * (x[k] as number);
    x[i] = sum / ((lower[i] as Float64Array)[i] as number);
  }
  return x;
}

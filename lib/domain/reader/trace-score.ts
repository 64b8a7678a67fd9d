
/**
 * Which views a leak's projections (trace-detect.ts) name. A view's score is z = Σ sign·projection / ‖projection‖.
 * For a view whose code is not in the image, its signs are fair coins independent of the image, so
 * P(z ≥ t) ≤ exp(−t²/2) (Hoeffding), whatever the image is, the owner's own page included. Over N (view, alignment)
 * pairs the chance that any reaches t is at most N·exp(−t²/2): the threshold is the t that keeps this below
 * FALSE_MATCH_BOUND, and a match's confidence is 1 − N·exp(−z²/2).
 */
export const FALSE_MATCH_BOUND = 1e-4;

export type ScoredView = { viewId: string; score: number; confidence: number };

export function matchThreshold(tests: number) {
  return Math.sqrt(2 * Math.log(Math.max(1, tests) / FALSE_MATCH_BOUND));
}

/**
 * The views each alignment of the leak may name (those that were shown the aligned page), scored; those over the
 * threshold for all the tests made, best first, each view once.
 */
export function matchViews(tests: { projection: Float64Array; views: { id: string; signs: Int8Array }[] }[], score: (projection: Float64Array, signs: Int8Array) => number): ScoredView[] {
  const count = tests.reduce((n, t) => n + t.views.length, 0);
  const threshold = matchThreshold(count);
  const best = new Map<string, number>();
  for (const { projection, views } of tests) {
    for (const view of views) {
      const z = score(projection, view.signs);
      if (z >= threshold && z > (best.get(view.id) ?? -Infinity)) best.set(view.id, z);
    }
  }
  return [...best]
    .map(([viewId, z]) => ({ viewId, score: Math.round(z * 100) / 100, confidence: Math.max(0, 1 - count * Math.exp((-z * z) / 2)) }))
    .sort((a, b) => b.score - a.score);
}

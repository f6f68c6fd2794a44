/** Banner carousel rules (SPEC 2.4 and 9): 5 banners, one step every 3 seconds, wrapping both ways. */

export const BANNER_INTERVAL_MS = 3_000

/** The index `step` banners away from `index`, wrapping at both ends. */
export function wrapIndex(index: number, step: number, count: number): number {
  if (count <= 0) return 0
  return (((index + step) % count) + count) % count
}

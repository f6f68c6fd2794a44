/**
 * How hard the shop's password hashes are to compute: scrypt's cost (log2 of
 * N) for Medusa's email-and-password provider. Medusa's own is 15 (N = 32768,
 * 32 MB and about 0.1 s of CPU a hash), kept by default. Each stored hash
 * carries its own cost, so changing the setting never locks anyone out: old
 * hashes are checked at the cost they were made with, new ones take the new one.
 *
 * PASSWORD_HASH_COST lowers it where hashing is only overhead: the test runs
 * sign in and register thousands of times (npm test sets 10). A shop that sets
 * it below 15 stores weaker hashes, so the server says so when it starts.
 */
export const DEFAULT_PASSWORD_HASH_COST = 15
const RANGE = { min: 10, max: 20 }

export type HashConfig = { logN: number; r: number; p: number }

/** scrypt's settings from PASSWORD_HASH_COST (a whole number 10..20; unset: 15); anything else is refused, naming the variable. */
export function passwordHashConfig(env: Record<string, string | undefined> = process.env): HashConfig {
  const raw = env.PASSWORD_HASH_COST?.trim() || String(DEFAULT_PASSWORD_HASH_COST)
  const logN = Number(raw)
  if (!/^\d+$/.test(raw) || logN < RANGE.min || logN > RANGE.max) {
    throw new Error(`PASSWORD_HASH_COST must be a whole number from ${RANGE.min} to ${RANGE.max}, got "${raw}"`)
  }
  if (logN < DEFAULT_PASSWORD_HASH_COST && env.NODE_ENV === "production") {
    console.warn(
      `PASSWORD_HASH_COST=${logN}: passwords are hashed below the default cost of ${DEFAULT_PASSWORD_HASH_COST}; meant for test runs only`
    )
  }
  // Medusa's r and p
  return { logN, r: 8, p: 1 }
}

/** A positive number from the environment variable `name`, or `fallback` when it is unset or not one. */
export function positiveFromEnv(name: string, fallback: number): number {
  const value = Number(process.env[name])
  return Number.isFinite(value) && value > 0 ? value : fallback
}

/** Development-only admin login, refused when NODE_ENV=production. */
export const DEV_ADMIN = { email: "admin@shop.local", password: "admin12345" } as const

/** What is missing or unsafe for a production start; empty when it may start. */
export function checkStartEnv(env: NodeJS.ProcessEnv): string[] {
  if (env.NODE_ENV !== "production") {
    return []
  }
  const problems: string[] = []
  for (const name of ["JWT_SECRET", "COOKIE_SECRET", "ADMIN_EMAIL", "ADMIN_PASSWORD"] as const) {
    if (!env[name]) {
      problems.push(`${name} is not set`)
    }
  }
  if (env.ADMIN_EMAIL && env.ADMIN_EMAIL === DEV_ADMIN.email) {
    problems.push("ADMIN_EMAIL is the development default")
  }
  if (env.ADMIN_PASSWORD && env.ADMIN_PASSWORD === DEV_ADMIN.password) {
    problems.push("ADMIN_PASSWORD is the development default")
  }
  if (env.ADMIN_PASSWORD && env.ADMIN_PASSWORD !== DEV_ADMIN.password && env.ADMIN_PASSWORD.length < 10) {
    problems.push("ADMIN_PASSWORD must have at least 10 characters")
  }
  for (const name of ["JWT_SECRET", "COOKIE_SECRET"] as const) {
    const value = env[name]
    if (value && value.length < 32) {
      problems.push(`${name} must have at least 32 characters`)
    }
  }
  return problems
}

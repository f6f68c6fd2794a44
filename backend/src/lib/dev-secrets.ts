import { randomBytes } from "node:crypto"
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs"
import path from "node:path"

/**
 * Secrets for a server started without JWT_SECRET / COOKIE_SECRET outside
 * production (`npm start`, `medusa start`, `medusa develop`): random, made on
 * first use and kept in `<data dir>/dev-secrets.json` (mode 600) so sessions
 * survive a restart. There is no fixed fallback anyone could know: when no
 * data folder can be written, each process makes its own.
 */
export type DevSecrets = { JWT_SECRET: string; COOKIE_SECRET: string }

const fresh = (): DevSecrets => ({
  JWT_SECRET: randomBytes(32).toString("base64url"),
  COOKIE_SECRET: randomBytes(32).toString("base64url"),
})

const valid = (s: unknown): s is DevSecrets =>
  !!s &&
  typeof (s as DevSecrets).JWT_SECRET === "string" &&
  typeof (s as DevSecrets).COOKIE_SECRET === "string" &&
  (s as DevSecrets).JWT_SECRET.length >= 32 &&
  (s as DevSecrets).COOKIE_SECRET.length >= 32

/** The repository's root: the folder above `from` whose package.json lists the backend workspace. */
export function findRepoRoot(from: string): string | null {
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    const pkg = path.join(dir, "package.json")
    if (existsSync(pkg)) {
      try {
        const workspaces = JSON.parse(readFileSync(pkg, "utf8")).workspaces
        if (Array.isArray(workspaces) && workspaces.includes("backend")) return dir
      } catch {
        // not ours
      }
    }
    if (path.dirname(dir) === dir) return null
  }
}

/** DATA_DIR, else `<repository>/.data`; null when neither can be found. */
export function dataDir(
  env: NodeJS.ProcessEnv = process.env,
  from: string[] = [process.cwd(), __dirname]
): string | null {
  if (env.DATA_DIR) return path.resolve(findRepoRoot(from[0]) ?? process.cwd(), env.DATA_DIR)
  for (const start of from) {
    const root = findRepoRoot(start)
    if (root) return path.join(root, ".data")
  }
  return null
}

let perProcess: DevSecrets | undefined

/** The development secrets kept in `dir` (made there on first use), or this process's own. */
export function devSecrets(dir: string | null = dataDir()): DevSecrets {
  if (!dir) return (perProcess ??= fresh())
  const file = path.join(dir, "dev-secrets.json")
  const read = () => {
    try {
      const s = JSON.parse(readFileSync(file, "utf8"))
      return valid(s) ? s : null
    } catch {
      return null
    }
  }
  const existing = read()
  if (existing) return existing
  const made = fresh()
  try {
    mkdirSync(dir, { recursive: true })
    // "wx": of two processes starting at once, one writes and both read the same
    writeFileSync(file, JSON.stringify(made, null, 2) + "\n", { mode: 0o600, flag: existsSync(file) ? "w" : "wx" })
    return made
  } catch {
    return read() ?? (perProcess ??= made)
  }
}

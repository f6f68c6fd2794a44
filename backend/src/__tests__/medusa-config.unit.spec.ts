type Config = {
  projectConfig: {
    redisUrl?: string
    http: { jwtSecret: string; cookieSecret: string }
    cookieOptions: { httpOnly: boolean; sameSite: string; secure: boolean }
  }
  modules: Record<string, { resolve?: string; options?: Record<string, unknown> } | boolean>
}

// Medusa's utilities are loaded once and handed to every fresh load of the config:
// medusa-config.ts reads the environment itself, so only it needs loading afresh
// (isolating the utilities too made each load take seconds).
const medusaUtils: unknown = require("@medusajs/framework/utils")

/** Loads medusa-config.ts afresh with the given environment. */
function loadConfig(env: Record<string, string | undefined>): Config {
  const saved = { ...process.env }
  Object.assign(process.env, env)
  for (const [key, value] of Object.entries(env)) {
    if (value === undefined) delete process.env[key]
  }
  try {
    let config: Config | undefined
    jest.isolateModules(() => {
      jest.doMock("@medusajs/framework/utils", () => medusaUtils)
      config = require("../../medusa-config")
    })
    return config!
  } finally {
    process.env = saved
  }
}

const resolves = (config: Config) => JSON.stringify(config.modules)

describe("medusa-config", () => {
  it("uses Medusa's in-memory event bus, workflow engine, locking and cache without REDIS_URL", () => {
    const config = loadConfig({ REDIS_URL: undefined, NODE_ENV: "test" })
    expect(config.projectConfig.redisUrl).toBeUndefined()
    expect(resolves(config)).not.toMatch(/redis/)
  })

  it("switches on the Redis event bus, workflow engine, locking and cache with REDIS_URL", () => {
    const config = loadConfig({ REDIS_URL: "redis://127.0.0.1:6379", NODE_ENV: "test" })
    const text = resolves(config)
    for (const module of ["event-bus-redis", "workflow-engine-redis", "cache-redis", "locking-redis"]) {
      expect(text).toContain(module)
    }
    // sessions go to Redis too when projectConfig.redisUrl is set
    expect(config.projectConfig.redisUrl).toBe("redis://127.0.0.1:6379")
  })

  it("refuses to load in production without JWT_SECRET and COOKIE_SECRET", () => {
    expect(() => loadConfig({ NODE_ENV: "production", JWT_SECRET: undefined, COOKIE_SECRET: "c".repeat(40) })).toThrow(
      /JWT_SECRET must be set/
    )
    expect(() => loadConfig({ NODE_ENV: "production", JWT_SECRET: "j".repeat(40), COOKIE_SECRET: undefined })).toThrow(
      /COOKIE_SECRET must be set/
    )
  })

  it("never falls back to a fixed secret: outside production each data folder gets random ones, kept for restarts", () => {
    const { mkdtempSync, readFileSync, statSync } = require("node:fs") as typeof import("node:fs")
    const { tmpdir } = require("node:os") as typeof import("node:os")
    const path = require("node:path") as typeof import("node:path")
    const dirs = [mkdtempSync(path.join(tmpdir(), "shop-secrets-")), mkdtempSync(path.join(tmpdir(), "shop-secrets-"))]
    const noSecrets = { JWT_SECRET: undefined, COOKIE_SECRET: undefined }
    for (const mode of ["development", "test", undefined]) {
      const [a, b] = dirs.map((DATA_DIR) => loadConfig({ ...noSecrets, NODE_ENV: mode, DATA_DIR }).projectConfig.http)
      // the value medusa start / develop used before this fix, and anything short or shared
      for (const value of [a.jwtSecret, a.cookieSecret]) {
        expect(value).not.toMatch(/development-only/)
        expect(value.length).toBeGreaterThanOrEqual(32)
      }
      expect(a.jwtSecret).not.toBe(a.cookieSecret)
      expect(b.jwtSecret).not.toBe(a.jwtSecret)
      // the same folder gives the same secrets again (sessions survive a restart)
      expect(loadConfig({ ...noSecrets, NODE_ENV: mode, DATA_DIR: dirs[0] }).projectConfig.http.jwtSecret).toBe(
        a.jwtSecret
      )
    }
    const file = path.join(dirs[0], "dev-secrets.json")
    expect(JSON.parse(readFileSync(file, "utf8")).JWT_SECRET).toBe(
      loadConfig({ ...noSecrets, NODE_ENV: "development", DATA_DIR: dirs[0] }).projectConfig.http.jwtSecret
    )
    expect(statSync(file).mode & 0o077).toBe(0)
  })

  it("makes the session cookie HTTP-only, SameSite=Lax, and Secure in production", () => {
    const prod = loadConfig({
      NODE_ENV: "production",
      JWT_SECRET: "j".repeat(40),
      COOKIE_SECRET: "c".repeat(40),
      COOKIE_SECURE: undefined,
    })
    expect(prod.projectConfig.cookieOptions).toEqual({ httpOnly: true, sameSite: "lax", secure: true })
    expect(prod.projectConfig.http.jwtSecret).toBe("j".repeat(40))
    const dev = loadConfig({ NODE_ENV: "development", COOKIE_SECURE: undefined })
    expect(dev.projectConfig.cookieOptions.secure).toBe(false)
  })

  it("stores files through the File module's local provider, or S3 when S3_BUCKET is set", () => {
    const local = resolves(loadConfig({ NODE_ENV: "test", S3_BUCKET: undefined, PUBLIC_URL: "https://shop.example" }))
    expect(local).toContain("file-local")
    expect(local).toContain("https://shop.example/static")
    const s3 = resolves(loadConfig({ NODE_ENV: "test", S3_BUCKET: "shop-files", S3_REGION: "ap-south-1" }))
    expect(s3).toContain("file-s3")
    expect(s3).toContain("shop-files")
  })

  it("S3 files are served immutable, as the local provider's are under /static", () => {
    const config = loadConfig({ NODE_ENV: "test", S3_BUCKET: "shop-files", S3_REGION: "ap-south-1" })
    const file = config.modules.file as { options: { providers: { options: Record<string, unknown> }[] } }
    expect(file.options.providers[0]!.options.cache_control).toBe("public, max-age=31536000, immutable")
  })
})

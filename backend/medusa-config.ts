import { defineConfig, loadEnv, Modules } from "@medusajs/framework/utils"
import { devSecrets } from "./src/lib/dev-secrets"
import { checkMetaEnv } from "./src/lib/meta-env"
import { passwordHashConfig } from "./src/lib/password-hash"
import { supportPhoneFromEnv } from "./src/lib/support-phone"

loadEnv(process.env.NODE_ENV || "development", process.cwd())

const isProduction = process.env.NODE_ENV === "production"

/**
 * A secret must come from the environment in production (the start script
 * refuses first, and this throws for anyone starting the server another way).
 * Elsewhere (`npm start`, `medusa start`, `medusa develop`) it is a random one
 * kept in .data/dev-secrets.json: never a fixed value someone could forge
 * tokens with (src/lib/dev-secrets.ts).
 */
function secret(name: "JWT_SECRET" | "COOKIE_SECRET"): string {
  const value = process.env[name]
  if (value) {
    return value
  }
  if (isProduction) {
    throw new Error(`${name} must be set when NODE_ENV=production`)
  }
  return devSecrets()[name]
}

// SHOP_SUPPORT_PHONE (the admin's orders screens show it): not a phone number,
// and no backend process starts (src/lib/support-phone.ts, the contract's rule).
supportPhoneFromEnv()
// META_PIXEL_ID / META_GRAPH_URL that are not what they say: named at start-up (src/lib/meta-env.ts)
checkMetaEnv()

const port = process.env.PORT || "9000"
// Where shoppers reach the shop; the storefront server proxies /static, so file
// URLs are built on it and load from the same origin as the pages.
const publicUrl = (process.env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, "")

const redisUrl = process.env.REDIS_URL

const fileProvider = process.env.S3_BUCKET
  ? {
      resolve: "@medusajs/medusa/file-s3",
      id: "s3",
      options: {
        file_url: process.env.S3_FILE_URL,
        access_key_id: process.env.S3_ACCESS_KEY_ID,
        secret_access_key: process.env.S3_SECRET_ACCESS_KEY,
        region: process.env.S3_REGION,
        bucket: process.env.S3_BUCKET,
        endpoint: process.env.S3_ENDPOINT,
        prefix: process.env.S3_PREFIX,
        // every stored name is new (the provider adds a unique id, variants are named
        // by their content): a browser or CDN may keep each file for good
        cache_control: "public, max-age=31536000, immutable",
      },
    }
  : {
      resolve: "@medusajs/medusa/file-local",
      id: "local",
      options: {
        // Medusa serves <project>/static at /static; the start script links the
        // build's static folder to backend/static so files survive rebuilds.
        backend_url: process.env.FILE_BASE_URL || `${publicUrl}/static`,
      },
    }

const redisModules = redisUrl
  ? [
      {
        resolve: "@medusajs/medusa/event-bus-redis",
        options: { redisUrl },
      },
      {
        resolve: "@medusajs/medusa/workflow-engine-redis",
        options: { redis: { redisUrl } },
      },
      {
        resolve: "@medusajs/medusa/cache-redis",
        options: { redisUrl },
      },
      {
        resolve: "@medusajs/medusa/locking",
        options: {
          providers: [
            {
              resolve: "@medusajs/medusa/locking-redis",
              id: "locking-redis",
              is_default: true,
              options: { redisUrl },
            },
          ],
        },
      },
    ]
  : []

module.exports = defineConfig({
  projectConfig: {
    databaseUrl: process.env.DATABASE_URL,
    databaseLogging: false,
    databaseDriverOptions: {
      pool: {
        // While PostgreSQL is down a query fails at once (the API answers 503)
        // instead of waiting out knex's 60 s acquire timeout. Medusa does not
        // pass this on to knex: src/modules/shop-order/loaders/database-pool.ts
        // applies it to the shared pool.
        propagateCreateError: true,
      },
    },
    redisUrl,
    // Session cookie: HTTP-only, SameSite=Lax, Secure in production unless
    // COOKIE_SECURE=false says the shop is served over plain http.
    cookieOptions: {
      httpOnly: true,
      sameSite: "lax",
      secure: process.env.COOKIE_SECURE ? process.env.COOKIE_SECURE === "true" : isProduction,
    },
    workerMode: (process.env.MEDUSA_WORKER_MODE as "shared" | "worker" | "server") || "shared",
    http: {
      storeCors: process.env.STORE_CORS || `${publicUrl},http://localhost:5173`,
      adminCors: process.env.ADMIN_CORS || `${publicUrl},http://localhost:5173,http://localhost:${port}`,
      authCors: process.env.AUTH_CORS || `${publicUrl},http://localhost:5173,http://localhost:${port}`,
      jwtSecret: secret("JWT_SECRET"),
      cookieSecret: secret("COOKIE_SECRET"),
    },
  },
  admin: {
    disable: process.env.DISABLE_MEDUSA_ADMIN === "true",
    path: "/app",
    backendUrl: process.env.MEDUSA_BACKEND_URL || "/",
  },
  modules: [
    {
      // Medusa's own auth module and email-and-password provider, with the password hash's cost
      // from PASSWORD_HASH_COST (src/lib/password-hash.ts; unset: Medusa's)
      resolve: "@medusajs/medusa/auth",
      key: Modules.AUTH,
      options: {
        mfa: { encryption_key: process.env.AUTH_MFA_ENCRYPTION_KEY },
        providers: [
          {
            resolve: "@medusajs/medusa/auth-emailpass",
            id: "emailpass",
            options: { hashConfig: passwordHashConfig() },
          },
        ],
      },
    },
    { resolve: "./src/modules/brand" },
    { resolve: "./src/modules/shop-order" },
    { resolve: "./src/modules/landing-page" },
    { resolve: "./src/modules/landing-draft" },
    { resolve: "./src/modules/order-guard" },
    { resolve: "./src/modules/meta-events" },
    { resolve: "./src/modules/media" },
    { resolve: "./src/modules/sms" },
    { resolve: "./src/modules/profit" },
    {
      // Messages go through Medusa's Notification Module: its local provider keeps the admin's feed,
      // src/modules/sms-gateway sends the `sms` channel through the gateway SMS_GATEWAY names.
      resolve: "@medusajs/medusa/notification",
      key: Modules.NOTIFICATION,
      options: {
        providers: [
          {
            resolve: "@medusajs/medusa/notification-local",
            id: "local",
            options: { name: "Local Notification Provider", channels: ["feed"] },
          },
          // the secret opens the sealed texts that carry one-time codes (src/modules/sms-gateway/seal.ts)
          {
            resolve: "./src/modules/sms-gateway",
            id: "sms",
            options: { channels: ["sms"], secret: secret("JWT_SECRET") },
          },
        ],
      },
    },
    {
      // Couriers are fulfilment providers (src/modules/couriers): Medusa's manual one for
      // status-only deliveries, Steadfast, Pathao and any other courier typed by hand.
      // Each reads its settings (STEADFAST_*, PATHAO_*) from the environment when it books.
      resolve: "@medusajs/medusa/fulfillment",
      options: {
        providers: [
          { resolve: "@medusajs/medusa/fulfillment-manual", id: "manual" },
          { resolve: "./src/modules/couriers/steadfast", id: "steadfast" },
          { resolve: "./src/modules/couriers/pathao", id: "pathao" },
          { resolve: "./src/modules/couriers/manual", id: "manual" },
        ],
      },
    },
    {
      // bKash is a payment provider (src/modules/bkash, pp_bkash_bkash) beside Medusa's system
      // provider that cash on delivery uses; it reads BKASH_* from the environment when it calls bKash.
      resolve: "@medusajs/medusa/payment",
      options: { providers: [{ resolve: "./src/modules/bkash", id: "bkash" }] },
    },
    {
      resolve: "@medusajs/medusa/file",
      key: Modules.FILE,
      options: { providers: [fileProvider] },
    },
    ...redisModules,
  ],
})

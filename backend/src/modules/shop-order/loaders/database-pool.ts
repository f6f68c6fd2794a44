import type { ConfigModule, LoaderOptions } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

type TarnPool = { propagateCreateError: boolean; acquireTimeoutMillis: number }

/**
 * Medusa builds the shared knex pool from projectConfig.databaseDriverOptions
 * but hands knex only min, max, idleTimeoutMillis, reapIntervalMillis and
 * createRetryIntervalMillis (@medusajs/framework pg-connection-loader), and it
 * sets propagateCreateError: false. With that, while PostgreSQL is down every
 * query waits out knex's 60 s acquire timeout. This applies the two pool
 * options medusa-config.ts sets that Medusa does not pass on:
 *
 * - propagateCreateError: a failed connection attempt fails a waiting query
 *   at once (the API answers 503) instead of retrying for a minute;
 * - acquireTimeoutMillis: the longest a query waits for a connection.
 *
 * Every module shares this one pool, so setting it here covers them all.
 */
export default async function databasePoolLoader({ container }: LoaderOptions): Promise<void> {
  const config = container.resolve<ConfigModule | undefined>(ContainerRegistrationKeys.CONFIG_MODULE, {
    allowUnregistered: true,
  })
  const wanted = (config?.projectConfig?.databaseDriverOptions as { pool?: Partial<TarnPool> } | undefined)?.pool
  const knex = container.resolve<{ client?: { pool?: TarnPool } } | undefined>(
    ContainerRegistrationKeys.PG_CONNECTION,
    {
      allowUnregistered: true,
    }
  )
  const pool = knex?.client?.pool
  if (!wanted || !pool) return
  if (typeof wanted.propagateCreateError === "boolean") pool.propagateCreateError = wanted.propagateCreateError
  if (typeof wanted.acquireTimeoutMillis === "number" && wanted.acquireTimeoutMillis > 0) {
    pool.acquireTimeoutMillis = wanted.acquireTimeoutMillis
  }
}

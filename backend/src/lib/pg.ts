import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

export type { Knex }

/** What `knex.raw` answers on Postgres: the statement's rows, in the shape its select list gives them. */
export type PgRows<Row = Record<string, unknown>> = { rows: Row[] }

/** Medusa's connection to the database, for statements the modules' services have no method for. */
export const pgConnection = (container: MedusaContainer): Knex =>
  container.resolve(ContainerRegistrationKeys.PG_CONNECTION)

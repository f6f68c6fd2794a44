import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * Orders at scale: the guard's lookups at every order (duplicates by phone, velocity by
 * client address) read only the recent rows: (phone, created_at) and
 * (client_address, created_at) instead of the single-column indexes, so a phone
 * with hundreds of past orders costs an index range, not all its rows.
 */
export class Migration20261125200000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_order_risk_phone_created_at" ON "order_risk" ("phone", "created_at") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_order_risk_client_address_created_at" ON "order_risk" ("client_address", "created_at") WHERE deleted_at IS NULL;`
    )
    this.addSql(`drop index if exists "IDX_order_risk_phone";`)
    this.addSql(`drop index if exists "IDX_order_risk_client_address";`)
  }

  override async down(): Promise<void> {
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_order_risk_phone" ON "order_risk" ("phone") WHERE deleted_at IS NULL;`)
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_order_risk_client_address" ON "order_risk" ("client_address") WHERE deleted_at IS NULL;`
    )
    this.addSql(`drop index if exists "IDX_order_risk_phone_created_at";`)
    this.addSql(`drop index if exists "IDX_order_risk_client_address_created_at";`)
  }
}

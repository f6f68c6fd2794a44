import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261122071800 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_shop_order_created_at" ON "shop_order" ("created_at") WHERE deleted_at IS NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "IDX_shop_order_created_at";`)
  }
}

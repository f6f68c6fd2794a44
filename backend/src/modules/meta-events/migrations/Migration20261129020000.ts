import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * An order may have two server events: its Purchase and, once its parcel is
 * delivered, its delivery (kind "delivered"): one of each per order.
 */
export class Migration20261129020000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "purchase_event" add column if not exists "kind" text check ("kind" in ('purchase', 'delivered')) not null default 'purchase';`
    )
    this.addSql(`drop index if exists "IDX_purchase_event_order_id_unique";`)
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_purchase_event_order_id_kind_unique" ON "purchase_event" ("order_id", "kind") WHERE deleted_at IS NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`delete from "purchase_event" where "kind" <> 'purchase';`)
    this.addSql(`drop index if exists "IDX_purchase_event_order_id_kind_unique";`)
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_purchase_event_order_id_unique" ON "purchase_event" ("order_id") WHERE deleted_at IS NULL;`
    )
    this.addSql(`alter table if exists "purchase_event" drop column if exists "kind";`)
  }
}

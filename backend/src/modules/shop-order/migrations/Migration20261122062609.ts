import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261122062609 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table if exists "shop_order" drop constraint if exists "shop_order_order_number_unique";`)
    this.addSql(
      `create table if not exists "shop_order" ("id" text not null, "order_number" text not null, "status" text check ("status" in ('pending', 'completed', 'cancelled', 'shipped', 'delivered')) not null default 'pending', "status_changed_at" timestamptz not null, "is_guest" boolean not null default false, "guest_name" text null, "guest_email" text null, "guest_phone" text null, "customer_id" text null, "cart_id" text null, "landing_page_slug" text null, "address" jsonb not null, "delivery_area" text null, "delivery_charge" integer not null default 0, "total" integer not null, "stock_taken" boolean not null default true, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "shop_order_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_shop_order_order_number_unique" ON "shop_order" ("order_number") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_shop_order_deleted_at" ON "shop_order" ("deleted_at") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_shop_order_customer_id" ON "shop_order" ("customer_id") WHERE deleted_at IS NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "shop_order" cascade;`)
  }
}

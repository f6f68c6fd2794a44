import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261122113539 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table if not exists "stock_hold" ("id" text not null, "location_id" text not null, "lines" jsonb not null, "payment_collection_id" text null, "released_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "stock_hold_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_stock_hold_deleted_at" ON "stock_hold" ("deleted_at") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_stock_hold_created_at" ON "stock_hold" ("created_at") WHERE deleted_at IS NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "stock_hold" cascade;`)
  }
}

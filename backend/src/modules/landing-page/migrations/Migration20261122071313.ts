import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261122071313 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table if exists "landing_page" drop constraint if exists "landing_page_slug_unique";`)
    this.addSql(
      `create table if not exists "landing_page" ("id" text not null, "title" text not null, "slug" text not null, "product_id" text not null, "is_active" boolean not null default false, "hero" jsonb not null, "benefits" jsonb not null, "gallery" jsonb not null, "testimonials" jsonb not null, "order_form" jsonb not null, "trust_badges" jsonb not null, "urgency" jsonb not null, "styling" jsonb not null, "views" integer not null default 0, "orders" integer not null default 0, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "landing_page_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_landing_page_slug_unique" ON "landing_page" ("slug") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_landing_page_deleted_at" ON "landing_page" ("deleted_at") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_landing_page_product_id" ON "landing_page" ("product_id") WHERE deleted_at IS NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "landing_page" cascade;`)
  }
}

import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261125100539 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table if exists "landing_draft" drop constraint if exists "landing_draft_page_id_phone_unique";`)
    this.addSql(
      `create table if not exists "landing_draft" ("id" text not null, "page_id" text not null, "slug" text not null, "phone" text not null, "name" text null, "address" text null, "quantity" integer null, "delivery_area" text null, "status" text check ("status" in ('open', 'recovered', 'converted')) not null default 'open', "order_id" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "landing_draft_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_landing_draft_deleted_at" ON "landing_draft" ("deleted_at") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_landing_draft_page_id_phone_unique" ON "landing_draft" ("page_id", "phone") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_landing_draft_phone_status" ON "landing_draft" ("phone", "status") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_landing_draft_status_updated_at" ON "landing_draft" ("status", "updated_at") WHERE deleted_at IS NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "landing_draft" cascade;`)
  }
}

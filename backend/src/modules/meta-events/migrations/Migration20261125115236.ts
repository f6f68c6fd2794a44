import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261125115236 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table if exists "purchase_event" drop constraint if exists "purchase_event_order_id_unique";`)
    this.addSql(`alter table if exists "meta_settings" drop constraint if exists "meta_settings_key_unique";`)
    this.addSql(
      `create table if not exists "meta_settings" ("id" text not null, "key" text not null, "purchase_on" text check ("purchase_on" in ('confirmed', 'delivered')) not null default 'confirmed', "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "meta_settings_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_meta_settings_key_unique" ON "meta_settings" ("key") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_meta_settings_deleted_at" ON "meta_settings" ("deleted_at") WHERE deleted_at IS NULL;`
    )

    this.addSql(
      `create table if not exists "purchase_event" ("id" text not null, "order_id" text not null, "order_number" text not null, "landing_page_id" text null, "pixel_id" text not null, "state" text check ("state" in ('not_sent', 'pending', 'sent', 'failed', 'given_up')) not null default 'not_sent', "attempts" integer not null default 0, "event_time" timestamptz null, "next_attempt_at" timestamptz null, "last_error" text null, "sent_at" timestamptz null, "fbp" text null, "fbc" text null, "client_ip" text null, "user_agent" text null, "event_source_url" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "purchase_event_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_purchase_event_order_id_unique" ON "purchase_event" ("order_id") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_purchase_event_deleted_at" ON "purchase_event" ("deleted_at") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_purchase_event_state_next_attempt_at" ON "purchase_event" ("state", "next_attempt_at") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_purchase_event_landing_page_id" ON "purchase_event" ("landing_page_id") WHERE deleted_at IS NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "meta_settings" cascade;`)

    this.addSql(`drop table if exists "purchase_event" cascade;`)
  }
}

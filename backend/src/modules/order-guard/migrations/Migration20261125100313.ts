import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261125100313 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table if exists "order_risk" drop constraint if exists "order_risk_order_id_unique";`)
    this.addSql(`alter table if exists "guard_rules" drop constraint if exists "guard_rules_key_unique";`)
    this.addSql(`alter table if exists "courier_score" drop constraint if exists "courier_score_phone_unique";`)
    this.addSql(
      `alter table if exists "blocklist_entry" drop constraint if exists "blocklist_entry_kind_value_unique";`
    )
    this.addSql(
      `create table if not exists "blocklist_entry" ("id" text not null, "kind" text check ("kind" in ('phone', 'address')) not null, "value" text not null, "reason" text not null, "created_by" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "blocklist_entry_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_blocklist_entry_deleted_at" ON "blocklist_entry" ("deleted_at") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_blocklist_entry_kind_value_unique" ON "blocklist_entry" ("kind", "value") WHERE deleted_at IS NULL;`
    )

    this.addSql(
      `create table if not exists "courier_score" ("id" text not null, "phone" text not null, "score" real null, "parcels" integer not null default 0, "fetched_at" timestamptz not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "courier_score_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_courier_score_phone_unique" ON "courier_score" ("phone") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_courier_score_deleted_at" ON "courier_score" ("deleted_at") WHERE deleted_at IS NULL;`
    )

    this.addSql(
      `create table if not exists "guard_rules" ("id" text not null, "key" text not null, "rules" jsonb not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "guard_rules_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_guard_rules_key_unique" ON "guard_rules" ("key") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_guard_rules_deleted_at" ON "guard_rules" ("deleted_at") WHERE deleted_at IS NULL;`
    )

    this.addSql(
      `create table if not exists "order_risk" ("id" text not null, "order_id" text not null, "phone" text not null, "client_address" text null, "product_ids" jsonb not null, "level" text check ("level" in ('low', 'medium', 'high')) not null, "reasons" jsonb not null, "past_orders" integer not null default 0, "delivered" integer not null default 0, "returned_or_cancelled" integer not null default 0, "success_ratio" real null, "courier_score" real null, "duplicate_of" text null, "needs_confirmation" boolean not null default false, "confirmations" jsonb not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "order_risk_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_order_risk_order_id_unique" ON "order_risk" ("order_id") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_order_risk_deleted_at" ON "order_risk" ("deleted_at") WHERE deleted_at IS NULL;`
    )
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_order_risk_phone" ON "order_risk" ("phone") WHERE deleted_at IS NULL;`)
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_order_risk_client_address" ON "order_risk" ("client_address") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_order_risk_needs_confirmation" ON "order_risk" ("needs_confirmation") WHERE deleted_at IS NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "blocklist_entry" cascade;`)

    this.addSql(`drop table if exists "courier_score" cascade;`)

    this.addSql(`drop table if exists "guard_rules" cascade;`)

    this.addSql(`drop table if exists "order_risk" cascade;`)
  }
}

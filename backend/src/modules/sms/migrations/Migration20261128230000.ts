import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261128230000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table if exists "sms_message" add column if not exists "sealed" text null;`)
    this.addSql(`alter table if exists "sms_message" add column if not exists "delivery" text null;`)
    this.addSql(
      `alter table if exists "sms_message" add column if not exists "delivery_final" boolean not null default false;`
    )
    this.addSql(`alter table if exists "sms_message" add column if not exists "delivery_checked_at" timestamptz null;`)
    this.addSql(
      `create table if not exists "sms_code" ("id" text not null, "order_id" text not null, "phone" text not null, "code_hash" text not null, "expires_at" timestamptz not null, "resend_at" timestamptz not null, "tries" integer not null default 0, "codes" integer not null default 1, "state" text check ("state" in ('waiting', 'verified', 'locked')) not null default 'waiting', "verified_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "sms_code_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_sms_code_order_id_unique" ON "sms_code" ("order_id") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_sms_code_deleted_at" ON "sms_code" ("deleted_at") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_sms_code_phone_created_at" ON "sms_code" ("phone", "created_at") WHERE deleted_at IS NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "sms_code" cascade;`)
    this.addSql(
      `alter table if exists "sms_message" drop column if exists "sealed", drop column if exists "delivery", drop column if exists "delivery_final", drop column if exists "delivery_checked_at";`
    )
  }
}

import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261128180000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table if not exists "sms_message" ("id" text not null, "key" text not null, "order_id" text null, "event" text not null, "phone" text not null, "text" text not null, "encoding" text not null, "parts" integer not null, "state" text check ("state" in ('pending', 'sent', 'refused', 'failed')) not null default 'pending', "attempts" integer not null default 0, "next_attempt_at" timestamptz null, "gateway" text null, "gateway_message_id" text null, "answer" text null, "cost_poisha" integer null, "sent_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "sms_message_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_sms_message_key_unique" ON "sms_message" ("key") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_sms_message_deleted_at" ON "sms_message" ("deleted_at") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_sms_message_state_next_attempt_at" ON "sms_message" ("state", "next_attempt_at") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_sms_message_order_id" ON "sms_message" ("order_id") WHERE deleted_at IS NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "sms_message" cascade;`)
  }
}

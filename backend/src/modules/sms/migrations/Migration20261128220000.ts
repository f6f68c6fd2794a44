import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261128220000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table if not exists "sms_template" ("id" text not null, "event" text not null, "text" text not null default '', "enabled" boolean not null default true, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "sms_template_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_sms_template_event_unique" ON "sms_template" ("event") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_sms_template_deleted_at" ON "sms_template" ("deleted_at") WHERE deleted_at IS NULL;`
    )
    // the admin's totals per day read the last days' messages
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_sms_message_created_at" ON "sms_message" ("created_at") WHERE deleted_at IS NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "IDX_sms_message_created_at";`)
    this.addSql(`drop table if exists "sms_template" cascade;`)
  }
}

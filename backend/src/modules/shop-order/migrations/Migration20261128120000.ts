import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** The merchant's payment rules (models/payment-rules.ts): one row, key "default". */
export class Migration20261128120000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table if not exists "payment_rules" ("id" text not null, "key" text not null, "rules" jsonb not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "payment_rules_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_payment_rules_key_unique" ON "payment_rules" ("key") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_payment_rules_deleted_at" ON "payment_rules" ("deleted_at") WHERE deleted_at IS NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "payment_rules" cascade;`)
  }
}

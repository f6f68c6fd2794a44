import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** The hash of the draft token of the browser that started a draft (only it may change the draft). */
export class Migration20261127110000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table if exists "landing_draft" add column if not exists "token_hash" text null;`)
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "landing_draft" drop column if exists "token_hash";`)
  }
}

import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261125115235 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table if exists "landing_page" add column if not exists "meta_pixel_id" text null;`)
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "landing_page" drop column if exists "meta_pixel_id";`)
  }
}

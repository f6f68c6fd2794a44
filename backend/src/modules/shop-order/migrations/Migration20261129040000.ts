import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * The dispatch desk: where an order came from (the shop, a landing page, or
 * staff taking it by phone or in Messenger) and who took it; when its invoice
 * and label were printed, and how often. Landing orders placed before are
 * marked as such.
 */
export class Migration20261129040000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "shop_order" add column if not exists "source" text check ("source" in ('shop', 'landing', 'phone', 'messenger')) not null default 'shop', add column if not exists "taken_by" text null, add column if not exists "printed_at" timestamptz null, add column if not exists "print_count" integer not null default 0;`
    )
    this.addSql(
      `update "shop_order" set "source" = 'landing' where "landing_page_slug" is not null and "source" = 'shop';`
    )
  }

  override async down(): Promise<void> {
    this.addSql(
      `alter table if exists "shop_order" drop column if exists "source", drop column if exists "taken_by", drop column if exists "printed_at", drop column if exists "print_count";`
    )
  }
}

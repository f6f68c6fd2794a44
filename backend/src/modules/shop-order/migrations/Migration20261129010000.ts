import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** The ad a landing order came from (its page's utm_campaign / utm_term / utm_content): the Profit screen's per-ad figures. */
export class Migration20261129010000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "shop_order" add column if not exists "ad_campaign_id" text null, add column if not exists "ad_set_id" text null, add column if not exists "ad_id" text null;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(
      `alter table if exists "shop_order" drop column if exists "ad_campaign_id", drop column if exists "ad_set_id", drop column if exists "ad_id";`
    )
  }
}

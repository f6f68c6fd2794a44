import { Migration } from "@medusajs/framework/mikro-orm/migrations"

const base = `"created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null`

export class Migration20261129010100 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table if not exists "profit_settings" ("id" text not null, "key" text not null, "settings" jsonb not null, ${base}, constraint "profit_settings_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_profit_settings_key_unique" ON "profit_settings" ("key") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `create table if not exists "product_cost" ("id" text not null, "product_id" text not null, "cost" integer not null, "effective_from" timestamptz not null, "created_by" text null, ${base}, constraint "product_cost_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_product_cost_product_id_effective_from" ON "product_cost" ("product_id", "effective_from") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `create table if not exists "order_profit" ("id" text not null, "order_id" text not null, "order_number" text not null, "placed_at" timestamptz not null,
        "stage" text check ("stage" in ('placed', 'confirmed', 'sent', 'delivered', 'settled')) not null,
        "end_state" text check ("end_state" in ('open', 'delivered', 'partial', 'returned', 'cancelled', 'fake')) not null,
        "landing_page_slug" text null, "campaign_id" text null, "adset_id" text null, "ad_id" text null, "district" text null, "courier" text null,
        "revenue" integer not null, "cash_received" integer not null, "goods_cost" integer not null, "delivery_fee" integer not null,
        "cod_charge" integer not null, "return_fee" integer not null, "packaging" integer not null, "profit" integer not null,
        "packaging_rate" integer not null, "settled_amount" integer not null default 0, "missing_costs" integer not null default 0,
        ${base}, constraint "order_profit_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_order_profit_order_id_unique" ON "order_profit" ("order_id") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_order_profit_placed_at" ON "order_profit" ("placed_at") WHERE deleted_at IS NULL;`
    )
    // the page each ad sends its orders to (read-models/profit.ts)
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_order_profit_ad_id" ON "order_profit" ("ad_id") WHERE deleted_at IS NULL AND ad_id IS NOT NULL;`
    )
    this.addSql(
      `create table if not exists "order_profit_line" ("id" text not null, "order_id" text not null, "placed_at" timestamptz not null, "end_state" text not null,
        "product_id" text null, "title" text not null, "quantity" integer not null, "kept" integer not null, "revenue" integer not null, "cash_received" integer not null default 0,
        "goods_cost" integer not null, "profit" integer not null, "missing_cost" boolean not null default false,
        ${base}, constraint "order_profit_line_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_order_profit_line_order_id" ON "order_profit_line" ("order_id") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_order_profit_line_placed_at" ON "order_profit_line" ("placed_at") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `create table if not exists "ad_spend" ("id" text not null, "day" text not null, "ad_id" text not null, "adset_id" text null, "campaign_id" text null,
        "spend" integer not null, "impressions" integer not null default 0, "clicks" integer not null default 0,
        ${base}, constraint "ad_spend_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_ad_spend_day_ad_id_unique" ON "ad_spend" ("day", "ad_id") WHERE deleted_at IS NULL;`
    )
  }

  override async down(): Promise<void> {
    for (const table of ["ad_spend", "order_profit_line", "order_profit", "product_cost", "profit_settings"])
      this.addSql(`drop table if exists "${table}" cascade;`)
  }
}

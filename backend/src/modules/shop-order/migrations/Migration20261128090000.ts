import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * How an order is paid (the contract's PAYMENT_METHODS): cash on delivery
 * for every order placed so far, bKash in full or the delivery charge in
 * advance from now on. For a bKash order, where its payment stands
 * (payment_state, the contract's BKASH_STATES), what bKash confirmed it
 * received (amount_paid) and its transaction id: the shop's record of what
 * Medusa's payment holds, for the order lists and the courier's cash to collect.
 */
export class Migration20261128090000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "shop_order" add column if not exists "payment_method" text check ("payment_method" in ('cod', 'bkash_full', 'bkash_advance')) not null default 'cod';`
    )
    this.addSql(`alter table if exists "shop_order" add column if not exists "payment_state" text null;`)
    this.addSql(`alter table if exists "shop_order" add column if not exists "amount_paid" integer not null default 0;`)
    this.addSql(`alter table if exists "shop_order" add column if not exists "bkash_trx_id" text null;`)
    // the expiry job's look for bKash orders still waiting, oldest first (a few among a million orders)
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_shop_order_bkash_waiting" ON "shop_order" ("created_at") WHERE "payment_state" IN ('awaiting', 'failed') AND "deleted_at" IS NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "IDX_shop_order_bkash_waiting";`)
    this.addSql(`alter table if exists "shop_order" drop column if exists "bkash_trx_id";`)
    this.addSql(`alter table if exists "shop_order" drop column if exists "amount_paid";`)
    this.addSql(`alter table if exists "shop_order" drop column if exists "payment_state";`)
    this.addSql(`alter table if exists "shop_order" drop column if exists "payment_method";`)
  }
}

import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * Orders at scale and one order per attempt: the order's contact phone
 * normalised once (shop_order.phone, indexed with created_at for the guard's
 * history) and the requests that placed orders (order_request, one row per
 * idempotency key). Existing orders get their phone
 * key from what was typed (guest phone, else the address's number; Bengali
 * digits read as digits), by the contract's phoneKey rule.
 */
export class Migration20261125190000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table if exists "shop_order" add column if not exists "phone" text not null default '';`)
    this.addSql(`
      with typed as (
        select id, regexp_replace(translate(coalesce(nullif(guest_phone, ''), address->>'number', ''), '০১২৩৪৫৬৭৮৯', '0123456789'), '\\D', '', 'g') as digits
          from shop_order
      )
      update shop_order s
         set phone = case when typed.digits ~ '^(880|0)?1[3-9][0-9]{8}$' then '0' || right(typed.digits, 10) else typed.digits end
        from typed
       where typed.id = s.id and s.phone = '';`)
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_shop_order_phone_created_at" ON "shop_order" ("phone", "created_at") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `create table if not exists "order_request" ("id" text not null, "key" text not null, "request_hash" text not null, "order_id" text not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "order_request_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_order_request_key_unique" ON "order_request" ("key") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_order_request_order_id" ON "order_request" ("order_id") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_order_request_created_at" ON "order_request" ("created_at") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_order_request_deleted_at" ON "order_request" ("deleted_at") WHERE deleted_at IS NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "order_request" cascade;`)
    this.addSql(`drop index if exists "IDX_shop_order_phone_created_at";`)
    this.addSql(`alter table if exists "shop_order" drop column if exists "phone";`)
  }
}

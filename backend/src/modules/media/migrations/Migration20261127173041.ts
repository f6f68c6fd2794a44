import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261127173041 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table if exists "picture" drop constraint if exists "picture_url_unique";`)
    this.addSql(
      `create table if not exists "picture" ("id" text not null, "url" text not null, "file_key" text not null, "width" integer not null, "height" integer not null, "placeholder" text not null, "variants" jsonb not null, "bytes" integer not null, "source_bytes" integer not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "picture_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_picture_url_unique" ON "picture" ("url") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_picture_deleted_at" ON "picture" ("deleted_at") WHERE deleted_at IS NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "picture" cascade;`)
  }
}

import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261125143521 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "gateway_notification" drop constraint if exists "gateway_notification_notify_id_unique";`);
    this.addSql(`alter table if exists "gateway_notification_rejection" drop constraint if exists "gateway_notification_rejection_period_start_unique";`);
    this.addSql(`create table if not exists "gateway_notification_rejection" ("id" text not null, "period_start" timestamptz not null, "rejected" integer not null default 0, "bad_signature" integer not null default 0, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "gateway_notification_rejection_pkey" primary key ("id"));`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_gateway_notification_rejection_period_start_unique" ON "gateway_notification_rejection" ("period_start") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gateway_notification_rejection_deleted_at" ON "gateway_notification_rejection" ("deleted_at") WHERE deleted_at IS NULL;`);

    this.addSql(`drop index if exists "IDX_gateway_notification_notify_id";`);
    this.addSql(`drop index if exists "IDX_gateway_notification_notify_id_status";`);

    this.addSql(`alter table if exists "gateway_notification" add column if not exists "deliveries" integer not null default 1, add column if not exists "last_received_at" timestamptz null, add column if not exists "size" integer null, add column if not exists "source" text null;`);
    this.addSql(`alter table if exists "gateway_notification" alter column "notify_id" type text using ("notify_id"::text);`);
    this.addSql(`alter table if exists "gateway_notification" alter column "notify_id" drop not null;`);
    this.addSql(`alter table if exists "gateway_notification" alter column "payload" type jsonb using ("payload"::jsonb);`);
    this.addSql(`alter table if exists "gateway_notification" alter column "payload" drop not null;`);
    // One verified row per replay key from now on: replays that earlier versions stored as rows of their own are
    // soft-deleted (the first delivery of each is kept), and the bodies of rejected requests are dropped.
    this.addSql(`update "gateway_notification" set "deleted_at" = now() where "verified" = true and "deleted_at" is null and "id" not in (select distinct on ("notify_id") "id" from "gateway_notification" where "verified" = true and "deleted_at" is null order by "notify_id", "received_at", "id");`);
    this.addSql(`update "gateway_notification" set "payload" = null where "status" = 'rejected';`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_gateway_notification_notify_id_unique" ON "gateway_notification" ("notify_id") WHERE verified = true AND deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gateway_notification_status_received_at" ON "gateway_notification" ("status", "received_at") WHERE deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "gateway_notification_rejection" cascade;`);

    this.addSql(`drop index if exists "IDX_gateway_notification_notify_id_unique";`);
    this.addSql(`drop index if exists "IDX_gateway_notification_status_received_at";`);
    this.addSql(`alter table if exists "gateway_notification" drop column if exists "deliveries", drop column if exists "last_received_at", drop column if exists "size", drop column if exists "source";`);

    this.addSql(`alter table if exists "gateway_notification" alter column "notify_id" type text using ("notify_id"::text);`);
    this.addSql(`update "gateway_notification" set "notify_id" = "id" where "notify_id" is null;`);
    this.addSql(`alter table if exists "gateway_notification" alter column "notify_id" set not null;`);
    this.addSql(`alter table if exists "gateway_notification" alter column "payload" type jsonb using ("payload"::jsonb);`);
    this.addSql(`update "gateway_notification" set "payload" = '{}'::jsonb where "payload" is null;`);
    this.addSql(`alter table if exists "gateway_notification" alter column "payload" set not null;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gateway_notification_notify_id" ON "gateway_notification" ("notify_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gateway_notification_notify_id_status" ON "gateway_notification" ("notify_id", "status") WHERE deleted_at IS NULL;`);
  }

}

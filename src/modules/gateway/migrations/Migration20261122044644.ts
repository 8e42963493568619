import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261122044644 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "gateway_payment" drop constraint if exists "gateway_payment_order_no_unique";`);
    this.addSql(`create table if not exists "gateway_notification" ("id" text not null, "notify_id" text not null, "notify_type" text not null, "order_no" text null, "transaction_id" text null, "content_type" text not null, "payload" jsonb not null, "verified" boolean not null, "status" text check ("status" in ('received', 'processed', 'ignored', 'failed', 'rejected')) not null default 'received', "result" text null, "attempts" integer not null default 0, "received_at" timestamptz not null, "processed_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "gateway_notification_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gateway_notification_notify_id" ON "gateway_notification" ("notify_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gateway_notification_order_no" ON "gateway_notification" ("order_no") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gateway_notification_transaction_id" ON "gateway_notification" ("transaction_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gateway_notification_deleted_at" ON "gateway_notification" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gateway_notification_notify_id_status" ON "gateway_notification" ("notify_id", "status") WHERE deleted_at IS NULL;`);

    this.addSql(`create table if not exists "gateway_payment" ("id" text not null, "order_no" text not null, "transaction_id" text null, "payment_id" text null, "provider_id" text null, "gateway_state" text null, "payment_status" text null, "threeds_result" text null, "risk_action" text null, "risk_score" text null, "risk_reasons" jsonb null, "review_status" text null, "disputes" jsonb null, "refunds" jsonb null, "last_notification_at" timestamptz null, "last_reconciled_at" timestamptz null, "discrepancy" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "gateway_payment_pkey" primary key ("id"));`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_gateway_payment_order_no_unique" ON "gateway_payment" ("order_no") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gateway_payment_transaction_id" ON "gateway_payment" ("transaction_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gateway_payment_payment_id" ON "gateway_payment" ("payment_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gateway_payment_deleted_at" ON "gateway_payment" ("deleted_at") WHERE deleted_at IS NULL;`);

    this.addSql(`create table if not exists "gateway_sync_run" ("id" text not null, "job" text check ("job" in ('order_sync', 'refund_sync')) not null, "status" text check ("status" in ('running', 'succeeded', 'failed')) not null default 'running', "started_at" timestamptz not null, "finished_at" timestamptz null, "checked" integer not null default 0, "changed" integer not null default 0, "requests" integer not null default 0, "discrepancies" jsonb null, "error" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "gateway_sync_run_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gateway_sync_run_deleted_at" ON "gateway_sync_run" ("deleted_at") WHERE deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "gateway_notification" cascade;`);

    this.addSql(`drop table if exists "gateway_payment" cascade;`);

    this.addSql(`drop table if exists "gateway_sync_run" cascade;`);
  }

}

import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261123105310 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "gateway_subscription_deduction" drop constraint if exists "gateway_subscription_deduction_transaction_id_unique";`);
    this.addSql(`alter table if exists "gateway_subscription" drop constraint if exists "gateway_subscription_recurring_id_unique";`);
    this.addSql(`create table if not exists "gateway_subscription" ("id" text not null, "recurring_id" text not null, "order_no" text not null, "transaction_id" text null, "cart_id" text null, "order_id" text null, "customer_id" text null, "variant_id" text null, "contract_name" text not null, "interval" text not null, "interval_count" integer not null, "billing_cycles" integer null, "promotion_cycles" integer null, "amount" text not null, "currency" text not null, "status" text check ("status" in ('pending', 'active', 'cancelled', 'ended')) not null default 'pending', "deduction_period" text null, "next_deduction_at" timestamptz null, "cancelled_at" timestamptz null, "last_synced_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "gateway_subscription_pkey" primary key ("id"));`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_gateway_subscription_recurring_id_unique" ON "gateway_subscription" ("recurring_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gateway_subscription_order_no" ON "gateway_subscription" ("order_no") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gateway_subscription_order_id" ON "gateway_subscription" ("order_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gateway_subscription_customer_id" ON "gateway_subscription" ("customer_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gateway_subscription_deleted_at" ON "gateway_subscription" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gateway_subscription_status_created_at" ON "gateway_subscription" ("status", "created_at") WHERE deleted_at IS NULL;`);

    this.addSql(`create table if not exists "gateway_subscription_deduction" ("id" text not null, "subscription_id" text not null, "transaction_id" text not null, "amount" text not null, "currency" text not null, "payment_status" text null, "outcome" text check ("outcome" in ('approved', 'declined')) not null, "deducted_at" timestamptz not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "gateway_subscription_deduction_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gateway_subscription_deduction_subscription_id" ON "gateway_subscription_deduction" ("subscription_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_gateway_subscription_deduction_transaction_id_unique" ON "gateway_subscription_deduction" ("transaction_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gateway_subscription_deduction_deleted_at" ON "gateway_subscription_deduction" ("deleted_at") WHERE deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "gateway_subscription" cascade;`);

    this.addSql(`drop table if exists "gateway_subscription_deduction" cascade;`);
  }

}

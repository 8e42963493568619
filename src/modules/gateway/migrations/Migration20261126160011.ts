import { Migration } from "@medusajs/framework/mikro-orm/migrations";

/**
 * The payments dashboard: each payment attempt (gateway_payment_attempt) and each capture, refund and chargeback
 * booked (gateway_money_movement), with their daily roll-ups (gateway_payment_day, gateway_money_day) that the
 * dashboard reads. Empty at first: attempts are recorded from this version on.
 */
export class Migration20261126160011 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "gateway_payment_day" drop constraint if exists "gateway_payment_day_day_method_card_brand_currency_outcome_threeds_decline_code_decline_message_unique";`);
    this.addSql(`alter table if exists "gateway_money_movement" drop constraint if exists "gateway_money_movement_kind_reference_unique";`);
    this.addSql(`alter table if exists "gateway_money_day" drop constraint if exists "gateway_money_day_day_kind_method_card_brand_currency_unique";`);
    this.addSql(`create table if not exists "gateway_money_day" ("id" text not null, "day" text not null, "kind" text not null, "method" text not null, "card_brand" text not null, "currency" text not null, "count" integer not null default 0, "amount" text not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "gateway_money_day_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gateway_money_day_deleted_at" ON "gateway_money_day" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_gateway_money_day_day_kind_method_card_brand_currency_unique" ON "gateway_money_day" ("day", "kind", "method", "card_brand", "currency") WHERE deleted_at IS NULL;`);

    this.addSql(`create table if not exists "gateway_money_movement" ("id" text not null, "kind" text not null, "reference" text not null, "order_no" text not null, "attempt_id" text null, "transaction_id" text null, "method" text not null, "currency" text not null, "card_brand" text null, "amount" text not null, "status" text not null, "occurred_at" timestamptz not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "gateway_money_movement_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gateway_money_movement_order_no" ON "gateway_money_movement" ("order_no") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gateway_money_movement_deleted_at" ON "gateway_money_movement" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_gateway_money_movement_kind_reference_unique" ON "gateway_money_movement" ("kind", "reference") WHERE deleted_at IS NULL;`);

    this.addSql(`create table if not exists "gateway_payment_attempt" ("id" text not null, "order_no" text not null, "transaction_id" text null, "method" text not null, "currency" text not null, "amount" text not null, "card_brand" text null, "threeds" text null, "outcome" text not null, "decline_code" text null, "decline_message" text null, "attempted_at" timestamptz not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "gateway_payment_attempt_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gateway_payment_attempt_order_no" ON "gateway_payment_attempt" ("order_no") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gateway_payment_attempt_transaction_id" ON "gateway_payment_attempt" ("transaction_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gateway_payment_attempt_deleted_at" ON "gateway_payment_attempt" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gateway_payment_attempt_attempted_at" ON "gateway_payment_attempt" ("attempted_at") WHERE deleted_at IS NULL;`);

    this.addSql(`create table if not exists "gateway_payment_day" ("id" text not null, "day" text not null, "method" text not null, "card_brand" text not null, "currency" text not null, "outcome" text not null, "threeds" text not null, "decline_code" text not null, "decline_message" text not null, "attempts" integer not null default 0, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "gateway_payment_day_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gateway_payment_day_deleted_at" ON "gateway_payment_day" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_gateway_payment_day_day_method_card_brand_currency_outcome_threeds_decline_code_decline_message_unique" ON "gateway_payment_day" ("day", "method", "card_brand", "currency", "outcome", "threeds", "decline_code", "decline_message") WHERE deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "gateway_money_day" cascade;`);

    this.addSql(`drop table if exists "gateway_money_movement" cascade;`);

    this.addSql(`drop table if exists "gateway_payment_attempt" cascade;`);

    this.addSql(`drop table if exists "gateway_payment_day" cascade;`);
  }

}

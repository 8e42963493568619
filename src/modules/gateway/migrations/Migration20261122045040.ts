import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261122045040 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "gateway_payout" drop constraint if exists "gateway_payout_request_id_unique";`);
    this.addSql(`alter table if exists "gateway_cardholder" drop constraint if exists "gateway_cardholder_gateway_cardholder_id_unique";`);
    this.addSql(`alter table if exists "gateway_card_group" drop constraint if exists "gateway_card_group_gateway_group_id_unique";`);
    this.addSql(`alter table if exists "gateway_card" drop constraint if exists "gateway_card_gateway_card_id_unique";`);
    this.addSql(`create table if not exists "gateway_card" ("id" text not null, "gateway_card_id" text not null, "cardholder_id" text not null, "gateway_cardholder_id" text not null, "group_id" text not null, "gateway_group_id" text not null, "alias" text null, "last4" text not null, "expiry_month" text null, "expiry_year" text null, "currency" text not null, "charge_amount" text null, "amount_limit" text null, "balance" text null, "card_type" text null, "is_one_time" boolean not null default false, "status" text check ("status" in ('active', 'blocked', 'closed')) not null default 'active', "application_date" text null, "valid_start_date" text null, "valid_end_date" text null, "request_id" text null, "gateway_req_no" text null, "last_synced_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "gateway_card_pkey" primary key ("id"));`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_gateway_card_gateway_card_id_unique" ON "gateway_card" ("gateway_card_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gateway_card_cardholder_id" ON "gateway_card" ("cardholder_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gateway_card_group_id" ON "gateway_card" ("group_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gateway_card_deleted_at" ON "gateway_card" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gateway_card_status_created_at" ON "gateway_card" ("status", "created_at") WHERE deleted_at IS NULL;`);

    this.addSql(`create table if not exists "gateway_card_group" ("id" text not null, "gateway_group_id" text not null, "name" text null, "currency" text not null, "country_code" text null, "balance" text null, "status" text check ("status" in ('active', 'closed')) not null default 'active', "application_date" timestamptz null, "last_synced_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "gateway_card_group_pkey" primary key ("id"));`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_gateway_card_group_gateway_group_id_unique" ON "gateway_card_group" ("gateway_group_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gateway_card_group_deleted_at" ON "gateway_card_group" ("deleted_at") WHERE deleted_at IS NULL;`);

    this.addSql(`create table if not exists "gateway_cardholder" ("id" text not null, "gateway_cardholder_id" text not null, "first_name" text not null, "last_name" text not null, "email" text not null, "mobile_prefix" text null, "mobile" text null, "birth_date" text null, "billing_country" text null, "billing_state" text null, "billing_city" text null, "billing_address" text null, "billing_postal" text null, "remark" text null, "status" text check ("status" in ('active', 'deleted')) not null default 'active', "last_synced_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "gateway_cardholder_pkey" primary key ("id"));`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_gateway_cardholder_gateway_cardholder_id_unique" ON "gateway_cardholder" ("gateway_cardholder_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gateway_cardholder_email" ON "gateway_cardholder" ("email") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gateway_cardholder_deleted_at" ON "gateway_cardholder" ("deleted_at") WHERE deleted_at IS NULL;`);

    this.addSql(`create table if not exists "gateway_operation_audit" ("id" text not null, "operation" text not null, "actor_type" text not null, "actor_id" text null, "target_id" text null, "request_id" text null, "gateway_req_no" text null, "result" text check ("result" in ('succeeded', 'failed', 'unknown', 'partial')) not null, "error_code" text null, "error_message" text null, "details" jsonb null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "gateway_operation_audit_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gateway_operation_audit_operation" ON "gateway_operation_audit" ("operation") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gateway_operation_audit_actor_id" ON "gateway_operation_audit" ("actor_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gateway_operation_audit_target_id" ON "gateway_operation_audit" ("target_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gateway_operation_audit_request_id" ON "gateway_operation_audit" ("request_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gateway_operation_audit_deleted_at" ON "gateway_operation_audit" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gateway_operation_audit_operation_created_at" ON "gateway_operation_audit" ("operation", "created_at") WHERE deleted_at IS NULL;`);

    this.addSql(`create table if not exists "gateway_payout" ("id" text not null, "request_id" text not null, "status" text check ("status" in ('PENDING', 'UNKNOWN', 'PROCESSING', 'COMPLETED', 'FAILED')) not null default 'PENDING', "payment_amount" text not null, "payment_currency" text not null, "source_amount" text null, "source_currency" text null, "payment_date" text null, "payment_method" text null, "fee_paid_by" text null, "swift_charge_option" text null, "fund_source" text null, "reason" text null, "reference" text null, "beneficiary_id" text null, "client_data" text null, "beneficiary" jsonb null, "payer" jsonb null, "notify_url" text null, "amount_beneficiary_receives" text null, "amount_payer_pays" text null, "fee_amount" text null, "fee_currency" text null, "failure_reason" text null, "failure_type" text null, "transaction_id" text null, "short_reference_id" text null, "payer_id" text null, "gateway_created_at" timestamptz null, "gateway_updated_at" timestamptz null, "last_notification_at" timestamptz null, "created_by" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "gateway_payout_pkey" primary key ("id"));`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_gateway_payout_request_id_unique" ON "gateway_payout" ("request_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gateway_payout_payment_currency" ON "gateway_payout" ("payment_currency") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gateway_payout_transaction_id" ON "gateway_payout" ("transaction_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gateway_payout_deleted_at" ON "gateway_payout" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gateway_payout_status_created_at" ON "gateway_payout" ("status", "created_at") WHERE deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "gateway_card" cascade;`);

    this.addSql(`drop table if exists "gateway_card_group" cascade;`);

    this.addSql(`drop table if exists "gateway_cardholder" cascade;`);

    this.addSql(`drop table if exists "gateway_operation_audit" cascade;`);

    this.addSql(`drop table if exists "gateway_payout" cascade;`);
  }

}

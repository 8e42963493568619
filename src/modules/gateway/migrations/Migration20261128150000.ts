import { Migration } from "@medusajs/framework/mikro-orm/migrations";

/**
 * Where every payment ends up: what is left of a payment session Medusa deleted (gateway_deleted_session, watched
 * until nothing at the gateway can hold money for it) and each transaction the plugin released because it is no
 * payment of an order (gateway_release).
 */
export class Migration20261128150000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table if not exists "gateway_deleted_session" ("id" text not null, "order_no" text not null, "method" text not null, "amount" text not null, "currency" text not null, "payment_collection_id" text null, "transaction_ids" jsonb null, "state" text null, "settled_at" timestamptz null, "note" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "gateway_deleted_session_pkey" primary key ("id"));`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_gateway_deleted_session_order_no_unique" ON "gateway_deleted_session" ("order_no") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gateway_deleted_session_payment_collection_id" ON "gateway_deleted_session" ("payment_collection_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gateway_deleted_session_deleted_at" ON "gateway_deleted_session" ("deleted_at") WHERE deleted_at IS NULL;`);

    this.addSql(`create table if not exists "gateway_release" ("id" text not null, "transaction_id" text not null, "order_no" text not null, "reason" text not null, "status" text not null, "how" text null, "amount" text not null, "currency" text not null, "cart_id" text null, "order_id" text null, "note" text null, "released_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "gateway_release_pkey" primary key ("id"));`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_gateway_release_transaction_id_unique" ON "gateway_release" ("transaction_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gateway_release_order_no" ON "gateway_release" ("order_no") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gateway_release_cart_id" ON "gateway_release" ("cart_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gateway_release_order_id" ON "gateway_release" ("order_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gateway_release_deleted_at" ON "gateway_release" ("deleted_at") WHERE deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "gateway_deleted_session" cascade;`);

    this.addSql(`drop table if exists "gateway_release" cascade;`);
  }

}

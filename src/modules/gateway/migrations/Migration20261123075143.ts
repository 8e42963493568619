import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261123075143 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table if not exists "gateway_saved_card" ("id" text not null, "customer_id" text not null, "token" text not null, "brand" text null, "last4" text not null, "exp_month" text not null, "exp_year" text not null, "status" text check ("status" in ('pending', 'active')) not null default 'pending', "order_no" text not null, "last_used_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "gateway_saved_card_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gateway_saved_card_customer_id" ON "gateway_saved_card" ("customer_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gateway_saved_card_order_no" ON "gateway_saved_card" ("order_no") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gateway_saved_card_deleted_at" ON "gateway_saved_card" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gateway_saved_card_customer_id_status" ON "gateway_saved_card" ("customer_id", "status") WHERE deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "gateway_saved_card" cascade;`);
  }

}

import { Migration } from "@medusajs/framework/mikro-orm/migrations";

/** The card-attempt caps' counters, shared by every Medusa instance (gateway_card_attempt_counter; src/modules/gateway/card-attempt-counters.ts). */
export class Migration20261125154914 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table if not exists "gateway_card_attempt_counter" ("key" text not null, "hits" integer not null, "window_ends_at" timestamptz not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "gateway_card_attempt_counter_pkey" primary key ("key"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gateway_card_attempt_counter_window_ends_at" ON "gateway_card_attempt_counter" ("window_ends_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gateway_card_attempt_counter_deleted_at" ON "gateway_card_attempt_counter" ("deleted_at") WHERE deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "gateway_card_attempt_counter" cascade;`);
  }

}

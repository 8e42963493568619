import { Migration } from "@medusajs/framework/mikro-orm/migrations";

/** The gateway's reason of a refused payment attempt, kept for staff only (gateway_payment.decline_code / decline_message). */
export class Migration20261126101500 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "gateway_payment" add column if not exists "decline_code" text null, add column if not exists "decline_message" text null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "gateway_payment" drop column if exists "decline_code", drop column if exists "decline_message";`);
  }

}

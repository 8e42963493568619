import { Migration } from "@medusajs/framework/mikro-orm/migrations";

/**
 * Each verified notification record counts its deliveries per minute (gateway_notification.delivery_window_start /
 * delivery_window_count): deliveries beyond `notifications.max_deliveries_per_minute` are answered without an event.
 */
export class Migration20261128150500 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "gateway_notification" add column if not exists "delivery_window_start" timestamptz null, add column if not exists "delivery_window_count" integer not null default 0;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "gateway_notification" drop column if exists "delivery_window_start", drop column if exists "delivery_window_count";`);
  }

}

import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261123110205 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "gateway_sync_run" drop constraint if exists "gateway_sync_run_job_check";`);

    this.addSql(`alter table if exists "gateway_sync_run" add constraint "gateway_sync_run_job_check" check("job" in ('order_sync', 'refund_sync', 'subscription_sync'));`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "gateway_sync_run" drop constraint if exists "gateway_sync_run_job_check";`);

    this.addSql(`alter table if exists "gateway_sync_run" add constraint "gateway_sync_run_job_check" check("job" in ('order_sync', 'refund_sync'));`);
  }

}

import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261125143026 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "gateway_operation_audit" drop constraint if exists "gateway_operation_audit_result_check";`);

    this.addSql(`alter table if exists "gateway_operation_audit" add column if not exists "idempotency_key" text null, add column if not exists "request_hash" text null;`);
    this.addSql(`alter table if exists "gateway_operation_audit" add constraint "gateway_operation_audit_result_check" check("result" in ('attempted', 'succeeded', 'failed', 'unknown', 'partial', 'undone'));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gateway_operation_audit_operation_actor_id_created_at" ON "gateway_operation_audit" ("operation", "actor_id", "created_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_gateway_operation_audit_idempotency_key_held" ON "gateway_operation_audit" ("idempotency_key") WHERE idempotency_key IS NOT NULL AND result NOT IN ('failed', 'undone') AND deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "gateway_operation_audit" drop constraint if exists "gateway_operation_audit_result_check";`);

    this.addSql(`drop index if exists "IDX_gateway_operation_audit_operation_actor_id_created_at";`);
    this.addSql(`drop index if exists "IDX_gateway_operation_audit_idempotency_key_held";`);
    this.addSql(`alter table if exists "gateway_operation_audit" drop column if exists "idempotency_key", drop column if exists "request_hash";`);

    this.addSql(`alter table if exists "gateway_operation_audit" add constraint "gateway_operation_audit_result_check" check("result" in ('succeeded', 'failed', 'unknown', 'partial'));`);
  }

}

/**
 * The CRUD methods `MedusaService` generates for some of the module's models, typed as the service has them: a
 * part names the few it calls (`Pick<Crud<{ GatewaySavedCard: typeof GatewaySavedCard }>, "listGatewaySavedCards">`)
 * and receives the service itself, without importing ./service (which imports the parts).
 */
import type {
  AbstractModuleService,
  ModelConfigurationsToConfigTemplate,
  ModelEntries,
} from "@medusajs/framework/utils"

export type Crud<Models extends ModelEntries> = AbstractModuleService<ModelConfigurationsToConfigTemplate<Models>>

import { z } from "zod"
import { GatewayCardGroup } from "../../../../modules/gateway/models/gateway-card-group"
import { fieldsOf, listQuery, oneOrMany, statusFilter } from "../common-validators"
import { GROUP_STATUSES } from "../schemas/groups"

/** GET /admin/gateway/groups */
export const AdminListGroupsSchema = listQuery({
  status: statusFilter(GROUP_STATUSES),
  currency: oneOrMany(z.string().transform((v) => v.toUpperCase())),
  gateway_group_id: oneOrMany(z.string()),
})

export const GROUP_FIELDS = fieldsOf(GatewayCardGroup)

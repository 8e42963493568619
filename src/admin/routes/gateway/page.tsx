import { defineRouteConfig } from "@medusajs/admin-sdk"
import {
  ArrowPath,
  Buildings,
  CalendarSolid,
  Cash,
  ChartBar,
  CreditCard,
  RocketLaunch,
  UserGroup,
} from "@medusajs/icons"
import { Container, Heading, Text } from "@medusajs/ui"
import type { ComponentType } from "react"
import { Link } from "react-router-dom"
import { SectionHeader } from "../../components/page-header"

const SECTIONS: { to: string; title: string; description: string; icon: ComponentType }[] = [
  {
    to: "/gateway/payments",
    title: "Payments",
    description: "Attempts, approval rate, decline reasons, 3-D Secure, money moved and the chargeback ratio, per day.",
    icon: ChartBar,
  },
  {
    to: "/gateway/payouts",
    title: "Payouts",
    description: "Pay beneficiaries' bank accounts and follow each payout to completion.",
    icon: Cash,
  },
  {
    to: "/gateway/cardholders",
    title: "Cardholders",
    description: "The people virtual cards are issued to.",
    icon: UserGroup,
  },
  {
    to: "/gateway/cards",
    title: "Cards",
    description: "Virtual cards: create, block, fund, withdraw, close and reveal.",
    icon: CreditCard,
  },
  {
    to: "/gateway/groups",
    title: "Groups",
    description: "Card groups at the gateway: create, fund cards from, refund and close them.",
    icon: Buildings,
  },
  {
    to: "/gateway/subscriptions",
    title: "Subscriptions",
    description: "Recurring contracts sold by card, their deductions, and cancelling them.",
    icon: CalendarSolid,
  },
  {
    to: "/gateway/reconciliation",
    title: "Reconciliation",
    description: "The sync jobs' last runs and unresolved discrepancies.",
    icon: ArrowPath,
  },
  {
    to: "/gateway/go-live",
    title: "Go-live check",
    description: "Credentials, addresses, regions and jobs checked against the gateway, each with its fix.",
    icon: RocketLaunch,
  },
]

const GatewayOverviewPage = () => (
  <Container className="divide-y p-0" data-testid="gateway-overview">
    <SectionHeader
      level="h1"
      title="Card gateway"
      subtitle="The payments dashboard, payouts, virtual-card issuing, subscriptions and reconciliation of the card gateway."
    />
    <div className="grid grid-cols-1 gap-3 px-6 py-4 md:grid-cols-2 xl:grid-cols-3">
      {SECTIONS.map(({ to, title, description, icon: Icon }) => (
        <Link
          key={to}
          to={to}
          className="shadow-elevation-card-rest hover:shadow-elevation-card-hover bg-ui-bg-component flex items-start gap-x-3 rounded-lg p-4 transition-shadow"
        >
          <div className="text-ui-fg-subtle pt-0.5">
            <Icon />
          </div>
          <div>
            <Heading level="h3">{title}</Heading>
            <Text size="small" className="text-ui-fg-subtle">
              {description}
            </Text>
          </div>
        </Link>
      ))}
    </div>
  </Container>
)

export const config = defineRouteConfig({ label: "Card gateway", icon: CreditCard })

export default GatewayOverviewPage

import { Container } from "@medusajs/ui"
import type { ComponentProps, ReactNode } from "react"
import { SectionHeader } from "./page-header"

/** A card of a page: its header (an h1 for the page's own, `level`) above its content. */
export const Section = ({
  testId,
  children,
  ...header
}: ComponentProps<typeof SectionHeader> & { testId?: string; children?: ReactNode }) => (
  <Container className="divide-y p-0" data-testid={testId}>
    <SectionHeader {...header} />
    {children}
  </Container>
)

/**
 * A page of sections one below the other: the first, headed by the page's title (an h1), holds `children`;
 * `after` renders the others.
 */
export const Page = ({
  testId,
  after,
  children,
  ...header
}: Omit<ComponentProps<typeof SectionHeader>, "level"> & {
  testId: string
  children: ReactNode
  after?: ReactNode
}) => (
  <div className="flex flex-col gap-y-3" data-testid={testId}>
    <Section level="h1" {...header}>
      {children}
    </Section>
    {after}
  </div>
)

import { ArrowRightOnRectangle } from "@medusajs/icons"
import { Button, Container, Heading, Text, toast } from "@medusajs/ui"
import type { ReactNode } from "react"
import { useLogout } from "../hooks/use-logout"
// Bengali joins Medusa's Inter family (packages/fonts): admin extensions are
// imported eagerly, so this reaches every admin screen, Medusa's own included.
import "@shop/fonts/admin.css"
// notices that fit a phone's screen (Medusa's own screens' notices too)
import "./notices.css"

/** Ends the session, then the storefront's login page (SPEC.md section 2.11). */
export const LogoutButton = () => {
  const logout = useLogout()
  return (
    <Button
      variant="secondary"
      size="small"
      isLoading={logout.isPending}
      onClick={() =>
        logout.mutate(undefined, {
          onError: () => toast.error("Logout failed. Please try again."),
        })
      }
    >
      <ArrowRightOnRectangle />
      Logout
    </Button>
  )
}

type PageHeaderProps = {
  title: string
  subtitle?: ReactNode
  /** Buttons beside Logout. */
  actions?: ReactNode
  /** Shown before the title (e.g. a back button). */
  leading?: ReactNode
}

/** The header of every shop screen: its title, its actions, and Logout. */
export const PageHeader = ({ title, subtitle, actions, leading }: PageHeaderProps) => (
  <Container className="flex flex-wrap items-center justify-between gap-4 px-6 py-4">
    <div className="flex min-w-0 items-center gap-x-3">
      {leading}
      <div className="min-w-0">
        <Heading level="h1">{title}</Heading>
        {subtitle ? (
          <Text size="small" className="text-ui-fg-subtle">
            {subtitle}
          </Text>
        ) : null}
      </div>
    </div>
    <div className="flex flex-wrap items-center gap-2">
      {actions}
      <LogoutButton />
    </div>
  </Container>
)

/** The column every shop screen is laid out in. */
export const Page = ({ children }: { children: ReactNode }) => <div className="flex flex-col gap-y-3">{children}</div>

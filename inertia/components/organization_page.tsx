import type { ReactNode } from 'react'
import { Head } from '@inertiajs/react'
import ConsoleLayout from '~/components/console_layout'
import OrganizationHeader, { type OrganizationTab } from '~/components/organization_header'
import Flash from '~/components/flash'
import type { OrganizationHeaderProps } from '~/types'

/**
 * Frame of a page within an organization: the browser tab's `pageTitle` (by default the record's
 * title and the tab, or the tab and the organization's title), the organization's
 * header (with the record's `title`, if any) on its `current` tab, and the flashed message
 * (unless `flash` is false).
 */
export default function OrganizationPage({
  organization,
  current,
  title,
  pageTitle = defaultPageTitle(current, organization.title, title),
  flash = true,
  children,
}: {
  organization: OrganizationHeaderProps
  current: OrganizationTab
  pageTitle?: string
  title?: string
  flash?: boolean
  children: ReactNode
}) {
  return (
    <ConsoleLayout>
      <Head title={pageTitle} />
      <OrganizationHeader organization={organization} current={current} title={title} />
      {flash ? <Flash /> : null}
      {children}
    </ConsoleLayout>
  )
}

function defaultPageTitle(current: OrganizationTab, organizationTitle: string, title?: string) {
  const tab = current.charAt(0).toUpperCase() + current.slice(1)
  return title === undefined ? `${tab} · ${organizationTitle}` : `${title} · ${tab}`
}

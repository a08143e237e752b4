import type { ReactNode } from 'react'
import { Head } from '@inertiajs/react'
import ConsoleLayout from '~/components/console_layout'
import OrganizationHeader from '~/components/organization_header'
import SpaceBreadcrumb from '~/components/space_breadcrumb'
import ContentTree from '~/components/content_tree'
import type { ContentSpaceProps, ContentTreeNode, OrganizationHeaderProps } from '~/types'

/**
 * Frame of a space's content pages (a page, a change request, a revision): the organization's
 * header under the Spaces tab with the page's title, and the space it belongs to.
 */
export default function SpaceContentLayout({
  organization,
  space,
  title,
  headTitle = title,
  children,
}: {
  organization: OrganizationHeaderProps
  space: ContentSpaceProps
  title: string
  headTitle?: string
  children: ReactNode
}) {
  return (
    <ConsoleLayout>
      <Head title={headTitle} />
      <OrganizationHeader organization={organization} current="spaces" title={title} />
      <SpaceBreadcrumb space={space} />
      {children}
    </ConsoleLayout>
  )
}

/**
 * The page tree of the revision shown, under its heading.
 */
export function PagesSection({ pages, current }: { pages: ContentTreeNode[]; current?: string }) {
  return (
    <div className="section">
      <h2>Pages</h2>
      <ContentTree pages={pages} current={current} />
    </div>
  )
}

import type { ReactNode } from 'react'
import OrganizationPage from '~/components/organization_page'
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
    <OrganizationPage
      organization={organization}
      current="spaces"
      pageTitle={headTitle}
      title={title}
      flash={false}
    >
      <SpaceBreadcrumb space={space} />
      {children}
    </OrganizationPage>
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

import { Link } from '@inertiajs/react'
import type { OrganizationHeaderProps } from '~/types'
import { formatRole } from '~/components/format'
import { route } from '~/route'

export type OrganizationTab =
  'settings' | 'members' | 'teams' | 'spaces' | 'sites' | 'openapi' | 'integrations'

/**
 * Breadcrumb, title and tabs of an organization's pages. Members, Teams, Sites, OpenAPI and
 * Integrations appear for those the API lets list them (not guests).
 */
export default function OrganizationHeader({
  organization,
  current,
  title,
}: {
  organization: OrganizationHeaderProps
  current: OrganizationTab | null
  title?: string
}) {
  const params = { organizationId: organization.id }
  const home = route('console.organizations.show', params)
  const tabs: { id: OrganizationTab; label: string; href: string; shown: boolean }[] = [
    { id: 'settings', label: 'Settings', href: home, shown: true },
    {
      id: 'members',
      label: 'Members',
      href: route('console.members.index', params),
      shown: organization.permissions.listMembers,
    },
    {
      id: 'teams',
      label: 'Teams',
      href: route('console.teams.index', params),
      shown: organization.permissions.listTeams,
    },
    { id: 'spaces', label: 'Spaces', href: route('console.spaces.index', params), shown: true },
    {
      id: 'sites',
      label: 'Sites',
      href: route('console.sites.index', params),
      shown: organization.permissions.listSites,
    },
    {
      id: 'integrations',
      label: 'Integrations',
      href: route('console.integrations.index', params),
      shown: organization.permissions.listIntegrations,
    },
    {
      id: 'openapi',
      label: 'OpenAPI',
      href: route('console.openapi.index', params),
      shown: organization.permissions.listOpenAPISpecs,
    },
  ]
  return (
    <>
      <p className="breadcrumb">
        <Link href={route('console.organizations.index')}>Organizations</Link> /{' '}
        {title ? <Link href={home}>{organization.title}</Link> : null}
        {title ? ' /' : null}
      </p>
      <div className="page-title">
        <h1 data-testid="organization-title">{title ?? organization.title}</h1>
        {title ? null : (
          <span className="badge" title="Your role in this organization">
            {formatRole(organization.role)}
          </span>
        )}
      </div>
      <nav className="tabs" aria-label="Organization">
        {tabs
          .filter((tab) => tab.shown)
          .map((tab) => (
            <Link
              key={tab.id}
              href={tab.href}
              className={tab.id === current ? 'tab tab-current' : 'tab'}
              aria-current={tab.id === current ? 'page' : undefined}
            >
              {tab.label}
            </Link>
          ))}
      </nav>
    </>
  )
}

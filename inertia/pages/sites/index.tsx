import { Link, useForm } from '@inertiajs/react'
import OrganizationPage from '~/components/organization_page'
import { bind, CreateFormCard, sending, SelectField, TextField } from '~/components/form_fields'
import SpaceCheckboxes from '~/components/space_checkboxes'
import Table from '~/components/table'
import NextPageLink from '~/components/next_page_link'
import { PublishedState } from '~/components/site_parts'
import { route } from '~/route'
import type { SitesPageProps } from '~/types'

/**
 * The organization's sites; admins create one here, with the spaces it publishes.
 */
export default function Sites({
  organization,
  sites,
  count,
  nextPage,
  canCreate,
  visibilities,
  spaces,
}: SitesPageProps) {
  const params = { organizationId: organization.id }
  const form = useForm<{ title: string; visibility: string; spaces: string[] }>({
    title: '',
    visibility: visibilities[0],
    spaces: [],
  })

  return (
    <OrganizationPage organization={organization} current="sites">
      {canCreate ? (
        <CreateFormCard
          what="site"
          className="card settings-form section"
          {...sending(form, 'post', route('console.sites.store', params))}
        >
          <TextField label="Site title" maxLength={128} {...bind(form, 'title')} />
          <SelectField label="Visibility" options={visibilities} {...bind(form, 'visibility')} />
          <SpaceCheckboxes
            label="Spaces to publish"
            spaces={spaces}
            value={form.data.spaces}
            error={form.errors.spaces}
            onChange={(value) => form.setData('spaces', value)}
          />
        </CreateFormCard>
      ) : null}

      <p className="muted">{count === 1 ? '1 site' : `${count} sites`}</p>
      {sites.length === 0 ? (
        <p className="card empty">No site yet.</p>
      ) : (
        <Table
          columns={['Site', 'Visibility', 'State', 'Site spaces', 'Published URL']}
          testId="site-list"
        >
          {sites.map((site) => (
            <tr key={site.id} data-testid={`site-${site.title}`}>
              <td>
                <Link href={route('console.sites.show', { ...params, siteId: site.id })}>
                  {site.title}
                </Link>
              </td>
              <td>{site.visibility}</td>
              <td>
                <PublishedState published={site.published} />
              </td>
              <td>{site.siteSpaceCount}</td>
              <td className="url-cell">
                <code>{site.publishedUrl}</code>
              </td>
            </tr>
          ))}
        </Table>
      )}

      <NextPageLink href={route('console.sites.index', params)} nextPage={nextPage} />
    </OrganizationPage>
  )
}

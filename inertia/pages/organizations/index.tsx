import { Head, Link, useForm } from '@inertiajs/react'
import ConsoleLayout from '~/components/console_layout'
import Flash from '~/components/flash'
import Table from '~/components/table'
import NextPageLink from '~/components/next_page_link'
import { formatDate, formatRole } from '~/components/format'
import { bind, CreateFormCard, sending, TextField } from '~/components/form_fields'
import { route } from '~/route'
import type { OrganizationListPageProps } from '~/types'

export default function OrganizationList({
  organizations,
  count,
  nextPage,
}: OrganizationListPageProps) {
  return (
    <ConsoleLayout>
      <Head title="Organizations" />
      <h1>Organizations</h1>
      <Flash />
      <p className="muted">
        {count === 1 ? 'You belong to 1 organization.' : `You belong to ${count} organizations.`}
      </p>

      {organizations.length === 0 ? (
        <p className="card empty">No organization yet: create your first one below.</p>
      ) : (
        <Table columns={['Title', 'Hostname', 'Your role', 'Created']} testId="organization-list">
          {organizations.map((organization) => (
            <tr key={organization.id}>
              <td>
                <Link
                  href={route('console.organizations.show', { organizationId: organization.id })}
                >
                  {organization.title}
                </Link>
              </td>
              <td>{organization.hostname ?? <span className="muted">none</span>}</td>
              <td>{formatRole(organization.role)}</td>
              <td>{formatDate(organization.createdAt)}</td>
            </tr>
          ))}
        </Table>
      )}

      <NextPageLink href={route('console.organizations.index')} nextPage={nextPage} />

      <section className="section">
        <CreateOrganizationForm />
      </section>
    </ConsoleLayout>
  )
}

/**
 * A new organization, of which the signed-in user becomes the admin (and lands in it).
 */
function CreateOrganizationForm() {
  const form = useForm({ title: '' })
  return (
    <CreateFormCard
      what="organization"
      {...sending(form, 'post', route('console.organizations.store'))}
    >
      <TextField label="Title" maxLength={255} required {...bind(form, 'title')} />
    </CreateFormCard>
  )
}

import { useState, type FormEvent } from 'react'
import { Link, router } from '@inertiajs/react'
import OrganizationPage from '~/components/organization_page'
import Flash from '~/components/flash'
import Table from '~/components/table'
import NextPageLink from '~/components/next_page_link'
import { SettingsNavigation } from '~/components/settings_parts'
import { Field, Select, TextField } from '~/components/form_fields'
import { route } from '~/route'
import type { AuditLogPageProps } from '~/types'

type Filters = AuditLogPageProps['filters']

const timeFormat = new Intl.DateTimeFormat('en', {
  dateStyle: 'medium',
  timeStyle: 'medium',
  timeZone: 'UTC',
})

/**
 * The organization's audit log (its admins): sign-ins, member and role changes, invites, single
 * sign-on, API tokens, deleted and transferred spaces, merged change requests; newest first, with
 * who did it, from where and when.
 */
export default function AuditLog({
  organization,
  navigation,
  events,
  actions,
  filters,
  count,
  nextPage,
}: AuditLogPageProps) {
  const base = route('console.audit.index', { organizationId: organization.id })
  const query = Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== ''))

  return (
    <OrganizationPage
      organization={organization}
      current="settings"
      flash={false}
      pageTitle={`Audit log · ${organization.title}`}
    >
      <SettingsNavigation
        organizationId={organization.id}
        navigation={navigation}
        current="audit"
      />
      <Flash />
      <AuditFilters key={JSON.stringify(filters)} base={base} filters={filters} actions={actions} />
      <p className="muted" data-testid="audit-count">
        {count === 1 ? '1 event' : `${count} events`}
      </p>
      {events.length === 0 ? (
        <p className="card empty">No events.</p>
      ) : (
        <Table columns={['When (UTC)', 'Action', 'Actor', 'Target', 'Source']} testId="audit-log">
          {events.map((event) => (
            <tr key={event.id}>
              <td>{timeFormat.format(new Date(event.occurredAt))}</td>
              <td>
                {event.actionLabel}
                <div className="muted">{event.action}</div>
              </td>
              <td>
                {event.actor.label ?? event.actor.id}
                {event.ip ? <div className="muted">{event.ip}</div> : null}
              </td>
              <td>
                {event.target.label ?? event.target.id}
                <div className="muted">{event.target.type}</div>
              </td>
              <td>{event.source === 'ui' ? 'Console' : event.source.toUpperCase()}</td>
            </tr>
          ))}
        </Table>
      )}
      <NextPageLink href={base} nextPage={nextPage} query={query} />
    </OrganizationPage>
  )
}

/**
 * Action, actor and target ids, and a date range; remounted (key) when the filters change.
 */
function AuditFilters({
  base,
  filters,
  actions,
}: {
  base: string
  filters: Filters
  actions: AuditLogPageProps['actions']
}) {
  const [values, setValues] = useState<Filters>(filters)
  const labels = new Map<string, string>(actions.map((action) => [action.id, action.label]))
  const set = (name: keyof Filters) => (value: string) => setValues({ ...values, [name]: value })

  function apply(event: FormEvent) {
    event.preventDefault()
    const query: Record<string, string> = {}
    for (const [name, value] of Object.entries(values)) {
      if (value.trim()) query[name] = value.trim()
    }
    router.get(base, query)
  }

  return (
    <form className="toolbar" onSubmit={apply} role="search" data-testid="audit-filters">
      <Field label="Action">
        <Select
          name="action"
          value={values.action}
          options={['', ...actions.map((action) => action.id)]}
          optionLabel={(id) => labels.get(id) ?? 'Any action'}
          onChange={set('action')}
        />
      </Field>
      <TextField label="Actor id" name="actor" value={values.actor} onChange={set('actor')} />
      <TextField label="Target id" name="target" value={values.target} onChange={set('target')} />
      <TextField
        label="From"
        name="from"
        type="date"
        value={values.from.slice(0, 10)}
        onChange={set('from')}
      />
      <TextField
        label="To"
        name="to"
        type="date"
        value={values.to.slice(0, 10)}
        onChange={set('to')}
      />
      <button type="submit" className="button">
        Filter
      </button>
      {Object.values(filters).some(Boolean) ? (
        <Link href={base} className="button button-quiet">
          Clear
        </Link>
      ) : null}
    </form>
  )
}

import { router, useForm } from '@inertiajs/react'
import { useState } from 'react'
import OrganizationPage from '~/components/organization_page'
import ConfirmButton from '~/components/confirm_button'
import { Field, FormCard, SelectField } from '~/components/form_fields'
import { route } from '~/route'
import type { IntegrationsPageProps } from '~/types'

type Integration = IntegrationsPageProps['integrations'][number]
type ConfigField = Integration['fields']['account'][number]
type Configuration = Record<string, string | number | boolean>

/**
 * The integrations the organization may install; for each installed one, its configuration, the
 * spaces and sites it is installed on, and (admins) the forms that change them and its recent
 * events (status, date, duration, and the script's logs, expandable).
 */
export default function Integrations({
  organization,
  integrations,
  canInstall,
  targets,
}: IntegrationsPageProps) {
  return (
    <OrganizationPage organization={organization} current="integrations">
      <p className="muted">
        {integrations.length === 1 ? '1 integration' : `${integrations.length} integrations`}
      </p>
      {integrations.length === 0 ? (
        <p className="card empty">No integration is published for this organization yet.</p>
      ) : null}
      {integrations.map((integration) => (
        <section
          key={integration.name}
          className="card section"
          data-testid={`integration-${integration.name}`}
        >
          <h2>{integration.title}</h2>
          <p>
            {integration.description} <span className="muted">({integration.name}</span>
            <span className="muted">
              , {integration.visibility}, installs on {integration.target})
            </span>
          </p>
          {integration.installation ? (
            <Installed
              organizationId={organization.id}
              integration={integration}
              installation={integration.installation}
              canManage={canInstall}
              targets={targets}
            />
          ) : canInstall ? (
            <ConfigurationForm
              fields={integration.fields.account}
              values={{}}
              submitLabel="Install in the organization"
              testId={`install-${integration.name}`}
              url={route('console.integrations.install', {
                organizationId: organization.id,
                integrationName: integration.name,
              })}
              method="post"
            />
          ) : (
            <p className="muted">Not installed.</p>
          )}
        </section>
      ))}
    </OrganizationPage>
  )
}

function Installed({
  organizationId,
  integration,
  installation,
  canManage,
  targets,
}: {
  organizationId: string
  integration: Integration
  installation: NonNullable<Integration['installation']>
  canManage: boolean
  targets: IntegrationsPageProps['targets']
}) {
  const params = {
    organizationId,
    integrationName: integration.name,
    installationId: installation.id,
  }
  const kinds = (['space', 'site'] as const).filter(
    (kind) => integration.target === 'all' || integration.target === kind
  )
  return (
    <div data-testid={`installation-${integration.name}`}>
      <p>
        Installed in the organization: <strong>{installation.status}</strong>
      </p>
      <h3>Installations</h3>
      <ul>
        {kinds.flatMap((kind) =>
          installation[kind === 'space' ? 'spaces' : 'sites'].map((target) => (
            <li key={`${kind}-${target.id}`}>
              {kind} {target.title}: {target.status}{' '}
              {canManage ? (
                <ConfirmButton
                  small
                  label="Remove"
                  confirmLabel={`Remove from ${target.title}`}
                  onConfirm={(cancel) =>
                    router.delete(
                      route('console.integrations.targets.destroy', {
                        ...params,
                        kind,
                        targetId: target.id,
                      }),
                      { preserveScroll: true, onFinish: cancel }
                    )
                  }
                />
              ) : null}
            </li>
          ))
        )}
      </ul>
      {installation.spaces.length + installation.sites.length === 0 ? (
        <p className="muted">Not installed on any space or site.</p>
      ) : null}
      {canManage ? <RecentEvents events={installation.events} /> : null}
      {canManage ? (
        <>
          <ConfigurationForm
            fields={integration.fields.account}
            values={installation.configuration as Configuration}
            submitLabel="Save configuration"
            testId={`configure-${integration.name}`}
            url={route('console.integrations.configure', params)}
            method="patch"
          />
          {kinds.map((kind) => (
            <TargetForm
              key={kind}
              kind={kind}
              integration={integration}
              choices={kind === 'space' ? targets.spaces : targets.sites}
              url={route('console.integrations.targets.store', params)}
            />
          ))}
          <ConfirmButton
            label="Uninstall"
            confirmLabel={`Uninstall ${integration.title}`}
            onConfirm={(cancel) =>
              router.delete(route('console.integrations.uninstall', params), {
                preserveScroll: true,
                onFinish: cancel,
              })
            }
          />
        </>
      ) : null}
    </div>
  )
}

type IntegrationEvent = NonNullable<Integration['installation']>['events'][number]

/** The installation's latest events, newest first; each one's logs open on click. */
function RecentEvents({ events }: { events: IntegrationEvent[] }) {
  return (
    <>
      <h3>Recent events</h3>
      {events.length === 0 ? <p className="muted">No event yet.</p> : null}
      <ul className="events">
        {events.map((event) => (
          <li key={event.id} data-testid={`event-${event.id}`}>
            <details>
              <summary>
                {event.type}: <strong>{event.status}</strong>{' '}
                <span className="muted">
                  {new Date(event.createdAt).toLocaleString()}
                  {event.durationMs === null ? '' : `, ${event.durationMs} ms`}
                  {event.attempts > 1 ? `, ${event.attempts} attempts` : ''}
                </span>
              </summary>
              {event.logs.length === 0 && !event.error ? (
                <p className="muted">No logs.</p>
              ) : (
                <pre className="event-logs">
                  {event.logs.map((log) => `[${log.level}] ${log.message}`).join('\n')}
                  {event.error ? `${event.logs.length > 0 ? '\n' : ''}[error] ${event.error}` : ''}
                </pre>
              )}
            </details>
          </li>
        ))}
      </ul>
    </>
  )
}

/** Installs on a space or a site, with that level's configuration. */
function TargetForm({
  kind,
  integration,
  choices,
  url,
}: {
  kind: 'space' | 'site'
  integration: Integration
  choices: { id: string; title: string }[]
  url: string
}) {
  const [targetId, setTargetId] = useState(choices[0]?.id ?? '')
  if (choices.length === 0) return null
  const byTitle = new Map(choices.map((choice) => [choice.id, choice.title]))
  return (
    <ConfigurationForm
      fields={integration.fields[kind]}
      values={{}}
      submitLabel={`Install on the ${kind}`}
      testId={`install-${kind}-${integration.name}`}
      url={url}
      method="post"
      extra={{ kind, targetId }}
    >
      <SelectField
        label={kind === 'space' ? 'Space' : 'Site'}
        name="targetId"
        value={targetId}
        options={choices.map((choice) => choice.id)}
        onChange={setTargetId}
        {...{ optionLabel: (id: string) => byTitle.get(id) ?? id }}
      />
    </ConfigurationForm>
  )
}

/**
 * A form generated from a configuration schema: a text, number, checkbox or select input per
 * property (with its title, description, default and whether it is required); values are sent
 * typed, empty ones left out.
 */
function ConfigurationForm({
  fields,
  values,
  submitLabel,
  testId,
  url,
  method,
  extra = {},
  children,
}: {
  fields: ConfigField[]
  values: Configuration
  submitLabel: string
  testId: string
  url: string
  method: 'post' | 'patch'
  extra?: Record<string, string>
  children?: React.ReactNode
}) {
  const initial: Record<string, string | boolean> = {}
  for (const field of fields) {
    const value = values[field.name] ?? field.default
    initial[field.name] =
      field.type === 'boolean'
        ? value === true
        : value === null || value === undefined
          ? ''
          : String(value)
  }
  const form = useForm<{ configuration: Record<string, string | boolean> }>({
    configuration: initial,
  })
  function typed(): Configuration {
    const configuration: Configuration = {}
    for (const field of fields) {
      const value = form.data.configuration[field.name]
      if (field.type === 'boolean') configuration[field.name] = value === true
      else if (value === '' || value === undefined) continue
      else configuration[field.name] = field.type === 'number' ? Number(value) : String(value)
    }
    return configuration
  }
  const setValue = (name: string, value: string | boolean) =>
    form.setData('configuration', { ...form.data.configuration, [name]: value })
  const errors = form.errors as Record<string, string | undefined>
  return (
    <FormCard
      submitLabel={submitLabel}
      processing={form.processing}
      testId={testId}
      onSubmit={() => {
        form.transform(() => ({ ...extra, configuration: typed() }) as any)
        form.submit(method, url, { preserveScroll: true })
      }}
    >
      {children}
      {fields.map((field) => {
        const label = `${field.title}${field.required ? ' (required)' : ''}`
        const value = form.data.configuration[field.name]
        const error = errors[`configuration.${field.name}`]
        if (field.type === 'boolean') {
          return (
            <label key={field.name} className="field checkbox-field">
              <input
                type="checkbox"
                name={field.name}
                checked={value === true}
                onChange={(event) => setValue(field.name, event.target.checked)}
              />{' '}
              {label}
              {field.description ? <span className="muted"> {field.description}</span> : null}
            </label>
          )
        }
        if (field.type === 'enum') {
          return (
            <SelectField
              key={field.name}
              label={label}
              name={field.name}
              value={String(value)}
              options={field.options}
              emptyLabel="—"
              error={error}
              onChange={(option) => setValue(field.name, option)}
            />
          )
        }
        return (
          <Field key={field.name} label={label} error={error}>
            <input
              name={field.name}
              type={field.type === 'number' ? 'number' : 'text'}
              value={String(value)}
              onChange={(event) => setValue(field.name, event.target.value)}
            />
            {field.description ? <span className="muted">{field.description}</span> : null}
          </Field>
        )
      })}
      {errors.E_BAD_REQUEST || errors.E_FORBIDDEN || errors.E_CONFLICT ? (
        <p className="field-error">
          {errors.E_BAD_REQUEST ?? errors.E_FORBIDDEN ?? errors.E_CONFLICT}
        </p>
      ) : null}
    </FormCard>
  )
}

import { useState, type FormEvent, type ReactNode } from 'react'
import { router, useForm } from '@inertiajs/react'
import ConfirmButton from '~/components/confirm_button'
import { Field, FormCard, Select, SelectField } from '~/components/form_fields'
import { MEMBER_ROLES } from '~/components/format'
import { route } from '~/route'
import type { SpaceAdministrationProps } from '~/types'

type Kind = 'space' | 'collection'
type Grantee = { kind: 'users' | 'teams'; id: string; role: string; label: string }

/**
 * What an admin does with the grants of a space or collection: the actions of each grant's row
 * and the form that grants a role to another member or team (see Grants).
 */
export type GrantsManagement = {
  actions: (grantee: Grantee) => ReactNode
  addForm: ReactNode
}

function grantUrl(kind: Kind, recordId: string, grantee?: Pick<Grantee, 'kind' | 'id'>) {
  if (!grantee) {
    return kind === 'space'
      ? route('console.spaces.grants.store', { spaceId: recordId })
      : route('console.collections.grants.store', { collectionId: recordId })
  }
  const params = { kind: grantee.kind, granteeId: grantee.id }
  return kind === 'space'
    ? route('console.spaces.grants.update', { ...params, spaceId: recordId })
    : route('console.collections.grants.update', { ...params, collectionId: recordId })
}

export function grantsManagement(
  kind: Kind,
  recordId: string,
  administration: SpaceAdministrationProps
): GrantsManagement {
  return {
    actions: (grantee) => (
      <GrantActions
        key={`${grantee.kind}-${grantee.id}`}
        url={grantUrl(kind, recordId, grantee)}
        grantee={grantee}
      />
    ),
    addForm: (
      <AddGrantForm kind={kind} url={grantUrl(kind, recordId)} administration={administration} />
    ),
  }
}

/**
 * A grant's row: another role, or its removal.
 */
function GrantActions({ url, grantee }: { url: string; grantee: Grantee }) {
  const [role, setRole] = useState(grantee.role)
  const [busy, setBusy] = useState(false)
  const options = {
    preserveScroll: true,
    onStart: () => setBusy(true),
    onFinish: () => setBusy(false),
  }

  function save(event: FormEvent) {
    event.preventDefault()
    router.patch(url, { role }, { ...options, onError: () => setRole(grantee.role) })
  }

  return (
    <div className="row-actions">
      <form className="row-actions" onSubmit={save}>
        <Select
          aria-label={`Role of ${grantee.label}`}
          value={role}
          options={MEMBER_ROLES}
          onChange={setRole}
        />
        <button
          type="submit"
          className="button button-small"
          disabled={busy || role === grantee.role}
        >
          Save role
        </button>
      </form>
      <ConfirmButton
        small
        label="Remove"
        confirmLabel="Confirm removal"
        busy={busy}
        onConfirm={(cancel) => router.delete(url, { ...options, onFinish: cancel })}
      />
    </div>
  )
}

/**
 * Grants a role to a member or a team of the organization (or changes the one they have here).
 */
function AddGrantForm({
  kind,
  url,
  administration,
}: {
  kind: Kind
  url: string
  administration: SpaceAdministrationProps
}) {
  const { members, teams } = administration
  const form = useForm({ who: '', role: 'read' })
  const labels = new Map<string, string>([
    ...teams.map((team) => [`team:${team.id}`, `Team ${team.label}`] as [string, string]),
    ...members.map((member) => [`user:${member.id}`, member.label] as [string, string]),
  ])
  form.transform(({ who, role }) => {
    const [type, id] = who.split(':')
    return type === 'team' ? { role, teams: [id] } : { role, users: [id] }
  })
  const error = form.errors.who ?? form.errors.role

  return (
    <FormCard
      className="card inline-form"
      submitLabel="Grant access"
      testId={`grant-${kind}-form`}
      processing={form.processing || form.data.who === ''}
      onSubmit={() => form.post(url, { preserveScroll: true, onSuccess: () => form.reset('who') })}
    >
      <Field label="Member or team" error={error}>
        <Select
          name="who"
          value={form.data.who}
          options={['', ...labels.keys()]}
          optionLabel={(value) => labels.get(value) ?? 'Choose a member or a team'}
          onChange={(value) => form.setData('who', value)}
        />
      </Field>
      <SelectField
        label="Role"
        name="role"
        value={form.data.role}
        options={MEMBER_ROLES}
        onChange={(value) => form.setData('role', value)}
      />
    </FormCard>
  )
}

const TOP_LEVEL = 'top'

/**
 * An admin's ways to move a space or collection: to another place of the organization (and where
 * among what is there), to another organization they administer, and, for a space, a duplicate.
 */
export function RecordMoveSections({
  kind,
  record,
  parentId,
  administration,
}: {
  kind: Kind
  record: { id: string; title: string }
  parentId: string | null
  administration: SpaceAdministrationProps
}) {
  return (
    <section className="section space-administration" data-testid={`${kind}-administration`}>
      <h2>Move, transfer{kind === 'space' ? ', duplicate' : ''}</h2>
      <div className="two-columns">
        <MoveForm
          kind={kind}
          parentId={parentId}
          administration={administration}
          url={
            kind === 'space'
              ? route('console.spaces.move', { spaceId: record.id })
              : route('console.collections.move', { collectionId: record.id })
          }
        />
        <TransferForm
          kind={kind}
          administration={administration}
          url={
            kind === 'space'
              ? route('console.spaces.transfer', { spaceId: record.id })
              : route('console.collections.transfer', { collectionId: record.id })
          }
        />
      </div>
      {kind === 'space' ? <DuplicateButton spaceId={record.id} /> : null}
    </section>
  )
}

function MoveForm({
  kind,
  url,
  parentId,
  administration,
}: {
  kind: Kind
  url: string
  parentId: string | null
  administration: SpaceAdministrationProps
}) {
  const { destinations } = administration
  const keyOf = (id: string | null) => id ?? TOP_LEVEL
  const form = useForm({ parent: keyOf(parentId), place: '' })
  const destination = destinations.find((candidate) => keyOf(candidate.id) === form.data.parent)
  const places = new Map<string, string>([['', 'At the end']])
  for (const sibling of destination?.children ?? []) {
    places.set(`before:${sibling.type}:${sibling.id}`, `Before ${sibling.title}`)
    places.set(`after:${sibling.type}:${sibling.id}`, `After ${sibling.title}`)
  }
  form.transform(({ parent, place }) => {
    const body: Record<string, unknown> = { parent: parent === TOP_LEVEL ? null : parent }
    if (place) {
      const [side, type, id] = place.split(':')
      body.position = { [side]: { type, [type]: id } }
    }
    return body
  })
  const titles = new Map(destinations.map((candidate) => [keyOf(candidate.id), candidate.title]))
  if (!titles.has(keyOf(parentId))) titles.set(keyOf(parentId), 'Where it is now')

  return (
    <FormCard
      title={`Move the ${kind}`}
      submitLabel="Move"
      testId={`move-${kind}-form`}
      processing={form.processing}
      onSubmit={() => form.post(url, { preserveScroll: true })}
    >
      <Field label="To" error={form.errors.parent}>
        <Select
          name="parent"
          value={form.data.parent}
          options={[...titles.keys()]}
          optionLabel={(value) => titles.get(value) ?? value}
          onChange={(value) => {
            form.setData({ parent: value, place: '' })
          }}
        />
      </Field>
      <Field label="Place" error={form.errors.place}>
        <Select
          name="place"
          value={form.data.place}
          options={[...places.keys()]}
          optionLabel={(value) => places.get(value) ?? value}
          onChange={(value) => form.setData('place', value)}
        />
      </Field>
    </FormCard>
  )
}

function TransferForm({
  kind,
  url,
  administration,
}: {
  kind: Kind
  url: string
  administration: SpaceAdministrationProps
}) {
  const { organizations } = administration
  const form = useForm({ organization: organizations[0]?.id ?? '' })
  if (organizations.length === 0) {
    return (
      <div className="card settings-form">
        <h2>Transfer the {kind}</h2>
        <p className="muted">
          An administrator of this organization can transfer the {kind} to another organization they
          also administer. There is no such organization for you.
        </p>
      </div>
    )
  }
  const titles = new Map(organizations.map((organization) => [organization.id, organization.title]))
  return (
    <FormCard
      title={`Transfer the ${kind}`}
      submitLabel="Transfer"
      testId={`transfer-${kind}-form`}
      processing={form.processing}
      onSubmit={() => form.post(url)}
    >
      <p className="muted">
        It goes to the top level of the other organization
        {kind === 'collection' ? ', with everything in it' : ''}. What is granted on it here is
        dropped: those people and teams belong to this organization.
      </p>
      <Field label="To the organization" error={form.errors.organization}>
        <Select
          name="organization"
          value={form.data.organization}
          options={[...titles.keys()]}
          optionLabel={(id) => titles.get(id) ?? id}
          onChange={(value) => form.setData('organization', value)}
        />
      </Field>
    </FormCard>
  )
}

function DuplicateButton({ spaceId }: { spaceId: string }) {
  const [busy, setBusy] = useState(false)
  return (
    <p className="row-actions">
      <button
        type="button"
        className="button button-quiet"
        data-testid="duplicate-space"
        disabled={busy}
        onClick={() =>
          router.post(
            route('console.spaces.duplicate', { spaceId }),
            {},
            { onStart: () => setBusy(true), onFinish: () => setBusy(false) }
          )
        }
      >
        Duplicate the space
      </button>
      <span className="muted">A copy of its content, settings and grants, next to it.</span>
    </p>
  )
}

/**
 * The PDF export of a space's content or of a change request's head: a plain link (the browser
 * opens the PDF the console's route leads to).
 */
export function PdfLink({ href }: { href: string }) {
  return (
    <p className="pdf-link">
      <a
        className="button button-quiet"
        href={href}
        data-testid="pdf-link"
        target="_blank"
        rel="noopener noreferrer"
      >
        Download PDF
      </a>
    </p>
  )
}

import { useState } from 'react'
import { router, useForm, usePage } from '@inertiajs/react'
import { Field, FormCard, SelectField, sendingInPlace, TextField } from '~/components/form_fields'
import Table from '~/components/table'
import ConfirmButton from '~/components/confirm_button'
import CopyUrl from '~/components/copy_url'
import { formatDate, formatRole, MEMBER_ROLES } from '~/components/format'
import { route } from '~/route'
import type { ConsoleSharedProps, MemberInvitesProps } from '~/types'

/**
 * The members page's invites (admins): invite addresses, whose pending invites each have an accept
 * link to pass on (the server sends no e-mail), and reusable invite links.
 */
export default function MemberInvites({
  organizationId,
  invites,
}: {
  organizationId: string
  invites: MemberInvitesProps
}) {
  return (
    <section className="section" data-testid="invites">
      <h2>Invite people</h2>
      <div className="two-columns">
        <EmailInviteForm organizationId={organizationId} days={invites.emailInviteDays} />
        <InviteLinkForm organizationId={organizationId} enabled={invites.linksEnabled} />
      </div>

      <h3>Pending e-mail invites</h3>
      {invites.emails.length === 0 ? (
        <p className="card empty">No pending invite.</p>
      ) : (
        <Table columns={['Invited', 'Role', 'Accept link', 'Expires', '']} testId="email-invites">
          {invites.emails.map((invite) => (
            <tr key={invite.id} data-testid={`invite-${invite.email}`}>
              <td>{invite.email}</td>
              <td>{formatRole(invite.role)}</td>
              <td>
                <CopyUrl
                  url={invite.url}
                  label="Copy link"
                  ariaLabel={`Accept link for ${invite.email}`}
                />
              </td>
              <td>{invite.expiresAt ? formatDate(invite.expiresAt) : 'never'}</td>
              <td>
                <RevokeButton
                  url={route('console.invites.destroy', { organizationId, inviteId: invite.id })}
                />
              </td>
            </tr>
          ))}
        </Table>
      )}

      <h3>Invite links</h3>
      {invites.links.length === 0 ? (
        <p className="card empty">No invite link.</p>
      ) : (
        <Table
          columns={['Joins as', 'Link', 'Created', 'Expires', 'Uses', '']}
          testId="invite-links"
        >
          {invites.links.map((link) => (
            <tr key={link.id} data-testid={`invite-link-${link.id}`}>
              <td>{formatRole(link.role)}</td>
              <td>
                <CopyUrl url={link.url} label="Copy link" ariaLabel="Invite link" />
              </td>
              <td>{formatDate(link.createdAt)}</td>
              <td>
                {link.expiresAt ? formatDate(link.expiresAt) : 'never'}
                {link.expired ? <span className="badge">expired</span> : null}
              </td>
              <td>
                {link.maxUses === null ? link.uses : `${link.uses} of ${link.maxUses}`}
                {link.maxUses !== null && link.uses >= link.maxUses ? (
                  <span className="badge">used up</span>
                ) : null}
              </td>
              <td>
                <RevokeButton
                  url={route('console.invite_links.destroy', { organizationId, inviteId: link.id })}
                />
              </td>
            </tr>
          ))}
        </Table>
      )}
    </section>
  )
}

function EmailInviteForm({ organizationId, days }: { organizationId: string; days: number }) {
  const form = useForm({ emails: '', role: 'read' })
  const { errors = {} } = usePage<ConsoleSharedProps>().props
  // The list or one of its addresses (`emails.3`) refused: one sentence for the whole field.
  const emailsError = Object.keys(errors).some((key) => key.split('.')[0] === 'emails')
    ? 'Enter 1 to 100 valid e-mail addresses, separated by commas, spaces or new lines.'
    : undefined
  return (
    <FormCard
      title="Invite by e-mail"
      submitLabel="Invite"
      testId="email-invite-form"
      {...sendingInPlace(form, 'post', route('console.invites.store', { organizationId }))}
    >
      <Field label="E-mail addresses" error={emailsError}>
        <textarea
          name="emails"
          rows={3}
          placeholder="ada@example.com, grace@example.com"
          value={form.data.emails}
          onChange={(event) => form.setData('emails', event.target.value)}
          aria-invalid={emailsError ? true : undefined}
        />
      </Field>
      <SelectField
        label="Role"
        name="role"
        options={MEMBER_ROLES}
        emptyLabel="guest"
        value={form.data.role}
        error={form.errors.role}
        onChange={(role) => form.setData('role', role)}
      />
      <p className="muted">
        Each address gets an accept link to send to its person; it works for {days} days.
      </p>
    </FormCard>
  )
}

/** Days an invite link may work for ("" is never expiring). */
const LINK_EXPIRIES = ['1', '7', '30', '90'] as const

function InviteLinkForm({ organizationId, enabled }: { organizationId: string; enabled: boolean }) {
  const form = useForm({ role: 'read', expiresInDays: '', maxUses: '' })
  if (!enabled) {
    return (
      <div className="card settings-form" data-testid="invite-link-form">
        <h2>Invite link</h2>
        <p className="muted">
          Invite links are turned off in this organization&apos;s settings: existing links do not
          work, and no new one can be made.
        </p>
      </div>
    )
  }
  return (
    <FormCard
      title="Invite link"
      submitLabel="Create link"
      testId="invite-link-form"
      {...sendingInPlace(form, 'post', route('console.invite_links.store', { organizationId }))}
    >
      <SelectField
        label="Joins as"
        name="role"
        options={MEMBER_ROLES}
        emptyLabel="guest"
        value={form.data.role}
        error={form.errors.role}
        onChange={(role) => form.setData('role', role)}
      />
      <SelectField
        label="Expires after"
        name="expiresInDays"
        options={LINK_EXPIRIES}
        emptyLabel="never"
        value={form.data.expiresInDays}
        error={form.errors.expiresInDays}
        onChange={(days) => form.setData('expiresInDays', days)}
      />
      <TextField
        label="Most people who may join with it"
        name="maxUses"
        type="number"
        placeholder="no limit"
        value={form.data.maxUses}
        error={form.errors.maxUses}
        onChange={(uses) => form.setData('maxUses', uses)}
      />
      <p className="muted">
        Anyone with the link can join, within these limits, until you revoke it. Someone signed in
        confirms before joining.
      </p>
    </FormCard>
  )
}

function RevokeButton({ url }: { url: string }) {
  const [busy, setBusy] = useState(false)
  return (
    <div className="row-actions">
      <ConfirmButton
        small
        label="Revoke"
        confirmLabel="Confirm revoke"
        busy={busy}
        onConfirm={(cancel) =>
          router.delete(url, {
            preserveScroll: true,
            onStart: () => setBusy(true),
            onFinish: () => {
              setBusy(false)
              cancel()
            },
          })
        }
      />
    </div>
  )
}

import { useState } from 'react'
import { Head, router, useForm } from '@inertiajs/react'
import ConsoleLayout from '~/components/console_layout'
import Flash from '~/components/flash'
import Table from '~/components/table'
import ConfirmButton from '~/components/confirm_button'
import CopyUrl from '~/components/copy_url'
import { bind, Field, FormCard, Select, TextField } from '~/components/form_fields'
import { formatDate } from '~/components/format'
import { route } from '~/route'
import type { TokensPageProps } from '~/types'

type Token = TokensPageProps['tokens'][number]

/**
 * The signed-in user's API tokens (`Authorization: Bearer …` on the `/v1` API): mint one (its
 * secret shown once), list them, revoke one.
 */
export default function Tokens({ tokens, minted, scopes, expiries }: TokensPageProps) {
  return (
    <ConsoleLayout>
      <Head title="API tokens" />
      <h1>API tokens</h1>
      <p className="muted">
        Tokens let scripts and GitBook clients use the API as you: send one as{' '}
        <code>Authorization: Bearer &lt;token&gt;</code>.
      </p>
      <Flash />

      {minted ? (
        <div className="card minted-token" data-testid="minted-token">
          <h2>Your new token</h2>
          <p>Copy it now and keep it somewhere safe: it will not be shown again.</p>
          <CopyUrl url={minted.secret} label="Copy token" ariaLabel="New token" />
        </div>
      ) : null}

      {tokens.length === 0 ? (
        <p className="card empty">No token yet.</p>
      ) : (
        <Table
          columns={['Name', 'Scopes', 'Created', 'Last used', 'Expires', '']}
          testId="token-list"
        >
          {tokens.map((token) => (
            <TokenRow key={token.id} token={token} />
          ))}
        </Table>
      )}

      <section className="section">
        <MintForm scopes={scopes} expiries={expiries} />
      </section>
    </ConsoleLayout>
  )
}

function TokenRow({ token }: { token: Token }) {
  const [busy, setBusy] = useState(false)
  return (
    <tr data-testid={`token-${token.name}`}>
      <td>{token.name}</td>
      <td className="token-scopes">
        {token.scopes.includes('*') ? (
          <span className="badge">all scopes</span>
        ) : (
          token.scopes.map((scope) => (
            <span key={scope} className="badge">
              {scope}
            </span>
          ))
        )}
      </td>
      <td>{formatDate(token.createdAt)}</td>
      <td>
        {token.lastUsedAt ? formatDate(token.lastUsedAt) : <span className="muted">never</span>}
      </td>
      <td>
        {token.expiresAt ? formatDate(token.expiresAt) : <span className="muted">never</span>}
        {token.expired ? <span className="badge">expired</span> : null}
      </td>
      <td>
        <div className="row-actions">
          <ConfirmButton
            small
            label="Revoke"
            confirmLabel="Confirm revoke"
            busy={busy}
            onConfirm={(cancel) =>
              router.delete(route('console.tokens.destroy', { tokenId: token.id }), {
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
      </td>
    </tr>
  )
}

function MintForm({ scopes, expiries }: Pick<TokensPageProps, 'scopes' | 'expiries'>) {
  const form = useForm<{ name: string; expiresInDays: string; scopes: string[] }>({
    name: '',
    expiresInDays: '90',
    scopes: ['*'],
  })
  const all = form.data.scopes.includes('*')
  const toggle = (scope: string, checked: boolean) =>
    form.setData(
      'scopes',
      checked ? [...form.data.scopes, scope] : form.data.scopes.filter((other) => other !== scope)
    )
  const expiryOptions = expiries.map(String)

  return (
    <FormCard
      title="New token"
      submitLabel="Create token"
      testId="create-token-form"
      processing={form.processing}
      onSubmit={() =>
        form.post(route('console.tokens.store'), {
          preserveScroll: true,
          onSuccess: () => form.reset(),
        })
      }
    >
      <TextField
        label="Name"
        maxLength={100}
        required
        placeholder="CI publishing"
        {...bind(form, 'name')}
      />
      <Field label="Expires" error={form.errors.expiresInDays}>
        <Select
          name="expiresInDays"
          options={['', ...expiryOptions]}
          optionLabel={(option) => (option ? `after ${option} days` : 'never')}
          value={form.data.expiresInDays}
          onChange={(value) => form.setData('expiresInDays', value)}
        />
      </Field>
      <fieldset className="field fieldset">
        <legend>Scopes</legend>
        <span className="checkboxes">
          <label className="checkbox">
            <input
              type="checkbox"
              checked={all}
              onChange={(event) => form.setData('scopes', event.target.checked ? ['*'] : [])}
            />
            All scopes (everything you may do)
          </label>
        </span>
        {all ? null : (
          <span className="checkboxes scope-grid" data-testid="scope-checkboxes">
            {scopes.map((scope) => (
              <label key={scope} className="checkbox">
                <input
                  type="checkbox"
                  name="scopes"
                  value={scope}
                  checked={form.data.scopes.includes(scope)}
                  onChange={(event) => toggle(scope, event.target.checked)}
                />
                {scope}
              </label>
            ))}
          </span>
        )}
        {form.errors.scopes && <span className="field-error">{form.errors.scopes}</span>}
      </fieldset>
    </FormCard>
  )
}

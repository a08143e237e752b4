import { bind, Field, Select, TextField, type BoundForm } from '~/components/form_fields'
import { TextAreaField } from '~/components/site_parts'
import { TextFileInput } from '~/components/settings_parts'

/**
 * What a SAML provider form sends: the identity provider's settings, and the role of the people
 * who join through it ("" = guests, who see only what is shared with them).
 */
export type SamlProviderData = {
  label: string
  ssoURL: string
  entityID: string
  certificate: string
  defaultRole: string
}

/** Largest certificate file the form reads (the API takes up to 10,000 characters). */
const MAX_CERTIFICATE_BYTES = 20_000

/**
 * A new provider's form data: people who join through it read the organization's content.
 */
export function emptyProvider(): SamlProviderData {
  return { label: '', ssoURL: '', entityID: '', certificate: '', defaultRole: 'read' }
}

/**
 * A provider's state: active once the identity provider's three settings are known.
 */
export function StatusBadge({ status }: { status: 'active' | 'pending' }) {
  return (
    <span
      className={status === 'active' ? 'badge badge-live' : 'badge'}
      data-testid="saml-provider-status"
      title={
        status === 'active'
          ? 'People can sign in with it'
          : 'Waiting for the sign-in URL, entity ID and certificate of the identity provider'
      }
    >
      {status === 'active' ? 'active' : 'pending setup'}
    </span>
  )
}

/**
 * The fields of the create and edit forms. `keepCertificate` says an empty certificate keeps the
 * current one (edit).
 */
export function SamlProviderFields({
  form,
  roles,
  keepCertificate = false,
}: {
  form: BoundForm<SamlProviderData> & { setError: (field: 'certificate', message: string) => void }
  roles: readonly string[]
  keepCertificate?: boolean
}) {
  const roleLabels: Record<string, string> = { '': 'guest (only what is shared with them)' }
  return (
    <div className="two-columns">
      <div>
        <TextField label="Name shown on the sign-in page" maxLength={30} {...bind(form, 'label')} />
        <TextField
          label="Identity provider's sign-in URL (SSO URL)"
          type="url"
          maxLength={2048}
          placeholder="https://idp.example.com/saml/sso"
          {...bind(form, 'ssoURL')}
        />
        <TextField
          label="Identity provider's entity ID (issuer)"
          maxLength={1024}
          placeholder="https://idp.example.com/metadata"
          {...bind(form, 'entityID')}
        />
        <Field label="People who join through it become" error={form.errors.defaultRole}>
          <Select
            name="defaultRole"
            value={form.data.defaultRole}
            options={[...roles, '']}
            optionLabel={(role) => roleLabels[role] ?? role}
            onChange={(value) => form.setData('defaultRole', value)}
          />
        </Field>
      </div>
      <div>
        <TextAreaField
          label={
            keepCertificate
              ? 'New X.509 signing certificate (empty keeps the current one)'
              : 'X.509 signing certificate (PEM)'
          }
          rows={8}
          {...bind(form, 'certificate')}
        />
        <TextFileInput
          label="…or a certificate file (.pem, .crt, .cer)"
          accept=".pem,.crt,.cer,.cert,.txt"
          maxBytes={MAX_CERTIFICATE_BYTES}
          tooLarge="The file is too large to be a certificate."
          onText={(text) => form.setData('certificate', text.trim())}
          onError={(message) => form.setError('certificate', message)}
        />
      </div>
    </div>
  )
}

import { useState } from 'react'
import { useForm } from '@inertiajs/react'
import { bind, FormCard, TextField } from '~/components/form_fields'
import { route } from '~/route'

/**
 * "Sign in with SSO" under the sign-in form: the person types their work e-mail address or their
 * organization's hostname, and goes on to their identity provider (the server answers with its
 * address, or with a choice when several providers match). Hidden until asked for.
 */
export default function SsoSignIn() {
  const form = useForm({ organization: '' })
  const [open, setOpen] = useState(Boolean(form.errors.organization))

  if (!open) {
    return (
      <div className="login-alternative">
        {/* A link, not a button: the page's only "Sign in" button stays the password form's. */}
        <a
          href="#sso"
          className="button button-quiet"
          onClick={(event) => {
            event.preventDefault()
            setOpen(true)
          }}
        >
          Sign in with SSO
        </a>
      </div>
    )
  }
  return (
    <FormCard
      className="card login-card login-sso"
      submitLabel="Continue with SSO"
      testId="sso-sign-in-form"
      processing={form.processing}
      onSubmit={() => form.post(route('console.login.sso'))}
    >
      <h2>Sign in with SSO</h2>
      <p className="muted">
        Your organization signs you in through its identity provider (Okta, Microsoft Entra ID,
        Google Workspace…).
      </p>
      <TextField
        label="Work e-mail or organization hostname"
        autoComplete="email"
        autoFocus
        placeholder="you@company.com"
        maxLength={254}
        {...bind(form, 'organization')}
      />
    </FormCard>
  )
}

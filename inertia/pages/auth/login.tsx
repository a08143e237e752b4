import type { FormEvent } from 'react'
import { Head, useForm, usePage } from '@inertiajs/react'
import type { ConsoleSharedProps } from '~/types'

/**
 * Errors that concern the whole form rather than one field, keyed by the server's error code.
 */
const FORM_ERRORS: Record<string, string> = {
  E_INVALID_CREDENTIALS: 'The e-mail address or the password is wrong.',
  E_BAD_CSRF_TOKEN: 'The form had expired. Please sign in again.',
  E_TOO_MANY_REQUESTS: 'Too many failed sign-ins. Wait a few minutes, then try again.',
  E_SSO_REQUIRED: 'Your organization requires single sign-on.',
  E_SSO_FAILED: 'Single sign-on failed.',
}

/**
 * Codes whose server message says more than the generic sentence (which organization enforces
 * SSO, why the identity provider's response was refused).
 */
const SERVER_MESSAGES = new Set(['E_SSO_REQUIRED', 'E_SSO_FAILED'])

export default function Login() {
  const { errors = {} } = usePage<ConsoleSharedProps>().props
  const form = useForm({ email: '', password: '' })
  const formError = Object.keys(FORM_ERRORS).find((code) => errors[code])

  function submit(event: FormEvent) {
    event.preventDefault()
    form.post('/console/login', { onFinish: () => form.reset('password') })
  }

  return (
    <div className="login">
      <Head title="Sign in" />
      <form className="card login-card" onSubmit={submit} noValidate>
        <h1>Sign in to Bindery</h1>

        {formError && (
          <p className="alert" role="alert" data-testid="login-error">
            {SERVER_MESSAGES.has(formError) && typeof errors[formError] === 'string'
              ? errors[formError]
              : FORM_ERRORS[formError]}
          </p>
        )}

        <label className="field">
          <span>E-mail</span>
          <input
            type="email"
            name="email"
            autoComplete="username"
            autoFocus
            required
            value={form.data.email}
            onChange={(event) => form.setData('email', event.target.value)}
            aria-invalid={form.errors.email ? true : undefined}
          />
          {form.errors.email && <span className="field-error">{form.errors.email}</span>}
        </label>

        <label className="field">
          <span>Password</span>
          <input
            type="password"
            name="password"
            autoComplete="current-password"
            required
            value={form.data.password}
            onChange={(event) => form.setData('password', event.target.value)}
            aria-invalid={form.errors.password ? true : undefined}
          />
          {form.errors.password && <span className="field-error">{form.errors.password}</span>}
        </label>

        <button type="submit" className="button" disabled={form.processing}>
          Sign in
        </button>
      </form>
    </div>
  )
}

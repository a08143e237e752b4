import { Head, useForm, usePage } from '@inertiajs/react'
import { bind, FormCard, TextField } from '~/components/form_fields'
import { route } from '~/route'
import SsoSignIn from '~/components/sso_sign_in'
import type { ConsoleSharedProps, LoginPageProps } from '~/types'

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

/**
 * The sign-in form; `returnTo` is the console page asked for before, opened once signed in.
 */
export default function Login({ returnTo }: LoginPageProps) {
  const { errors = {} } = usePage<ConsoleSharedProps>().props
  const form = useForm({ email: '', password: '', returnTo: returnTo ?? '' })
  const formError = Object.keys(FORM_ERRORS).find((code) => errors[code])

  return (
    <div className="login">
      <Head title="Sign in" />
      <FormCard
        className="card login-card"
        submitLabel="Sign in"
        processing={form.processing}
        onSubmit={() =>
          form.post(route('console.login.store'), { onFinish: () => form.reset('password') })
        }
      >
        <h1>Sign in to Bindery</h1>

        {formError && (
          <p className="alert" role="alert" data-testid="login-error">
            {SERVER_MESSAGES.has(formError) && typeof errors[formError] === 'string'
              ? errors[formError]
              : FORM_ERRORS[formError]}
          </p>
        )}

        <TextField
          label="E-mail"
          type="email"
          autoComplete="username"
          autoFocus
          required
          {...bind(form, 'email')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          {...bind(form, 'password')}
        />
      </FormCard>
      <SsoSignIn />
    </div>
  )
}

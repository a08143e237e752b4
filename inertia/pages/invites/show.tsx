import { useState } from 'react'
import { Head, Link, useForm, usePage } from '@inertiajs/react'
import { bind, FormCard, TextField } from '~/components/form_fields'
import { formatDate, formatRole } from '~/components/format'
import { route } from '~/route'
import type { ConsoleSharedProps, InvitePageProps } from '~/types'

type Target = InvitePageProps['target']

/**
 * Errors that concern a whole form, by the server's error code; the server's own sentence is shown
 * where it says more (which address, which organization, how long to wait).
 */
const FORM_ERRORS: Record<string, string | null> = {
  E_INVALID_CREDENTIALS: 'The e-mail address or the password is wrong.',
  E_BAD_CSRF_TOKEN: 'The form had expired. Please try again.',
  E_TOO_MANY_REQUESTS: null,
  E_SSO_REQUIRED: null,
  E_CONFLICT: null,
  E_FORBIDDEN: null,
  E_BAD_REQUEST: null,
}

function actions(target: Target) {
  if (target.kind === 'email') {
    const params = { token: target.token }
    return {
      accept: route('console.invites.accept', params),
      register: route('console.invites.register', params),
      signIn: route('console.invites.sign_in', params),
    }
  }
  const params = { organizationId: target.organizationId, inviteId: target.inviteId }
  return {
    accept: route('console.invite_links.accept', params),
    register: route('console.invite_links.register', params),
    signIn: route('console.invite_links.sign_in', params),
  }
}

/**
 * An invite's page: the organization and role offered; a signed-in user joins with one click,
 * anyone else creates an account (or signs in with theirs) and lands in the organization.
 */
export default function Invite({ invite, target, passwordMinLength }: InvitePageProps) {
  const { user, errors = {} } = usePage<ConsoleSharedProps>().props
  const urls = actions(target)
  const code = Object.keys(FORM_ERRORS).find((candidate) => errors[candidate])
  const formError = code ? (FORM_ERRORS[code] ?? errors[code]) : null

  return (
    <div className="login">
      <Head title={`Join ${invite.organizationTitle}`} />
      <div className="card login-card invite-card" data-testid="invite">
        <p className="muted">Bindery</p>
        <h1>Join {invite.organizationTitle}</h1>
        <p data-testid="invite-summary">
          You are invited to join <strong>{invite.organizationTitle}</strong> as{' '}
          <span className="badge">{formatRole(invite.role)}</span>
          {invite.email ? (
            <>
              {' '}
              with the address <strong>{invite.email}</strong>
            </>
          ) : null}
          .{invite.expiresAt ? ` The invite works until ${formatDate(invite.expiresAt)}.` : ''}
        </p>

        {formError && (
          <p className="alert" role="alert" data-testid="invite-error">
            {formError}
          </p>
        )}

        {invite.ssoRequired && !user ? (
          <p className="alert" role="alert">
            {invite.organizationTitle} requires single sign-on: sign in through its identity
            provider, then open this invite again.
          </p>
        ) : user ? (
          <SignedIn user={user} invite={invite} acceptUrl={urls.accept} />
        ) : (
          <SignedOut invite={invite} urls={urls} passwordMinLength={passwordMinLength} />
        )}
      </div>
    </div>
  )
}

function SignedIn({
  user,
  invite,
  acceptUrl,
}: {
  user: NonNullable<ConsoleSharedProps['user']>
  invite: InvitePageProps['invite']
  acceptUrl: string
}) {
  const form = useForm({})
  const otherAddress = invite.email !== null && invite.email !== user.email.toLowerCase()
  return (
    <>
      <p>
        You are signed in as <strong>{user.displayName}</strong> ({user.email}).
      </p>
      {otherAddress ? (
        <p className="muted" data-testid="invite-other-address">
          This invite is for {invite.email}: sign out, then open it again and sign in with that
          address.
        </p>
      ) : (
        // An explicit step: opening the link never joins anyone, even someone signed in.
        <>
          <p data-testid="invite-confirm">
            <strong>
              Join {invite.organizationTitle} as {formatRole(invite.role)}?
            </strong>
          </p>
          <button
            type="button"
            className="button"
            disabled={form.processing}
            onClick={() => form.post(acceptUrl)}
          >
            Join {invite.organizationTitle}
          </button>
        </>
      )}
      <p className="muted">
        <Link href={route('console.organizations.index')}>Back to your organizations</Link>
      </p>
    </>
  )
}

function SignedOut({
  invite,
  urls,
  passwordMinLength,
}: {
  invite: InvitePageProps['invite']
  urls: ReturnType<typeof actions>
  passwordMinLength: number
}) {
  const [mode, setMode] = useState<'register' | 'signIn'>('register')
  return (
    <>
      <nav className="tabs" aria-label="Account">
        <button
          type="button"
          className={mode === 'register' ? 'tab tab-current' : 'tab'}
          aria-pressed={mode === 'register'}
          onClick={() => setMode('register')}
        >
          Create an account
        </button>
        <button
          type="button"
          className={mode === 'signIn' ? 'tab tab-current' : 'tab'}
          aria-pressed={mode === 'signIn'}
          onClick={() => setMode('signIn')}
        >
          I have an account
        </button>
      </nav>
      {mode === 'register' ? (
        <RegisterForm invite={invite} url={urls.register} passwordMinLength={passwordMinLength} />
      ) : (
        <SignInForm invite={invite} url={urls.signIn} />
      )}
    </>
  )
}

function RegisterForm({
  invite,
  url,
  passwordMinLength,
}: {
  invite: InvitePageProps['invite']
  url: string
  passwordMinLength: number
}) {
  const form = useForm({ displayName: '', email: '', password: '' })
  const fixedEmail = invite.email
  return (
    <FormCard
      className="invite-form"
      submitLabel="Create account and join"
      testId="register-form"
      processing={form.processing}
      onSubmit={() =>
        // An e-mail invite's address is the invited one: the server ignores `email` there.
        form.post(url, { onFinish: () => form.reset('password') })
      }
    >
      <TextField
        label="Your name"
        autoComplete="name"
        autoFocus
        required
        maxLength={255}
        {...bind(form, 'displayName')}
      />
      {fixedEmail ? (
        <p className="field">
          <span>E-mail</span>
          <input readOnly value={fixedEmail} aria-label="E-mail" />
        </p>
      ) : (
        <TextField
          label="E-mail"
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          {...bind(form, 'email')}
        />
      )}
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        {...bind(form, 'password')}
      />
      <p className="muted">At least {passwordMinLength} characters.</p>
    </FormCard>
  )
}

function SignInForm({ invite, url }: { invite: InvitePageProps['invite']; url: string }) {
  const form = useForm({ email: invite.email ?? '', password: '' })
  return (
    <FormCard
      className="invite-form"
      submitLabel="Sign in and join"
      testId="sign-in-form"
      processing={form.processing}
      onSubmit={() => form.post(url, { onFinish: () => form.reset('password') })}
    >
      <TextField
        label="E-mail"
        type="email"
        autoComplete="username"
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
  )
}

import { Head, Link } from '@inertiajs/react'
import { route } from '~/route'
import type { SsoChoicePageProps } from '~/types'

/**
 * "Sign in with SSO" matched several identity providers (or organizations): the person picks one.
 * Each link leaves for the identity provider (a full page load, not an Inertia visit).
 */
export default function SsoChoice({ organization, choices }: SsoChoicePageProps) {
  return (
    <div className="login">
      <Head title="Sign in with SSO" />
      <div className="card login-card">
        <h1>Sign in with SSO</h1>
        <p className="muted">Several identity providers match “{organization}”. Choose yours:</p>
        <ul className="sso-choices" data-testid="sso-choices">
          {choices.map((choice) => (
            <li key={choice.id}>
              <a className="button" href={choice.startURL}>
                {choice.label}
              </a>{' '}
              <span className="muted">{choice.organizationTitle}</span>
            </li>
          ))}
        </ul>
        <p>
          <Link href={route('console.login')}>Back to sign-in</Link>
        </p>
      </div>
    </div>
  )
}

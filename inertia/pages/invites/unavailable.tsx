import { Head, Link, usePage } from '@inertiajs/react'
import { route } from '~/route'
import type { ConsoleSharedProps } from '~/types'

/**
 * An invite that cannot be used (unknown, used, revoked, renewed, expired, or invite links turned
 * off), with the reason and where to go instead.
 */
export default function InviteUnavailable({ message }: { message: string }) {
  const { user } = usePage<ConsoleSharedProps>().props
  return (
    <div className="login">
      <Head title="Invite not valid" />
      <div className="card login-card" data-testid="invite-unavailable">
        <p className="muted">Bindery</p>
        <h1>This invite cannot be used</h1>
        <p className="alert" role="alert">
          {message}.
        </p>
        <p className="muted">
          Ask an administrator of the organization for a new invite.{' '}
          {user ? (
            <Link href={route('console.organizations.index')}>Back to your organizations</Link>
          ) : (
            <Link href={route('console.login')}>Sign in</Link>
          )}
        </p>
      </div>
    </div>
  )
}

import type { ReactNode } from 'react'
import { Link, usePage } from '@inertiajs/react'
import type { ConsoleSharedProps } from '~/types'
import { route } from '~/route'

/**
 * Frame of every signed-in page: the console's name, the user's API tokens, who is signed in, and
 * the way out.
 */
export default function ConsoleLayout({ children }: { children: ReactNode }) {
  const { user } = usePage<ConsoleSharedProps>().props

  return (
    <div className="console">
      <header className="console-header">
        <Link href={route('console.organizations.index')} className="console-brand">
          Bindery
        </Link>
        {user && (
          <div className="console-user">
            <Link href={route('console.tokens.index')} className="button button-quiet">
              API tokens
            </Link>
            <Link href={route('console.account.show')} className="button button-quiet">
              Account
            </Link>
            <span data-testid="signed-in-as" title={user.email}>
              {user.displayName}
            </span>
            <Link
              href={route('console.logout')}
              method="post"
              as="button"
              className="button button-quiet"
            >
              Sign out
            </Link>
          </div>
        )}
      </header>
      <main className="console-main">{children}</main>
    </div>
  )
}

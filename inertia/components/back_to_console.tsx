import { Link, usePage } from '@inertiajs/react'
import { route } from '~/route'
import type { ConsoleSharedProps } from '~/types'

/**
 * The way back from an error page: the organizations when signed in, the sign-in form otherwise.
 */
export default function BackToConsole() {
  const { user } = usePage<ConsoleSharedProps>().props
  return (
    <p>
      <Link href={route(user ? 'console.organizations.index' : 'console.login')}>
        Back to the console
      </Link>
    </p>
  )
}

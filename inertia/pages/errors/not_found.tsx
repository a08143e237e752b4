import { Head, Link, usePage } from '@inertiajs/react'
import ConsoleLayout from '~/components/console_layout'
import type { ConsoleSharedProps } from '~/types'

/**
 * Unknown console URLs and records the signed-in user may not see: the same page, on purpose.
 */
export default function NotFound() {
  const { user } = usePage<ConsoleSharedProps>().props
  return (
    <ConsoleLayout>
      <Head title="Not found" />
      <h1>Page not found</h1>
      <p className="muted">This page does not exist, or you do not have access to it.</p>
      <p>
        <Link href={user ? '/console' : '/console/login'}>Back to the console</Link>
      </p>
    </ConsoleLayout>
  )
}

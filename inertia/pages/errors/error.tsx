import { Head, Link, usePage } from '@inertiajs/react'
import ConsoleLayout from '~/components/console_layout'
import type { ConsoleErrorPageProps, ConsoleSharedProps } from '~/types'

/**
 * Any other failure of a console page in production (bad input, unexpected errors), and a page the
 * signed-in user may not open (403, with the policy's reason): the status and a sentence, never
 * internals. The request id ties it to the server's log.
 */
export default function ErrorPage({ status, message, requestId }: ConsoleErrorPageProps) {
  const { user } = usePage<ConsoleSharedProps>().props
  return (
    <ConsoleLayout>
      <Head title={`Error ${status}`} />
      <h1>{status === 403 ? 'Not allowed' : `Something went wrong (${status})`}</h1>
      <p className="muted">{message}</p>
      {requestId ? <p className="muted">Request id: {requestId}</p> : null}
      <p>
        <Link href={user ? '/console' : '/console/login'}>Back to the console</Link>
      </p>
    </ConsoleLayout>
  )
}

import { Head } from '@inertiajs/react'
import ConsoleLayout from '~/components/console_layout'
import BackToConsole from '~/components/back_to_console'
import type { ConsoleErrorPageProps } from '~/types'

/**
 * Any other failure of a console page in production (bad input, unexpected errors), and a page the
 * signed-in user may not open (403, with the policy's reason): the status and a sentence, never
 * internals. The request id ties it to the server's log.
 */
export default function ErrorPage({ status, message, requestId }: ConsoleErrorPageProps) {
  return (
    <ConsoleLayout>
      <Head title={`Error ${status}`} />
      <h1>{status === 403 ? 'Not allowed' : `Something went wrong (${status})`}</h1>
      <p className="muted">{message}</p>
      {requestId ? <p className="muted">Request id: {requestId}</p> : null}
      <BackToConsole />
    </ConsoleLayout>
  )
}

import { Head } from '@inertiajs/react'
import ConsoleLayout from '~/components/console_layout'
import BackToConsole from '~/components/back_to_console'

/**
 * Unknown console URLs and records the signed-in user may not see: the same page, on purpose.
 */
export default function NotFound() {
  return (
    <ConsoleLayout>
      <Head title="Not found" />
      <h1>Page not found</h1>
      <p className="muted">This page does not exist, or you do not have access to it.</p>
      <BackToConsole />
    </ConsoleLayout>
  )
}

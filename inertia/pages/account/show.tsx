import { Head, useForm } from '@inertiajs/react'
import ConsoleLayout from '~/components/console_layout'
import Flash from '~/components/flash'
import { bind, FormCard, TextField } from '~/components/form_fields'
import { route } from '~/route'
import type { AccountPageProps } from '~/types'

/**
 * The signed-in user's account: their address, and a new password (which signs out their other
 * sessions).
 */
export default function Account({ email, hasPassword, passwordMinLength }: AccountPageProps) {
  const form = useForm({ currentPassword: '', newPassword: '' })
  return (
    <ConsoleLayout>
      <Head title="Account" />
      <h1>Account</h1>
      <p className="muted">Signed in as {email}.</p>
      <Flash />
      {hasPassword ? (
        <section className="section">
          <FormCard
            title="Change password"
            submitLabel="Change password"
            testId="change-password-form"
            processing={form.processing}
            onSubmit={() =>
              form.post(route('console.account.password'), {
                preserveScroll: true,
                onFinish: () => form.reset(),
              })
            }
          >
            <p className="muted">Your other sessions are signed out when the password changes.</p>
            <TextField
              label="Current password"
              type="password"
              autoComplete="current-password"
              required
              {...bind(form, 'currentPassword')}
            />
            <TextField
              label={`New password (at least ${passwordMinLength} characters)`}
              type="password"
              autoComplete="new-password"
              required
              {...bind(form, 'newPassword')}
            />
          </FormCard>
        </section>
      ) : (
        <p className="card empty">You sign in through single sign-on: there is no password here.</p>
      )}
    </ConsoleLayout>
  )
}

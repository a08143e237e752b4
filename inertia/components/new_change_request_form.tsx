import { useForm } from '@inertiajs/react'
import { bind, TextField } from '~/components/form_fields'
import { route } from '~/route'

/**
 * "New change request" on a space's page: its subject (optional); it opens on the space's current
 * content and the console goes to it.
 */
export default function NewChangeRequestForm({ spaceId }: { spaceId: string }) {
  const form = useForm({ subject: '' })
  return (
    <form
      className="card inline-form"
      data-testid="new-change-request-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        form.post(route('console.change_requests.store', { spaceId }))
      }}
    >
      <TextField
        label="Subject"
        placeholder="What this change is about"
        maxLength={100}
        {...bind(form, 'subject')}
      />
      <button type="submit" className="button" disabled={form.processing}>
        New change request
      </button>
    </form>
  )
}

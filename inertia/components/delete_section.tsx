import { router } from '@inertiajs/react'
import ConfirmButton from '~/components/confirm_button'

/**
 * A record's delete section: a first click asks for confirmation, the second sends DELETE to `url`.
 */
export default function DeleteSection({
  kind,
  title,
  url,
  explanation,
}: {
  kind: 'space' | 'collection' | 'team' | 'site'
  title: string
  url: string
  explanation: string
}) {
  return (
    <section className="section">
      <h2>Delete the {kind}</h2>
      <p className="muted">{explanation}</p>
      <ConfirmButton
        label={`Delete ${kind}`}
        confirmLabel={`Confirm: delete ${title}`}
        onConfirm={() => router.delete(url)}
        wrap={(buttons) => <p className="row-actions">{buttons}</p>}
      />
    </section>
  )
}

import { useState } from 'react'
import { router } from '@inertiajs/react'

/**
 * A record's delete section: a first click asks for confirmation, the second sends DELETE to `url`.
 */
export default function DeleteSection({
  kind,
  title,
  url,
  explanation,
}: {
  kind: 'space' | 'collection' | 'team'
  title: string
  url: string
  explanation: string
}) {
  const [confirming, setConfirming] = useState(false)
  return (
    <section className="section">
      <h2>Delete the {kind}</h2>
      <p className="muted">{explanation}</p>
      {confirming ? (
        <p className="row-actions">
          <button type="button" className="button button-danger" onClick={() => router.delete(url)}>
            Confirm: delete {title}
          </button>
          <button
            type="button"
            className="button button-quiet"
            onClick={() => setConfirming(false)}
          >
            Cancel
          </button>
        </p>
      ) : (
        <button
          type="button"
          className="button button-danger button-quiet"
          onClick={() => setConfirming(true)}
        >
          Delete {kind}
        </button>
      )}
    </section>
  )
}

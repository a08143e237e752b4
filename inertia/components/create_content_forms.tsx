import type { FormEvent } from 'react'
import { useForm } from '@inertiajs/react'

/**
 * The forms that create a space and a collection, at the root or in one of `parents` (the places
 * the signed-in user may create in). A single fixed `parent` hides the select.
 */
export default function CreateContentForms({
  organizationId,
  root,
  parents,
}: {
  organizationId: string
  root: boolean
  parents: { id: string; title: string }[]
}) {
  const initialParent = root ? '' : (parents[0]?.id ?? '')
  const space = useForm({ title: '', emoji: '', parent: initialParent })
  const collection = useForm({ title: '', parent: initialParent })
  const fixed = !root && parents.length === 1

  function createSpace(event: FormEvent) {
    event.preventDefault()
    space.post(`/console/orgs/${organizationId}/spaces`)
  }

  function createCollection(event: FormEvent) {
    event.preventDefault()
    collection.post(`/console/orgs/${organizationId}/collections`)
  }

  const parentSelect = (value: string, onChange: (value: string) => void, error?: string) =>
    fixed ? null : (
      <label className="field">
        <span>In</span>
        <select name="parent" value={value} onChange={(event) => onChange(event.target.value)}>
          {root ? <option value="">Organization root</option> : null}
          {parents.map((parent) => (
            <option key={parent.id} value={parent.id}>
              {parent.title}
            </option>
          ))}
        </select>
        {error && <span className="field-error">{error}</span>}
      </label>
    )

  return (
    <div className="two-columns section">
      <form
        className="card settings-form"
        onSubmit={createSpace}
        noValidate
        data-testid="create-space-form"
      >
        <h2>New space</h2>
        <label className="field">
          <span>Space title</span>
          <input
            name="title"
            maxLength={50}
            value={space.data.title}
            onChange={(event) => space.setData('title', event.target.value)}
            aria-invalid={space.errors.title ? true : undefined}
          />
          {space.errors.title && <span className="field-error">{space.errors.title}</span>}
        </label>
        <label className="field">
          <span>Emoji (optional)</span>
          <input
            name="emoji"
            maxLength={50}
            value={space.data.emoji}
            onChange={(event) => space.setData('emoji', event.target.value)}
            aria-invalid={space.errors.emoji ? true : undefined}
          />
          {space.errors.emoji && <span className="field-error">{space.errors.emoji}</span>}
        </label>
        {parentSelect(
          space.data.parent,
          (value) => space.setData('parent', value),
          space.errors.parent
        )}
        <button type="submit" className="button" disabled={space.processing}>
          Create space
        </button>
      </form>

      <form
        className="card settings-form"
        onSubmit={createCollection}
        noValidate
        data-testid="create-collection-form"
      >
        <h2>New collection</h2>
        <label className="field">
          <span>Collection title</span>
          <input
            name="title"
            maxLength={50}
            value={collection.data.title}
            onChange={(event) => collection.setData('title', event.target.value)}
            aria-invalid={collection.errors.title ? true : undefined}
          />
          {collection.errors.title && (
            <span className="field-error">{collection.errors.title}</span>
          )}
        </label>
        {parentSelect(
          collection.data.parent,
          (value) => collection.setData('parent', value),
          collection.errors.parent
        )}
        <button type="submit" className="button" disabled={collection.processing}>
          Create collection
        </button>
      </form>
    </div>
  )
}

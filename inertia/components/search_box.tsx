import { useState, type FormEvent } from 'react'
import { router } from '@inertiajs/react'

/**
 * A search box sending `query` to a console search page (`action`): the space's or the
 * organization's. `error` is why the last query could not be searched.
 */
export default function SearchBox({
  action,
  query = '',
  error,
  label,
  autoFocus = false,
}: {
  action: string
  query?: string
  error?: string | null
  label: string
  autoFocus?: boolean
}) {
  const [value, setValue] = useState(query)
  function submit(event: FormEvent) {
    event.preventDefault()
    if (value.trim() === '') return
    router.get(action, { query: value })
  }
  return (
    <form className="search-box" role="search" action={action} method="get" onSubmit={submit}>
      <label className="field">
        <span className="visually-hidden">{label}</span>
        <input
          type="search"
          name="query"
          value={value}
          placeholder={label}
          autoFocus={autoFocus}
          aria-invalid={error ? true : undefined}
          onChange={(event) => setValue(event.target.value)}
        />
        {error ? (
          <span className="field-error" data-testid="search-error">
            {error}
          </span>
        ) : null}
      </label>
      <button type="submit" className="button">
        Search
      </button>
    </form>
  )
}

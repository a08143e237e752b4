/**
 * A list of checkboxes under a legend, one per space of the organization; `value` holds the ids ticked.
 */
export default function SpaceCheckboxes({
  label,
  spaces,
  value,
  error,
  onChange,
}: {
  label: string
  spaces: { id: string; title: string }[]
  value: string[]
  error?: string
  onChange: (value: string[]) => void
}) {
  const toggle = (id: string, checked: boolean) =>
    onChange(checked ? [...value, id] : value.filter((other) => other !== id))
  return (
    <fieldset className="field fieldset">
      <legend>{label}</legend>
      {spaces.length === 0 ? (
        <span className="muted">The organization has no space yet.</span>
      ) : (
        <span className="checkboxes" data-testid="space-checkboxes">
          {spaces.map((space) => (
            <label key={space.id} className="checkbox">
              <input
                type="checkbox"
                name="spaces"
                value={space.id}
                checked={value.includes(space.id)}
                onChange={(event) => toggle(space.id, event.target.checked)}
              />
              {space.title}
            </label>
          ))}
        </span>
      )}
      {error && <span className="field-error">{error}</span>}
    </fieldset>
  )
}

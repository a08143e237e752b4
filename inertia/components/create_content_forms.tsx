import { useForm } from '@inertiajs/react'
import { bind, CreateFormCard, Field, Select, sending, TextField } from '~/components/form_fields'
import { route } from '~/route'

type Parent = { id: string; title: string }

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
  parents: Parent[]
}) {
  const initialParent = root ? '' : (parents[0]?.id ?? '')
  const space = useForm({ title: '', emoji: '', parent: initialParent })
  const collection = useForm({ title: '', parent: initialParent })
  const params = { organizationId }
  const parentField = (field: ReturnType<typeof bind<{ parent: string }, 'parent'>>) =>
    !root && parents.length === 1 ? null : <ParentField root={root} parents={parents} {...field} />

  return (
    <div className="two-columns section">
      <CreateFormCard
        what="space"
        {...sending(space, 'post', route('console.spaces.store', params))}
      >
        <TextField label="Space title" maxLength={50} {...bind(space, 'title')} />
        <TextField label="Emoji (optional)" maxLength={50} {...bind(space, 'emoji')} />
        {parentField(bind(space, 'parent'))}
      </CreateFormCard>

      <CreateFormCard
        what="collection"
        {...sending(collection, 'post', route('console.collections.store', params))}
      >
        <TextField label="Collection title" maxLength={50} {...bind(collection, 'title')} />
        {parentField(bind(collection, 'parent'))}
      </CreateFormCard>
    </div>
  )
}

/**
 * Where the new record goes: the organization's root (when allowed) or one of `parents`.
 */
function ParentField({
  root,
  parents,
  error,
  ...select
}: {
  root: boolean
  parents: Parent[]
  name: string
  value: string
  error?: string
  onChange: (value: string) => void
}) {
  const titles = new Map(parents.map((parent) => [parent.id, parent.title]))
  return (
    <Field label="In" error={error}>
      <Select
        {...select}
        options={[...(root ? [''] : []), ...titles.keys()]}
        optionLabel={(id) => titles.get(id) ?? 'Organization root'}
      />
    </Field>
  )
}

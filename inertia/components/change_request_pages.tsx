import { useState } from 'react'
import { Link, router, useForm } from '@inertiajs/react'
import ConfirmButton from '~/components/confirm_button'
import { PagesSection } from '~/components/space_content_layout'
import { bind, Field, Select, TextField } from '~/components/form_fields'
import { route } from '~/route'
import type { ContentTreeNode } from '~/types'

type Params = { spaceId: string; changeRequestId: string }

/** A page of the tree with where it sits: its parent (null at the top), index and depth. */
type Placed = { page: ContentTreeNode; parent: string | null; index: number; depth: number }

/**
 * A change request's page tree. Those who may author it get the writing tools: a new page (at the
 * top or under a page), and on each page edit, rename, move (up, down, under another page) and
 * delete; each one authoring batch.
 */
export default function ChangeRequestPages({
  spaceId,
  changeRequestId,
  tree,
  canEdit,
}: Params & { tree: ContentTreeNode[]; canEdit: boolean }) {
  if (!canEdit) return <PagesSection pages={tree} />
  const params = { spaceId, changeRequestId }
  const placed = flatten(tree)
  return (
    <div className="section" data-testid="change-request-pages">
      <h2>Pages</h2>
      <NewPageForm params={params} placed={placed} />
      {tree.length === 0 ? (
        <p className="muted" data-testid="content-tree">
          No pages yet.
        </p>
      ) : (
        <ul className="card tree tree-editor" data-testid="content-tree">
          {tree.map((page, index) => (
            <EditableItem
              key={page.id}
              page={page}
              parent={null}
              index={index}
              siblings={tree.length}
              params={params}
              placed={placed}
            />
          ))}
        </ul>
      )}
    </div>
  )
}

function NewPageForm({ params, placed }: { params: Params; placed: Placed[] }) {
  const form = useForm({ title: '', parent: '' })
  const parents = ['', ...placed.map(({ page }) => page.id)]
  const labels = parentLabels(placed)
  return (
    <form
      className="card inline-form"
      data-testid="new-page-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        form.post(route('console.change_requests.pages.store', params), {
          preserveScroll: true,
          onSuccess: () => form.reset('title'),
        })
      }}
    >
      <TextField label="New page title" maxLength={255} {...bind(form, 'title')} />
      <Field label="Under" error={form.errors.parent}>
        <Select
          name="parent"
          value={form.data.parent}
          options={parents}
          optionLabel={labels}
          onChange={(value) => form.setData('parent', value)}
        />
      </Field>
      <button type="submit" className="button" disabled={form.processing}>
        Add page
      </button>
    </form>
  )
}

function EditableItem({
  page,
  parent,
  index,
  siblings,
  params,
  placed,
}: {
  page: ContentTreeNode
  parent: string | null
  index: number
  siblings: number
  params: Params
  placed: Placed[]
}) {
  const [renaming, setRenaming] = useState(false)
  const rename = useForm({ title: page.title })
  const pageParams = { ...params, pageId: page.id }
  const options = { preserveScroll: true }
  const move = (to: string | null, position?: number) =>
    router.patch(
      route('console.change_requests.pages.move', pageParams),
      { parent: to ?? '', ...(position === undefined ? {} : { position }) },
      options
    )
  // Another parent: any page but this one and the pages under it.
  const within = new Set(flatten([page]).map(({ page: inside }) => inside.id))
  const destinations = placed.filter(({ page: other }) => !within.has(other.id))
  const labels = parentLabels(destinations)

  return (
    <li data-testid={`tree-page-${page.id}`}>
      <div className="tree-item tree-edit-row">
        {renaming ? (
          <form
            className="tree-rename"
            noValidate
            onSubmit={(event) => {
              event.preventDefault()
              rename.patch(route('console.change_requests.pages.rename', pageParams), {
                ...options,
                onSuccess: () => setRenaming(false),
              })
            }}
          >
            <input
              aria-label={`New title of ${page.title}`}
              value={rename.data.title}
              maxLength={255}
              autoFocus
              onChange={(event) => rename.setData('title', event.target.value)}
              aria-invalid={rename.errors.title ? true : undefined}
            />
            <button type="submit" className="button button-small" disabled={rename.processing}>
              Rename
            </button>
            <button
              type="button"
              className="button button-small button-quiet"
              onClick={() => {
                rename.reset()
                rename.clearErrors()
                setRenaming(false)
              }}
            >
              Cancel
            </button>
            {rename.errors.title ? (
              <span className="field-error">{rename.errors.title}</span>
            ) : null}
          </form>
        ) : (
          <span className="tree-item">
            {page.emoji ? <span aria-hidden="true">{page.emoji}</span> : null}
            <Link href={page.href}>{page.title}</Link>
            {page.type !== 'document' ? <span className="badge">{page.type}</span> : null}
            {page.hidden ? <span className="badge">hidden</span> : null}
          </span>
        )}
        <span className="row-actions tree-actions">
          {page.type === 'document' ? (
            <Link
              href={route('console.change_requests.pages.edit', pageParams)}
              className="button button-small"
              data-testid={`edit-page-${page.id}`}
            >
              Edit
            </Link>
          ) : null}
          {renaming ? null : (
            <button
              type="button"
              className="button button-small button-quiet"
              onClick={() => setRenaming(true)}
            >
              Rename
            </button>
          )}
          <button
            type="button"
            className="button button-small button-quiet"
            aria-label={`Move ${page.title} up`}
            title="Move up"
            disabled={index === 0}
            onClick={() => move(parent, index - 1)}
          >
            ↑
          </button>
          <button
            type="button"
            className="button button-small button-quiet"
            aria-label={`Move ${page.title} down`}
            title="Move down"
            disabled={index === siblings - 1}
            onClick={() => move(parent, index + 1)}
          >
            ↓
          </button>
          <select
            aria-label={`Move ${page.title} under`}
            value=""
            onChange={(event) => move(event.target.value === TOP ? null : event.target.value)}
          >
            <option value="">Move under…</option>
            {parent !== null ? <option value={TOP}>Top level</option> : null}
            {destinations
              .filter(({ page: other }) => other.id !== parent)
              .map(({ page: other }) => (
                <option key={other.id} value={other.id}>
                  {labels(other.id)}
                </option>
              ))}
          </select>
          <ConfirmButton
            small
            label="Delete"
            confirmLabel={page.children.length > 0 ? 'Delete with its pages' : 'Delete page'}
            onConfirm={(cancel) =>
              router.delete(route('console.change_requests.pages.destroy', pageParams), {
                ...options,
                onFinish: cancel,
              })
            }
          />
        </span>
      </div>
      {page.children.length > 0 ? (
        <ul>
          {page.children.map((child, childIndex) => (
            <EditableItem
              key={child.id}
              page={child}
              parent={page.id}
              index={childIndex}
              siblings={page.children.length}
              params={params}
              placed={placed}
            />
          ))}
        </ul>
      ) : null}
    </li>
  )
}

/** The "Top level" choice of a move (an empty value is the select's placeholder). */
const TOP = '-'

function flatten(pages: ContentTreeNode[], parent: string | null = null, depth = 0): Placed[] {
  return pages.flatMap((page, index) => [
    { page, parent, index, depth },
    ...flatten(page.children, page.id, depth + 1),
  ])
}

/** A page as a choice of parent: indented by its depth; the empty value is the top level. */
function parentLabels(placed: Placed[]) {
  const byId = new Map(placed.map((entry) => [entry.page.id, entry]))
  return (id: string) => {
    const entry = byId.get(id)
    if (!entry) return 'Top level'
    return `${'\u00a0\u00a0'.repeat(entry.depth)}${entry.page.title}`
  }
}

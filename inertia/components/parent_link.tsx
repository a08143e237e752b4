import { Link } from '@inertiajs/react'
import type { ParentProps } from '~/types'
import { route } from '~/route'

/**
 * The collection a record is in: a link when the user sees it, the id otherwise.
 */
export default function ParentLink({ parent }: { parent: ParentProps }) {
  if (!parent) return <span className="muted">organization root</span>
  if (parent.title === null) return <code>{parent.id}</code>
  return (
    <Link href={route('console.collections.show', { collectionId: parent.id })}>
      {parent.title}
    </Link>
  )
}

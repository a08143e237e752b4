import { Link } from '@inertiajs/react'
import type { ContentTreeNode } from '~/types'

/**
 * The page tree of a revision, nested in order; each page links to its console page on that
 * revision. `current` marks the page shown.
 */
export default function ContentTree({
  pages,
  current,
  testId = 'content-tree',
}: {
  pages: ContentTreeNode[]
  current?: string
  testId?: string
}) {
  if (pages.length === 0) {
    return (
      <p className="muted" data-testid={testId}>
        No pages yet.
      </p>
    )
  }
  return (
    <ul className="card tree" data-testid={testId}>
      {pages.map((page) => (
        <TreeItem key={page.id} page={page} current={current} />
      ))}
    </ul>
  )
}

function TreeItem({ page, current }: { page: ContentTreeNode; current?: string }) {
  return (
    <li data-testid={`tree-page-${page.id}`}>
      <span className="tree-item">
        {page.emoji ? <span aria-hidden="true">{page.emoji}</span> : null}
        {page.id === current ? (
          <strong aria-current="page">{page.title}</strong>
        ) : (
          <Link href={page.href}>{page.title}</Link>
        )}
        {page.type !== 'document' ? <span className="badge">{page.type}</span> : null}
        {page.hidden ? <span className="badge">hidden</span> : null}
      </span>
      {page.children.length > 0 ? (
        <ul>
          {page.children.map((child) => (
            <TreeItem key={child.id} page={child} current={current} />
          ))}
        </ul>
      ) : null}
    </li>
  )
}

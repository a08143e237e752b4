import { Link } from '@inertiajs/react'
import type { SpaceTreeNode } from '~/types'
import { route } from '~/route'

/**
 * Collections and spaces, nested, in their order. Each links to its console page.
 */
export default function SpaceTree({ nodes, testId }: { nodes: SpaceTreeNode[]; testId?: string }) {
  return (
    <ul className="card tree" data-testid={testId}>
      {nodes.map((node) => (
        <TreeItem key={`${node.type}-${node.id}`} node={node} />
      ))}
    </ul>
  )
}

function TreeItem({ node }: { node: SpaceTreeNode }) {
  if (node.type === 'space') {
    return (
      <li data-testid={`tree-space-${node.id}`}>
        <span className="tree-item">
          {/* Markers are drawn in CSS, so they show whatever fonts the browser has. */}
          <span
            className={node.emoji ? 'tree-kind' : 'tree-kind tree-kind-space'}
            aria-hidden="true"
          >
            {node.emoji ?? null}
          </span>
          <Link href={route('console.spaces.show', { spaceId: node.id })}>{node.title}</Link>
          <span className="badge" title="Visibility">
            {node.visibility}
          </span>
          <span className="muted">your role: {node.role}</span>
        </span>
      </li>
    )
  }
  return (
    <li data-testid={`tree-collection-${node.id}`}>
      <span className="tree-item">
        <span className="tree-kind tree-kind-collection" aria-hidden="true" />
        <Link href={route('console.collections.show', { collectionId: node.id })}>
          {node.title}
        </Link>
        <span className="muted">your role: {node.role}</span>
      </span>
      {node.children.length > 0 ? (
        <ul>
          {node.children.map((child) => (
            <TreeItem key={`${child.type}-${child.id}`} node={child} />
          ))}
        </ul>
      ) : null}
    </li>
  )
}

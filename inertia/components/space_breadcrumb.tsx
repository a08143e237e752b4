import { Link } from '@inertiajs/react'
import type { ContentSpaceProps } from '~/types'
import { route } from '~/route'

/**
 * The space a content page belongs to, linking back to it.
 */
export default function SpaceBreadcrumb({ space }: { space: ContentSpaceProps }) {
  return (
    <p data-testid="space-link">
      Space:{' '}
      <Link href={route('console.spaces.show', { spaceId: space.id })}>
        {`${space.emoji ?? ''} ${space.title}`.trim()}
      </Link>
    </p>
  )
}

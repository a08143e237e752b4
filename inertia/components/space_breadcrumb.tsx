import { Link } from '@inertiajs/react'
import type { ContentSpaceProps } from '~/types'

/**
 * The space a content page belongs to, linking back to it.
 */
export default function SpaceBreadcrumb({ space }: { space: ContentSpaceProps }) {
  return (
    <p data-testid="space-link">
      Space:{' '}
      <Link href={`/console/spaces/${space.id}`}>
        {`${space.emoji ?? ''} ${space.title}`.trim()}
      </Link>
    </p>
  )
}

import { Link } from '@inertiajs/react'

/**
 * The link to a list's next keyset page (none on the last one), keeping the list's `query`.
 */
export default function NextPageLink({
  href,
  nextPage,
  query = {},
}: {
  href: string
  nextPage: string | null
  query?: Record<string, string>
}) {
  if (!nextPage) return null
  return (
    <p>
      <Link href={href} data={{ ...query, page: nextPage }} className="button button-quiet">
        Next page
      </Link>
    </p>
  )
}

import { Link } from '@inertiajs/react'
import type { SearchResultsProps, TextPieces } from '~/types'

/**
 * Text with the searched words in `<mark>` (pieces from the server; React escapes each one).
 */
export function Marked({ pieces }: { pieces: TextPieces }) {
  return (
    <>
      {pieces.map((piece, index) =>
        piece.mark ? <mark key={index}>{piece.text}</mark> : <span key={index}>{piece.text}</span>
      )}
    </>
  )
}

/**
 * The ranked pages a search found: title, space (`showSpace`), path, and the matching sections'
 * excerpts with the searched words marked, each linking to the page (at the section's heading).
 * Then the way to the next page of results.
 */
export default function SearchResults({
  query,
  results,
  showSpace = false,
}: {
  query: string
  results: SearchResultsProps
  showSpace?: boolean
}) {
  const { count, hits, firstRank, nextUrl, firstUrl } = results
  if (hits.length === 0) {
    return (
      <p className="card empty" data-testid="search-results">
        Nothing matches “{query}”.
      </p>
    )
  }
  const last = firstRank + hits.length - 1
  return (
    <div className="section">
      <p className="muted" data-testid="search-count">
        {count === 1 ? '1 page matches' : `${count} pages match`} “{query}”
        {count > hits.length ? ` (showing ${firstRank}–${last})` : ''}
      </p>
      <ol className="card search-results" data-testid="search-results">
        {hits.map((hit) => (
          <li key={hit.id} className="search-hit" data-testid={`search-hit-${hit.pageId}`}>
            <Link href={hit.url} className="search-hit-title">
              <Marked pieces={hit.title} />
            </Link>
            <div className="search-hit-where muted">
              {showSpace && hit.spaceTitle ? <span>{hit.spaceTitle} · </span> : null}
              <code>{hit.path}</code>
            </div>
            {hit.sections.map((section) => (
              <div key={section.id} className="search-hit-section">
                {section.title.length > 0 ? (
                  <Link href={section.url} className="search-hit-heading">
                    <Marked pieces={section.title} />
                  </Link>
                ) : null}
                <p className="search-hit-snippet" data-testid="search-snippet">
                  <Marked pieces={section.snippet} />
                </p>
              </div>
            ))}
          </li>
        ))}
      </ol>
      <p className="search-pages">
        {firstUrl ? (
          <Link href={firstUrl} className="button button-quiet">
            First results
          </Link>
        ) : null}{' '}
        {nextUrl ? (
          <Link href={nextUrl} className="button button-quiet" data-testid="search-next">
            More results
          </Link>
        ) : null}
      </p>
    </div>
  )
}

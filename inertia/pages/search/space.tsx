import SpaceContentLayout from '~/components/space_content_layout'
import SearchBox from '~/components/search_box'
import SearchResults from '~/components/search_results'
import type { SpaceSearchPageProps } from '~/types'

/**
 * Search in a space's current content: the box, then the ranked pages with the searched words
 * marked, each opening its page.
 */
export default function SpaceSearch({
  organization,
  space,
  search,
  results,
}: SpaceSearchPageProps) {
  const title = `${space.emoji ?? ''} ${space.title}`.trim()
  return (
    <SpaceContentLayout
      organization={organization}
      space={space}
      title={`Search in ${title}`}
      headTitle={search.query ? `${search.query} · Search` : `Search · ${space.title}`}
    >
      <SearchBox
        key={search.query}
        action={search.action}
        query={search.query}
        error={search.error}
        label="Search this space"
        autoFocus={!search.query}
      />
      {results ? <SearchResults query={search.query} results={results} /> : null}
    </SpaceContentLayout>
  )
}

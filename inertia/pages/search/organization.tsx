import OrganizationPage from '~/components/organization_page'
import SearchBox from '~/components/search_box'
import SearchResults from '~/components/search_results'
import type { OrganizationSearchPageProps } from '~/types'

/**
 * Search in every space of the organization the user may read: the box, then the ranked pages
 * (with their space) with the searched words marked, each opening its page.
 */
export default function OrganizationSearch({
  organization,
  search,
  results,
}: OrganizationSearchPageProps) {
  return (
    <OrganizationPage
      organization={organization}
      current="spaces"
      title="Search"
      pageTitle={search.query ? `${search.query} · Search` : `Search · ${organization.title}`}
    >
      <SearchBox
        key={search.query}
        action={search.action}
        query={search.query}
        error={search.error}
        label="Search all spaces"
        autoFocus={!search.query}
      />
      {results ? <SearchResults query={search.query} results={results} showSpace /> : null}
    </OrganizationPage>
  )
}

import { useForm } from '@inertiajs/react'
import ContentRecordPage from '~/components/content_record_page'
import { bind, SelectField, TextField } from '~/components/form_fields'
import Setting from '~/components/setting'
import { PagesSection } from '~/components/space_content_layout'
import ChangeRequestList, { ChangeRequestFilters } from '~/components/change_request_list'
import NewChangeRequestForm from '~/components/new_change_request_form'
import WebsiteImport from '~/components/website_import'
import { roleValue } from '~/components/format'
import { grantsManagement, PdfLink, RecordMoveSections } from '~/components/space_administration'
import { route } from '~/route'
import SearchBox from '~/components/search_box'
import type { SpacePageProps } from '~/types'

/**
 * A space (the API's `urls.app`): its settings, where it is, who was granted access; its admins
 * edit and delete it.
 */
export default function Space({
  organization,
  space,
  parent,
  grants,
  canManage,
  administration,
  visibilities,
  editModes,
  pages,
  changeRequests,
  canCreateChangeRequest,
  changeRequestCounts,
  changeRequestStatus,
  websiteImport,
}: SpacePageProps) {
  const form = useForm({
    title: space.title,
    emoji: space.emoji ?? '',
    visibility: space.visibility,
    editMode: space.editMode,
    defaultLevel: roleValue(space.defaultLevel),
  })
  const params = { spaceId: space.id }

  return (
    <ContentRecordPage
      kind="space"
      organization={organization}
      record={space}
      heading={`${space.emoji ?? ''} ${space.title}`.trim()}
      parent={parent}
      grants={grants}
      showUpdated
      settings={
        <>
          <Setting label="Emoji">{space.emoji ?? <span className="muted">none</span>}</Setting>
          <Setting label="Visibility">{space.visibility}</Setting>
          <Setting label="Edit mode">{space.editMode}</Setting>
        </>
      }
      administration={
        canManage
          ? {
              form,
              updateUrl: route('console.spaces.update', params),
              deleteUrl: route('console.spaces.destroy', params),
              deleteExplanation:
                "A deleted space can be restored from the organization's trash for 7 days.",
              ...(administration && {
                grants: grantsManagement('space', space.id, administration),
                sections: (
                  <RecordMoveSections
                    kind="space"
                    record={space}
                    parentId={parent?.id ?? null}
                    administration={administration}
                  />
                ),
              }),
              fields: (
                <>
                  <TextField label="Emoji" maxLength={50} {...bind(form, 'emoji')} />
                  <SelectField
                    label="Visibility"
                    options={visibilities}
                    {...bind(form, 'visibility')}
                  />
                  <SelectField label="Edit mode" options={editModes} {...bind(form, 'editMode')} />
                </>
              ),
            }
          : null
      }
    >
      <SearchBox action={route('console.spaces.search', params)} label="Search this space" />

      <PdfLink href={route('console.spaces.pdf', params)} />
      <PagesSection pages={pages} />

      <WebsiteImport spaceId={space.id} websiteImport={websiteImport} />

      <div className="section">
        <h2>Change requests</h2>
        {canCreateChangeRequest ? <NewChangeRequestForm spaceId={space.id} /> : null}
        <ChangeRequestFilters
          baseUrl={route('console.spaces.show', params)}
          counts={changeRequestCounts}
          current={changeRequestStatus}
        />
        <ChangeRequestList changeRequests={changeRequests} />
      </div>
    </ContentRecordPage>
  )
}

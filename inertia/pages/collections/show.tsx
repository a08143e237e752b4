import { useForm } from '@inertiajs/react'
import ContentRecordPage from '~/components/content_record_page'
import { bind, TextField } from '~/components/form_fields'
import Setting from '~/components/setting'
import SpaceTree from '~/components/space_tree'
import CreateContentForms from '~/components/create_content_forms'
import { roleValue } from '~/components/format'
import { grantsManagement, RecordMoveSections } from '~/components/space_administration'
import { route } from '~/route'
import type { CollectionPageProps } from '~/types'

/**
 * A collection (the API's `urls.app`): settings, contents, grants; its admins edit it and delete it
 * once empty; members with `create` on it create spaces and collections inside.
 */
export default function Collection({
  organization,
  collection,
  parent,
  grants,
  children,
  canManage,
  canCreate,
  administration,
}: CollectionPageProps) {
  const form = useForm({
    title: collection.title,
    description: collection.description ?? '',
    defaultLevel: roleValue(collection.defaultLevel),
  })
  const params = { collectionId: collection.id }

  return (
    <ContentRecordPage
      kind="collection"
      organization={organization}
      record={collection}
      parent={parent}
      grants={grants}
      settings={
        <Setting label="Description">
          {collection.description ?? <span className="muted">none</span>}
        </Setting>
      }
      administration={
        canManage
          ? {
              form,
              updateUrl: route('console.collections.update', params),
              deleteUrl: route('console.collections.destroy', params),
              deleteExplanation:
                'Only an empty collection can be deleted: move or delete what it holds first.',
              ...(administration && {
                grants: grantsManagement('collection', collection.id, administration),
                sections: (
                  <RecordMoveSections
                    kind="collection"
                    record={collection}
                    parentId={parent?.id ?? null}
                    administration={administration}
                  />
                ),
              }),
              fields: (
                <>
                  <TextField label="Description" maxLength={100} {...bind(form, 'description')} />
                </>
              ),
            }
          : null
      }
    >
      <section className="section">
        <h2>Contents</h2>
        {children.length === 0 ? (
          <p className="card empty muted">This collection is empty.</p>
        ) : (
          <SpaceTree nodes={children} testId="collection-tree" />
        )}
      </section>

      {canCreate ? (
        <CreateContentForms
          organizationId={organization.id}
          root={false}
          parents={[{ id: collection.id, title: collection.title }]}
        />
      ) : null}
    </ContentRecordPage>
  )
}

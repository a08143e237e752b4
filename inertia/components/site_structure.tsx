import { router, useForm } from '@inertiajs/react'
import { bind, Field, FormCard, Select, sendingInPlace, TextField } from '~/components/form_fields'
import ConfirmButton from '~/components/confirm_button'
import { ActionButton } from '~/components/site_parts'
import { route, type RouteParams } from '~/route'
import type { SiteGroupProps, SiteSectionProps, SiteSpaceProps, SiteTopLevelItem } from '~/types'

type SiteParams = RouteParams<'console.sites.show'>

/**
 * Where an item stands among its siblings: the up and down buttons at either end are disabled.
 */
type Place = { first: boolean; last: boolean }

function placeOf(index: number, length: number): Place {
  return { first: index === 0, last: index === length - 1 }
}

/**
 * The actions of a section or group: up and down (the structure's sort), and delete.
 */
function ItemActions({
  params,
  type,
  item,
  place,
}: {
  params: SiteParams
  type: 'site-section' | 'site-section-group'
  item: { id: string; title: string }
  place: Place
}) {
  const url = route('console.sites.structure.sort', params)
  const deleteUrl =
    type === 'site-section'
      ? route('console.sites.sections.destroy', { ...params, siteSectionId: item.id })
      : route('console.sites.section_groups.destroy', { ...params, siteSectionGroupId: item.id })
  return (
    <span className="row-actions push-right">
      {(['up', 'down'] as const).map((direction) => (
        <ActionButton
          key={direction}
          url={url}
          data={{ type, id: item.id, direction }}
          disabled={direction === 'up' ? place.first : place.last}
          label={`Move ${item.title} ${direction}`}
        >
          {direction === 'up' ? '↑' : '↓'}
        </ActionButton>
      ))}
      <DeleteButton
        what={`${type === 'site-section' ? 'section' : 'group'} ${item.title}`}
        url={deleteUrl}
      />
    </span>
  )
}

function DeleteButton({ url, what }: { url: string; what: string }) {
  return (
    <ConfirmButton
      small
      label={`Delete ${what}`}
      confirmLabel={`Confirm: delete ${what}`}
      onConfirm={() => router.delete(url, { preserveScroll: true })}
    />
  )
}

/**
 * The site spaces of the root or of a section, with their published URL; admins remove them.
 */
export function SiteSpaceRows({
  siteSpaces,
  canManage,
  params,
}: {
  siteSpaces: SiteSpaceProps[]
  canManage: boolean
  params: SiteParams
}) {
  if (siteSpaces.length === 0) return <p className="muted">No space published here.</p>
  return (
    <ul className="site-spaces" data-testid="site-spaces">
      {siteSpaces.map((siteSpace) => (
        <li key={siteSpace.id} data-testid={`site-space-${siteSpace.title}`}>
          <span>
            {siteSpace.title} <code className="muted">/{siteSpace.path}</code>
            {siteSpace.default ? <span className="badge">default</span> : null}
          </span>
          <a href={siteSpace.publishedUrl} className="muted url-cell">
            {siteSpace.publishedUrl}
          </a>
          {canManage ? (
            <DeleteButton
              what={`space ${siteSpace.title}`}
              url={route('console.sites.site_spaces.destroy', {
                ...params,
                siteSpaceId: siteSpace.id,
              })}
            />
          ) : null}
        </li>
      ))}
    </ul>
  )
}

/**
 * A section: its path, condition and site spaces; admins rename it, change its path, set or
 * remove its condition, put it in a group or take it out, move and delete it.
 */
function SectionCard({
  section,
  groups,
  canManage,
  params,
  place,
}: {
  section: SiteSectionProps
  groups: { id: string; title: string }[]
  canManage: boolean
  params: SiteParams
  place: Place
}) {
  const url = route('console.sites.sections.update', { ...params, siteSectionId: section.id })
  const names = useForm({ title: section.title, path: section.path })
  const condition = useForm({ condition: section.condition ?? '' })
  const titles = new Map(groups.map((group) => [group.id, group.title]))
  return (
    <li className="card site-item" data-testid={`section-${section.title}`}>
      <div className="site-item-head">
        <strong>{section.title}</strong>
        <code className="muted">/{section.path}</code>
        {section.default ? <span className="badge">default section</span> : null}
        {section.condition ? (
          <code className="badge" data-testid="section-condition">
            if {section.condition}
          </code>
        ) : null}
        {canManage ? (
          <ItemActions params={params} type="site-section" item={section} place={place} />
        ) : null}
      </div>
      <SiteSpaceRows siteSpaces={section.siteSpaces} canManage={canManage} params={params} />
      {canManage ? (
        <div className="site-item-forms">
          <FormCard
            className="inline-form"
            submitLabel="Save section"
            {...sendingInPlace(names, 'patch', url)}
          >
            <TextField label="Section title" maxLength={128} {...bind(names, 'title')} />
            <TextField label="Path" maxLength={100} {...bind(names, 'path')} />
          </FormCard>
          <FormCard
            className="inline-form"
            submitLabel="Save condition"
            {...sendingInPlace(condition, 'patch', url)}
          >
            <TextField
              label="Condition"
              placeholder='visitor.claims.plan === "pro"'
              maxLength={1024}
              {...bind(condition, 'condition')}
            />
          </FormCard>
          <Field label="Group">
            <Select
              aria-label={`Group of ${section.title}`}
              value={section.groupId ?? ''}
              options={['', ...titles.keys()]}
              optionLabel={(id) => titles.get(id) ?? 'No group'}
              onChange={(siteSectionGroupId) =>
                router.patch(url, { siteSectionGroupId }, { preserveScroll: true })
              }
            />
          </Field>
        </div>
      ) : null}
    </li>
  )
}

/**
 * A group of sections; admins rename, move and delete it (its sections stay).
 */
function GroupCard({
  group,
  groups,
  canManage,
  params,
  place,
}: {
  group: SiteGroupProps
  groups: { id: string; title: string }[]
  canManage: boolean
  params: SiteParams
  place: Place
}) {
  const rename = useForm({ title: group.title })
  const renameUrl = route('console.sites.section_groups.update', {
    ...params,
    siteSectionGroupId: group.id,
  })
  return (
    <li className="card site-item site-group" data-testid={`group-${group.title}`}>
      <div className="site-item-head">
        <span className="badge">group</span>
        <strong>{group.title}</strong>
        {canManage ? (
          <ItemActions params={params} type="site-section-group" item={group} place={place} />
        ) : null}
      </div>
      {canManage ? (
        <FormCard
          className="inline-form"
          submitLabel="Rename group"
          {...sendingInPlace(rename, 'patch', renameUrl)}
        >
          <TextField label="Group title" maxLength={100} {...bind(rename, 'title')} />
        </FormCard>
      ) : null}
      {group.sections.length === 0 ? (
        <p className="muted">No section in this group.</p>
      ) : (
        <ul className="site-structure">
          {group.sections.map((section, index) => (
            <SectionCard
              key={section.id}
              section={section}
              groups={groups}
              canManage={canManage}
              params={params}
              place={placeOf(index, group.sections.length)}
            />
          ))}
        </ul>
      )}
    </li>
  )
}

/**
 * A site's sections and groups in the order readers see them.
 */
export function SiteStructure({
  topLevel,
  canManage,
  params,
}: {
  topLevel: SiteTopLevelItem[]
  canManage: boolean
  params: SiteParams
}) {
  const groups = topLevel.flatMap((item) =>
    item.type === 'group' ? [{ id: item.id, title: item.title }] : []
  )
  return (
    <ul className="site-structure" data-testid="site-structure">
      {topLevel.map((item, index) => {
        const shared = { groups, canManage, params, place: placeOf(index, topLevel.length) }
        return item.type === 'section' ? (
          <SectionCard key={item.id} section={item} {...shared} />
        ) : (
          <GroupCard key={item.id} group={item} {...shared} />
        )
      })}
    </ul>
  )
}

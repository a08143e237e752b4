import { Link, useForm } from '@inertiajs/react'
import OrganizationPage from '~/components/organization_page'
import DeleteSection from '~/components/delete_section'
import Setting from '~/components/setting'
import {
  bind,
  CreateFormCard,
  Field,
  FormCard,
  Select,
  SelectField,
  sendingInPlace,
  TextField,
} from '~/components/form_fields'
import { ActionButton, PublishedState, TextAreaField } from '~/components/site_parts'
import CopyUrl from '~/components/copy_url'
import { SiteSpaceRows, SiteStructure } from '~/components/site_structure'
import SiteShareLinks from '~/components/site_share_links'
import { route } from '~/route'
import type { SitePageProps } from '~/types'

/**
 * A site (the API's `urls.app`): where readers find it, its settings, structure, share links and
 * adaptive schema. Members with a role read it; its admins change every part of it.
 */
export default function Site(props: SitePageProps) {
  const { organization, site, topLevel, rootSiteSpaces, canManage } = props
  const params = { organizationId: organization.id, siteId: site.id }
  const sections = topLevel.flatMap((item) => (item.type === 'section' ? [item] : item.sections))

  return (
    <OrganizationPage
      organization={organization}
      current="sites"

      title={site.title}
    >
      <div className="site-summary card">
        <p>
          <Link href={route('console.sites.index', params)}>All sites</Link> ·{' '}
          <PublishedState published={site.published} /> · {site.visibility} · {site.siteSpaceCount}{' '}
          {site.siteSpaceCount === 1 ? 'site space' : 'site spaces'}
        </p>
        <div className="row-actions">
          <span className="muted">Published URL</span>
          <CopyUrl url={site.publishedUrl} />
          <a href={site.previewUrl} target="_blank" rel="noreferrer" data-testid="site-preview">
            {site.published ? 'Open site' : 'Preview'}
          </a>
          {canManage ? (
            <ActionButton
              url={route(
                site.published ? 'console.sites.unpublish' : 'console.sites.publish',
                params
              )}
            >
              {site.published ? 'Unpublish' : 'Publish'}
            </ActionButton>
          ) : null}
        </div>
      </div>

      {canManage ? (
        <SettingsForms {...props} sections={sections} />
      ) : (
        <dl className="card settings section" data-testid="site-settings">
          <Setting label="Title">{site.title}</Setting>
          <Setting label="Visibility">{site.visibility}</Setting>
          <Setting label="Basename">{site.basename ?? <span className="muted">none</span>}</Setting>
        </dl>
      )}

      <section className="section">
        <h2>Structure</h2>
        {canManage ? <StructureForms {...props} /> : null}
        {topLevel.length === 0 ? (
          <div className="card site-item" data-testid="root-site-spaces">
            <SiteSpaceRows siteSpaces={rootSiteSpaces} canManage={canManage} params={params} />
          </div>
        ) : (
          <SiteStructure topLevel={topLevel} canManage={canManage} params={params} />
        )}
      </section>

      {props.shareLinks ? (
        <SiteShareLinks
          shareLinks={props.shareLinks}
          count={props.shareLinkCount}
          params={params}
        />
      ) : null}

      <AdaptiveSchema {...props} />

      {canManage ? (
        <DeleteSection
          kind="site"
          title={site.title}
          url={route('console.sites.destroy', params)}
          explanation="Its spaces stay in the organization; its share links stop working."
        />
      ) : null}
    </OrganizationPage>
  )
}

/**
 * Title, visibility and basename; the default section and the default site space of the site.
 */
function SettingsForms({
  organization,
  site,
  visibilities,
  rootSiteSpaces,
  sections,
}: SitePageProps & { sections: SitePageProps['topLevel'][number][] }) {
  const params = { organizationId: organization.id, siteId: site.id }
  const url = route('console.sites.update', params)
  const settings = useForm({
    title: site.title,
    visibility: site.visibility,
    basename: site.basename ?? '',
  })
  const defaults = useForm({
    defaultSiteSection: site.defaultSiteSectionId ?? '',
    defaultSiteSpace: '',
  })
  const sectionList = sections.flatMap((item) => (item.type === 'section' ? [item] : []))
  const defaultSection = sectionList.find((section) => section.id === site.defaultSiteSectionId)
  const siteSpaces = defaultSection ? defaultSection.siteSpaces : rootSiteSpaces
  const sectionTitles = new Map(sectionList.map((section) => [section.id, section.title]))
  const spaceTitles = new Map(siteSpaces.map((siteSpace) => [siteSpace.id, siteSpace.title]))
  const currentSpace = siteSpaces.find((siteSpace) => siteSpace.default)?.id ?? ''

  return (
    <div className="two-columns section">
      <FormCard
        title="Settings"
        submitLabel="Save settings"
        testId="site-settings-form"
        {...sendingInPlace(settings, 'patch', url)}
      >
        <TextField label="Title" maxLength={128} {...bind(settings, 'title')} />
        <SelectField label="Visibility" options={visibilities} {...bind(settings, 'visibility')} />
        <TextField label="Basename" maxLength={100} {...bind(settings, 'basename')} />
      </FormCard>
      <FormCard
        title="Defaults"
        submitLabel="Save defaults"
        testId="site-defaults-form"
        {...sendingInPlace(defaults, 'patch', url)}
      >
        {sectionList.length > 0 ? (
          <Field label="Default section" error={defaults.errors.defaultSiteSection}>
            <Select
              name="defaultSiteSection"
              value={defaults.data.defaultSiteSection}
              options={[...sectionTitles.keys()]}
              optionLabel={(id) => sectionTitles.get(id) ?? id}
              onChange={(value) => defaults.setData('defaultSiteSection', value)}
            />
          </Field>
        ) : null}
        <Field
          label={
            defaultSection ? 'Default space of the default section' : 'Default space of the site'
          }
          error={defaults.errors.defaultSiteSpace}
        >
          <Select
            name="defaultSiteSpace"
            value={defaults.data.defaultSiteSpace || currentSpace}
            options={['', ...spaceTitles.keys()]}
            optionLabel={(id) => spaceTitles.get(id) ?? 'Keep the current one'}
            onChange={(value) => defaults.setData('defaultSiteSpace', value)}
          />
        </Field>
      </FormCard>
    </div>
  )
}

/**
 * The forms that add a space to the site, a section publishing a space, and a group.
 */
function StructureForms({ organization, site, spaces }: SitePageProps) {
  const params = { organizationId: organization.id, siteId: site.id }
  const first = spaces[0]?.id ?? ''
  const siteSpace = useForm({ spaceId: first })
  const section = useForm({ spaceId: first, title: '' })
  const group = useForm({ title: '' })
  const titles = new Map(spaces.map((space) => [space.id, space.title]))
  const spaceSelect = ({
    error,
    ...select
  }: ReturnType<typeof bind<{ spaceId: string }, 'spaceId'>>) => (
    <Field label="Space" error={error}>
      <Select {...select} options={[...titles.keys()]} optionLabel={(id) => titles.get(id) ?? id} />
    </Field>
  )

  return (
    <div className="three-columns section">
      <FormCard
        title="Add a space"
        submitLabel="Add space"
        testId="add-site-space-form"
        {...sendingInPlace(siteSpace, 'post', route('console.sites.site_spaces.store', params))}
      >
        {spaceSelect(bind(siteSpace, 'spaceId'))}
      </FormCard>
      <CreateFormCard
        what="section"
        {...sendingInPlace(section, 'post', route('console.sites.sections.store', params))}
      >
        {spaceSelect(bind(section, 'spaceId'))}
        <TextField label="Section title (optional)" maxLength={128} {...bind(section, 'title')} />
      </CreateFormCard>
      <CreateFormCard
        what="group"
        {...sendingInPlace(group, 'post', route('console.sites.section_groups.store', params))}
      >
        <TextField label="Group title" maxLength={100} {...bind(group, 'title')} />
      </CreateFormCard>
    </div>
  )
}

/**
 * The claims of the site's visitors, as a JSON schema: admins edit it, members read it.
 */
function AdaptiveSchema({ organization, site, adaptiveSchema, canManage }: SitePageProps) {
  const form = useForm({ jsonSchema: adaptiveSchema })
  const url = route('console.sites.adaptive_schema.update', {
    organizationId: organization.id,
    siteId: site.id,
  })
  return (
    <section className="section" data-testid="adaptive-schema">
      <h2>Adaptive schema</h2>
      {canManage ? (
        <FormCard
          className="card settings-form wide-form"
          submitLabel="Save schema"
          {...sendingInPlace(form, 'put', url)}
        >
          <TextAreaField label="JSON schema of visitor claims" {...bind(form, 'jsonSchema')} />
        </FormCard>
      ) : (
        <pre className="card markdown-source">{adaptiveSchema}</pre>
      )}
    </section>
  )
}

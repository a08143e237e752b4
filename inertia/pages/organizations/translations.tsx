import { router, useForm } from '@inertiajs/react'
import OrganizationPage from '~/components/organization_page'
import Flash from '~/components/flash'
import NextPageLink from '~/components/next_page_link'
import ConfirmButton from '~/components/confirm_button'
import { bind, FormCard, sending, sendingInPlace, TextField } from '~/components/form_fields'
import { languageName, SettingsNavigation } from '~/components/settings_parts'
import { formatDate } from '~/components/format'
import { route } from '~/route'
import type { TranslationsPageProps } from '~/types'

type TranslationData = { title: string; languages: string[] }

/**
 * The organization's translation settings: each a title and the languages its content is
 * translated into. Members with a role read them; admins add, change and delete them.
 */
export default function Translations({
  organization,
  navigation,
  settings,
  languages,
  canManage,
  count,
  nextPage,
}: TranslationsPageProps) {
  const params = { organizationId: organization.id }
  const form = useForm<TranslationData>({ title: '', languages: [] })

  return (
    <OrganizationPage
      organization={organization}
      current="settings"
      flash={false}
      pageTitle={`Translations · ${organization.title}`}
    >
      <SettingsNavigation
        organizationId={organization.id}
        navigation={navigation}
        current="translations"
      />
      <Flash />

      <p className="muted">
        {count === 1 ? '1 translation setting' : `${count} translation settings`}
      </p>
      {settings.length === 0 ? (
        <p className="card empty">No translation settings yet.</p>
      ) : (
        settings.map((item) => (
          <div key={item.id} className="card settings-form section" data-testid="translation">
            <h2>{item.title}</h2>
            <p>
              {item.languages.length > 0 ? (
                item.languages.map(languageName).join(', ')
              ) : (
                <span className="muted">No language chosen</span>
              )}
            </p>
            {canManage ? (
              <TranslationForm
                key={`${item.id}-${item.updatedAt}`}
                item={item}
                languages={languages}
                organizationId={organization.id}
              />
            ) : null}
          </div>
        ))
      )}
      <NextPageLink href={route('console.translations.index', params)} nextPage={nextPage} />

      {canManage ? (
        <FormCard
          title="New translation settings"
          submitLabel="Create translation settings"
          testId="create-translation-form"
          className="card settings-form section"
          {...sending(form, 'post', route('console.translations.store', params), {
            preserveScroll: true,
            onSuccess: () => form.reset(),
          })}
        >
          <TextField label="Title" maxLength={100} {...bind(form, 'title')} />
          <LanguageCheckboxes
            languages={languages}
            value={form.data.languages}
            error={form.errors.languages}
            onChange={(value) => form.setData('languages', value)}
          />
        </FormCard>
      ) : null}
    </OrganizationPage>
  )
}

/**
 * One translation setting, editable (title and languages replaced together), with its deletion.
 */
function TranslationForm({
  item,
  languages,
  organizationId,
}: {
  item: TranslationsPageProps['settings'][number]
  languages: string[]
  organizationId: string
}) {
  const params = { organizationId, translationSettingsId: item.id }
  const form = useForm<TranslationData>({ title: item.title, languages: item.languages })
  return (
    <details>
      <summary>Edit or delete</summary>
      <FormCard
        submitLabel="Save"
        testId={`translation-${item.id}`}
        className="translation-form"
        {...sendingInPlace(form, 'put', route('console.translations.update', params))}
      >
        <TextField label="Title" maxLength={100} {...bind(form, 'title')} />
        <LanguageCheckboxes
          languages={languages}
          value={form.data.languages}
          error={form.errors.languages}
          onChange={(value) => form.setData('languages', value)}
        />
      </FormCard>
      <p className="row-actions">
        <span className="muted">Changed {formatDate(item.updatedAt)}</span>
        <ConfirmButton
          small
          label="Delete"
          confirmLabel={`Confirm: delete ${item.title}`}
          onConfirm={() =>
            router.delete(route('console.translations.destroy', params), { preserveScroll: true })
          }
        />
      </p>
    </details>
  )
}

/**
 * The languages a translation setting covers, as checkboxes named in words.
 */
function LanguageCheckboxes({
  languages,
  value,
  error,
  onChange,
}: {
  languages: string[]
  value: string[]
  error?: string
  onChange: (value: string[]) => void
}) {
  const toggle = (code: string, checked: boolean) =>
    onChange(checked ? [...value, code] : value.filter((other) => other !== code))
  return (
    <fieldset className="field fieldset languages-field">
      <legend>Languages</legend>
      <span className="language-grid">
        {languages.map((code) => (
          <label key={code} className="checkbox">
            <input
              type="checkbox"
              name="languages"
              value={code}
              checked={value.includes(code)}
              onChange={(event) => toggle(code, event.target.checked)}
            />
            {languageName(code)}
          </label>
        ))}
      </span>
      {error && <span className="field-error">{error}</span>}
    </fieldset>
  )
}

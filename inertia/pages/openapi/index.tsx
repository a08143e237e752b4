import { Link, useForm } from '@inertiajs/react'
import OrganizationPage from '~/components/organization_page'
import { bind, Field, FormCard, sending, TextField } from '~/components/form_fields'
import Table from '~/components/table'
import NextPageLink from '~/components/next_page_link'
import { formatDate } from '~/components/format'
import { route } from '~/route'
import type { OpenAPISpecsPageProps } from '~/types'

/** Largest file the form reads (the server's bound on a document). */
const MAX_FILE_BYTES = 5 * 1024 * 1024

/**
 * The organization's OpenAPI specifications; members who may create content upload one here, by
 * URL or from a file (read in the browser and sent as text). Uploading to an existing slug adds a
 * version when the document changed.
 */
export default function OpenAPISpecs({
  organization,
  specs,
  count,
  nextPage,
  canManage,
}: OpenAPISpecsPageProps) {
  const params = { organizationId: organization.id }
  const form = useForm<{ slug: string; url: string; text: string }>({ slug: '', url: '', text: '' })

  // The URL when one is given, else the file's text.
  form.transform((data) => ({
    slug: data.slug,
    ...(data.url ? { url: data.url } : { text: data.text }),
  }))

  function readFile(file: File | undefined) {
    if (!file) return form.setData('text', '')
    if (file.size > MAX_FILE_BYTES) {
      form.setError('text', 'The file is larger than 5 MB.')
      return
    }
    form.clearErrors('text')
    void file.text().then((text) => form.setData('text', text))
  }

  return (
    <OrganizationPage
      organization={organization}
      current="openapi"
      pageTitle={`OpenAPI · ${organization.title}`}
    >
      {canManage ? (
        <FormCard
          title="Upload a specification"
          submitLabel="Upload"
          testId="upload-openapi-form"
          className="card settings-form section"
          {...sending(form, 'post', route('console.openapi.store', params))}
        >
          <TextField label="Slug" maxLength={100} {...bind(form, 'slug')} />
          <TextField label="URL of the document" type="url" {...bind(form, 'url')} />
          <Field label="…or a JSON or YAML file" error={form.errors.text}>
            <input
              type="file"
              name="file"
              accept=".json,.yaml,.yml,application/json,application/yaml,text/yaml"
              onChange={(event) => readFile(event.target.files?.[0])}
            />
          </Field>
        </FormCard>
      ) : null}

      <p className="muted">{count === 1 ? '1 specification' : `${count} specifications`}</p>
      {specs.length === 0 ? (
        <p className="card empty">No OpenAPI specification yet.</p>
      ) : (
        <Table columns={['Specification', 'Versions', 'Updated', 'Source']} testId="openapi-list">
          {specs.map((spec) => (
            <tr key={spec.slug} data-testid={`openapi-${spec.slug}`}>
              <td>
                <Link href={route('console.openapi.show', { ...params, specSlug: spec.slug })}>
                  {spec.slug}
                </Link>
              </td>
              <td>{spec.versionCount}</td>
              <td>{formatDate(spec.updatedAt)}</td>
              <td className="url-cell">
                {spec.sourceUrl ? <code>{spec.sourceUrl}</code> : 'uploaded text'}
              </td>
            </tr>
          ))}
        </Table>
      )}

      <NextPageLink href={route('console.openapi.index', params)} nextPage={nextPage} />
    </OrganizationPage>
  )
}

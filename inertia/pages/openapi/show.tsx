import { Link, router } from '@inertiajs/react'
import OrganizationPage from '~/components/organization_page'
import ConfirmButton from '~/components/confirm_button'
import Table from '~/components/table'
import { formatDate } from '~/components/format'
import { route } from '~/route'
import type { OpenAPISpecPageProps } from '~/types'

/**
 * One specification: its versions (newest first, with their dates) and the operations of the one
 * shown (the latest unless `?version=` names another); deleting it for members who manage specs.
 */
export default function OpenAPISpec({
  organization,
  spec,
  versions,
  versionCount,
  version,
  operations,
  canManage,
}: OpenAPISpecPageProps) {
  const params = { organizationId: organization.id, specSlug: spec.slug }
  const here = route('console.openapi.show', params)
  return (
    <OrganizationPage
      organization={organization}
      current="openapi"
      title={spec.slug}
      pageTitle={`${spec.slug} · OpenAPI`}
    >
      <p>
        <Link href={route('console.openapi.index', { organizationId: organization.id })}>
          All specifications
        </Link>
        {spec.sourceUrl ? (
          <>
            {' '}
            · source <code>{spec.sourceUrl}</code>
          </>
        ) : null}
      </p>

      <section className="section">
        <h2 data-testid="openapi-version-title">
          {version.title} — version {version.number}
        </h2>
        <p className="muted">
          {version.specVersion ? `OpenAPI ${version.specVersion}, ` : ''}
          {version.format.toUpperCase()}, uploaded {formatDate(version.createdAt)}
        </p>
        {operations.length === 0 ? (
          <p className="card empty">No operation.</p>
        ) : (
          <Table columns={['Method', 'Path', 'Summary']} testId="openapi-operations">
            {operations.map((operation) => (
              <tr key={`${operation.method} ${operation.path}`}>
                <td>
                  <code>{operation.method.toUpperCase()}</code>
                </td>
                <td>
                  <code>{operation.path}</code>
                </td>
                <td>
                  {operation.summary}
                  {operation.deprecated ? ' (deprecated)' : ''}
                </td>
              </tr>
            ))}
          </Table>
        )}
      </section>

      <section className="section">
        <h2>Versions</h2>
        <p className="muted">
          {versionCount === 1 ? '1 version' : `${versionCount} versions`}, newest first
        </p>
        <Table columns={['Version', 'Uploaded']} testId="openapi-versions">
          {versions.map((row) => (
            <tr key={row.id}>
              <td>
                {row.id === version.id ? (
                  <strong>{row.number}</strong>
                ) : (
                  <Link href={here} data={{ version: row.id }}>
                    {row.number}
                  </Link>
                )}
              </td>
              <td>{formatDate(row.createdAt)}</td>
            </tr>
          ))}
        </Table>
      </section>

      {canManage ? (
        <section className="section">
          <h2>Delete the specification</h2>
          <p className="muted">
            Its versions go with it; pages that show its operations show a placeholder.
          </p>
          <ConfirmButton
            label="Delete specification"
            confirmLabel={`Confirm: delete ${spec.slug}`}
            onConfirm={() => router.delete(route('console.openapi.destroy', params))}
            wrap={(buttons) => <p className="row-actions">{buttons}</p>}
          />
        </section>
      ) : null}
    </OrganizationPage>
  )
}

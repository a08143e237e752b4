import { Link } from '@inertiajs/react'
import SpaceContentLayout, { PagesSection } from '~/components/space_content_layout'
import Setting from '~/components/setting'
import RenderedPage from '~/components/rendered_page'
import Flash from '~/components/flash'
import Discussion from '~/components/discussion'
import { route } from '~/route'
import type { ContentPagePageProps, ContentTargetProps } from '~/types'

/**
 * A page of a space (the API's `urls.app` of a page): on its current revision, a change request's
 * head or a revision. The page is shown as the server rendered it (sanitized HTML, links opening
 * pages of the same view) with its markdown source a tab away; the OpenAPI operations it embeds
 * are listed with what their specification says of them.
 */
export default function ContentPage({
  organization,
  space,
  target,
  tree,
  page,
  operations,
  discussion,
}: ContentPagePageProps) {
  const title = `${page.emoji ?? ''} ${page.title}`.trim()
  return (
    <SpaceContentLayout
      organization={organization}
      space={space}
      title={title}
      headTitle={page.title}
    >
      <Flash />
      <TargetLine target={target} spaceId={space.id} />

      <PagesSection pages={tree} current={page.id} />

      <dl className="card settings section" data-testid="page-details">
        <Setting label="Title">
          <span data-testid="page-title">{page.title}</span>
        </Setting>
        <Setting label="Path">
          <code data-testid="page-path">{page.path}</code>
        </Setting>
        <Setting label="Type">{page.type}</Setting>
        <Setting label="Description">
          {page.description ? (
            <span data-testid="page-description">{page.description}</span>
          ) : (
            <span className="muted">none</span>
          )}
        </Setting>
        {page.href !== null ? (
          <Setting label="Links to">
            <code>{page.href}</code>
          </Setting>
        ) : null}
        <Setting label="Page id">
          <code>{page.id}</code>
        </Setting>
        {page.publishedAt.length > 0 ? (
          <Setting label="Published at">
            <ul className="plain-list" data-testid="page-published">
              {page.publishedAt.map((link) => (
                <li key={link.siteId}>
                  <a href={link.url} target="_blank" rel="noreferrer">
                    {link.url}
                  </a>{' '}
                  <span className="muted">
                    {link.siteTitle}
                    {link.published ? '' : ' (unpublished)'}
                  </span>
                </li>
              ))}
            </ul>
          </Setting>
        ) : null}
      </dl>

      {operations.length > 0 ? (
        <div className="section">
          <h2>OpenAPI operations</h2>
          <ul className="card" data-testid="page-openapi-operations">
            {operations.map((operation, index) => (
              <li key={index}>
                <code>
                  {operation.method.toUpperCase()} {operation.path}
                </code>{' '}
                <Link
                  href={route('console.openapi.show', {
                    organizationId: organization.id,
                    specSlug: operation.spec,
                  })}
                >
                  {operation.spec}
                </Link>
                <span className="muted">
                  {operation.version === null
                    ? ' (no such specification)'
                    : operation.summary === null
                      ? ` (not in version ${operation.version})`
                      : ` — ${operation.summary} (version ${operation.version})`}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      {page.type === 'document' ? <RenderedPage html={page.html} markdown={page.markdown} /> : null}

      {discussion ? <Discussion discussion={discussion} page={page.id} /> : null}

      <div className="section">
        <h2>Files</h2>
        {page.files.length === 0 ? (
          <p className="muted" data-testid="page-files">
            No files.
          </p>
        ) : (
          <ul className="card" data-testid="page-files">
            {page.files.map((file) => (
              <li key={file.id}>
                <a href={file.downloadURL} download={file.name}>
                  {file.name}
                </a>{' '}
                <span className="muted">
                  {file.contentType}, {file.size} bytes
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </SpaceContentLayout>
  )
}

function TargetLine({ target, spaceId }: { target: ContentTargetProps; spaceId: string }) {
  const revision = (
    <Link
      href={route('console.revisions.show', { spaceId, revisionId: target.revisionId })}
      data-testid="revision-link"
    >
      revision {target.revisionId}
    </Link>
  )
  if (target.kind === 'change-request') {
    return (
      <p data-testid="content-target">
        On change request{' '}
        <Link href={target.url}>
          #{target.number}
          {target.subject ? ` ${target.subject}` : ''}
        </Link>{' '}
        ({revision})
      </p>
    )
  }
  if (target.kind === 'revision') {
    return <p data-testid="content-target">On {revision}</p>
  }
  return <p data-testid="content-target">Current content ({revision})</p>
}

import { router, useForm } from '@inertiajs/react'
import { bind, FormCard, sending, TextField } from '~/components/form_fields'
import ConfirmButton from '~/components/confirm_button'
import Table from '~/components/table'
import { ActionButton } from '~/components/site_parts'
import CopyUrl from '~/components/copy_url'
import { formatDate } from '~/components/format'
import { route, type RouteParams } from '~/route'
import type { ShareLinkProps } from '~/types'

/**
 * A site's share links (its admins): create, copy, deactivate or reactivate, delete.
 */
export default function SiteShareLinks({
  shareLinks,
  count,
  params,
}: {
  shareLinks: ShareLinkProps[]
  count: number
  params: RouteParams<'console.sites.show'>
}) {
  const form = useForm({ name: '' })
  return (
    <section className="section" data-testid="share-links">
      <h2>Share links ({count})</h2>
      <p className="muted">
        While active, a share link opens the site to whoever holds its URL (for sites visible to
        share-link holders).
      </p>
      <FormCard
        className="card inline-form section"
        submitLabel="Create share link"
        {...sending(form, 'post', route('console.sites.share_links.store', params), {
          preserveScroll: true,
          onSuccess: () => form.reset('name'),
        })}
      >
        <TextField label="Share link name" maxLength={50} {...bind(form, 'name')} />
      </FormCard>
      {shareLinks.length === 0 ? (
        <p className="card empty">No share link yet.</p>
      ) : (
        <Table columns={['Name', 'State', 'URL', 'Created', 'Actions']} testId="share-link-list">
          {shareLinks.map((link) => {
            const linkParams = { ...params, shareLinkId: link.id }
            return (
              <tr key={link.id} data-testid={`share-link-${link.name}`}>
                <td>{link.name}</td>
                <td data-testid="share-link-state">{link.active ? 'active' : 'inactive'}</td>
                <td>
                  <CopyUrl url={link.url} />
                </td>
                <td>{formatDate(link.createdAt)}</td>
                <td className="row-actions">
                  <ActionButton
                    url={route('console.sites.share_links.update', linkParams)}
                    method="patch"
                    data={{ active: !link.active }}
                  >
                    {link.active ? 'Deactivate' : 'Reactivate'}
                  </ActionButton>
                  <ConfirmButton
                    small
                    label="Delete"
                    confirmLabel="Confirm delete"
                    onConfirm={() =>
                      router.delete(route('console.sites.share_links.destroy', linkParams), {
                        preserveScroll: true,
                      })
                    }
                  />
                </td>
              </tr>
            )
          })}
        </Table>
      )}
    </section>
  )
}

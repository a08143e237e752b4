import { Link, router, useForm } from '@inertiajs/react'
import { useState } from 'react'
import SpaceContentLayout from '~/components/space_content_layout'
import ChangeRequestPages from '~/components/change_request_pages'
import Setting from '~/components/setting'
import Flash from '~/components/flash'
import ConfirmButton from '~/components/confirm_button'
import Discussion from '~/components/discussion'
import { bind, Field, FormCard, Select, sendingInPlace, TextField } from '~/components/form_fields'
import { ChangeRequestStatusBadge } from '~/components/change_request_list'
import { formatDate } from '~/components/format'
import { PdfLink } from '~/components/space_administration'
import { route } from '~/route'
import type { ChangeRequestPageProps } from '~/types'

type Props = ChangeRequestPageProps
type PageChange = Props['changes'][number]

/** The status moves the API allows from each status, as the page offers them. */
const MOVES: Record<string, { status: string; label: string }[]> = {
  draft: [
    { status: 'open', label: 'Ready for review' },
    { status: 'archived', label: 'Archive' },
  ],
  open: [
    { status: 'draft', label: 'Back to draft' },
    { status: 'archived', label: 'Archive' },
  ],
  archived: [
    { status: 'open', label: 'Reopen' },
    { status: 'draft', label: 'Reopen as draft' },
  ],
  merged: [],
}

const CHANGE_LABELS: Record<PageChange['kind'], string> = {
  added: 'Added',
  changed: 'Changed',
  moved: 'Moved',
  deleted: 'Deleted',
}

/**
 * A change request (the API's `urls.app`): its subject and status, the pages it changes with a line
 * diff of each, its reviewers and reviews, and merging it into the space (or bringing the space's
 * content in first).
 */
export default function ChangeRequest(props: Props) {
  const { organization, space, changeRequest, tree, canEdit } = props
  const title = `#${changeRequest.number} ${changeRequest.subject}`.trim()
  return (
    <SpaceContentLayout organization={organization} space={space} title={title}>
      <Flash />
      <Summary {...props} />
      <MergeSection {...props} />
      <ChangesSection changes={props.changes} />
      <div className="two-columns cr-people">
        <ReviewersSection {...props} />
        <ReviewsSection {...props} />
      </div>
      {props.discussion ? (
        <Discussion
          discussion={props.discussion}
          pageHref={(pageId) =>
            route('console.change_requests.pages.show', { ...params(props), pageId })
          }
        />
      ) : null}
      <ChangeRequestPages
        spaceId={space.id}
        changeRequestId={changeRequest.id}
        tree={tree}
        canEdit={canEdit}
      />
      <dl className="card settings" data-testid="change-request-details">
        <Setting label="Author">
          {changeRequest.author ?? <span className="muted">unknown</span>}
        </Setting>
        <Setting label="Created">{formatDate(changeRequest.createdAt)}</Setting>
        <Setting label="Updated">{formatDate(changeRequest.updatedAt)}</Setting>
        {changeRequest.mergedAt ? (
          <Setting label="Merged">{formatDate(changeRequest.mergedAt)}</Setting>
        ) : null}
        <Setting label="Head revision">
          <Link
            href={route('console.revisions.show', {
              spaceId: space.id,
              revisionId: changeRequest.revisionId,
            })}
            data-testid="revision-link"
          >
            <code>{changeRequest.revisionId}</code>
          </Link>
        </Setting>
        <Setting label="Id">
          <code>{changeRequest.id}</code>
        </Setting>
      </dl>

      <PdfLink
        href={route('console.change_requests.pdf', {
          spaceId: space.id,
          changeRequestId: changeRequest.id,
        })}
      />
    </SpaceContentLayout>
  )
}

function params({ space, changeRequest }: Props) {
  return { spaceId: space.id, changeRequestId: changeRequest.id }
}

/**
 * The status and who opened it; editors change the subject and move the status.
 */
function Summary(props: Props) {
  const { changeRequest, can } = props
  const form = useForm({ subject: changeRequest.subject })
  const [editing, setEditing] = useState(false)
  const updateUrl = route('console.change_requests.update', params(props))
  const move = (status: string) => router.patch(updateUrl, { status }, { preserveScroll: true })

  return (
    <div className="card cr-summary" data-testid="change-request-summary">
      <div className="cr-summary-head">
        <ChangeRequestStatusBadge status={changeRequest.status} />
        <span className="muted">
          #{changeRequest.number} opened by {changeRequest.author ?? 'an unknown user'}{' '}
          {formatDate(changeRequest.createdAt)}
        </span>
        {can.update ? (
          <span className="row-actions push-right" data-testid="status-moves">
            {MOVES[changeRequest.status].map((each) => (
              <button
                key={each.status}
                type="button"
                className={each.status === 'archived' ? 'button button-quiet' : 'button'}
                onClick={() => move(each.status)}
              >
                {each.label}
              </button>
            ))}
          </span>
        ) : null}
      </div>
      {editing ? (
        <FormCard
          className="inline-form cr-subject-form"
          submitLabel="Save subject"
          testId="subject-form"
          {...sendingInPlace(form, 'patch', updateUrl)}
        >
          <TextField label="Subject" maxLength={100} autoFocus {...bind(form, 'subject')} />
          <button type="button" className="button button-quiet" onClick={() => setEditing(false)}>
            Cancel
          </button>
        </FormCard>
      ) : (
        <p className="cr-subject">
          <strong>{changeRequest.subject || <span className="muted">No subject</span>}</strong>
          {can.update && changeRequest.status !== 'merged' ? (
            <button
              type="button"
              className="button button-small button-quiet"
              onClick={() => setEditing(true)}
            >
              Edit subject
            </button>
          ) : null}
        </p>
      )}
    </div>
  )
}

/**
 * Merging into the space: what stands in the way (the space's merge rules, conflicting pages, a
 * base the space moved past), bringing the space's content in, and the merge button.
 */
function MergeSection(props: Props) {
  const { changeRequest, can, outdated, conflicts, mergeRules } = props
  const [busy, setBusy] = useState(false)
  if (changeRequest.status === 'merged') {
    return (
      <p className="notice" data-testid="merged-notice">
        Merged into the space
        {changeRequest.mergedAt ? ` ${formatDate(changeRequest.mergedAt)}` : ''}.
      </p>
    )
  }
  const post = (
    name: 'console.change_requests.update_from_space' | 'console.change_requests.merge'
  ) => {
    setBusy(true)
    router.post(
      route(name, params(props)),
      {},
      { preserveScroll: true, onFinish: () => setBusy(false) }
    )
  }
  const ready = mergeRules.length === 0 && conflicts.length === 0
  return (
    <div className="section">
      <h2>Merge</h2>
      <div className={`card cr-merge ${ready ? 'cr-merge-ready' : ''}`} data-testid="merge-box">
        {outdated ? (
          <p className="cr-check cr-check-warn" data-testid="outdated">
            The space has changed since this change request started.
            {can.edit ? ' Update it to bring the latest content in.' : ''}
          </p>
        ) : (
          <p className="cr-check cr-check-ok">Up to date with the space.</p>
        )}
        {conflicts.length > 0 ? (
          <div className="cr-check cr-check-bad" data-testid="conflicts">
            Pages in conflict with the space; edit them to resolve the conflict:
            <ul>
              {conflicts.map((page) => (
                <li key={page.id}>
                  <strong>{page.title}</strong> <span className="muted">{page.path}</span>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {mergeRules.map((reason) => (
          <p key={reason} className="cr-check cr-check-bad" data-testid="merge-rule">
            {reason}
          </p>
        ))}
        <div className="row-actions">
          {can.edit && outdated ? (
            <button
              type="button"
              className="button button-quiet"
              disabled={busy}
              onClick={() => post('console.change_requests.update_from_space')}
              data-testid="update-from-space"
            >
              Update from space
            </button>
          ) : null}
          {can.merge ? (
            <button
              type="button"
              className="button"
              disabled={busy}
              onClick={() => post('console.change_requests.merge')}
              data-testid="merge"
            >
              Merge into the space
            </button>
          ) : (
            <span className="muted">
              {changeRequest.status === 'archived'
                ? 'Reopen this change request to merge it.'
                : 'Reviewers of the space merge change requests.'}
            </span>
          )}
        </div>
      </div>
    </div>
  )
}

/**
 * The pages the change request adds, changes, moves or deletes, each with its line diff.
 */
function ChangesSection({ changes }: { changes: PageChange[] }) {
  return (
    <div className="section">
      <h2>Changes</h2>
      {changes.length === 0 ? (
        <p className="muted" data-testid="no-changes">
          No page changes yet.
        </p>
      ) : (
        changes.map((change) => <ChangeCard key={change.pageId} change={change} />)
      )}
    </div>
  )
}

function ChangeCard({ change }: { change: PageChange }) {
  return (
    <div
      className={`card cr-change${change.conflict ? ' cr-change-conflict' : ''}`}
      data-testid={`change-${change.pageId}`}
    >
      <div className="cr-change-head">
        <span className={`badge cr-kind cr-kind-${change.kind}`}>{CHANGE_LABELS[change.kind]}</span>
        {change.moved && change.kind === 'changed' ? (
          <span className="badge cr-kind cr-kind-moved">Moved</span>
        ) : null}
        <strong>
          {change.emoji ? `${change.emoji} ` : ''}
          {change.title}
        </strong>
        <span className="muted">
          {change.previousPath ? `${change.previousPath} → ` : ''}
          {change.path}
        </span>
        {change.conflict ? (
          <span className="badge cr-conflict-badge" data-testid="conflict-badge">
            Conflict
          </span>
        ) : null}
      </div>
      {change.diff.length > 0 ? (
        <table className="cr-diff" data-testid="diff">
          <tbody>
            {change.diff.map((line, index) =>
              line.type === 'collapsed' ? (
                <tr key={index} className="cr-diff-collapsed">
                  <td colSpan={2}>
                    … {line.count} unchanged line{line.count === 1 ? '' : 's'}
                  </td>
                </tr>
              ) : (
                <tr key={index} className={`cr-diff-${line.type}`}>
                  <td className="cr-diff-sign">
                    {line.type === 'added' ? '+' : line.type === 'removed' ? '−' : ''}
                  </td>
                  <td className="cr-diff-text">{line.text || ' '}</td>
                </tr>
              )
            )}
          </tbody>
        </table>
      ) : null}
    </div>
  )
}

/**
 * Who was asked to review; editors ask members of the organization and withdraw the requests.
 */
function ReviewersSection(props: Props) {
  const { requestedReviewers, reviewerCandidates, can } = props
  const form = useForm({ user: reviewerCandidates[0]?.id ?? '' })
  const candidateIds = reviewerCandidates.map((candidate) => candidate.id)
  const names = new Map(reviewerCandidates.map((candidate) => [candidate.id, candidate.name]))
  return (
    <div className="section">
      <h2>Requested reviewers</h2>
      <div className="card" data-testid="requested-reviewers">
        {requestedReviewers.length === 0 ? (
          <p className="cr-empty muted">Nobody was asked to review yet.</p>
        ) : (
          <ul className="cr-people-list">
            {requestedReviewers.map((reviewer) => (
              <li key={reviewer.id} data-testid={`reviewer-${reviewer.id}`}>
                <span>{reviewer.name}</span>
                <span className="muted">asked {formatDate(reviewer.requestedAt)}</span>
                {can.manageReviewers ? (
                  <span className="push-right">
                    <ConfirmButton
                      small
                      label="Remove"
                      confirmLabel="Remove request"
                      onConfirm={(cancel) =>
                        router.delete(
                          route('console.change_requests.reviewers.destroy', {
                            ...params(props),
                            userId: reviewer.id,
                          }),
                          { preserveScroll: true, onFinish: cancel }
                        )
                      }
                    />
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        {can.manageReviewers && candidateIds.length > 0 ? (
          <FormCard
            className="inline-form cr-request-form"
            submitLabel="Request review"
            testId="request-review-form"
            {...sendingInPlace(
              form,
              'post',
              route('console.change_requests.reviewers.store', params(props))
            )}
          >
            <Field label="Reviewer" error={form.errors.user}>
              <Select
                name="user"
                aria-label="Reviewer"
                value={form.data.user}
                options={candidateIds}
                optionLabel={(id) => names.get(id) ?? id}
                onChange={(value) => form.setData('user', value)}
              />
            </Field>
          </FormCard>
        ) : null}
      </div>
    </div>
  )
}

/**
 * The reviews, oldest first (outdated ones marked); reviewers approve or request changes.
 */
function ReviewsSection(props: Props) {
  const { reviews, can } = props
  const form = useForm({ status: 'approved', comment: '' })
  const url = route('console.change_requests.reviews.store', params(props))
  const submit = (status: 'approved' | 'changes-requested') => {
    form.transform((data) => ({ ...data, status }))
    form.post(url, { preserveScroll: true, onSuccess: () => form.reset() })
  }
  return (
    <div className="section">
      <h2>Reviews</h2>
      <div className="card" data-testid="reviews">
        {reviews.length === 0 ? (
          <p className="cr-empty muted">No reviews yet.</p>
        ) : (
          <ul className="cr-people-list">
            {reviews.map((review) => (
              <li
                key={review.id}
                className={review.outdated ? 'cr-review cr-review-outdated' : 'cr-review'}
                data-testid={`review-${review.id}`}
              >
                <span className={`badge cr-review-${review.status}`} data-testid="review-status">
                  {review.status === 'approved' ? 'Approved' : 'Changes requested'}
                </span>
                <span>{review.reviewer}</span>
                {review.outdated ? (
                  <span className="badge" data-testid="review-outdated">
                    Outdated
                  </span>
                ) : null}
                <span className="muted push-right">{formatDate(review.createdAt)}</span>
                {review.comment ? <p className="cr-review-comment">{review.comment}</p> : null}
              </li>
            ))}
          </ul>
        )}
        {can.review ? (
          <form
            className="cr-review-form"
            data-testid="review-form"
            onSubmit={(event) => event.preventDefault()}
          >
            <Field label="Comment (optional)" error={form.errors.comment}>
              <textarea
                name="comment"
                rows={3}
                value={form.data.comment}
                onChange={(event) => form.setData('comment', event.target.value)}
              />
            </Field>
            <div className="row-actions">
              <button
                type="button"
                className="button"
                disabled={form.processing}
                onClick={() => submit('approved')}
                data-testid="approve"
              >
                Approve
              </button>
              <button
                type="button"
                className="button button-quiet"
                disabled={form.processing}
                onClick={() => submit('changes-requested')}
                data-testid="request-changes"
              >
                Request changes
              </button>
            </div>
          </form>
        ) : null}
      </div>
    </div>
  )
}

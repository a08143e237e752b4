import { Link, router, useForm } from '@inertiajs/react'
import { useState } from 'react'
import ConfirmButton from '~/components/confirm_button'
import { Field } from '~/components/form_fields'
import { formatDate } from '~/components/format'
import { route } from '~/route'
import type { ChangeRequestPageProps } from '~/types'

export type DiscussionProps = NonNullable<ChangeRequestPageProps['discussion']>
type Thread = DiscussionProps['threads'][number]
type Post = Thread['replies'][number]

/** Where the discussion lives: a space's pages, or a change request (and its pages). */
export type DiscussionScope = { spaceId: string; changeRequestId?: string }

/** The console's comment routes of a scope (the space's or the change request's). */
function urls(scope: DiscussionScope) {
  const prefix = scope.changeRequestId ? 'console.change_requests.comments' : 'console.comments'
  const base = scope.changeRequestId
    ? { spaceId: scope.spaceId, changeRequestId: scope.changeRequestId }
    : { spaceId: scope.spaceId }
  const comment = (commentId: string) => ({ ...base, commentId })
  const reply = (commentId: string, replyId: string) => ({ ...base, commentId, replyId })
  return {
    store: route(`${prefix}.store` as 'console.comments.store', base),
    update: (commentId: string, replyId?: string) =>
      replyId
        ? route(
            `${prefix}.replies.update` as 'console.comments.replies.update',
            reply(commentId, replyId)
          )
        : route(`${prefix}.update` as 'console.comments.update', comment(commentId)),
    destroy: (commentId: string, replyId?: string) =>
      replyId
        ? route(
            `${prefix}.replies.destroy` as 'console.comments.replies.destroy',
            reply(commentId, replyId)
          )
        : route(`${prefix}.destroy` as 'console.comments.destroy', comment(commentId)),
    react: (commentId: string, replyId?: string) =>
      replyId
        ? route(
            `${prefix}.replies.react` as 'console.comments.replies.react',
            reply(commentId, replyId)
          )
        : route(`${prefix}.react` as 'console.comments.react', comment(commentId)),
    resolve: (commentId: string) =>
      route(`${prefix}.resolve` as 'console.comments.resolve', comment(commentId)),
    reply: (commentId: string) =>
      route(`${prefix}.replies.store` as 'console.comments.replies.store', comment(commentId)),
  }
}

type Urls = ReturnType<typeof urls>

const keep = { preserveScroll: true }

/**
 * A discussion: its threads oldest first, each with its replies, reactions and what the user may
 * do (the comments domain's policy decides), and a form for a new thread. Bodies are the server's
 * sanitized HTML.
 */
export default function Discussion({
  discussion,
  page,
  pageHref,
}: {
  discussion: DiscussionProps
  /** New threads go on this page. */
  page?: string
  /** The console URL of a thread's page, when threads of several pages are shown. */
  pageHref?: (pageId: string) => string
}) {
  const to = urls(discussion.scope)
  const { threads } = discussion
  return (
    <div className="section" data-testid="discussion">
      <h2>Comments</h2>
      {threads.length === 0 ? (
        <p className="card comment-empty muted">No comments yet.</p>
      ) : (
        <ul className="comment-threads">
          {threads.map((thread) => (
            <ThreadCard
              key={thread.id}
              thread={thread}
              choices={discussion.reactionChoices}
              to={to}
              pageHref={pageHref}
            />
          ))}
        </ul>
      )}
      {discussion.canComment ? (
        <BodyForm
          url={to.store}
          extra={page ? { page } : {}}
          label="New comment"
          submitLabel="Comment"
          testId="new-comment"
        />
      ) : null}
    </div>
  )
}

function ThreadCard({
  thread,
  choices,
  to,
  pageHref,
}: {
  thread: Thread
  choices: string[]
  to: Urls
  pageHref?: (pageId: string) => string
}) {
  const resolved = thread.status === 'resolved'
  return (
    <li
      className={resolved ? 'card comment-thread comment-resolved' : 'card comment-thread'}
      data-testid={`comment-${thread.id}`}
    >
      <PostView
        post={thread}
        choices={choices}
        to={to}
        commentId={thread.id}
        badge={
          <>
            {thread.page ? (
              <span className="badge" data-testid="comment-page">
                {pageHref ? (
                  <Link href={pageHref(thread.page.id)}>{thread.page.title}</Link>
                ) : (
                  thread.page.title
                )}
              </span>
            ) : null}
            {resolved ? (
              <span className="badge comment-resolved-badge" data-testid="comment-resolved">
                Resolved{thread.resolvedBy ? ` by ${thread.resolvedBy}` : ''}
              </span>
            ) : null}
          </>
        }
        actions={
          thread.can.resolve ? (
            <button
              type="button"
              className="button button-small button-quiet"
              data-testid="resolve"
              onClick={() => router.post(to.resolve(thread.id), { resolved: !resolved }, keep)}
            >
              {resolved ? 'Reopen' : 'Resolve'}
            </button>
          ) : null
        }
      />
      {thread.replies.length > 0 ? (
        <ul className="comment-replies">
          {thread.replies.map((reply) => (
            <li key={reply.id} className="comment-reply" data-testid={`reply-${reply.id}`}>
              <PostView
                post={reply}
                choices={choices}
                to={to}
                commentId={thread.id}
                replyId={reply.id}
              />
            </li>
          ))}
        </ul>
      ) : null}
      {thread.can.reply ? (
        <BodyForm
          url={to.reply(thread.id)}
          label="Reply"
          submitLabel="Reply"
          testId="reply-form"
          compact
        />
      ) : null}
    </li>
  )
}

/** A comment or a reply: who and when, its body, its reactions and the user's actions on it. */
function PostView({
  post,
  choices,
  to,
  commentId,
  replyId,
  badge,
  actions,
}: {
  post: Post
  choices: string[]
  to: Urls
  commentId: string
  replyId?: string
  badge?: React.ReactNode
  actions?: React.ReactNode
}) {
  const [editing, setEditing] = useState(false)
  const [deleting, setDeleting] = useState(false)
  return (
    <div className="comment-post">
      <div className="comment-meta">
        <strong data-testid="comment-author">{post.author}</strong>
        <span className="muted">
          {formatDate(post.postedAt)}
          {post.editedAt ? ' (edited)' : ''}
        </span>
        {badge}
      </div>
      {editing ? (
        <BodyForm
          url={to.update(commentId, replyId)}
          method="patch"
          initial={post.markdown}
          label="Edit"
          submitLabel="Save"
          testId="edit-form"
          onDone={() => setEditing(false)}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <div
          className="comment-body rendered-page"
          data-testid="comment-body"
          // Sanitized by the server (renderMarkdownHtml).
          dangerouslySetInnerHTML={{ __html: post.html }}
        />
      )}
      <div className="comment-footer">
        <Reactions
          post={post}
          choices={choices}
          onToggle={(emoji) => router.post(to.react(commentId, replyId), { emoji }, keep)}
        />
        <div className="row-actions push-right">
          {actions}
          {post.can.edit && !editing ? (
            <button
              type="button"
              className="button button-small button-quiet"
              data-testid="edit"
              onClick={() => setEditing(true)}
            >
              Edit
            </button>
          ) : null}
          {post.can.delete ? (
            <ConfirmButton
              small
              label="Delete"
              confirmLabel={replyId ? 'Delete reply' : 'Delete thread'}
              busy={deleting}
              onConfirm={(cancel) => {
                setDeleting(true)
                router.delete(to.destroy(commentId, replyId), {
                  ...keep,
                  onFinish: () => {
                    setDeleting(false)
                    cancel()
                  },
                })
              }}
            />
          ) : null}
        </div>
      </div>
    </div>
  )
}

/**
 * The reactions given (with their counts) and the fixed choices; the user's own are pressed and
 * toggle off. Without the right to react they are shown, not offered.
 */
function Reactions({
  post,
  choices,
  onToggle,
}: {
  post: Post
  choices: string[]
  onToggle: (emoji: string) => void
}) {
  const given = new Map(post.reactions.map((reaction) => [reaction.emoji, reaction]))
  const shown = [...post.reactions.map((reaction) => reaction.emoji)]
  if (post.can.react) for (const emoji of choices) if (!given.has(emoji)) shown.push(emoji)
  if (shown.length === 0) return null
  return (
    <div className="comment-reactions" data-testid="reactions">
      {shown.map((emoji) => {
        const reaction = given.get(emoji)
        const label = reaction
          ? `${emoji} ${reaction.count}${reaction.mine ? ', yours' : ''}`
          : `React with ${emoji}`
        return (
          <button
            key={emoji}
            type="button"
            className={reaction?.mine ? 'reaction reaction-mine' : 'reaction'}
            aria-pressed={reaction?.mine ?? false}
            aria-label={label}
            title={label}
            disabled={!post.can.react}
            data-testid={`reaction-${emoji}`}
            onClick={() => onToggle(emoji)}
          >
            <span>{emoji}</span>
            {reaction ? <span className="reaction-count">{reaction.count}</span> : null}
          </button>
        )
      })}
    </div>
  )
}

/** A markdown body: a new thread, a reply or an edit. */
function BodyForm({
  url,
  method = 'post',
  initial = '',
  extra = {},
  label,
  submitLabel,
  testId,
  compact = false,
  onDone,
  onCancel,
}: {
  url: string
  method?: 'post' | 'patch'
  initial?: string
  extra?: Record<string, string>
  label: string
  submitLabel: string
  testId: string
  compact?: boolean
  onDone?: () => void
  onCancel?: () => void
}) {
  const form = useForm({ body: initial })
  return (
    <form
      className={compact ? 'comment-form comment-form-compact' : 'card comment-form'}
      data-testid={testId}
      onSubmit={(event) => {
        event.preventDefault()
        form.transform((data) => ({ ...data, ...extra }))
        form.submit(method, url, {
          ...keep,
          onSuccess: () => {
            form.reset()
            onDone?.()
          },
        })
      }}
    >
      <Field label={label} error={form.errors.body}>
        <textarea
          name="body"
          rows={compact ? 2 : 3}
          value={form.data.body}
          placeholder="Markdown"
          onChange={(event) => form.setData('body', event.target.value)}
        />
      </Field>
      <div className="row-actions">
        <button type="submit" className="button button-small" disabled={form.processing}>
          {submitLabel}
        </button>
        {onCancel ? (
          <button type="button" className="button button-small button-quiet" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  )
}

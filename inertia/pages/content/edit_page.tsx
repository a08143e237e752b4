import { useRef, useState, type ChangeEvent } from 'react'
import { Link, router, useForm, usePage } from '@inertiajs/react'
import SpaceContentLayout from '~/components/space_content_layout'
import Flash from '~/components/flash'
import { bind, TextField } from '~/components/form_fields'
import MarkdownEditor, { type MarkdownEditorHandle } from '~/components/markdown_editor'
import { route } from '~/route'
import type { ConsoleSharedProps, EditPagePageProps } from '~/types'

type Tab = 'write' | 'preview'

/**
 * The page editor of a change request: the page's title, emoji and markdown (CodeMirror), a
 * preview rendered by the server, uploads (drop files onto the editor, or choose them), Save (one
 * authoring batch; refused when someone else saved the page meanwhile) and Cancel.
 */
export default function EditPage({
  organization,
  space,
  changeRequest,
  page,
  baseRevisionId,
  maxUploadBytes,
}: EditPagePageProps) {
  const form = useForm({
    title: page.title,
    emoji: page.emoji,
    markdown: page.markdown,
    baseRevisionId,
  })
  // An upload's refused file (its field's error; other refusals are the Flash's).
  const fileError = usePage<ConsoleSharedProps>().props.errors?.file
  const editor = useRef<MarkdownEditorHandle>(null)
  const [tab, setTab] = useState<Tab>('write')
  const [preview, setPreview] = useState<{ html: string } | { failed: true } | null>(null)
  const [uploading, setUploading] = useState<string | null>(null)
  const params = { spaceId: space.id, changeRequestId: changeRequest.id, pageId: page.id }
  const pageUrl = route('console.change_requests.pages.show', params)

  function save() {
    form.put(route('console.change_requests.pages.update', params), {
      preserveScroll: true,
      preserveState: true,
      // The saved page is the new head: the next save builds on it.
      onSuccess: (visit) => {
        const next = (visit.props as unknown as EditPagePageProps).baseRevisionId
        form.setData('baseRevisionId', next)
        form.setDefaults({ ...form.data, baseRevisionId: next })
      },
    })
  }

  async function showPreview() {
    setTab('preview')
    setPreview(null)
    try {
      const response = await fetch(route('console.change_requests.pages.preview', params), {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'Accept': 'application/json',
          'X-XSRF-TOKEN': xsrfToken(),
        },
        body: JSON.stringify({ markdown: form.data.markdown }),
        credentials: 'same-origin',
        redirect: 'error',
      })
      if (!response.ok) throw new Error(`status ${response.status}`)
      setPreview((await response.json()) as { html: string })
    } catch {
      setPreview({ failed: true })
    }
  }

  /** Uploads the files one after the other, each inserted where it was dropped once it is in. */
  function upload(files: File[], at: number) {
    const [file, ...rest] = files
    if (!file) return
    setUploading(file.name)
    router.post(
      route('console.change_requests.files.store', params),
      { file },
      {
        forceFormData: true,
        preserveState: true,
        preserveScroll: true,
        onSuccess: (visit) => {
          const uploaded = (visit.props as unknown as EditPagePageProps).uploaded
          if (uploaded) editor.current?.insert(`${uploaded.markdown}\n`, at)
          upload(rest, editor.current?.cursor() ?? at)
        },
        onFinish: () => setUploading(null),
      }
    )
  }

  function chooseFiles(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])]
    event.target.value = ''
    upload(files, editor.current?.cursor() ?? 0)
  }

  const heading = `${page.emoji ? `${page.emoji} ` : ''}${page.title}`
  return (
    <SpaceContentLayout
      organization={organization}
      space={space}
      title={`Editing ${heading}`}
      headTitle={`Editing ${page.title}`}
    >
      <p data-testid="content-target">
        In change request{' '}
        <Link href={changeRequest.url}>
          #{changeRequest.number}
          {changeRequest.subject ? ` ${changeRequest.subject}` : ''}
        </Link>
        <span className="muted"> · {page.path}</span>
      </p>
      <Flash />
      {fileError ? (
        <p className="alert" role="alert">
          {fileError}
        </p>
      ) : null}

      <form
        className="card page-editor"
        data-testid="page-editor"
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          save()
        }}
      >
        <div className="page-editor-fields">
          <TextField label="Emoji" maxLength={50} placeholder="None" {...bind(form, 'emoji')} />
          <TextField label="Title" maxLength={255} required {...bind(form, 'title')} />
        </div>

        <div className="tabs" role="tablist">
          <button
            type="button"
            role="tab"
            aria-selected={tab === 'write'}
            className={`tab tab-button ${tab === 'write' ? 'tab-current' : ''}`}
            onClick={() => setTab('write')}
          >
            Write
          </button>
          <button
            type="button"
            role="tab"
            aria-selected={tab === 'preview'}
            className={`tab tab-button ${tab === 'preview' ? 'tab-current' : ''}`}
            onClick={showPreview}
            data-testid="preview-tab"
          >
            Preview
          </button>
        </div>

        <div hidden={tab !== 'write'}>
          <MarkdownEditor
            ref={editor}
            label="Markdown"
            initial={page.markdown}
            onChange={(text) => form.setData('markdown', text)}
            onDropFiles={upload}
          />
          {form.errors.markdown ? (
            <span className="field-error">{form.errors.markdown}</span>
          ) : null}
          <p className="muted page-editor-hint">
            A heading on the first line (<code># …</code>) becomes the page&apos;s title when saved.
          </p>
          <div className="page-editor-upload">
            <label className="button button-quiet button-small">
              Upload files…
              <input
                type="file"
                multiple
                onChange={chooseFiles}
                className="visually-hidden"
                data-testid="upload-input"
              />
            </label>
            <span className="muted" data-testid="upload-status">
              {uploading
                ? `Uploading ${uploading}…`
                : `Or drop files onto the text: each is uploaded into the change request (${Math.round(maxUploadBytes / (1024 * 1024))} MB at most) and linked where it lands.`}
            </span>
          </div>
        </div>

        {tab === 'preview' ? (
          preview === null ? (
            <p className="muted">Rendering the preview…</p>
          ) : 'failed' in preview ? (
            <p className="alert" role="alert">
              The preview could not be shown. Check that you are still signed in, then try again.
            </p>
          ) : (
            // Rendered and sanitized by the server's markdown renderer (the published sites' one).
            <div
              className="page-preview"
              data-testid="page-preview"
              dangerouslySetInnerHTML={{ __html: preview.html }}
            />
          )
        ) : null}

        <div className="page-editor-actions">
          <button type="submit" className="button" disabled={form.processing}>
            Save
          </button>
          <Link href={pageUrl} className="button button-quiet">
            Cancel
          </Link>
          {form.isDirty ? <span className="muted">Unsaved changes</span> : null}
        </div>
      </form>
    </SpaceContentLayout>
  )
}

/** Shield's XSRF cookie, which the server checks on the preview's request as on Inertia's. */
function xsrfToken(): string {
  const cookie = document.cookie.split('; ').find((entry) => entry.startsWith('XSRF-TOKEN='))
  return cookie ? decodeURIComponent(cookie.slice('XSRF-TOKEN='.length)) : ''
}

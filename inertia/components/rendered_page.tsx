import { useState, type MouseEvent } from 'react'
import { router } from '@inertiajs/react'

/** Console pages a rendered page links to (…/pages/<id>): opened in place, not reloaded. */
const CONSOLE_PAGE =
  /^\/console\/spaces\/[^/]+(\/(change-requests|revisions)\/[^/]+)?\/pages\/[^/]+$/

/**
 * A page's body, rendered on the server by the sites' sanitized markdown renderer (its HTML holds
 * no script, event handler or raw HTML of the page), with a "Markdown" tab showing the source as
 * text. Links to other pages open them in the console; anchors scroll; file links download.
 */
export default function RenderedPage({ html, markdown }: { html: string; markdown: string }) {
  const [shown, setShown] = useState<'page' | 'markdown'>('page')
  return (
    <div className="section">
      <div className="view-switch" role="tablist" aria-label="Page view">
        <ViewTab id="page" label="Page" shown={shown} onShow={setShown} />
        <ViewTab id="markdown" label="Markdown" shown={shown} onShow={setShown} />
      </div>
      {html.trim() === '' ? (
        <p className="card rendered-page muted" hidden={shown !== 'page'}>
          This page is empty.
        </p>
      ) : (
        <div
          className="card rendered-page"
          data-testid="page-html"
          role="tabpanel"
          hidden={shown !== 'page'}
          onClick={openInConsole}
          // Sanitized on the server (renderMarkdownHtml, the published sites' renderer).
          dangerouslySetInnerHTML={{ __html: html }}
        />
      )}
      {/* Shown as text: React escapes it, so nothing in it runs or renders. */}
      <pre
        className="card markdown-source"
        data-testid="page-markdown"
        role="tabpanel"
        hidden={shown !== 'markdown'}
      >
        {markdown}
      </pre>
    </div>
  )
}

function ViewTab({
  id,
  label,
  shown,
  onShow,
}: {
  id: 'page' | 'markdown'
  label: string
  shown: string
  onShow: (id: 'page' | 'markdown') => void
}) {
  return (
    <button
      type="button"
      role="tab"
      aria-selected={shown === id}
      className={shown === id ? 'view-tab view-tab-current' : 'view-tab'}
      onClick={() => onShow(id)}
    >
      {label}
    </button>
  )
}

/** A plain click on a link to a console page: an Inertia visit (the anchor kept) instead of a reload. */
function openInConsole(event: MouseEvent<HTMLDivElement>) {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
  const link = (event.target as HTMLElement).closest('a')
  if (!link || link.target) return
  const url = new URL(link.href, window.location.href)
  if (url.origin !== window.location.origin || !CONSOLE_PAGE.test(url.pathname)) return
  event.preventDefault()
  router.visit(url.pathname + url.search + url.hash)
}

import logger from '@adonisjs/core/services/logger'
import {
  answerQuestions,
  renderMarkdownHtml,
  sourceAsHtml,
  type HtmlRenderOptions,
  type RenderedHtml,
} from '#content/markdown/html'
import { contentWorkers, PageTimeoutError } from '#content/import/worker_pool'
import { OFF_LOOP_CHARACTERS } from '#content/services/page_derivation'

/** Deadline of each of a long page's two render rounds in a worker. */
const RENDER_TIMEOUT_MS = 20_000

/**
 * renderMarkdownHtml for the server's readers (published sites, the console): a long page (as
 * long as what authoring derives off the event loop) renders in a worker thread — rendering costs
 * more than parsing (220 KB took 3 s here). The options (functions over the reader's revision)
 * cannot go to the thread, so the render runs twice there: once to learn what it asks them, then
 * with their answers. A page over the deadline is shown as its text; if the worker fails otherwise,
 * the page is rendered in place.
 */
export async function renderPageHtml(
  markdown: string,
  options: HtmlRenderOptions
): Promise<RenderedHtml> {
  if (markdown.length < OFF_LOOP_CHARACTERS) return renderMarkdownHtml(markdown, options)
  const base = { markdown, pagePath: options.pagePath, pageHasChildren: options.pageHasChildren }
  try {
    const asked = await contentWorkers.renderHtml(base, { timeoutMs: RENDER_TIMEOUT_MS })
    if (!('questions' in asked)) throw new Error('the worker answered no questions')
    const answers = answerQuestions(asked.questions, options)
    const done = await contentWorkers.renderHtml(
      { ...base, answers },
      { timeoutMs: RENDER_TIMEOUT_MS }
    )
    if (!('rendered' in done)) throw new Error('the worker rendered nothing')
    return done.rendered
  } catch (error) {
    // A page that takes this long to render would hold the event loop as long: shown as its text.
    if (error instanceof PageTimeoutError) return sourceAsHtml(markdown)
    logger.warn({ err: error }, 'rendering a long page in a worker failed; rendering it in place')
    return renderMarkdownHtml(markdown, options)
  }
}

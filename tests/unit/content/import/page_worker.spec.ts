import { test } from '@japa/runner'
import { convert, rewrite } from '#content/import/page_worker'
import { derivedId } from '#content/import/import_ids'
import { sectionsOfTree } from '#content/search/sections'
import { parseMarkdown } from '#content/markdown/parse'
import { indexTerms } from '#content/search/terms'

const origin = 'https://docs.example'
const key = 'test-key'
const pageId = (path: string) => derivedId(key, 'page', `${origin}${path}`)
const fileId = (url: string) => derivedId(key, 'file', url)

const html = `<!doctype html><html><head><title>Guide</title></head><body><main>
<h1 id="top">Guide</h1>
<p>See <a href="#setup-id">setup</a>, <a href="/docs/other#part-two">the other page</a>,
<a href="/docs/gone">a page not imported</a> and <a href="/docs/moved">a moved page</a>.</p>
<h2 id="setup-id">Setting up</h2>
<p><img src="/img/a.png" alt="A figure"> and <img src="/img/missing.png" alt="missing"></p>
<p><a href="/docs/other#part-two">again</a> and <a href="/docs/other">plain</a>.</p>
<table><tr><th>Link</th></tr><tr><td><a href="/docs/gone#x">in a table</a></td></tr></table>
</main></body></html>`

test.group('Import worker: the final fix-up', () => {
  test('rewriting from the stored facts and sites gives what a parse gives', ({ assert }) => {
    const converted = convert({
      body: new TextEncoder().encode(html),
      url: `${origin}/docs/guide`,
      scope: { origin, pathPrefix: '/docs/' },
      key,
    })
    assert.isDefined(converted.markdown)
    assert.isDefined(converted.sites)
    // Its own anchor was mapped to the heading's at conversion, without a second parse.
    assert.include(converted.markdown!, '](#setting-up)')
    // The sections come with their bodies' index terms, made here rather than on the event loop.
    assert.deepEqual(
      converted.sections,
      sectionsOfTree(parseMarkdown(converted.markdown!), '').map((section) => ({
        ...section,
        bodyTerms: indexTerms(section.body),
      }))
    )

    const fixUp = {
      markdown: converted.markdown!,
      pages: {
        [pageId('/docs/other')]: { id: pageId('/docs/other'), anchors: { 'part-two': 'part-2' } },
        [pageId('/docs/gone')]: { url: `${origin}/docs/gone` },
        [pageId('/docs/moved')]: { id: pageId('/docs/new place') },
      },
      files: { [fileId(`${origin}/img/missing.png`)]: `${origin}/img/missing (old).png` },
    }
    const parsed = rewrite(fixUp)
    const fast = rewrite({ ...fixUp, facts: converted.facts, sites: converted.sites })
    assert.notEqual(parsed.markdown, converted.markdown)
    assert.include(parsed.markdown, '#part-2)')
    assert.include(parsed.markdown, `(<${origin}/img/missing (old).png>)`)
    assert.equal(fast.markdown, parsed.markdown)
    assert.deepEqual(fast.facts, parsed.facts)
    // Only destinations changed: the sections are the original document's.
    assert.isUndefined(fast.sections)
    assert.deepEqual(parsed.sections, converted.sections)
  })
})

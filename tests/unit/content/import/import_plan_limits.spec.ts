import { test } from '@japa/runner'
import { analyzePage, htmlToMarkdown } from '#content/import/html_to_markdown'
import { convert } from '#content/import/page_worker'
import { importKey } from '#content/import/import_ids'

const scope = { origin: 'https://docs.example', pathPrefix: '/' }
const page = (body: string) =>
  new TextEncoder().encode(
    `<html><head><title>T</title></head><body><main>${body}</main></body></html>`
  )

test.group('Import conversion: content limits', () => {
  test('a page over the content limits comes back without its content, and says why', ({
    assert,
  }) => {
    const deep = `${'<blockquote>'.repeat(100)}deep${'</blockquote>'.repeat(100)}`
    const converted = convert({
      body: page(deep),
      url: 'https://docs.example/deep',
      scope,
      key: importKey(),
    })
    assert.isUndefined(converted.markdown)
    assert.equal(converted.problem, 'Blockquote/list nesting deeper than 64 levels')
    const fine = convert({
      body: page('<p>Welcome</p>'),
      url: 'https://docs.example/',
      scope,
      key: importKey(),
    })
    assert.equal(fine.markdown, 'Welcome\n')
    assert.deepEqual(fine.facts, { links: [], anchors: [] })
  }).timeout(60_000)

  test('a page nested deeper than the HTML limit is refused before turndown walks it', ({
    assert,
  }) => {
    const deep = `${'<div>'.repeat(20_000)}deep${'</div>'.repeat(20_000)}`
    assert.throws(
      () => htmlToMarkdown(deep, { link: () => undefined, image: () => undefined }),
      'HTML nested deeper than 256 levels'
    )
  }).timeout(60_000)

  test('a table of 2,000 columns converts in linear time', ({ assert }) => {
    const cells = (tag: string) => `<tr>${`<${tag}>c</${tag}>`.repeat(2000)}</tr>`
    const html = `<table><thead>${cells('th')}</thead><tbody>${cells('td').repeat(20)}</tbody></table>`
    const started = performance.now()
    const markdown = htmlToMarkdown(html, { link: () => undefined, image: () => undefined })
    // Quadratic was minutes; linear is well under a second even on a loaded machine.
    assert.isBelow(performance.now() - started, 30_000)
    assert.equal(markdown.trim().split('\n').length, 22)
  }).timeout(60_000)

  test('a page of 33,000 paragraphs converts in linear time', ({ assert }) => {
    const small = `<p>lorem ipsum dolor sit amet</p>`.repeat(2000)
    const large = `<p>lorem ipsum dolor sit amet</p>`.repeat(16_000)
    // The fastest of three runs each: a pause of the machine or the GC inflates one run, not all.
    const time = (html: string) => {
      let fastest = Infinity
      for (let run = 0; run < 3; run++) {
        const started = performance.now()
        htmlToMarkdown(html, { link: () => undefined, image: () => undefined })
        fastest = Math.min(fastest, performance.now() - started)
      }
      return fastest
    }
    time(small)
    const ratio = time(large) / time(small)
    // 8 times the paragraphs: about 8 times the time, far from the 64 of a quadratic join.
    assert.isBelow(ratio, 24)
  }).timeout(60_000)

  test('a crawled page nested 20,000 levels deep is refused before it is queried', ({ assert }) => {
    const html = `<html><body>${'<div>'.repeat(20_000)}x${'</div>'.repeat(20_000)}</body></html>`
    assert.throws(
      () => analyzePage(html, 'https://docs.example/deep'),
      'HTML nested deeper than 256 levels'
    )
  }).timeout(60_000)
})

import { test } from '@japa/runner'
import { parseMarkdown } from '#content/markdown/parse'
import { sectionChanges, type StoredSection } from '#content/search/search_index_service'
import { rememberSections, sectionsOfDocument, splitSections } from '#content/search/sections'
import { indexTerms, parseQuery, scopeTerms, scopeToken } from '#content/search/terms'
import { SECTION_SPAN, sectionRowId } from '#content/search/engines'

const SCOPE = scopeTerms('space1', 'org1')
const MARKDOWN = 'Intro.\n\n## Heron\n\nA heron waits.\n\n## Stork\n\nA stork flies.'

/** The stored rows of a page indexed from `markdown`, as sectionChanges reads them. */
function stored(pageKey: number, markdown: string, title: string) {
  const rows = new Map<number, StoredSection>()
  for (const row of sectionChanges(pageKey, undefined, splitSections(markdown, title), title, SCOPE)
    .inserts) {
    rows.set(Number(row.id), {
      id: Number(row.id),
      section_id: String(row.section_id),
      scope_terms: String(row.scope_terms),
      title: String(row.title),
      page_terms: row.page_terms,
      body: String(row.body),
      link_share: Number(row.link_share),
      listed_links: Number(row.listed_links),
    })
  }
  return rows
}

test.group('Search index: what re-indexing a page writes', () => {
  test('a new page: every section, ids from the page key and the position', ({ assert }) => {
    const { deletes, inserts } = sectionChanges(
      7,
      undefined,
      splitSections(MARKDOWN, 'Birds'),
      'Birds',
      SCOPE
    )
    assert.deepEqual(deletes, [])
    assert.deepEqual(
      inserts.map((row) => [row.id, row.position, row.section_id, row.title]),
      [
        [7 * SECTION_SPAN, 0, '', 'Birds'],
        [7 * SECTION_SPAN + 1, 1, 'heron', 'Heron'],
        [7 * SECTION_SPAN + 2, 2, 'stork', 'Stork'],
      ]
    )
    assert.equal(inserts[1].body_terms, 'qza heron waits')
    assert.equal(inserts[1].page_terms, 'birds')
    assert.equal(inserts[1].scope_terms, SCOPE)
  })

  test('unchanged sections are not written; a changed one is replaced; past the end removed', ({
    assert,
  }) => {
    const before = stored(7, MARKDOWN, 'Birds')
    const same = sectionChanges(7, before, splitSections(MARKDOWN, 'Birds'), 'Birds', SCOPE)
    assert.deepEqual(same, { deletes: [], inserts: [] })

    const edited = sectionChanges(
      7,
      before,
      splitSections('Intro.\n\n## Heron\n\nA heron fishes.', 'Birds'),
      'Birds',
      SCOPE
    )
    assert.sameMembers(edited.deletes, [sectionRowId(7, 1), sectionRowId(7, 2)])
    assert.deepEqual(
      edited.inserts.map((row) => [row.id, row.body]),
      [[sectionRowId(7, 1), 'A heron fishes.']]
    )
  })

  test('a section whose text is the same but now links stores its new link share', ({ assert }) => {
    const plain = 'Intro.\n\n## Heron\n\nA heron waits.'
    const before = stored(7, plain, 'Birds')
    assert.equal(before.get(sectionRowId(7, 1))!.link_share, 0)
    const linked = sectionChanges(
      7,
      before,
      splitSections('Intro.\n\n## Heron\n\n[A heron waits.](/heron)', 'Birds'),
      'Birds',
      SCOPE
    )
    assert.deepEqual(linked.deletes, [sectionRowId(7, 1)])
    assert.deepEqual(
      linked.inserts.map((row) => [row.id, row.body, row.link_share]),
      [[sectionRowId(7, 1), 'A heron waits.', 100]]
    )
  })

  test('a section that now holds a table of contents stores its entries', ({ assert }) => {
    const before = stored(7, MARKDOWN, 'Birds')
    assert.equal(before.get(sectionRowId(7, 1))!.listed_links, 0)
    const listed = sectionChanges(
      7,
      before,
      splitSections(
        'Intro.\n\n## Heron\n\nA heron waits.\n\n- [Egret](/egret)\n\n## Stork\n\nA stork flies.',
        'Birds'
      ),
      'Birds',
      SCOPE
    )
    assert.deepEqual(listed.deletes, [sectionRowId(7, 1)])
    assert.deepEqual(
      listed.inserts.map((row) => [row.id, row.body, row.listed_links]),
      [[sectionRowId(7, 1), 'A heron waits.\nEgret', 1]]
    )
  })

  test('a new page title rewrites every section (their page terms); a new scope too', ({
    assert,
  }) => {
    const before = stored(7, MARKDOWN, 'Birds')
    const renamed = sectionChanges(7, before, splitSections(MARKDOWN, 'Waders'), 'Waders', SCOPE)
    assert.lengthOf(renamed.deletes, 3)
    assert.deepEqual(
      renamed.inserts.map((row) => row.page_terms),
      ['waders', 'waders', 'waders']
    )
    const moved = sectionChanges(
      7,
      before,
      splitSections(MARKDOWN, 'Birds'),
      'Birds',
      scopeTerms('space1', 'org2')
    )
    assert.lengthOf(moved.inserts, 3)
  })

  test('page keys and positions are bounded so that ids stay exact numbers', ({ assert }) => {
    assert.equal(sectionRowId(1, 0), SECTION_SPAN)
    assert.throws(() => sectionRowId(2 ** 33, 0), /out of range/)
    assert.throws(() => sectionRowId(1, SECTION_SPAN), /out of range/)
    assert.throws(() => sectionRowId(0, 0), /out of range/)
  })
})

test.group('Search index: sections of written documents', () => {
  test('a document parsed when written is not parsed again; the page title goes first', ({
    assert,
  }) => {
    rememberSections('hash-of-test-document', parseMarkdown(MARKDOWN))
    // The markdown given is not read: the remembered sections are.
    const sections = sectionsOfDocument('hash-of-test-document', 'Something else.', 'Birds')
    assert.deepEqual(sections, splitSections(MARKDOWN, 'Birds'))
    const other = sectionsOfDocument('hash-of-test-document', '', 'Waders')
    assert.equal(other[0].title, 'Waders')
    assert.equal(sections[0].title, 'Birds')
    // Unknown documents are parsed.
    assert.deepEqual(
      sectionsOfDocument('hash-of-another-document', MARKDOWN, 'Birds'),
      splitSections(MARKDOWN, 'Birds')
    )
  })
})

test.group('Search index: terms made with the sections', () => {
  test('a section that carries its body terms (an import worker made them) is not tokenized again', ({
    assert,
  }) => {
    const sections = splitSections(MARKDOWN, 'Birds').map((section) => ({
      ...section,
      bodyTerms: indexTerms(section.body),
    }))
    const given = sectionChanges(7, undefined, sections, 'Birds', SCOPE).inserts
    const made = sectionChanges(
      7,
      undefined,
      splitSections(MARKDOWN, 'Birds'),
      'Birds',
      SCOPE
    ).inserts
    // The same rows either way (the terms are the same function's), the section's own terms used.
    assert.deepEqual(given, made)
    const marked = sections.map((section) => ({ ...section, bodyTerms: `given ${section.id}` }))
    assert.deepEqual(
      sectionChanges(7, undefined, marked, 'Birds', SCOPE).inserts.map((row) => row.body_terms),
      ['given ', 'given heron', 'given stork']
    )
  })
})

test.group('Search index: scope tokens', () => {
  test('a space or an organization as one token no query can produce', ({ assert }) => {
    assert.equal(scopeToken('space', 'Ab1'), 's_416231')
    assert.equal(scopeToken('organization', 'Ab1'), 'o_416231')
    // Ids that differ only by case stay apart (both engines fold case).
    assert.notEqual(scopeToken('space', 'ab1'), scopeToken('space', 'AB1'))
    assert.equal(scopeTerms('Ab1', 'Cd2'), 's_416231 o_436432')
    for (const text of ['s_416231', 'S_416231 o_436432', 's416231']) {
      for (const { token } of parseQuery(text).tokens) assert.notInclude(token, '_')
    }
    assert.notInclude(indexTerms('s_416231'), 's_416231')
  })
})

import { test } from '@japa/runner'
import { splitSections } from '#content/search/sections'
import { anchorOf } from '#content/markdown/headings'

test.group('Search sections', () => {
  test('the text before the first heading is the first section, titled like the page', ({
    assert,
  }) => {
    const sections = splitSections(
      'Intro **bold** text.\n\n# Install\n\nRun `npm i`.\n\n## On Linux\n\nUse apt.\n',
      'Guide'
    )
    assert.deepEqual(sections, [
      { id: '', title: 'Guide', body: 'Intro bold text.', linkShare: 0, listedLinks: 0 },
      { id: 'install', title: 'Install', body: 'Run npm i.', linkShare: 0, listedLinks: 0 },
      { id: 'on-linux', title: 'On Linux', body: 'Use apt.', linkShare: 0, listedLinks: 0 },
    ])
  })

  test('a page starting with a heading or without text still has its first section', ({
    assert,
  }) => {
    assert.deepEqual(splitSections('', 'Empty'), [
      { id: '', title: 'Empty', body: '', linkShare: 0, listedLinks: 0 },
    ])
    assert.deepEqual(splitSections('# Only\n', 'Page')[0], {
      id: '',
      title: 'Page',
      body: '',
      linkShare: 0,
      listedLinks: 0,
    })
  })

  test('blocks never run their words together', ({ assert }) => {
    const [section] = splitSections(
      '- one\n- two\n\n| a | b |\n|---|---|\n| c | d |\n\n```js\nconst x = 1\n```\n\n> quoted\n',
      'P'
    )
    assert.equal(section.body, 'one\ntwo\na\nb\nc\nd\nconst x = 1\nquoted')
  })

  test('anchors: lower case, punctuation dropped, spaces to dashes, every script kept', ({
    assert,
  }) => {
    assert.equal(anchorOf('Hello, World!'), 'hello-world')
    assert.equal(anchorOf('What’s new in v2.0?'), 'whats-new-in-v20')
    assert.equal(anchorOf('中文 搜索'), '中文-搜索')
    assert.equal(anchorOf('Café déjà-vu'), 'café-déjà-vu')
    assert.equal(anchorOf('Привет мир'), 'привет-мир')
  })

  test('repeated headings get numbered anchors; explicit GitBook anchors win', ({ assert }) => {
    const sections = splitSections(
      '# Setup\n\na\n\n# Setup\n\nb\n\n## Custom <a href="#mine" id="mine"></a>\n\nc\n',
      'P'
    )
    assert.deepEqual(
      sections.map((s) => [s.id, s.title]),
      [
        ['', 'P'],
        ['setup', 'Setup'],
        ['setup-1', 'Setup'],
        ['mine', 'Custom'],
      ]
    )
  })

  test('link share: the part of the text of a section that is link text, in hundredths', ({
    assert,
  }) => {
    const sections = splitSections(
      [
        'Widgets are configured in [the settings](/settings), then saved and checked.',
        '## Contents',
        '- [Configuring widgets](/a)\n- [Widget events](/b)\n- [Removing widgets][r]',
        '[r]: /c',
        '## Plain',
        'No links at all.',
      ].join('\n\n'),
      'Guide'
    )
    const first = 'Widgets are configured in the settings, then saved and checked.'
    assert.equal(
      sections[0].linkShare,
      Math.round((100 * 'the settings'.length) / first.length) / 100
    )
    assert.equal(sections[1].title, 'Contents')
    assert.equal(sections[1].linkShare, 0.96)
    assert.equal(sections[2].linkShare, 0)
  })

  test('listed links: list entries that are a link to another page and nothing else', ({
    assert,
  }) => {
    const sections = splitSections(
      [
        'A part of the manual, with a long introduction of prose around its table of contents.',
        '- [Configuring widgets](/pages/a)\n  - [Widget events](/pages/b)\n- [Removing widgets][r]',
        '1. [Widgets API](https://example.com/api).\n2. **[Widgets FAQ](/pages/faq)**',
        '[r]: /pages/c',
        'More prose after it.',
        '## On this page',
        // The page's own outline: links to its headings are no other pages.
        '- [Install](#install)\n- [Configure](#configure)',
        '## Related',
        // Entries that say more than their link are not a table of contents'.
        '- [Widgets API](/pages/api): every endpoint\n- See [the FAQ](/pages/faq)\n- Plain text',
      ].join('\n\n'),
      'Widgets'
    )
    assert.deepEqual(
      sections.map((section) => [section.title, section.listedLinks]),
      [
        ['Widgets', 5],
        ['On this page', 0],
        ['Related', 0],
      ]
    )
    // Prose around the list keeps the share of link text low: the count says what it holds.
    assert.isBelow(sections[0].linkShare, 0.5)
  })
})

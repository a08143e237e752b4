import { test } from '@japa/runner'
import { InvalidPageSourceError, readPageSource } from '#content/markdown/front_matter'
import { cpuMilliseconds } from '#tests/helpers/markdown_fixtures'

test.group('readPageSource', () => {
  test('empty input has no metadata and an empty body', ({ assert }) => {
    assert.deepEqual(readPageSource(''), { markdown: '' })
  })

  test('a body without front matter or title heading is returned unchanged', ({ assert }) => {
    const body = 'Some text.\n\n## Not a title\n'
    assert.deepEqual(readPageSource(body), { markdown: body })
  })

  test('a leading level-1 heading is the title and leaves the body', ({ assert }) => {
    assert.deepEqual(readPageSource('# Getting *started*\n\nFirst paragraph.\n'), {
      title: 'Getting started',
      markdown: 'First paragraph.\n',
    })
  })

  test('a setext level-1 heading is a title too', ({ assert }) => {
    assert.deepEqual(readPageSource('Welcome\n=======\n\nBody\n'), {
      title: 'Welcome',
      markdown: 'Body\n',
    })
  })

  test('heading only gives a title and an empty body', ({ assert }) => {
    assert.deepEqual(readPageSource('# Only a title'), { title: 'Only a title', markdown: '' })
    assert.deepEqual(readPageSource('\n\n# Only a title\n\n'), {
      title: 'Only a title',
      markdown: '',
    })
  })

  test('a level-2 heading or a later level-1 heading is content', ({ assert }) => {
    assert.deepEqual(readPageSource('## Sub\n'), { markdown: '## Sub\n' })
    assert.deepEqual(readPageSource('Intro\n\n# Later\n'), { markdown: 'Intro\n\n# Later\n' })
  })

  test('a heading directly followed by text keeps the text', ({ assert }) => {
    assert.deepEqual(readPageSource('# Title\nText right below\n'), {
      title: 'Title',
      markdown: 'Text right below\n',
    })
  })

  test('a `#` inside a code fence is not a title', ({ assert }) => {
    const body = '```sh\n# comment\n```\n'
    assert.deepEqual(readPageSource(body), { markdown: body })
  })

  test('front matter sets the Git Sync metadata', ({ assert }) => {
    const source = [
      '---',
      'description: >-',
      '  A longer description',
      '  folded on two lines',
      'icon: rocket',
      'emoji: "🚀"',
      'hidden: true',
      'noIndex: false',
      'coverY: 0',
      'layout:',
      '  width: default',
      '  cover:',
      '    visible: true',
      '    size: hero',
      '  title:',
      '    visible: false',
      '  description:',
      '    visible: true',
      '  tableOfContents:',
      '    visible: true',
      '  outline:',
      '    visible: false',
      '  pagination:',
      '    visible: true',
      '---',
      '',
      '# The title',
      '',
      'Body text.',
      '',
    ].join('\n')
    assert.deepEqual(readPageSource(source), {
      markdown: 'Body text.\n',
      title: 'The title',
      description: 'A longer description folded on two lines',
      icon: 'rocket',
      emoji: '🚀',
      hidden: true,
      noIndex: false,
      layout: {
        cover: true,
        coverSize: 'hero',
        title: false,
        description: true,
        tableOfContents: true,
        outline: false,
        pagination: true,
      },
    })
  })

  test('layout flags may be plain booleans', ({ assert }) => {
    const result = readPageSource('---\nlayout:\n  title: false\n  outline: true\n---\nBody\n')
    assert.deepEqual(result.layout, { title: false, outline: true })
  })

  test('front matter only', ({ assert }) => {
    assert.deepEqual(readPageSource('---\ndescription: Just metadata\n---\n'), {
      markdown: '',
      description: 'Just metadata',
    })
    assert.deepEqual(readPageSource('---\ndescription: No final break\n---'), {
      markdown: '',
      description: 'No final break',
    })
  })

  test('empty front matter and `...` closing', ({ assert }) => {
    assert.deepEqual(readPageSource('---\n---\nBody\n'), { markdown: 'Body\n' })
    assert.deepEqual(readPageSource('---\nicon: book\n...\nBody\n'), {
      markdown: 'Body\n',
      icon: 'book',
    })
  })

  test('a title in the front matter wins and keeps the heading in the body', ({ assert }) => {
    assert.deepEqual(readPageSource('---\ntitle: From YAML\n---\n# Heading\n\nText\n'), {
      title: 'From YAML',
      markdown: '# Heading\n\nText\n',
    })
  })

  test('CRLF line endings', ({ assert }) => {
    const source =
      '---\r\ndescription: Windows\r\nhidden: true\r\n---\r\n# Title\r\n\r\nLine one\r\nLine two\r\n'
    assert.deepEqual(readPageSource(source), {
      title: 'Title',
      description: 'Windows',
      hidden: true,
      markdown: 'Line one\r\nLine two\r\n',
    })
  })

  test('a byte order mark is ignored', ({ assert }) => {
    assert.deepEqual(readPageSource('\uFEFF---\nicon: star\n---\n# T\n'), {
      icon: 'star',
      title: 'T',
      markdown: '',
    })
  })

  test('an unclosed `---` is not front matter', ({ assert }) => {
    const body = '---\n\nText after a rule\n'
    assert.deepEqual(readPageSource(body), { markdown: body })
  })

  test('unicode titles and body are kept as written', ({ assert }) => {
    assert.deepEqual(readPageSource('# Überblick — 概要 📘\n\nÇa marche.\n'), {
      title: 'Überblick — 概要 📘',
      markdown: 'Ça marche.\n',
    })
  })

  test('invalid YAML is an InvalidPageSourceError', ({ assert }) => {
    assert.throws(
      () => readPageSource('---\ndescription: [unclosed\n---\nBody\n'),
      /front matter is not valid YAML: .* \(line 3, column 1\)$/
    )
    try {
      readPageSource('---\na: 1\na: 2\n---\n')
      assert.fail('expected an error')
    } catch (error) {
      assert.instanceOf(error, InvalidPageSourceError)
    }
  })

  test('front matter that is not a mapping is rejected', ({ assert }) => {
    assert.throws(() => readPageSource('---\n- a\n- b\n---\n'), /must be a YAML mapping/)
    assert.throws(() => readPageSource('---\njust text\n---\n'), /must be a YAML mapping/)
  })

  test('wrongly typed key {key} is rejected')
    .with([
      {
        key: 'hidden',
        yaml: 'hidden: "yes"',
        message: 'The front matter key "hidden" must be true or false, got "yes"',
      },
      {
        key: 'noIndex',
        yaml: 'noIndex: 1',
        message: 'The front matter key "noIndex" must be true or false, got 1',
      },
      {
        key: 'description',
        yaml: 'description: 42',
        message: 'The front matter key "description" must be a string, got 42',
      },
      {
        key: 'icon',
        yaml: 'icon: [a]',
        message: 'The front matter key "icon" must be a string, got a list',
      },
      {
        key: 'layout',
        yaml: 'layout: wide',
        message: 'The front matter key "layout" must be a mapping, got "wide"',
      },
      {
        key: 'layout.title.visible',
        yaml: 'layout:\n  title:\n    visible: "no"',
        message: 'The front matter key "layout.title.visible" must be true or false, got "no"',
      },
      {
        key: 'layout.cover.size',
        yaml: 'layout:\n  cover:\n    size: huge',
        message: 'The front matter key "layout.cover.size" must be "hero" or "full", got "huge"',
      },
    ])
    .run(({ assert }, { yaml, message }) => {
      assert.throws(
        () => readPageSource(`---\n${yaml}\n---\nBody\n`),
        InvalidPageSourceError,
        message
      )
    })

  test('a long document stays fast', ({ assert }) => {
    const lines = ['---', 'description: Long', '---', '# Long page', '']
    for (let i = 0; i < 5000; i++)
      lines.push(i % 10 === 0 ? `## Section ${i}` : `Line ${i} with [a link](./x-${i}.md).`)
    let result: ReturnType<typeof readPageSource> = { markdown: '' }
    // Only the front matter and the first block are parsed, whatever the length.
    assert.isBelow(
      cpuMilliseconds(() => (result = readPageSource(lines.join('\n')))),
      200
    )
    assert.equal(result.title, 'Long page')
    assert.isTrue(result.markdown.startsWith('## Section 0\n'))
  })
})

import { test } from '@japa/runner'
import { markdownToPlainText } from '#content/markdown/plain_text'
import { CPU_BUDGET_MS, cpuMilliseconds, longDocument } from '#tests/helpers/markdown_fixtures'

test.group('markdownToPlainText', () => {
  test('empty input', ({ assert }) => {
    assert.equal(markdownToPlainText(''), '')
    assert.equal(markdownToPlainText('\n\n   \n'), '')
  })

  test('markup is removed, blocks are separated by line breaks', ({ assert }) => {
    const source = [
      '# Title',
      '',
      'Some **bold** and *italic* and `code` with a [link](https://x.example "t") and ![alt text](i.png).',
      '',
      '- one',
      '- two',
      '  1. nested',
      '',
      '> quoted ~~text~~',
      '',
      '---',
      '',
      '```js',
      'const a = "[x](y)"',
      '```',
      '',
      '| A | B |',
      '| - | - |',
      '| 1 | **2** |',
      '',
      '[ref]: https://ref.example',
    ].join('\n')
    assert.equal(
      markdownToPlainText(source),
      [
        'Title',
        'Some bold and italic and code with a link and alt text.',
        'one',
        'two',
        'nested',
        'quoted text',
        'const a = "[x](y)"',
        'A\tB',
        '1\t2',
      ].join('\n')
    )
  })

  test('GitBook block tags and HTML tags are dropped, their text kept', ({ assert }) => {
    const source =
      '{% hint style="info" %}\nMind the gap.\n{% endhint %}\n\n<div class="x"><b>Bold</b> &amp; more</div>\n\nText <kbd>Ctrl</kbd> key.\n'
    assert.equal(markdownToPlainText(source), 'Mind the gap.\nBold & more\nText Ctrl key.')
  })

  test('hard and soft line breaks are line breaks; CRLF becomes LF', ({ assert }) => {
    assert.equal(
      markdownToPlainText('one  \r\ntwo\r\nthree\r\n\r\nfour\r\n'),
      'one\ntwo\nthree\nfour'
    )
  })

  test('heading only and unicode', ({ assert }) => {
    assert.equal(markdownToPlainText('# 日本語 📘'), '日本語 📘')
    assert.equal(markdownToPlainText('Ça **marche** — très bien'), 'Ça marche — très bien')
  })

  test('5,000 lines stay fast', ({ assert }) => {
    const source = longDocument(5000)
    let text = ''
    assert.isBelow(
      cpuMilliseconds(() => (text = markdownToPlainText(source))),
      CPU_BUDGET_MS
    )
    assert.include(text, 'Section 1\nParagraph 1 with bold, code and a link to another.')
    assert.notInclude(text, '](./page-')
    assert.include(text, "const link = '[x](./not-a-link-1.md)'")
  }).timeout(30_000)
})

/*
| Hostile documents: markdown for page authoring and comments, and HTML pages served on
| 127.0.0.1 for website imports. Each is built by kind, so a report names what was sent.
*/
import http from 'node:http'

/** Markdown kinds, each `(rng) => string`. */
export const MARKDOWN = {
  'nested brackets': (rng) =>
    '['.repeat(rng.pick([1000, 5000, 20_000])) + 'x' + ']('.repeat(500) + ')'.repeat(500),
  'nested images': (rng) => '![a'.repeat(rng.pick([500, 3000])) + '](u)'.repeat(500),
  'blockquote x1500': () => '> '.repeat(1500) + 'deep quote',
  'nested lists': (rng) =>
    Array.from({ length: rng.pick([200, 1000]) }, (_, i) => `${'  '.repeat(i)}- item ${i}`).join(
      '\n'
    ),
  'nested emphasis': () => '*_'.repeat(5000) + 'x' + '_*'.repeat(5000),
  'table 2000 columns': () => {
    const columns = 2000
    const row = (cell) => `|${Array.from({ length: columns }, cell).join('|')}|`
    return [
      row((_, i) => `h${i}`),
      row(() => '---'),
      ...Array.from({ length: 5 }, (_, r) => row((_, i) => `${r}.${i}`)),
    ].join('\n')
  },
  'table 5000 rows': () =>
    ['| a | b |', '|---|---|', ...Array.from({ length: 5000 }, (_, i) => `| ${i} | x |`)].join(
      '\n'
    ),
  '20000 links': () =>
    Array.from({ length: 20_000 }, (_, i) => `[l${i}](https://example.com/${i})`).join(' '),
  '20000 reference links': () =>
    Array.from({ length: 20_000 }, (_, i) => `[r${i}]`).join(' ') +
    '\n\n' +
    Array.from({ length: 20_000 }, (_, i) => `[r${i}]: https://example.com/${i}`).join('\n'),
  '1 MB page': (rng) => {
    const paragraph = `${rng.string(60, 'abc def ghi jkl ')}\n\n`
    return `# Big\n\n${paragraph.repeat(Math.ceil(1_048_576 / paragraph.length))}`
  },
  'many headings': () =>
    Array.from({ length: 10_000 }, (_, i) => `${'#'.repeat((i % 6) + 1)} H${i}`).join('\n\n'),
  'unclosed fences': () => '```\n'.repeat(3000) + '~~~~\n'.repeat(3000),
  'html soup': () => '<div><span><details><summary>'.repeat(3000) + '</b>'.repeat(3000),
  'backticks': () => '`'.repeat(50_000),
  'entity flood': () => '&amp;&#x1F600;&#99999999;&bogus;'.repeat(20_000),
  'frontmatter': () =>
    `---\ntitle: ${'x'.repeat(100_000)}\ndescription: [${'['.repeat(3000)}\n---\n# t`,
  'math and hints': () =>
    '{% hint style="info" %}\n'.repeat(2000) + '$$\n'.repeat(2000) + '{% endhint %}\n'.repeat(100),
  'unicode mix': () =>
    '🦄\u200d\u202e'.repeat(10_000) + '\ud800' + 'A\u0301'.repeat(10_000) + '\u0000'.repeat(100),
}

/** HTML kinds for website imports, each `() => string` (a whole page). */
export const HTML = {
  'nested divs': () => '<div>'.repeat(20_000) + 'deep' + '</div>'.repeat(20_000),
  'nested blockquotes': () => '<blockquote>'.repeat(1500) + 'q',
  'nested lists': () => '<ul><li>'.repeat(3000) + 'x',
  'table 2000 columns': () =>
    `<table><tr>${'<th>h</th>'.repeat(2000)}</tr>${`<tr>${'<td>c</td>'.repeat(2000)}</tr>`.repeat(5)}</table>`,
  '20000 links': () =>
    Array.from({ length: 20_000 }, (_, i) => `<a href="/page-${i}">l${i}</a>`).join(' '),
  '1 MB page': () => `<h1>Big</h1>${'<p>lorem ipsum dolor sit amet</p>'.repeat(33_000)}`,
  'unclosed tags': () => '<p><b><i><a href="'.repeat(5000),
  'bad encoding': () => '<meta charset="utf-16"><p>\u00ff\u00fe\ud800 text</p>',
}

const page = (body) =>
  `<!doctype html><html><head><title>Hostile</title></head><body><main>${body}</main></body></html>`

/** Serves the HTML kinds at `/h/<index>` on 127.0.0.1:`port`. */
export function startHostileSite(port) {
  const kinds = Object.values(HTML)
  const server = http.createServer((req, res) => {
    const match = /^\/h\/(\d+)/.exec(req.url ?? '')
    const build = match ? kinds[Number(match[1])] : undefined
    if (!build) {
      res.writeHead(404).end()
      return
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    res.end(page(build()))
  })
  return new Promise((resolve, reject) => {
    server.once('error', reject).listen(port, '127.0.0.1', () => resolve(server))
  })
}

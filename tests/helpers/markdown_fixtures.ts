/**
 * CPU time allowed to one pass over a 5,000-line page (about 110 KB). micromark reads ~150-300 KB
 * of markdown per CPU second on this machine kind; a quadratic slip would take minutes. Generous,
 * since a process's CPU time includes its garbage collector's threads and grows on a loaded machine
 * (CI runs the two engines' suites side by side).
 */
export const CPU_BUDGET_MS = 6000

/**
 * A long page body of `lines` lines in the usual mix: headings, paragraphs with links and marks,
 * lists, code fences (holding link-like text) and images.
 */
export function longDocument(lines: number): string {
  const out: string[] = []
  let i = 0
  while (out.length < lines) {
    i++
    out.push(
      `## Section ${i}`,
      '',
      `Paragraph ${i} with **bold**, \`code\` and a [link](./page-${i}.md) to [another](/pages/abcdefghijABCDEFGHIJ#part-${i}).`,
      '',
      `- item ${i} with <https://auto.example/${i}>`,
      `  - nested [item](../up-${i}.md)`,
      '',
      '```js',
      `const link = '[x](./not-a-link-${i}.md)'`,
      '```',
      '',
      `![image ${i}](/files/file${i})`,
      ''
    )
  }
  return out.slice(0, lines).join('\n')
}

/** CPU milliseconds `work` takes in this process (robust to other processes loading the machine). */
export function cpuMilliseconds(work: () => void): number {
  const before = process.cpuUsage()
  work()
  const spent = process.cpuUsage(before)
  return (spent.user + spent.system) / 1000
}

/*
| Hostile shapes of issue 18: each made micromark or a converter stall (N² or just many items) or
| overflow the stack. Sizes are the issue's.
*/

/** `[[[…x…]]](u)`: N² in micromark's label end (40 KB took 8 s). */
export function nestedBrackets(depth: number): string {
  return `${'['.repeat(depth)}x${']'.repeat(depth)}(u)\n`
}

/** A table of `columns` columns: header, delimiter row and one row. */
export function wideTable(columns: number): string {
  return ['a', '-', 'b'].map((cell) => `|${`${cell}|`.repeat(columns)}`).join('\n') + '\n'
}

/** `count` inline links, one paragraph each. */
export function manyLinks(count: number): string {
  return Array.from({ length: count }, (_, i) => `[link ${i}](./page-${i}.md)`).join('\n\n') + '\n'
}

/** `"> "×depth`: 3 KB that overflowed the document converter's stack at 1,500. */
export function deepQuote(depth: number): string {
  return `${'> '.repeat(depth)}deep\n`
}

/** Unmatched `*` openers then `_` closers in one paragraph: N² in micromark's attention resolver. */
export function emphasisRuns(count: number): string {
  return `${'*a '.repeat(count)}${'a_ '.repeat(count)}\n`
}

/** `count` reference links and as many definitions: each `]` scans the definitions. */
export function manyReferences(count: number): string {
  const uses = Array.from({ length: count }, (_, i) => `[r${i}]`).join('\n\n')
  const definitions = Array.from({ length: count }, (_, i) => `[r${i}]: ./r-${i}.md`).join('\n')
  return `${uses}\n\n${definitions}\n`
}

/**
 * Runs `work` with CONTENT_LIMITS lifted, so that content over them can be stored as it was before
 * the limits existed; what is read afterwards sees the limits again.
 */
export async function withLimitsLifted<T>(work: () => Promise<T>): Promise<T> {
  const { CONTENT_LIMITS } = await import('#content/markdown/limits')
  const saved = { ...CONTENT_LIMITS }
  for (const key of Object.keys(CONTENT_LIMITS) as (keyof typeof CONTENT_LIMITS)[]) {
    CONTENT_LIMITS[key] = Number.POSITIVE_INFINITY
  }
  try {
    return await work()
  } finally {
    Object.assign(CONTENT_LIMITS, saved)
  }
}

/**
 * The longest a `/health` ping waited (milliseconds) while `work` ran: pings are sent one after
 * the other to the test server, which shares its event loop with the request under test, so a
 * request holding the loop shows as a long ping.
 */
export async function maxHealthStall<T>(
  work: () => Promise<T>
): Promise<{ result: T; stallMs: number }> {
  const url = `http://${process.env.HOST ?? '127.0.0.1'}:${process.env.PORT}/health`
  let done = false
  let stallMs = 0
  const pinging = (async () => {
    while (!done) {
      const started = performance.now()
      const response = await fetch(url)
      await response.arrayBuffer()
      stallMs = Math.max(stallMs, performance.now() - started)
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
  })()
  try {
    const result = await work()
    return { result, stallMs }
  } finally {
    done = true
    await pinging
  }
}

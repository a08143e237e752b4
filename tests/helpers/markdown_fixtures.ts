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

import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * Points the process's temporary directory (`os.tmpdir()`, read from TMPDIR at each call) at a
 * fresh directory of the test's own: suites that run side by side (CI's removable-domains check)
 * import into the shared one while a test counts or expects its files.
 */
export function useOwnTmpdir(prefix: string) {
  const previous = process.env.TMPDIR
  const directory = mkdtempSync(join(tmpdir(), prefix))
  process.env.TMPDIR = directory
  let restored = false
  /** Gives the process its temporary directory back (once; later calls do nothing). */
  const restore = () => {
    if (restored) return
    restored = true
    if (previous === undefined) delete process.env.TMPDIR
    else process.env.TMPDIR = previous
  }
  return {
    directory,
    restore,
    /** Restores the temporary directory and deletes the test's own. */
    remove: () => {
      restore()
      rmSync(directory, { recursive: true, force: true })
    },
  }
}

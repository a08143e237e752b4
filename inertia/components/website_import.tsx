import { useEffect, useState } from 'react'
import { router, useForm } from '@inertiajs/react'
import { bind, FormCard, TextField } from '~/components/form_fields'
import ConfirmButton from '~/components/confirm_button'
import { route } from '~/route'
import type { ImportRunProps, WebsiteImportProps } from '~/types'

/** How often the page asks for the progress of a run under way. */
const POLL_MS = 1000

const STATUS_LABELS: Record<ImportRunProps['status'], string> = {
  'pending': 'Waiting to start',
  'in-progress': 'Importing',
  'completed': 'Done',
  'failed': 'Failed',
  'cancelled': 'Cancelled',
}

function plural(count: number, one: string, many: string) {
  return `${count} ${count === 1 ? one : many}`
}

/**
 * "Import a website" on a space page: the form (for those who may import), then the latest run's
 * progress bar, polled every second while it runs; once it ends, the page's tree is reloaded and
 * the outcome shown (what was imported, what was left out and why).
 */
export default function WebsiteImport({
  spaceId,
  websiteImport,
}: {
  spaceId: string
  websiteImport: WebsiteImportProps
}) {
  const form = useForm({ url: '' })
  const latest = websiteImport.latest
  const [polled, setPolled] = useState<ImportRunProps | null>(null)
  // What the page polled of the server's latest run while the page still holds it as under way.
  const run = latest?.active && polled?.id === latest.id ? polled : latest

  useEffect(() => {
    if (!run?.active) return
    let stopped = false
    const url = route('console.imports.show', { spaceId, importRunId: run.id })
    const timer = setInterval(async () => {
      const response = await fetch(url, { headers: { accept: 'application/json' } }).catch(
        () => null
      )
      if (stopped || !response?.ok) return
      const next = (await response.json()) as ImportRunProps
      if (stopped) return
      setPolled(next)
      if (!next.active) router.reload({ only: ['pages', 'websiteImport'] })
    }, POLL_MS)
    return () => {
      stopped = true
      clearInterval(timer)
    }
  }, [run?.id, run?.active, spaceId])

  if (!websiteImport.canImport && !run) return null
  return (
    <div className="section website-import" data-testid="website-import">
      <h2>Import a website</h2>
      {run ? <ImportRunProgress spaceId={spaceId} run={run} /> : null}
      {websiteImport.canImport && !run?.active ? (
        <FormCard
          submitLabel="Import"
          testId="website-import-form"
          className="card settings-form website-import-form"
          processing={form.processing}
          onSubmit={() =>
            form.post(route('console.imports.store', { spaceId }), {
              preserveScroll: true,
              onSuccess: () => form.reset(),
            })
          }
        >
          <p className="muted">
            The pages of the site under this address, and their images, are added to the space as
            one new revision. The import runs in the background: you can leave this page.
          </p>
          <TextField
            label="Website address"
            type="url"
            placeholder="https://docs.example.com/"
            maxLength={2048}
            {...bind(form, 'url')}
          />
        </FormCard>
      ) : null}
    </div>
  )
}

function ImportRunProgress({ spaceId, run }: { spaceId: string; run: ImportRunProps }) {
  const [cancelling, setCancelling] = useState(false)
  const known = Math.max(run.totalResources, run.importedResources + run.failedResources)
  const done = run.status === 'completed' ? known : run.importedResources + run.failedResources
  const percent = known > 0 ? Math.round((done / known) * 100) : 0
  const indeterminate = run.active && known === 0

  return (
    <div
      className={`card import-run import-run-${run.status}`}
      data-testid="import-run"
      data-status={run.status}
    >
      <div className="import-run-head">
        <strong className="import-run-status">{STATUS_LABELS[run.status]}</strong>
        <span className="import-run-url" title={run.url}>
          {run.url}
        </span>
      </div>
      {run.status !== 'failed' && run.status !== 'cancelled' ? (
        <div
          className={`import-bar${indeterminate ? ' import-bar-indeterminate' : ''}`}
          role="progressbar"
          aria-label="Import progress"
          aria-valuemin={0}
          aria-valuemax={known}
          aria-valuenow={indeterminate ? undefined : done}
        >
          <div className="import-bar-fill" style={{ width: `${indeterminate ? 100 : percent}%` }} />
        </div>
      ) : null}
      <p className="import-run-counts" data-testid="import-counts">
        {run.status === 'completed'
          ? `${plural(run.importedResources, 'page or image', 'pages and images')} imported` +
            (run.failedResources > 0 ? `, ${run.failedResources} left out.` : '.')
          : run.status === 'failed'
            ? (run.reason ?? 'The import failed.')
            : run.status === 'cancelled'
              ? 'The import was cancelled: nothing was written to the space.'
              : known > 0
                ? `${run.importedResources} of ${plural(known, 'page or image', 'pages and images')} found so far`
                : 'Fetching the first page…'}
      </p>
      {run.status === 'completed' && run.errors.length > 0 ? (
        <details className="import-run-errors">
          <summary>What was left out</summary>
          <ul>
            {run.errors.map((error) => (
              <li key={error.url}>
                <code>{error.url}</code>: {error.reason}
              </li>
            ))}
            {run.failedResources > run.errors.length ? (
              <li className="muted">…and {run.failedResources - run.errors.length} more</li>
            ) : null}
          </ul>
        </details>
      ) : null}
      {run.canCancel ? (
        <ConfirmButton
          small
          label="Cancel import"
          confirmLabel="Yes, stop the import"
          busy={cancelling}
          onConfirm={(back) => {
            setCancelling(true)
            router.post(
              route('console.imports.cancel', { spaceId, importRunId: run.id }),
              {},
              {
                preserveScroll: true,
                onFinish: () => {
                  setCancelling(false)
                  back()
                },
              }
            )
          }}
        />
      ) : null}
    </div>
  )
}

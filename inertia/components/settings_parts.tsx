import { useRef, useState } from 'react'
import { Link } from '@inertiajs/react'
import { Field } from '~/components/form_fields'
import { route } from '~/route'
import type { OrganizationSettingsPageProps } from '~/types'

export type SettingsSection = 'general' | 'sso' | 'translations' | 'audit'

/**
 * The parts of an organization's settings the user may open, beside each other under the
 * organization's Settings tab.
 */
export function SettingsNavigation({
  organizationId,
  navigation,
  current,
}: {
  organizationId: string
  navigation: OrganizationSettingsPageProps['navigation']
  current: SettingsSection
}) {
  const params = { organizationId }
  const links: { id: SettingsSection; label: string; href: string; shown: boolean }[] = [
    {
      id: 'general',
      label: 'General',
      href: route('console.organizations.show', params),
      shown: true,
    },
    {
      id: 'sso',
      label: 'Single sign-on',
      href: route('console.sso.index', params),
      shown: navigation.sso,
    },
    {
      id: 'translations',
      label: 'Translations',
      href: route('console.translations.index', params),
      shown: navigation.translations,
    },
    {
      id: 'audit',
      label: 'Audit log',
      href: route('console.audit.index', params),
      shown: navigation.auditLog,
    },
  ]
  const shown = links.filter((link) => link.shown)
  if (shown.length < 2) return null
  return (
    <nav className="subnav" aria-label="Settings">
      {shown.map((link) => (
        <Link
          key={link.id}
          href={link.href}
          className={link.id === current ? 'subnav-link subnav-current' : 'subnav-link'}
          aria-current={link.id === current ? 'page' : undefined}
        >
          {link.label}
        </Link>
      ))}
    </nav>
  )
}

/**
 * A labelled checkbox, with a sentence that says what it does.
 */
export function CheckboxField({
  label,
  name,
  checked,
  hint,
  error,
  onChange,
}: {
  label: string
  name: string
  checked: boolean
  hint?: string
  error?: string
  onChange: (checked: boolean) => void
}) {
  return (
    <div className="field">
      <label className="checkbox">
        <input
          type="checkbox"
          name={name}
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
        />
        {label}
      </label>
      {hint ? <span className="muted field-hint">{hint}</span> : null}
      {error ? <span className="field-error">{error}</span> : null}
    </div>
  )
}

/**
 * A text to copy as it is (XML metadata, a certificate): shown in full, with a copy button; the
 * text is selected instead when the browser refuses the clipboard.
 */
export function CopyBlock({
  text,
  label,
  testId,
}: {
  text: string
  label: string
  testId?: string
}) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle')
  const block = useRef<HTMLPreElement>(null)
  async function copy() {
    try {
      await navigator.clipboard.writeText(text)
      setState('copied')
    } catch {
      const selection = window.getSelection()
      if (block.current && selection) selection.selectAllChildren(block.current)
      setState('failed')
    }
  }
  return (
    <div className="copy-block">
      <button type="button" className="button button-small button-quiet" onClick={copy}>
        {state === 'copied' ? 'Copied' : state === 'failed' ? 'Press Ctrl+C' : label}
      </button>
      <pre className="card markdown-source" ref={block} data-testid={testId}>
        {text}
      </pre>
    </div>
  )
}

/**
 * A text file's content read in the browser into a form field (a certificate file): files above
 * `maxBytes` are refused with `tooLarge`.
 */
export function TextFileInput({
  label,
  accept,
  maxBytes,
  tooLarge,
  error,
  onText,
  onError,
}: {
  label: string
  accept: string
  maxBytes: number
  tooLarge: string
  error?: string
  onText: (text: string) => void
  onError: (message: string) => void
}) {
  function read(file: File | undefined) {
    if (!file) return
    if (file.size > maxBytes) return onError(tooLarge)
    void file.text().then(onText)
  }
  return (
    <Field label={label} error={error}>
      <input type="file" accept={accept} onChange={(event) => read(event.target.files?.[0])} />
    </Field>
  )
}

const languageNames = (() => {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' })
  } catch {
    return null
  }
})()

/**
 * A language code as people read it ("pt-br" → "Brazilian Portuguese (pt-br)").
 */
export function languageName(code: string): string {
  let name: string | undefined
  try {
    name = languageNames?.of(code)
  } catch {
    name = undefined
  }
  return name && name.toLowerCase() !== code ? `${name} (${code})` : code
}

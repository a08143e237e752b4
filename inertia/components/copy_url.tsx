import { useRef, useState } from 'react'

/**
 * A URL to read and a button that copies it to the clipboard (the text is selected instead when
 * the browser refuses).
 */
export default function CopyUrl({
  url,
  label = 'Copy URL',
  ariaLabel = 'URL',
}: {
  url: string
  label?: string
  ariaLabel?: string
}) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle')
  const input = useRef<HTMLInputElement>(null)
  async function copy() {
    try {
      await navigator.clipboard.writeText(url)
      setState('copied')
    } catch {
      input.current?.select()
      setState('failed')
    }
  }
  return (
    <span className="copy-url">
      <input
        readOnly
        value={url}
        aria-label={ariaLabel}
        ref={input}
        onFocus={(event) => event.target.select()}
      />
      <button type="button" className="button button-small button-quiet" onClick={copy}>
        {state === 'copied' ? 'Copied' : state === 'failed' ? 'Press Ctrl+C' : label}
      </button>
    </span>
  )
}

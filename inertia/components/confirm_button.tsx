import { useState, type ReactNode } from 'react'

/**
 * A destructive action asked twice: the first click shows the confirmation and a way back, the
 * second runs `onConfirm`, which gets the way back to call once it is done. `wrap` frames the two
 * confirmation buttons.
 */
export default function ConfirmButton({
  label,
  confirmLabel,
  onConfirm,
  small = false,
  busy,
  wrap = (buttons) => buttons,
}: {
  label: string
  confirmLabel: string
  onConfirm: (cancel: () => void) => void
  small?: boolean
  busy?: boolean
  wrap?: (buttons: ReactNode) => ReactNode
}) {
  const [confirming, setConfirming] = useState(false)
  const button = small ? 'button button-small' : 'button'
  if (!confirming) {
    return (
      <button
        type="button"
        className={`${button} button-danger button-quiet`}
        onClick={() => setConfirming(true)}
      >
        {label}
      </button>
    )
  }
  const cancel = () => setConfirming(false)
  return wrap(
    <>
      <button
        type="button"
        className={`${button} button-danger`}
        onClick={() => onConfirm(cancel)}
        disabled={busy}
      >
        {confirmLabel}
      </button>
      <button type="button" className={`${button} button-quiet`} onClick={cancel}>
        Cancel
      </button>
    </>
  )
}

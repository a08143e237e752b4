import type { ReactNode } from 'react'

/**
 * One row of a settings list (`<dl className="card settings">`).
 */
export default function Setting({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="setting">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  )
}

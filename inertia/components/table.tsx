import type { ReactNode } from 'react'

/**
 * A list of records as a table: its column headings (false leaves a column out), then its rows.
 */
export default function Table({
  columns,
  testId,
  children,
}: {
  columns: (string | false)[]
  testId?: string
  children: ReactNode
}) {
  return (
    <table className="card table" data-testid={testId}>
      <thead>
        <tr>
          {columns
            .filter((column) => column !== false)
            .map((column) => (
              <th key={column}>{column}</th>
            ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  )
}

import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react'
import { EditorView, basicSetup } from 'codemirror'
import { markdown } from '@codemirror/lang-markdown'

/**
 * What a page can ask of the editor: text inserted at a position (the cursor when absent), and
 * where the cursor is.
 */
export type MarkdownEditorHandle = {
  insert: (text: string, at?: number) => void
  cursor: () => number
}

/**
 * A CodeMirror 6 markdown editor (in the browser only). `initial` is its text when it opens (it
 * is not controlled: `onChange` reports each change). Files dropped onto it go to `onDropFiles`
 * with the position they were dropped at.
 */
const MarkdownEditor = forwardRef<
  MarkdownEditorHandle,
  {
    initial: string
    onChange: (text: string) => void
    onDropFiles: (files: File[], at: number) => void
    label: string
  }
>(function Editor({ initial, onChange, onDropFiles, label }, ref) {
  const parent = useRef<HTMLDivElement>(null)
  const view = useRef<EditorView | null>(null)
  // The latest callbacks, for the editor's listeners made once.
  const callbacks = useRef({ onChange, onDropFiles })
  callbacks.current = { onChange, onDropFiles }

  useEffect(() => {
    const editor = new EditorView({
      doc: initial,
      parent: parent.current!,
      extensions: [
        basicSetup,
        markdown(),
        EditorView.lineWrapping,
        EditorView.contentAttributes.of({ 'aria-label': label }),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) callbacks.current.onChange(update.state.doc.toString())
        }),
        EditorView.domEventHandlers({
          dragover: (event) => {
            if (event.dataTransfer?.types.includes('Files')) event.preventDefault()
            return false
          },
          drop: (event, target) => {
            const files = [...(event.dataTransfer?.files ?? [])]
            if (files.length === 0) return false
            event.preventDefault()
            const at =
              target.posAtCoords({ x: event.clientX, y: event.clientY }) ??
              target.state.selection.main.head
            callbacks.current.onDropFiles(files, at)
            return true
          },
        }),
      ],
    })
    view.current = editor
    return () => editor.destroy()
    // The editor is made once; `initial` only seeds it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  useImperativeHandle(ref, () => ({
    insert(text, at) {
      const editor = view.current
      if (!editor) return
      const from = Math.min(at ?? editor.state.selection.main.head, editor.state.doc.length)
      editor.dispatch({
        changes: { from, insert: text },
        selection: { anchor: from + text.length },
        scrollIntoView: true,
      })
      editor.focus()
    },
    cursor: () => view.current?.state.selection.main.head ?? 0,
  }))

  return <div className="markdown-editor" ref={parent} data-testid="markdown-editor" />
})

export default MarkdownEditor

import { ArrowDownTray, Spinner } from "@medusajs/icons"
import { clx, Text } from "@medusajs/ui"
import { useId, useRef, useState, type ChangeEvent, type DragEvent } from "react"

type ImageDropzoneProps = {
  label: string
  hint?: string
  /** Nothing can be picked (e.g. while editing a product). */
  disabled?: boolean
  /** The name of the file being uploaded; shows the spinner and disables the input. */
  uploadingName?: string | null
  multiple?: boolean
  onFiles: (files: File[]) => void
  testId?: string
}

/**
 * Drag and drop, or click to pick, image files. The input stays in the page
 * (hidden) so keyboards and tests can use it; while an upload runs it is
 * disabled and a spinner shows the file's name.
 */
export const ImageDropzone = ({
  label,
  hint,
  disabled,
  uploadingName,
  multiple,
  onFiles,
  testId,
}: ImageDropzoneProps) => {
  const inputId = useId()
  const inputRef = useRef<HTMLInputElement>(null)
  const [dragOver, setDragOver] = useState(false)
  const inactive = Boolean(disabled || uploadingName)

  const take = (list: FileList | null) => {
    const files = Array.from(list ?? [])
    if (!inactive && files.length) onFiles(multiple ? files : files.slice(0, 1))
  }

  const onDrop = (event: DragEvent) => {
    event.preventDefault()
    setDragOver(false)
    take(event.dataTransfer?.files ?? null)
  }

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    take(event.target.files)
    // picking the same file again still reports a change
    event.target.value = ""
  }

  return (
    <div data-testid={testId}>
      <label
        htmlFor={inputId}
        onDragOver={(e) => {
          e.preventDefault()
          if (!inactive) setDragOver(true)
        }}
        onDragLeave={() => setDragOver(false)}
        onDrop={onDrop}
        aria-disabled={inactive}
        className={clx(
          "bg-ui-bg-component border-ui-border-strong transition-fg flex w-full flex-col items-center gap-y-2 rounded-lg border border-dashed p-6 text-center",
          inactive ? "cursor-not-allowed opacity-60" : "hover:border-ui-border-interactive cursor-pointer",
          { "!border-ui-border-interactive bg-ui-bg-component-hover": dragOver }
        )}
      >
        {uploadingName ? (
          <div className="text-ui-fg-subtle flex items-center gap-x-2" role="status" data-testid="upload-progress">
            <Spinner className="animate-spin" />
            <Text size="small">Uploading {uploadingName}…</Text>
          </div>
        ) : (
          <div className="text-ui-fg-subtle flex items-center gap-x-2">
            <ArrowDownTray />
            <Text size="small">{label}</Text>
          </div>
        )}
        {hint ? (
          <Text size="xsmall" className="text-ui-fg-muted">
            {hint}
          </Text>
        ) : null}
      </label>
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        accept="image/*"
        multiple={multiple}
        disabled={inactive}
        onChange={onChange}
        className="sr-only"
        aria-label={label}
      />
    </div>
  )
}

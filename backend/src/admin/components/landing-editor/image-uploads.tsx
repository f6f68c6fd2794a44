import { XMark } from "@medusajs/icons"
import { Button, IconButton, Text, toast } from "@medusajs/ui"
import { useState } from "react"
import { uploadLandingImage } from "../../hooks/use-landing-pages"
import { uploadErrorMessage } from "../../lib/errors"
import { MAX_IMAGES } from "../../lib/landing-pages"
import { prepareImage } from "../../lib/shrink-image"
import { ImageDropzone } from "../image-dropzone"

const ACCEPTED_HINT = "PNG, JPG, WEBP up to 5MB"

/**
 * A list of images (the hero gallery, the page gallery): each picked file is
 * checked (a photo over 5 MB is shrunk first, shrink-image.ts), uploaded and
 * added ('Image added! Total: N'); 'Image removed' and 'All images cleared'
 * when taken away (SPEC.md section 2.16).
 */
export const ImageListUpload = ({
  label,
  images,
  onChange,
  testId,
}: {
  label: string
  images: string[]
  onChange: (images: string[]) => void
  testId?: string
}) => {
  const [uploadingName, setUploadingName] = useState<string | null>(null)

  const onFiles = async (files: File[]) => {
    let list = [...images]
    for (const file of files) {
      if (list.length >= MAX_IMAGES) {
        toast.error(`At most ${MAX_IMAGES} images`)
        break
      }
      // the spinner shows while a photo over 5 MB is shrunk, too
      setUploadingName(file.name)
      const ready = await prepareImage(file)
      if (!ready.file) {
        toast.error(ready.problem)
        continue
      }
      try {
        const { url } = await uploadLandingImage(ready.file)
        list = [...list, url]
        onChange(list)
        toast.success(`Image added! Total: ${list.length}`)
      } catch (error) {
        toast.error(uploadErrorMessage(error))
      }
    }
    setUploadingName(null)
  }

  const removeAt = (index: number) => {
    onChange(images.filter((_, i) => i !== index))
    toast.success("Image removed")
  }

  const clearAll = () => {
    onChange([])
    toast.success("All images cleared")
  }

  return (
    <div className="flex flex-col gap-y-2" data-testid={testId}>
      <div className="flex items-center justify-between">
        <Text size="small" weight="plus">
          {label} ({images.length})
        </Text>
        {images.length > 0 ? (
          <Button type="button" size="small" variant="transparent" onClick={clearAll} disabled={Boolean(uploadingName)}>
            Clear all
          </Button>
        ) : null}
      </div>
      <ImageDropzone
        label="Drag & Drop or click to upload images"
        hint={ACCEPTED_HINT}
        multiple
        uploadingName={uploadingName}
        onFiles={(files) => void onFiles(files)}
      />
      {images.length > 0 ? (
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4" aria-label={`${label} images`}>
          {images.map((url, index) => (
            <li
              key={`${url}-${index}`}
              className="relative overflow-hidden rounded-md border"
              data-testid="uploaded-image"
            >
              <img src={url} alt={`${label} ${index + 1}`} className="h-20 w-full object-cover" />
              {index === 0 ? (
                <span className="txt-compact-xsmall bg-ui-bg-base/80 absolute bottom-1 left-1 rounded px-1">Main</span>
              ) : null}
              <IconButton
                type="button"
                size="2xsmall"
                variant="primary"
                className="absolute right-1 top-1"
                aria-label={`Remove image ${index + 1}`}
                disabled={Boolean(uploadingName)}
                onClick={() => removeAt(index)}
              >
                <XMark />
              </IconButton>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}

/** One image (a testimonial's photo): 'Image uploaded successfully!' when stored. */
export const SingleImageUpload = ({
  label,
  value,
  onChange,
}: {
  label: string
  value: string
  onChange: (url: string) => void
}) => {
  const [uploadingName, setUploadingName] = useState<string | null>(null)

  const onFiles = async ([file]: File[]) => {
    // the spinner shows while a photo over 5 MB is shrunk, too
    setUploadingName(file.name)
    try {
      const ready = await prepareImage(file)
      if (!ready.file) {
        toast.error(ready.problem)
        return
      }
      const { url } = await uploadLandingImage(ready.file)
      onChange(url)
      toast.success("Image uploaded successfully!")
    } catch (error) {
      toast.error(uploadErrorMessage(error))
    } finally {
      setUploadingName(null)
    }
  }

  return (
    <div className="flex flex-col gap-y-2">
      <Text size="small" weight="plus">
        {label}
      </Text>
      {value ? (
        <div className="flex items-center gap-x-3 rounded-lg border p-2">
          <img src={value} alt={label} className="h-12 w-12 rounded-full object-cover" />
          <Text size="xsmall" className="text-ui-fg-subtle min-w-0 flex-1 truncate">
            {value.split("/").pop()}
          </Text>
          <IconButton
            type="button"
            size="small"
            variant="transparent"
            aria-label={`Remove ${label}`}
            onClick={() => onChange("")}
          >
            <XMark />
          </IconButton>
        </div>
      ) : (
        <ImageDropzone
          label="Drag & Drop or click to upload Image"
          hint={ACCEPTED_HINT}
          uploadingName={uploadingName}
          onFiles={(files) => void onFiles(files)}
        />
      )}
    </div>
  )
}

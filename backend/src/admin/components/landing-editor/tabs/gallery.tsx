import { SwitchField } from "../fields"
import { ImageListUpload } from "../image-uploads"
import { Card, patch, type TabProps } from "./shared"

export const GalleryCard = ({ state, setState }: TabProps) => {
  const gallery = patch(setState, "gallery")
  return (
    <Card title="Gallery">
      <SwitchField
        label="Show Gallery"
        checked={state.gallery.showGallery}
        onChange={(showGallery) => gallery({ showGallery })}
      />
      <ImageListUpload
        testId="gallery-images"
        label="Gallery Images"
        images={state.gallery.images}
        onChange={(images) => gallery({ images })}
      />
    </Card>
  )
}

import type { TimelineImage as ShownImage } from '@recall/core/view';
import type { RecallClientSnapshot } from '@recall/ws';
import { forwardRef, useMemo } from 'react';
import { createRequiredContext, useRequiredContext } from '../../internal/primitive';
import { Primitive, type PrimitiveProps } from '../../internal/primitive';
import { useSnapshotSelector } from '../../provider/recall-provider';

interface ImageContextValue {
  image: ShownImage;
  /** The `alt` text when the image has no caption. */
  fallbackAlt: string;
}

const imageContext = /* @__PURE__ */ createRequiredContext<ImageContextValue>('SessionImage.Root');

const selectLatestImage = ({ timeline }: RecallClientSnapshot) =>
  timeline.findLast((item): item is ShownImage => item.kind === 'image') ?? null;

/** Props of `SessionImage.Root`. */
export interface SessionImageRootProps extends PrimitiveProps<'figure'> {
  /** The image to show (e.g. one of `useRecallSession().images`); defaults to the latest shown. */
  image?: ShownImage;
  /** The `alt` text of an image without a caption. @default 'Image shared by the Agent' */
  fallbackAlt?: string;
}

/**
 * An image the agent showed (`show_image`), as a `<figure>` with its caption. Renders nothing
 * until there is one; renders the image and caption when given no children.
 */
export const SessionImageRoot = /* @__PURE__ */ forwardRef<HTMLElement, SessionImageRootProps>(
  function SessionImageRoot(
    { image: imageProp, fallbackAlt = 'Image shared by the Agent', children, ...props },
    ref,
  ) {
    const latest = useSnapshotSelector('SessionImage.Root', selectLatestImage);
    const image = imageProp ?? latest;
    const value = useMemo(
      () => (image === null ? null : { image, fallbackAlt }),
      [image, fallbackAlt],
    );
    if (value === null) return null;
    return (
      <imageContext.Provider value={value}>
        <Primitive.figure data-resource-id={value.image.resourceId} {...props} ref={ref}>
          {children ?? (
            <>
              <SessionImageImage />
              <SessionImageCaption />
            </>
          )}
        </Primitive.figure>
      </imageContext.Provider>
    );
  },
);

/** The `<img>`; its `alt` is the caption (or the fallback text). */
export const SessionImageImage = /* @__PURE__ */ forwardRef<
  HTMLImageElement,
  PrimitiveProps<'img'>
>(function SessionImageImage(props, ref) {
  const { image, fallbackAlt } = useRequiredContext(imageContext, 'SessionImage.Image');
  return <Primitive.img src={image.url} alt={image.caption ?? fallbackAlt} {...props} ref={ref} />;
});

/** The caption, when the image has one. */
export const SessionImageCaption = /* @__PURE__ */ forwardRef<
  HTMLElement,
  PrimitiveProps<'figcaption'>
>(function SessionImageCaption({ children, ...props }, ref) {
  const { image } = useRequiredContext(imageContext, 'SessionImage.Caption');
  if (image.caption === undefined && children === undefined) return null;
  return (
    <Primitive.figcaption {...props} ref={ref}>
      {children ?? image.caption}
    </Primitive.figcaption>
  );
});

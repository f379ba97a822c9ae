import type { TimelineResource as ShownResource } from '@recall/core/view';
import type { RecallClientSnapshot } from '@recall/ws';
import { forwardRef, useId, useMemo } from 'react';
import { createRequiredContext, useRequiredContext } from '../../internal/primitive';
import { Primitive, type PrimitiveProps } from '../../internal/primitive';
import { useSnapshotSelector } from '../../provider/recall-provider';

interface ResourceContextValue {
  resource: ShownResource;
  titleId: string;
}

const resourceContext =
  /* @__PURE__ */ createRequiredContext<ResourceContextValue>('ResourceCard.Root');

const selectLatestResource = ({ timeline }: RecallClientSnapshot) =>
  timeline.findLast((item): item is ShownResource => item.kind === 'resource') ?? null;

/** Props of `ResourceCard.Root`. */
export interface ResourceCardRootProps extends Omit<PrimitiveProps<'article'>, 'resource'> {
  /** The resource to show (e.g. one of `useRecallSession().resources`); defaults to the latest. */
  resource?: ShownResource;
}

/**
 * A text resource the agent showed (`show_resource`): title and snippet, as an `<article>`
 * named by its title. Renders nothing until there is one; renders both parts when given no
 * children.
 */
export const ResourceCardRoot = /* @__PURE__ */ forwardRef<HTMLElement, ResourceCardRootProps>(
  function ResourceCardRoot({ resource: resourceProp, children, ...props }, ref) {
    const latest = useSnapshotSelector('ResourceCard.Root', selectLatestResource);
    const resource = resourceProp ?? latest;
    const titleId = useId();
    const value = useMemo(
      () => (resource === null ? null : { resource, titleId }),
      [resource, titleId],
    );
    if (value === null) return null;
    return (
      <resourceContext.Provider value={value}>
        <Primitive.article
          aria-labelledby={titleId}
          data-resource-id={value.resource.resourceId}
          {...props}
          ref={ref}
        >
          {children ?? (
            <>
              <ResourceCardTitle />
              <ResourceCardSnippet />
            </>
          )}
        </Primitive.article>
      </resourceContext.Provider>
    );
  },
);

/** The resource's title (names the card; use `asChild` to render a heading). */
export const ResourceCardTitle = /* @__PURE__ */ forwardRef<
  HTMLParagraphElement,
  PrimitiveProps<'p'>
>(function ResourceCardTitle({ children, ...props }, ref) {
  const { resource, titleId } = useRequiredContext(resourceContext, 'ResourceCard.Title');
  return (
    <Primitive.p data-part="title" {...props} id={titleId} ref={ref}>
      {children ?? resource.title}
    </Primitive.p>
  );
});

/** The resource's snippet (at most ~200 characters). */
export const ResourceCardSnippet = /* @__PURE__ */ forwardRef<
  HTMLParagraphElement,
  PrimitiveProps<'p'>
>(function ResourceCardSnippet({ children, ...props }, ref) {
  const { resource } = useRequiredContext(resourceContext, 'ResourceCard.Snippet');
  return (
    <Primitive.p data-part="snippet" {...props} ref={ref}>
      {children ?? resource.snippet}
    </Primitive.p>
  );
});

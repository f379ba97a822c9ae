import {
  Children,
  type HTMLAttributes,
  type ReactElement,
  type ReactNode,
  type Ref,
  cloneElement,
  forwardRef,
  isValidElement,
  version,
} from 'react';
import { composeRefs } from './compose-refs';

/** Props of {@link Slot}: any HTML attributes, merged into its single child element. */
export interface SlotProps extends HTMLAttributes<HTMLElement> {
  children?: ReactNode;
}

type AnyProps = Record<string, unknown>;

const reactMajor = /* @__PURE__ */ Number.parseInt(version, 10);

// React 19 moved `ref` into props; reading `element.ref` there logs a warning.
function getElementRef(element: ReactElement): Ref<unknown> | undefined {
  if (reactMajor >= 19) return (element.props as { ref?: Ref<unknown> }).ref;
  return (element as unknown as { ref?: Ref<unknown> }).ref;
}

function mergeProps(slotProps: AnyProps, childProps: AnyProps): AnyProps {
  const merged: AnyProps = { ...slotProps, ...childProps };
  for (const name of Object.keys(slotProps)) {
    const slotValue = slotProps[name];
    const childValue = childProps[name];
    if (/^on[A-Z]/.test(name) && typeof slotValue === 'function') {
      // The child's own handler runs first, like an event bubbling out of it.
      merged[name] =
        typeof childValue === 'function'
          ? (...args: unknown[]) => {
              childValue(...args);
              slotValue(...args);
            }
          : slotValue;
    } else if (name === 'style' && slotValue && childValue) {
      merged[name] = { ...(slotValue as object), ...(childValue as object) };
    } else if (name === 'className' && slotValue && childValue) {
      merged[name] = `${String(slotValue)} ${String(childValue)}`;
    }
  }
  return merged;
}

/**
 * Renders its only child element with the slot's props merged in (handlers composed, refs
 * composed, class names joined). Powers every part's `asChild` prop.
 */
export const Slot = /* @__PURE__ */ forwardRef<HTMLElement, SlotProps>(function Slot(
  { children, ...slotProps },
  forwardedRef,
) {
  if (!isValidElement(children)) {
    // Children.only throws a clear error for several children; nothing renders for none.
    if (Children.count(children) > 1) Children.only(null);
    return null;
  }
  const childRef = getElementRef(children);
  return cloneElement(children, {
    ...mergeProps(slotProps as AnyProps, children.props as AnyProps),
    ref: forwardedRef ? composeRefs(forwardedRef, childRef) : childRef,
  } as AnyProps);
});
Slot.displayName = 'Slot';

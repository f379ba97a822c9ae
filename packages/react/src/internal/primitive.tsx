import {
  type ComponentPropsWithoutRef,
  type ComponentRef,
  type ForwardRefExoticComponent,
  type RefAttributes,
  forwardRef,
} from 'react';
import { Slot } from './slot';
import { type Context, createContext, useContext } from 'react';

const TAGS = [
  'article',
  'button',
  'div',
  'figcaption',
  'figure',
  'form',
  'h2',
  'img',
  'li',
  'ol',
  'p',
  'span',
  'textarea',
  'time',
  'ul',
] as const;

type Tag = (typeof TAGS)[number];

/** Props of a primitive element: its HTML props plus `asChild`. */
export type PrimitiveProps<T extends Tag> = ComponentPropsWithoutRef<T> & {
  /** Render the single child element instead, merging these props and the ref into it. */
  asChild?: boolean;
};

type PrimitiveComponent<T extends Tag> = ForwardRefExoticComponent<
  PrimitiveProps<T> & RefAttributes<ComponentRef<T>>
>;

function createPrimitive<T extends Tag>(tag: T): PrimitiveComponent<T> {
  const component = forwardRef<ComponentRef<T>, PrimitiveProps<T>>(
    // biome-ignore lint/correctness/noComponentHookFactories: one component per tag, made once at module load.
    function PrimitiveElement(props, ref) {
      const { asChild, ...rest } = props;
      const Component = (asChild ? Slot : tag) as unknown as 'div';
      return <Component {...(rest as ComponentPropsWithoutRef<'div'>)} ref={ref as never} />;
    },
  );
  component.displayName = `Primitive.${tag}`;
  return component as unknown as PrimitiveComponent<T>;
}

/** One `asChild`-capable component per HTML element our parts render. */
export const Primitive = /* @__PURE__ */ Object.fromEntries(
  TAGS.map((tag) => [tag, createPrimitive(tag)]),
) as {
  [T in Tag]: PrimitiveComponent<T>;
};

/** A context that knows the name of its provider, for {@link useRequiredContext}'s error. */
export type RequiredContext<T> = Context<T | undefined> & { readonly providerName: string };

/** Creates a {@link RequiredContext} provided by the component named `providerName`. */
export function createRequiredContext<T>(providerName: string): RequiredContext<T> {
  const context = createContext<T | undefined>(undefined);
  context.displayName = providerName;
  return Object.assign(context, { providerName });
}

/**
 * The context's value. Outside its provider, throws an error naming both the component that
 * used it and the provider it is missing, instead of failing later on `undefined`.
 */
export function useRequiredContext<T>(context: RequiredContext<T>, consumerName: string): T {
  const value = useContext(context);
  if (value === undefined) {
    throw new Error(`\`${consumerName}\` must be used within \`${context.providerName}\`.`);
  }
  return value;
}

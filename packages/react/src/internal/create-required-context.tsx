import { type Context, createContext, useContext } from 'react';

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

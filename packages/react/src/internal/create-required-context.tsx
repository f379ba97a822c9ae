import { type Context, type ReactNode, createContext, useContext } from 'react';

/**
 * A context whose consumer throws an error naming both the component that used it and the
 * provider it is missing, instead of failing later on `undefined`.
 */
export function createRequiredContext<T>(providerName: string): {
  context: Context<T | undefined>;
  Provider: (props: { value: T; children?: ReactNode }) => ReactNode;
  useRequired: (consumerName: string) => T;
} {
  const context = createContext<T | undefined>(undefined);
  context.displayName = providerName;
  const Provider = ({ value, children }: { value: T; children?: ReactNode }) => (
    <context.Provider value={value}>{children}</context.Provider>
  );
  const useRequired = (consumerName: string): T => {
    const value = useContext(context);
    if (value === undefined) {
      throw new Error(`\`${consumerName}\` must be used within \`${providerName}\`.`);
    }
    return value;
  };
  return { context, Provider, useRequired };
}

/** The `useSyncExternalStore` shape: what `RecallClient` offers and what the throttle wraps. */
export interface ExternalStore<S> {
  subscribe(listener: () => void): () => void;
  getSnapshot(): S;
}

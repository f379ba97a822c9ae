export {
  ResourceCardRoot as Root,
  ResourceCardTitle as Title,
  ResourceCardSnippet as Snippet,
} from './resource-card';
export type { ResourceCardRootProps as RootProps } from './resource-card';

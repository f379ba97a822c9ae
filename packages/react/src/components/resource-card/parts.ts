export {
  ResourceCardRoot as Root,
  ResourceCardTitle as Title,
  ResourceCardSnippet as Snippet,
} from './resource-card';

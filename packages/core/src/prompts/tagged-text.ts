// XML-style tags structure every prompt we send: models follow them well, and the offline
// adapter parses the same tags back, so both read one format.

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** Escapes text for use inside a tag or an attribute value. */
export function escapeTagText(text: string): string {
  return text.replace(/[&<>"]/g, (character) => ESCAPES[character]!);
}

/**
 * Neutralises text from outside — the learner's words — before it goes into a prompt next to
 * the tagged sections the engine writes: every `<` becomes `&lt;`, so the text can neither open
 * nor close a section, whatever follows the `<` (spaces, `!--`, zero-width characters, other
 * scripts). Nothing else changes; the model reads `&lt;` as `<`.
 */
export function neutralizeTags(text: string): string {
  return text.replaceAll('<', '&lt;');
}

/** Reverses {@link escapeTagText}. */
export function unescapeTagText(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

/** `<name a="1">body</name>`; `body` is inserted as is (escape text yourself). */
export function tag(name: string, body: string, attributes: Record<string, string> = {}): string {
  const attributeText = Object.entries(attributes)
    .map(([key, value]) => ` ${key}="${escapeTagText(value)}"`)
    .join('');
  return `<${name}${attributeText}>${body}</${name}>`;
}

/** A tag whose body is escaped text. */
export function textTag(
  name: string,
  text: string,
  attributes: Record<string, string> = {},
): string {
  return tag(name, escapeTagText(text), attributes);
}

/** One parsed element: its attributes (unescaped) and raw body. */
export interface TaggedElement {
  attributes: Record<string, string>;
  body: string;
}

/** Every `<name …>…</name>` in `text`, in order (elements of one name must not nest). */
export function findTags(text: string, name: string): TaggedElement[] {
  const pattern = new RegExp(`<${name}((?:\\s+[\\w-]+="[^"]*")*)\\s*>([\\s\\S]*?)</${name}>`, 'g');
  const elements: TaggedElement[] = [];
  for (const match of text.matchAll(pattern)) {
    const attributes: Record<string, string> = {};
    for (const attribute of (match[1] ?? '').matchAll(/([\w-]+)="([^"]*)"/g)) {
      attributes[attribute[1]!] = unescapeTagText(attribute[2]!);
    }
    elements.push({ attributes, body: match[2] ?? '' });
  }
  return elements;
}

/** The unescaped body of the first `<name>` in `text`, or undefined. */
export function findTagText(text: string, name: string): string | undefined {
  const element = findTags(text, name)[0];
  return element === undefined ? undefined : unescapeTagText(element.body);
}

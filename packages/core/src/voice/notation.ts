/**
 * One piece of a message: plain text, LaTeX maths or code. `raw` is the exact source slice
 * (delimiters included), so a renderer can always fall back to showing it unchanged.
 */
export type NotationSegment =
  | { type: 'text'; raw: string }
  | { type: 'math'; display: boolean; source: string; raw: string }
  | { type: 'code'; block: boolean; code: string; language?: string; raw: string };

type Match = { segment: NotationSegment; end: number };

/**
 * Splits text into plain text, `$$…$$` / `$…$` maths and fenced / inline backtick code,
 * matching block forms first. Joining every segment's `raw` gives back the input exactly.
 * Inline maths follows Pandoc's rule — no space just inside the dollars and no digit right
 * after the closing one — so prices such as "$5 and $10" stay text. `\$` is a literal dollar.
 *
 * @example
 * parseNotation('so $E = mc^2$ holds') // text, math (inline), text
 */
export function parseNotation(text: string): NotationSegment[] {
  const segments: NotationSegment[] = [];
  let textStart = 0;
  let index = 0;
  while (index < text.length) {
    const character = text[index];
    if (character === '\\' && text[index + 1] === '$') {
      index += 2;
      continue;
    }
    const match =
      character === '`'
        ? (matchCodeBlock(text, index) ?? matchInlineCode(text, index))
        : character === '$'
          ? (matchDisplayMath(text, index) ?? matchInlineMath(text, index))
          : undefined;
    if (!match) {
      index += 1;
      continue;
    }
    if (index > textStart) segments.push({ type: 'text', raw: text.slice(textStart, index) });
    segments.push(match.segment);
    index = match.end;
    textStart = index;
  }
  if (textStart < text.length) segments.push({ type: 'text', raw: text.slice(textStart) });
  return segments;
}

/** Whether the text contains any maths or code notation. */
export function hasNotation(text: string): boolean {
  return parseNotation(text).some((segment) => segment.type !== 'text');
}

function matchCodeBlock(text: string, start: number): Match | undefined {
  if (!text.startsWith('```', start)) return undefined;
  const close = text.indexOf('```', start + 3);
  if (close === -1) return undefined;
  const inner = text.slice(start + 3, close);
  const firstLineEnd = inner.indexOf('\n');
  const firstLine = firstLineEnd === -1 ? '' : inner.slice(0, firstLineEnd);
  const hasLanguage = /^[\w+#.-]+$/.test(firstLine.trim());
  const body = hasLanguage ? inner.slice(firstLineEnd + 1) : inner;
  const code = body.replace(/^\n/, '').replace(/\n$/, '');
  if (code.trim() === '') return undefined;
  const end = close + 3;
  return {
    segment: {
      type: 'code',
      block: true,
      code,
      ...(hasLanguage ? { language: firstLine.trim() } : {}),
      raw: text.slice(start, end),
    },
    end,
  };
}

function matchInlineCode(text: string, start: number): Match | undefined {
  const close = text.indexOf('`', start + 1);
  if (close === -1) return undefined;
  const code = text.slice(start + 1, close);
  if (code.trim() === '' || code.includes('\n')) return undefined;
  const end = close + 1;
  return { segment: { type: 'code', block: false, code, raw: text.slice(start, end) }, end };
}

function matchDisplayMath(text: string, start: number): Match | undefined {
  if (!text.startsWith('$$', start)) return undefined;
  const close = findUnescaped(text, '$$', start + 2);
  if (close === -1) return undefined;
  const source = text.slice(start + 2, close).trim();
  if (source === '') return undefined;
  const end = close + 2;
  return { segment: { type: 'math', display: true, source, raw: text.slice(start, end) }, end };
}

function matchInlineMath(text: string, start: number): Match | undefined {
  const first = text[start + 1];
  if (first === undefined || /\s|\$/.test(first)) return undefined;
  let close = findUnescaped(text, '$', start + 1);
  while (close !== -1) {
    const source = text.slice(start + 1, close);
    if (source.includes('\n')) return undefined;
    const before = text[close - 1] ?? '';
    const after = text[close + 1] ?? '';
    if (!/\s/.test(before) && !/\d/.test(after)) {
      const end = close + 1;
      return {
        segment: { type: 'math', display: false, source, raw: text.slice(start, end) },
        end,
      };
    }
    close = findUnescaped(text, '$', close + 1);
  }
  return undefined;
}

function findUnescaped(text: string, delimiter: string, from: number): number {
  let index = text.indexOf(delimiter, from);
  while (index !== -1 && text[index - 1] === '\\') index = text.indexOf(delimiter, index + 1);
  return index;
}

/**
 * Finds the JSON value in a model's reply text, for providers without native structured output:
 * the whole text, else the body of a fenced code block, else the first balanced `{…}` or `[…]`.
 * Returns `undefined` when none of them parses.
 */
export function extractJson(text: string): { value: unknown } | undefined {
  const candidates = [text.trim()];
  const fenced = /```(?:json|JSON)?\s*\n?([\s\S]*?)```/.exec(text);
  if (fenced?.[1] !== undefined) candidates.push(fenced[1].trim());
  const balanced = firstBalanced(text);
  if (balanced !== undefined) candidates.push(balanced);
  for (const candidate of candidates) {
    if (candidate === '') continue;
    try {
      return { value: JSON.parse(candidate) };
    } catch {
      // try the next candidate
    }
  }
  return undefined;
}

/** The first balanced object or array in `text`, string literals respected. */
function firstBalanced(text: string): string | undefined {
  const start = text.search(/[{[]/);
  if (start === -1) return undefined;
  const stack: string[] = [];
  let inString = false;
  for (let index = start; index < text.length; index++) {
    const character = text[index];
    if (inString) {
      if (character === '\\') index++;
      else if (character === '"') inString = false;
      continue;
    }
    if (character === '"') inString = true;
    else if (character === '{') stack.push('}');
    else if (character === '[') stack.push(']');
    else if (character === '}' || character === ']') {
      if (stack.pop() !== character) return undefined;
      if (stack.length === 0) return text.slice(start, index + 1);
    }
  }
  return undefined;
}

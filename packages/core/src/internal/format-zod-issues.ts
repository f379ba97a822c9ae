import type * as z from 'zod';

/** One readable line per issue, each naming the field path, e.g. `data.content: Too small`. */
export function formatZodIssues(error: z.ZodError, limit = 3): string {
  const lines = error.issues.slice(0, limit).map((issue) => {
    const path = issue.path.length > 0 ? issue.path.map(String).join('.') : '(root)';
    return `${path}: ${issue.message}`;
  });
  const more = error.issues.length > limit ? ` (+${error.issues.length - limit} more)` : '';
  return lines.join('; ') + more;
}

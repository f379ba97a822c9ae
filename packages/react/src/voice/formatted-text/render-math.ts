import type { Katex } from './katex-loader';

/** KaTeX's HTML for `source`, or the parse error's message when it is not valid LaTeX. */
export type RenderedMath = { ok: true; html: string } | { ok: false; message: string };

/**
 * Renders LaTeX to HTML. `trust: false` keeps `\href`, `\url` and raw HTML commands out, and
 * `maxExpand` bounds macro expansion, so learner-controlled text cannot inject markup.
 */
export function renderMath(
  katex: Katex,
  source: string,
  options: { display: boolean },
): RenderedMath {
  try {
    const html = katex.renderToString(source, {
      displayMode: options.display,
      throwOnError: true,
      trust: false,
      strict: 'ignore',
      maxExpand: 500,
      maxSize: 20,
      output: 'htmlAndMathml',
    });
    return { ok: true, html };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

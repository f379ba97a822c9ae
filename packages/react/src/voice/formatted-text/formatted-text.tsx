import { type NotationSegment, parseNotation } from '@recall/core/voice';
import {
  type ComponentPropsWithoutRef,
  forwardRef,
  type ReactNode,
  useEffect,
  useMemo,
  useSyncExternalStore,
} from 'react';
import { assertNever } from '../../internal/assert-never';
import { type KatexStatus, katexLoader } from './katex-loader';
import { renderMath } from './render-math';

/** Props of {@link FormattedText}. */
export interface FormattedTextProps extends Omit<ComponentPropsWithoutRef<'div'>, 'children'> {
  /** The message text: plain text with optional `$…$`, `$$…$$` and backtick code. */
  text: string;
}

/**
 * Renders a message with its notation: inline `$…$` and block `$$…$$` LaTeX through KaTeX,
 * inline and fenced backtick code as `<code>` / `<pre><code>`. Plain text is rendered as
 * the very same text node it always was; LaTeX that does not parse is shown raw (with
 * `data-math="error"` for styling) instead of failing. The root is a `<div>`, so display
 * maths inside it is valid HTML. Include `katex/dist/katex.min.css` for KaTeX's layout.
 *
 * KaTeX (an optional peer: `npm install katex`) is loaded with the first maths to render;
 * until then the LaTeX is shown raw with `data-math="loading"`. Call `preloadKatex()` first to
 * render maths at once, e.g. on the server. Without KaTeX installed, maths stays raw
 * (`data-math="error"`) and the `PEER_DEPENDENCY_MISSING` error is logged once.
 *
 * @example
 * <FormattedText text={message.content} className="message-text" />
 */
export const FormattedText = /* @__PURE__ */ forwardRef<HTMLDivElement, FormattedTextProps>(
  function FormattedText({ text, ...props }, ref) {
    const segments = useMemo(() => parseNotation(text), [text]);
    const hasMath = segments.some((segment) => segment.type === 'math');
    const katex = useSyncExternalStore(
      katexLoader.subscribe,
      katexLoader.getStatus,
      katexLoader.getStatus,
    );
    // Starting the load leaves the status `pending`, so it is safe during render (and SSR).
    if (hasMath && katex.state === 'pending') katexLoader.load().catch(ignore);
    useEffect(() => {
      if (hasMath && katex.state === 'failed') reportOnce(katex.error);
    }, [hasMath, katex]);
    const children = useMemo(() => renderSegments(segments, katex), [segments, katex]);
    return (
      <div data-formatted-text="" {...props} ref={ref}>
        {children}
      </div>
    );
  },
);

/**
 * Loads KaTeX (the optional peer `@recall/react/voice/formatted-text` renders maths with) now instead
 * of at the first maths, so `FormattedText` renders maths on its first render: call it before
 * rendering on the server, or before hydrating. Rejects with a `RecallError`
 * (`PEER_DEPENDENCY_MISSING`) when `katex` is not installed.
 *
 * @example
 * await preloadKatex();
 * const html = renderToString(<App />);
 */
export async function preloadKatex(): Promise<void> {
  await katexLoader.load();
}

function ignore(): void {}

let reported = false;
function reportOnce(error: Error): void {
  if (reported) return;
  reported = true;
  console.error(error);
}

function renderSegments(segments: readonly NotationSegment[], katex: KatexStatus): ReactNode {
  // Plain text stays one bare string: exactly what rendering `{text}` produced before.
  if (segments.length === 1 && segments[0]?.type === 'text') return segments[0].raw;
  return segments.map((segment, index) => renderSegment(segment, index, katex));
}

function renderSegment(segment: NotationSegment, key: number, katex: KatexStatus): ReactNode {
  switch (segment.type) {
    case 'text':
      return segment.raw;
    case 'code':
      return segment.block ? (
        <pre key={key} data-code="block">
          <code data-language={segment.language}>{segment.code}</code>
        </pre>
      ) : (
        <code key={key} data-code="inline">
          {segment.code}
        </code>
      );
    case 'math': {
      const Tag = segment.display ? 'div' : 'span';
      if (katex.state !== 'ready') {
        const failed = katex.state === 'failed';
        return (
          <Tag
            key={key}
            data-math={failed ? 'error' : 'loading'}
            title={failed ? katex.error.message : undefined}
          >
            {segment.raw}
          </Tag>
        );
      }
      const rendered = renderMath(katex.katex, segment.source, { display: segment.display });
      if (!rendered.ok) {
        return (
          <Tag key={key} data-math="error" title={rendered.message}>
            {segment.raw}
          </Tag>
        );
      }
      return (
        <Tag
          key={key}
          data-math={segment.display ? 'block' : 'inline'}
          // KaTeX output with `trust: false` contains no learner-controlled markup.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: KaTeX HTML, see above
          dangerouslySetInnerHTML={{ __html: rendered.html }}
        />
      );
    }
    default:
      return assertNever(segment, 'notation segment');
  }
}

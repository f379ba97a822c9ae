import { type NotationSegment, parseNotation } from '@recall/core/voice';
import { type ComponentPropsWithoutRef, forwardRef, type ReactNode, useMemo } from 'react';
import { assertNever } from '../../internal/assert-never';
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
 * @example
 * <FormattedText text={message.content} className="message-text" />
 */
export const FormattedText = /* @__PURE__ */ forwardRef<HTMLDivElement, FormattedTextProps>(
  function FormattedText({ text, ...props }, ref) {
    const children = useMemo(() => renderSegments(parseNotation(text)), [text]);
    return (
      <div data-formatted-text="" {...props} ref={ref}>
        {children}
      </div>
    );
  },
);

function renderSegments(segments: readonly NotationSegment[]): ReactNode {
  // Plain text stays one bare string: exactly what rendering `{text}` produced before.
  if (segments.length === 1 && segments[0]?.type === 'text') return segments[0].raw;
  return segments.map((segment, index) => renderSegment(segment, index));
}

function renderSegment(segment: NotationSegment, key: number): ReactNode {
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
      const rendered = renderMath(segment.source, { display: segment.display });
      const Tag = segment.display ? 'div' : 'span';
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

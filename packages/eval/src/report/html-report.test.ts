import { describe, expect, test } from 'vitest';
import { PLANTED_POINTS, plant } from '../../test/planted';
import { measureSession } from '../metrics/session-metrics';
import { buildTranscript } from '../metrics/transcript';
import { buildReport } from '../run/run-eval';
import { renderHtmlReport } from './html-report';
import { renderMarkdownReport } from './markdown-report';

const HOSTILE = `</li><script>alert(1)</script><img src=x onerror=alert(2)> "quoted" & 'single'`;

/** A report over two planted sessions whose texts are hostile HTML. */
export function hostileReport() {
  const steps = [
    { tutor: `Where does magma go? ${HOSTILE}`, asks: 'p1' },
    { learner: HOSTILE, intent: ['echo', 'p1'] as const },
    { credit: 'p1' },
    { tutor: 'Where does magma go again? And why?', reasks: 'p1' },
    { end: 'paused' as const },
  ];
  const measured = [0, 1].map((run) => {
    const { events, intents } = plant(
      steps.map((step) =>
        'intent' in step ? { ...step, intent: [...step.intent] as ['echo', string] } : step,
      ),
    );
    const transcript = buildTranscript({
      setId: `set <${run}>`,
      persona: 'echo',
      run,
      points: PLANTED_POINTS,
      events,
      intents,
    });
    return { transcript, metrics: measureSession(transcript) };
  });
  return buildReport(measured, {
    llm: `model ${HOSTILE}`,
    personas: ['echo'],
    sets: ['set <0>', 'set <1>'],
    runs: 1,
    maxTurns: 4,
    versions: {},
    durationMs: 1,
  });
}

describe('the HTML report', () => {
  const html = renderHtmlReport(hostileReport());

  test('escapes everything from transcripts and builds no script', () => {
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    // Every tag in the page is the report's own: data only ever appears escaped, as text.
    expect(html).not.toMatch(/<[^>]*\son[a-z]+=/i);
    expect(html).toContain('&lt;/li&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&quot;quoted&quot; &amp; &#39;single&#39;');
  });

  test('carries a CSP that forbids scripts and the network, and loads nothing', () => {
    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)?.[1];
    expect(csp).toMatch(/^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+'; img-src 'none'/);
    expect(html).not.toMatch(/<[^>]*\b(src|href)=/);
    expect(html).not.toMatch(/https?:\/\//);
  });

  test('highlights the offending turns of the worst transcripts', () => {
    expect(html.match(/<section class="transcript"/g)).toHaveLength(2);
    expect(html).toMatch(/<li class="offending">[\s\S]*?re-asks p1/);
    expect(html).toMatch(/<li class="offending">[\s\S]*?questions: 2 questions/);
    // A false credit marks the learner's message that earned it.
    expect(html).toMatch(
      /<li class="offending"><span class="speaker">learner, turn 1:<\/span>[^<]*&lt;[\s\S]*?falseCredits: credited p1/,
    );
    expect(html).toContain('<svg role="img" aria-labelledby="personas-chart-title"');
    expect(html).toContain('<svg role="img" aria-labelledby="turns-chart-title"');
  });

  test('the Markdown table keeps its cells whole', () => {
    const markdown = renderMarkdownReport(hostileReport(), { timings: false });
    expect(markdown).toContain('| echo | 2 | 0 % |');
    expect(markdown).not.toContain('first token');
    expect(markdown).toContain('model </li><script>alert(1)</script>');
  });
});

describe('the reports explain how to read each persona of the run', () => {
  function reportOf(persona: string) {
    const { events, intents } = plant([
      { tutor: 'Which layer sits under the crust?', asks: 'p2' },
      { learner: 'The crust lies between the mantle and the core.', intent: ['confused', 'p2'] },
      { credit: 'p2' },
      { end: 'paused' },
    ]);
    const transcript = buildTranscript({
      setId: 'planted',
      persona,
      run: 0,
      points: PLANTED_POINTS,
      events,
      intents,
    });
    return buildReport([{ transcript, metrics: measureSession(transcript) }], {
      llm: 'planted',
      personas: [persona],
      sets: ['planted'],
      runs: 1,
      maxTurns: 4,
      versions: {},
      durationMs: 1,
    });
  }

  test('the confuser’s false credits: what they measure, and that no threshold limits them', () => {
    const report = reportOf('confuser');
    expect(report.personas.confuser?.falseCredits).toBe(1);
    const markdown = renderMarkdownReport(report);
    expect(markdown).toMatch(
      /## Reading the personas\n\n- \*\*confuser\*\*: Keeps the point’s words/,
    );
    expect(markdown).toMatch(/leave this persona unlimited[^\n]*fails no gate/);
    const html = renderHtmlReport(report);
    expect(html).toMatch(/<dt>confuser<\/dt><dd>Keeps the point’s words[^<]*fails no gate\.<\/dd>/);
    expect(html).not.toContain('<dt>echo</dt>');
  });

  test('a persona without a note (a team’s own learner) gets no legend', () => {
    const report = reportOf('my-learner');
    expect(renderMarkdownReport(report)).not.toContain('Reading the personas');
    expect(renderHtmlReport(report)).not.toContain('Reading the personas');
  });
});

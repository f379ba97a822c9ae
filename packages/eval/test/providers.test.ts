import { join } from 'node:path';
import { startMessagesApiServer } from '@recall/core/testing';
import { startChatCompletionsServer } from '@recall/core/testing/openai';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { oneSetFile, readReport, runCaptured } from './eval-test-support';

// The anthropic and openai-compatible paths of `--llm`, against the repository's stand-ins of
// the Messages API and the Chat Completions API: real HTTP, real SDKs, no key, no network.

const NOT_RECALLED = { points: [] };
const NO_TANGENT = {
  isRabbithole: false,
  topic: '',
  label: '',
  relatedPointIds: [],
  certainty: 0.9,
};
const QUESTION = 'Which part of it comes back to you?';

let sets: string;
let directory: string;
const closers: (() => Promise<void>)[] = [];
beforeAll(async () => {
  ({ sets, directory } = await oneSetFile());
});
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** A judge object by its schema name, or the tutor's question. */
function replyFor(schemaName: string | undefined) {
  if (schemaName === 'evaluation') return { type: 'json' as const, value: NOT_RECALLED };
  if (schemaName === 'rabbithole_detection') return { type: 'json' as const, value: NO_TANGENT };
  return { type: 'text' as const, text: QUESTION };
}

describe('--llm against the stand-ins', () => {
  test('anthropic: the Messages API, models from --model and --judge-model', async () => {
    const server = await startMessagesApiServer({
      replies: (request) => replyFor(request.body.tool_choice?.name),
    });
    closers.push(() => server.close());
    const out = join(directory, 'anthropic');
    const { code, stderr } = await runCaptured(
      [
        '--sets',
        sets,
        '--llm',
        'anthropic',
        '--model',
        'claude-tutor-test',
        '--judge-model',
        'claude-judge-test',
        '--personas',
        'strong',
        '--max-turns',
        '2',
        '--out',
        out,
      ],
      { ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: server.url },
    );
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const models = new Set(server.requests.map((request) => request.body.model));
    expect(models).toEqual(new Set(['claude-tutor-test', 'claude-judge-test']));
    const report = await readReport(out);
    expect(report.settings.llm).toMatch(/Claude/);
    expect(report.overall.sessions).toBe(1);
    expect(report.overall.requestsPerTurn).toBeGreaterThan(0);
    expect(report.overall.tokensPerSession).toBeGreaterThan(0);
    // Priced whether or not the session completed.
    expect(report.overall.costPerSessionUsd).toBeGreaterThan(0);
    expect(report.overall.firstTokenMsP50).not.toBeNull();
  });

  test('openai-compatible: the Chat Completions API with structured output', async () => {
    const server = await startChatCompletionsServer({
      replies: (request) => replyFor(request.body.response_format?.json_schema?.name),
    });
    closers.push(() => server.close());
    const out = join(directory, 'openai');
    const { code, stderr } = await runCaptured(
      [
        '--sets',
        sets,
        '--llm',
        `openai-compatible:${server.baseURL}`,
        '--model',
        'local-tutor',
        '--judge-model',
        'local-judge',
        '--personas',
        'blank',
        '--max-turns',
        '2',
        '--out',
        out,
      ],
      {},
    );
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const models = new Set(server.requests.map((request) => request.body.model));
    expect(models).toEqual(new Set(['local-tutor', 'local-judge']));
    const report = await readReport(out);
    expect(report.settings.llm).toBe(
      `local-tutor, judge local-judge on ${server.baseURL} (OpenAI-compatible)`,
    );
    expect(report.overall.tokensPerSession).toBeGreaterThan(0);
  });

  test('--learner-llm: a learner played by a model that knows a share of the points', async () => {
    const server = await startChatCompletionsServer({
      replies: () => ({ type: 'text', text: 'Hmm, I do not remember that one.' }),
    });
    closers.push(() => server.close());
    const out = join(directory, 'learner');
    const { code, stderr } = await runCaptured(
      [
        '--sets',
        sets,
        '--personas',
        'strong',
        '--learner-llm',
        `openai-compatible:${server.baseURL}`,
        '--learner-model',
        'learner-model',
        '--learner-knows',
        '0.5',
        '--max-turns',
        '2',
        '--out',
        out,
      ],
      {},
    );
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const report = await readReport(out);
    expect(report.settings.personas).toEqual(['strong', 'llm-learner']);
    expect(report.personas['llm-learner']?.sessions).toBe(1);
    expect(server.requests).toHaveLength(2);
    const system = String(server.requests[0]!.body.messages[0]!.content);
    // Three of the six points, told as facts; never a point's context.
    expect(system.match(/^- /gm)).toHaveLength(3);
    expect(system).not.toContain('Photolysis');
  });
});

import { describe, expect, test } from 'vitest';
import { RecallEvalError } from '../errors';
import { PERSONA_NAMES } from '../personas/persona-types';
import { parseEvalCommandLine } from './command-line';
import { progressReporter } from './progress';

const env = {};
const parse = (argv: string[], environment: Record<string, string> = env) =>
  parseEvalCommandLine(argv, { env: environment });

function failure(argv: string[], environment: Record<string, string> = env): RecallEvalError {
  try {
    parse(argv, environment);
  } catch (error) {
    if (error instanceof RecallEvalError) return error;
    throw error;
  }
  throw new Error(`parsed: ${argv.join(' ')}`);
}

describe('recall-eval flags', () => {
  test('defaults', () => {
    expect(parse(['--sets', 's.json'])).toEqual({
      kind: 'run',
      options: {
        sets: 's.json',
        llm: { kind: 'offline' },
        personas: [...PERSONA_NAMES],
        runs: 1,
        maxTurns: 40,
        out: 'recall-eval-report',
        thresholds: undefined,
        learnerLLM: undefined,
        learnerKnows: 0.5,
      },
    });
    expect(parse(['-h'])).toEqual({ kind: 'help' });
  });

  test('every flag', () => {
    const result = parse([
      '--sets',
      's.json',
      '--llm',
      'openai-compatible:http://127.0.0.1:11434/v1/',
      '--model',
      'qwen',
      '--judge-model',
      'small',
      '--personas',
      'strong, echo,strong',
      '--runs',
      '3',
      '--max-turns',
      '12',
      '--out',
      'o',
      '--thresholds',
      't.json',
    ]);
    expect(result).toEqual({
      kind: 'run',
      options: {
        sets: 's.json',
        llm: {
          kind: 'openai-compatible',
          baseURL: 'http://127.0.0.1:11434/v1',
          tutorModel: 'qwen',
          judgeModel: 'small',
          apiKey: undefined,
          structuredOutput: 'native',
        },
        personas: ['strong', 'echo'],
        runs: 3,
        maxTurns: 12,
        out: 'o',
        thresholds: 't.json',
        learnerLLM: undefined,
        learnerKnows: 0.5,
      },
    });
    expect(parse(['--sets', 's', '--llm', 'module:./a.mjs'])).toMatchObject({
      options: { llm: { kind: 'module', path: './a.mjs' } },
    });
    expect(
      parse(['--sets', 's', '--llm', 'anthropic', '--model', 'm'], { ANTHROPIC_API_KEY: 'k' }),
    ).toMatchObject({
      options: { llm: { kind: 'anthropic', tutorModel: 'm' } },
    });
  });

  test('the LLM learner', () => {
    expect(
      parse([
        '--sets',
        's',
        '--learner-llm',
        'openai-compatible:http://127.0.0.1:1/v1',
        '--learner-model',
        'small',
        '--learner-knows',
        '0.25',
      ]),
    ).toMatchObject({
      options: {
        llm: { kind: 'offline' },
        learnerLLM: { kind: 'openai-compatible', tutorModel: 'small', judgeModel: 'small' },
        learnerKnows: 0.25,
      },
    });
  });

  test.each([
    [['--sets', 's', '--learner-knows', '0.5'], /--learner-knows goes with --learner-llm/],
    [
      ['--sets', 's', '--learner-llm', 'offline', '--learner-knows', '2'],
      /--learner-knows must be a number from 0 to 1/,
    ],
    [['--sets', 's', '--learner-llm', 'gpt'], /--learner-llm must be offline, anthropic/],
    [['--llm', 'offline'], /--sets <recall-sets.json> is required/],
    [
      ['--sets', 's', '--llm', 'gpt'],
      /--llm must be offline, anthropic, openai-compatible:<baseURL> or module:<path>, not "gpt"/,
    ],
    [['--sets', 's', '--llm', 'anthropic'], /ANTHROPIC_API_KEY/],
    [['--sets', 's', '--llm', 'openai-compatible:ftp://x'], /http\(s\) base URL/],
    [['--sets', 's', '--llm', 'openai-compatible:http://x'], /needs a model/],
    [['--sets', 's', '--model', 'm'], /--model goes with --llm anthropic or openai-compatible/],
    [['--sets', 's', '--personas', 'strong,parrot'], /unknown: parrot/],
    [['--sets', 's', '--runs', '0'], /--runs must be a whole number/],
    [['--sets', 's', '--max-turns', '2.5'], /--max-turns must be a whole number/],
    [['--sets', 's', '--colour'], /Unknown option '--colour'/],
  ])('%j is refused with EVAL_BAD_FLAG', (argv, message) => {
    const error = failure(argv);
    expect(error.code).toBe('EVAL_BAD_FLAG');
    expect(error.message).toMatch(message);
  });
});

describe('progress', () => {
  test('plain lines when not a terminal, a bar redrawn in place on one', () => {
    let plain = '';
    const lines = progressReporter({ write: (text: string) => (plain += text) });
    lines({ done: 1, total: 2, label: 'strong on a' });
    lines({ done: 2, total: 2, label: 'echo on a' });
    expect(plain).toBe('[1/2] strong on a\n[2/2] echo on a\n');
    let tty = '';
    const bar = progressReporter({ write: (text: string) => (tty += text), isTTY: true });
    bar({ done: 1, total: 2, label: 'strong on a' });
    expect(tty).toBe(`\r\u001b[2K${'█'.repeat(12)}${'░'.repeat(12)} 1/2 strong on a`);
  });
});

import { describe, expect, test } from 'vitest';
import { CommandLineError, parseCommandLine } from './command-line';

const noKey = { env: {}, defaultAppDir: '/app/dist' };
const withKey = { env: { ANTHROPIC_API_KEY: 'sk-test' }, defaultAppDir: '/app/dist' };

function run(argv: string[], options = noKey) {
  const result = parseCommandLine(argv, options);
  if (result.kind !== 'run') throw new Error('expected run');
  return result.options;
}

describe('parseCommandLine', () => {
  test('defaults: port 8787 on 127.0.0.1, PGlite in ./.recall-data, offline tutor, built app', () => {
    expect(run([])).toEqual({
      port: 8787,
      host: '127.0.0.1',
      storage: { kind: 'pglite', dataDir: './.recall-data' },
      llm: { kind: 'offline' },
      appDir: '/app/dist',
      allowedHosts: undefined,
      secureCookies: false,
    });
  });

  test('picks Claude by default when ANTHROPIC_API_KEY is set', () => {
    expect(run([], withKey).llm).toEqual({ kind: 'anthropic' });
    expect(run(['--llm', 'offline'], withKey).llm).toEqual({ kind: 'offline' });
  });

  test('reads every flag, in both --flag value and --flag=value forms', () => {
    expect(
      run([
        '--port=0',
        '--host',
        '0.0.0.0',
        '--storage',
        'postgres:postgres://me@localhost:5432/recall',
        '--llm=scripted:./script.json',
        '--app-dir',
        '/elsewhere',
        '--allowed-host',
        'demo.example',
        '--allowed-host=demo.lan',
        '--secure-cookies',
      ]),
    ).toEqual({
      port: 0,
      host: '0.0.0.0',
      storage: { kind: 'postgres', connectionString: 'postgres://me@localhost:5432/recall' },
      llm: { kind: 'scripted', file: './script.json' },
      appDir: '/elsewhere',
      allowedHosts: ['demo.example', 'demo.lan'],
      secureCookies: true,
    });
    expect(run(['--storage', 'memory', '--no-app'])).toMatchObject({
      storage: { kind: 'memory' },
      appDir: null,
    });
    expect(run(['--storage', 'pglite:/tmp/data']).storage).toEqual({
      kind: 'pglite',
      dataDir: '/tmp/data',
    });
    expect(run(['--storage', 'postgres://db/recall']).storage).toEqual({
      kind: 'postgres',
      connectionString: 'postgres://db/recall',
    });
  });

  test('--llm openai-compatible:<baseURL> with model names by flag or env, the key from env', () => {
    expect(
      run(['--llm', 'openai-compatible:http://127.0.0.1:11434/v1/', '--model', 'qwen3:8b']).llm,
    ).toEqual({
      kind: 'openai-compatible',
      baseURL: 'http://127.0.0.1:11434/v1',
      tutorModel: 'qwen3:8b',
      judgeModel: 'qwen3:8b',
      apiKey: undefined,
      structuredOutput: 'native',
    });
    const env = {
      OPENAI_COMPATIBLE_MODEL: 'llama-3.3-70b',
      OPENAI_COMPATIBLE_JUDGE_MODEL: 'llama-3.1-8b',
      OPENAI_COMPATIBLE_API_KEY: 'sk-local',
      OPENAI_API_KEY: 'sk-openai',
    };
    expect(
      run(['--llm=openai-compatible:https://vllm.lan/v1'], { env, defaultAppDir: '/app/dist' }).llm,
    ).toEqual({
      kind: 'openai-compatible',
      baseURL: 'https://vllm.lan/v1',
      tutorModel: 'llama-3.3-70b',
      judgeModel: 'llama-3.1-8b',
      apiKey: 'sk-local',
      structuredOutput: 'native',
    });
    // Flags win over the environment; OPENAI_API_KEY is the fallback key.
    expect(
      run(
        [
          '--llm',
          'openai-compatible:http://127.0.0.1:8080/v1',
          '--model',
          'a',
          '--judge-model',
          'b',
          '--structured-output',
          'text',
        ],
        { env: { ...env, OPENAI_COMPATIBLE_API_KEY: undefined }, defaultAppDir: '/app/dist' },
      ).llm,
    ).toMatchObject({
      tutorModel: 'a',
      judgeModel: 'b',
      apiKey: 'sk-openai',
      structuredOutput: 'text',
    });
  });

  test('--help and -h ask for the usage text', () => {
    expect(parseCommandLine(['--help'], noKey)).toEqual({ kind: 'help' });
    expect(parseCommandLine(['-h', '--port', 'nonsense'], noKey)).toEqual({ kind: 'help' });
  });

  test.each([
    [['--port', 'abc'], /--port must be a whole number/],
    [['--port', '70000'], /--port must be a whole number/],
    [['--port', '-1'], /--port/],
    [['--storage', 'sqlite:x'], /--storage must be memory, pglite:<dir> or postgres:<url>/],
    [['--storage', 'pglite:'], /pglite needs a directory/],
    [['--storage', 'postgres'], /postgres needs a URL/],
    [
      ['--llm', 'gpt'],
      /--llm must be offline, anthropic, scripted:<file.json> or openai-compatible:<baseURL>/,
    ],
    [['--llm', 'openai-compatible:'], /needs an http\(s\) base URL/],
    [['--llm', 'openai-compatible:ftp://x/v1', '--model', 'm'], /needs an http\(s\) base URL/],
    [
      ['--llm', 'openai-compatible:http://127.0.0.1:1/v1'],
      /needs a model: --model <id> or the OPENAI_COMPATIBLE_MODEL/,
    ],
    [
      ['--llm', 'openai-compatible:http://127.0.0.1:1/v1', '--model', ' '],
      /--model must not be empty/,
    ],
    [
      [
        '--llm',
        'openai-compatible:http://127.0.0.1:1/v1',
        '--model',
        'm',
        '--structured-output',
        'json',
      ],
      /--structured-output must be native or text/,
    ],
    [['--model', 'm'], /--model goes with --llm openai-compatible/],
    [['--llm', 'offline', '--judge-model', 'm'], /--judge-model goes with --llm openai-compatible/],
    [['--llm', 'scripted:'], /--llm must be/],
    [['--llm', 'anthropic'], /needs the ANTHROPIC_API_KEY/],
    [['--colour'], /Unknown option '--colour'.*--help/],
    [['extra'], /Unexpected argument 'extra'.*--help/],
    [['--port'], /--port.*argument missing.*--help/],
    [['--host', ''], /--host must not be empty/],
    [['--host', '0.0.0.0'], /--host 0.0.0.0 needs --allowed-host/],
    [['--app-dir', 'x', '--no-app'], /cannot be used together/],
  ])('rejects %j with a clear message', (argv, message) => {
    expect(() => parseCommandLine(argv, noKey)).toThrow(CommandLineError);
    expect(() => parseCommandLine(argv, noKey)).toThrow(message);
  });
});

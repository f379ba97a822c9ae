import { parseArgs } from 'node:util';
import {
  LLMChoiceError,
  type OpenAICompatibleChoice,
  parseOpenAICompatible,
} from '@recall/eval/llm-choice';
import { isLoopbackHost } from '../runtime/loopback';

export type { OpenAICompatibleChoice } from '@recall/eval/llm-choice';

/** Where the demo keeps its data. */
export type StorageChoice =
  | { kind: 'memory' }
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'postgres'; connectionString: string };

/** Which model adapter the demo uses. */
export type LLMChoice =
  | { kind: 'offline' }
  | { kind: 'anthropic' }
  | { kind: 'scripted'; file: string }
  | OpenAICompatibleChoice;

/** Everything the command line decides. */
export interface DemoCommandLine {
  port: number;
  host: string;
  storage: StorageChoice;
  llm: LLMChoice;
  /** Directory of the built React app to serve; null serves only the API and WebSocket. */
  appDir: string | null;
  /** Host names browsers use (`--allowed-host`); undefined: the loopback names. */
  allowedHosts: string[] | undefined;
  /** Mark the identity cookie `Secure` (behind a proxy that terminates TLS). */
  secureCookies: boolean;
}

/** What `parseCommandLine` asks the caller to do. */
export type CommandLineResult = { kind: 'help' } | { kind: 'run'; options: DemoCommandLine };

/** A command line the demo cannot run with; `message` says what to change. */
export class CommandLineError extends Error {
  override readonly name = 'CommandLineError';
}

export const DEFAULT_PORT = 8787;
export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_STORAGE = 'pglite:./.recall-data';

export const USAGE = `Usage: npm run demo:server -- [options]

Starts the Recall demo server: the WebSocket endpoint at /ws, a small JSON API under /api,
the demo images under /media and, when built, the React demo app.

Options:
  --port <n>           port to listen on; 0 picks a free one              (default ${DEFAULT_PORT})
  --host <addr>        address to bind                                    (default ${DEFAULT_HOST})
  --storage <where>    memory | pglite:<dir> | postgres:<url>             (default ${DEFAULT_STORAGE})
  --llm <which>        offline | anthropic | scripted:<file.json> | openai-compatible:<baseURL>
                       (default: anthropic when ANTHROPIC_API_KEY is set, else offline)
  --model <id>         with openai-compatible: the model for the tutor (and the judges,
                       unless --judge-model is given)        (env OPENAI_COMPATIBLE_MODEL)
  --judge-model <id>   with openai-compatible: the model for the judges
                                                             (env OPENAI_COMPATIBLE_JUDGE_MODEL)
  --structured-output <mode>
                       with openai-compatible: native (response_format json_schema, the
                       default) | text (JSON asked for in the prompt, for servers without it)
  --app-dir <dir>      built React app to serve (default: examples/react-app/dist when present)
  --no-app             serve no app (API, media and WebSocket only)
  --allowed-host <name>
                       a host name browsers use to reach the demo (repeatable); required
                       with a --host that is not a loopback address (default: localhost,
                       127.0.0.1 and [::1] only)
  --secure-cookies     mark the identity cookie Secure (behind a proxy that terminates TLS)
  -h, --help           show this help

With openai-compatible, the API key (if the server wants one) comes from
OPENAI_COMPATIBLE_API_KEY, else OPENAI_API_KEY.

Each browser gets its own anonymous learner (a random id in an HttpOnly cookie); there is no
other sign-in. Requests naming any other host are refused (DNS rebinding).`;

/**
 * Parses the demo server's flags. Pure: the environment and the default app directory come in
 * as options, so the result depends on nothing else. Throws `CommandLineError` on a bad flag.
 */
export function parseCommandLine(
  argv: readonly string[],
  options: { env: Readonly<Record<string, string | undefined>>; defaultAppDir: string | null },
): CommandLineResult {
  const values = readFlags(argv);
  if (values.help === true) return { kind: 'help' };
  if (values['no-app'] === true && values['app-dir'] !== undefined) {
    throw new CommandLineError('--app-dir and --no-app cannot be used together.');
  }
  const hasKey = (options.env.ANTHROPIC_API_KEY ?? '').trim() !== '';
  const llm = parseLLM(values.llm ?? (hasKey ? 'anthropic' : 'offline'), {
    values,
    env: options.env,
  });
  if (llm.kind === 'anthropic' && !hasKey) {
    throw new CommandLineError('--llm anthropic needs the ANTHROPIC_API_KEY environment variable.');
  }
  const host = parseHost(values.host);
  const allowedHosts = parseAllowedHosts(values['allowed-host'], host);
  return {
    kind: 'run',
    options: {
      port: parsePort(values.port),
      host,
      allowedHosts,
      secureCookies: values['secure-cookies'] === true,
      storage: parseStorage(values.storage ?? DEFAULT_STORAGE),
      llm,
      appDir: values['no-app'] === true ? null : (values['app-dir'] ?? options.defaultAppDir),
    },
  };
}

function readFlags(argv: readonly string[]) {
  try {
    return parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        storage: { type: 'string' },
        llm: { type: 'string' },
        model: { type: 'string' },
        'judge-model': { type: 'string' },
        'structured-output': { type: 'string' },
        'app-dir': { type: 'string' },
        'no-app': { type: 'boolean' },
        'allowed-host': { type: 'string', multiple: true },
        'secure-cookies': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }).values;
  } catch (error) {
    // node:util's messages name the flag but mention internals; keep the first sentence.
    const message = error instanceof Error ? error.message.split('. ')[0] : String(error);
    throw new CommandLineError(`${message}. Run with --help for the options.`);
  }
}

function parsePort(raw: string | undefined): number {
  if (raw === undefined) return DEFAULT_PORT;
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port > 65535) {
    throw new CommandLineError(`--port must be a whole number from 0 to 65535, not "${raw}".`);
  }
  return port;
}

function parseHost(raw: string | undefined): string {
  if (raw === undefined) return DEFAULT_HOST;
  if (raw.trim() === '') throw new CommandLineError('--host must not be empty.');
  return raw;
}

function parseAllowedHosts(raw: string[] | undefined, host: string): string[] | undefined {
  if (raw === undefined || raw.length === 0) {
    if (isLoopbackHost(host)) return undefined;
    throw new CommandLineError(
      `--host ${host} needs --allowed-host <name> for each host name browsers use to reach the demo.`,
    );
  }
  // Each name is checked by createRecallServer, which names a bad one.
  return raw;
}

function parseStorage(raw: string): StorageChoice {
  if (raw === 'memory') return { kind: 'memory' };
  const separator = raw.indexOf(':');
  const kind = separator === -1 ? raw : raw.slice(0, separator);
  const rest = separator === -1 ? '' : raw.slice(separator + 1);
  if (kind === 'pglite') {
    if (rest === '')
      throw new CommandLineError('--storage pglite needs a directory: pglite:<dir>.');
    return { kind: 'pglite', dataDir: rest };
  }
  if (kind === 'postgres') {
    if (rest === '') {
      throw new CommandLineError('--storage postgres needs a URL: postgres:<url>.');
    }
    // Accept both `postgres:postgres://…` and the shorter `postgres://…`.
    const connectionString = rest.startsWith('//') ? raw : rest;
    return { kind: 'postgres', connectionString };
  }
  throw new CommandLineError(
    `--storage must be memory, pglite:<dir> or postgres:<url>, not "${raw}".`,
  );
}

type Flags = ReturnType<typeof readFlags>;

function parseLLM(
  raw: string,
  context: { values: Flags; env: Readonly<Record<string, string | undefined>> },
): LLMChoice {
  const { values } = context;
  const OPENAI_COMPATIBLE = 'openai-compatible:';
  const openAIOnly = (['model', 'judge-model', 'structured-output'] as const).find(
    (flag) => values[flag] !== undefined,
  );
  if (openAIOnly !== undefined && !raw.startsWith(OPENAI_COMPATIBLE)) {
    throw new CommandLineError(`--${openAIOnly} goes with --llm openai-compatible:<baseURL>.`);
  }
  if (raw === 'offline') return { kind: 'offline' };
  if (raw === 'anthropic') return { kind: 'anthropic' };
  if (raw.startsWith('scripted:') && raw.length > 'scripted:'.length) {
    return { kind: 'scripted', file: raw.slice('scripted:'.length) };
  }
  if (raw.startsWith(OPENAI_COMPATIBLE)) {
    // Read by the parser @recall/eval shares with `recall-eval`, so both commands accept and
    // refuse the same values; the environment fills in what the flags omit.
    try {
      return parseOpenAICompatible(raw.slice(OPENAI_COMPATIBLE.length), {
        model: values.model,
        judgeModel: values['judge-model'],
        structuredOutput: values['structured-output'],
        env: context.env,
      });
    } catch (error) {
      if (error instanceof LLMChoiceError) throw new CommandLineError(error.message);
      throw error;
    }
  }
  throw new CommandLineError(
    `--llm must be offline, anthropic, scripted:<file.json> or openai-compatible:<baseURL>, not "${raw}".`,
  );
}

import type {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
  default as Anthropic,
} from '@anthropic-ai/sdk';
import type { zodOutputFormat } from '@anthropic-ai/sdk/helpers/zod';
import { importOptionalPeer } from '../../internal/optional-peer';

/** The parts of `@anthropic-ai/sdk` the adapter uses at run time. */
export interface AnthropicSdk {
  Anthropic: typeof Anthropic;
  APIError: typeof APIError;
  APIConnectionError: typeof APIConnectionError;
  APIConnectionTimeoutError: typeof APIConnectionTimeoutError;
  APIUserAbortError: typeof APIUserAbortError;
  zodOutputFormat: typeof zodOutputFormat;
}

let loading: Promise<AnthropicSdk> | undefined;

/**
 * Loads the SDK (an optional peer) on first use, once per process. Without it installed, the
 * first model call fails with `PEER_DEPENDENCY_MISSING` naming `@anthropic-ai/sdk`.
 */
export function loadAnthropicSdk(): Promise<AnthropicSdk> {
  loading ??= (async () => {
    const peer = { packageName: '@anthropic-ai/sdk', usedBy: 'createAnthropicLLM' };
    const [sdk, helpers] = await Promise.all([
      importOptionalPeer({ ...peer, load: () => import('@anthropic-ai/sdk') }),
      importOptionalPeer({ ...peer, load: () => import('@anthropic-ai/sdk/helpers/zod') }),
    ]);
    return {
      Anthropic: sdk.default,
      APIError: sdk.APIError,
      APIConnectionError: sdk.APIConnectionError,
      APIConnectionTimeoutError: sdk.APIConnectionTimeoutError,
      APIUserAbortError: sdk.APIUserAbortError,
      zodOutputFormat: helpers.zodOutputFormat,
    };
  })();
  return loading;
}

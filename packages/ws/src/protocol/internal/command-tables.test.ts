import { readFileSync } from 'node:fs';
import { SESSION_COMMAND_TYPES, sessionCommandCatalog } from '@recall/core/schemas';
import { describe, expect, test } from 'vitest';
import { COMMAND_FIELDS, RABBITHOLE_PROMPT_ANSWERS } from '../../client/generated/command-fields';
import { clientMessageSchemas } from '../client-messages';
import { CLIENT_MESSAGE_TYPES } from '../message-types';
import { renderCommandTablesModule } from './command-tables';

describe('the command tables and wire schemas come from the one command catalog', () => {
  test('the generated client tables are not stale (npm run docs:schema)', () => {
    const written = readFileSync(
      new URL('../../client/generated/command-fields.ts', import.meta.url),
      'utf8',
    );
    expect(written).toBe(renderCommandTablesModule());
  });

  test('the client message types are the catalog commands, in order, then ping', () => {
    expect(CLIENT_MESSAGE_TYPES).toEqual([...SESSION_COMMAND_TYPES, 'ping']);
    expect(Object.keys(clientMessageSchemas)).toEqual(CLIENT_MESSAGE_TYPES);
  });

  test.each(SESSION_COMMAND_TYPES)(
    '%s: the wire message holds exactly its catalog fields',
    (type) => {
      const names = Object.keys(sessionCommandCatalog[type].fields);
      expect(COMMAND_FIELDS[type]).toEqual(names);
      expect(Object.keys(clientMessageSchemas[type].shape)).toEqual([
        'type',
        ...names,
        'clientMessageId',
      ]);
    },
  );

  test('the prompt answers are the commands the catalog marks so', () => {
    expect(RABBITHOLE_PROMPT_ANSWERS).toEqual(['enter_rabbithole', 'decline_rabbithole']);
  });
});

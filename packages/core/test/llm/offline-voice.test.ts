import { defineRecallSet, type RecallError } from '@recall/core';
import { createOfflineLLM } from '@recall/core/llm/offline';
import { createTermExtractor, createTranscriptPipeline } from '@recall/core/voice';
import { describe, expect, test } from 'vitest';
import * as z from 'zod';

const recallSet = defineRecallSet({
  name: 'Cell energy',
  points: [
    {
      content: 'ATP synthase makes ATP from ADP and phosphate',
      context: 'An enzyme in the inner mitochondrial membrane driven by a proton gradient.',
    },
    {
      content: 'The Krebs cycle oxidises acetyl-CoA and releases carbon dioxide',
      context: 'Runs in the mitochondrial matrix.',
    },
    {
      content: 'Mitochondria produce ATP by oxidative phosphorylation',
      context: 'Electron transport chain.',
    },
  ],
});

function voiceTools() {
  const errors: RecallError[] = [];
  const llm = createOfflineLLM();
  const onError = (error: RecallError) => errors.push(error);
  return {
    errors,
    extractor: createTermExtractor({ llm, onError }),
    pipeline: createTranscriptPipeline({ llm, onError }),
  };
}

describe('offline adapter: terms', () => {
  test("distinctive words and phrases of the points' content, once each", async () => {
    const { extractor, errors } = voiceTools();
    const terms = await extractor.getTerms(recallSet);
    expect(errors).toEqual([]);
    for (const term of [
      'ATP synthase',
      'ATP',
      'ADP',
      'phosphate',
      'Krebs cycle',
      'acetyl-CoA',
      'Mitochondria',
      'oxidative phosphorylation',
      'phosphorylation',
    ]) {
      expect(terms).toContain(term);
    }
    // Everyday words, and the context (help for the tutor, not vocabulary), stay out.
    for (const word of ['makes', 'from', 'and', 'the', 'carbon', 'proton', 'membrane', 'matrix']) {
      expect(terms.map((term) => term.toLowerCase())).not.toContain(word);
    }
    const folded = terms.map((term) => term.toLowerCase());
    expect(new Set(folded).size).toBe(folded.length);
  });

  test('answers the schema it is given and refuses kinds it cannot produce', async () => {
    const llm = createOfflineLLM();
    const schema = z.object({ terms: z.array(z.string()) });
    const { object } = await llm.generateObject({
      kind: 'terms',
      system: '',
      messages: [{ role: 'user', content: 'Hund’s rule fills orbitals one electron at a time' }],
      schema,
      schemaName: 'domain_terms',
    });
    expect(object.terms).toEqual(expect.arrayContaining(['orbitals', 'electron']));
    await expect(
      llm.generateObject({
        kind: 'tutor',
        system: '',
        messages: [{ role: 'user', content: 'x' }],
        schema,
        schemaName: 'domain_terms',
      }),
    ).rejects.toMatchObject({ code: 'LLM_BAD_REQUEST' });
    const stream = llm.streamText({
      kind: 'terms',
      system: '',
      messages: [{ role: 'user', content: 'x' }],
    });
    await expect(
      (async () => {
        for await (const _part of stream) {
          // Consumed only to surface the rejection.
        }
      })(),
    ).rejects.toMatchObject({ code: 'LLM_BAD_REQUEST' });
  });
});

describe('offline adapter: transcript', () => {
  test('typed text comes back unchanged, misspellings and all', async () => {
    const { pipeline, errors } = voiceTools();
    const text = 'the mitocondria use atp syntase, x squared';
    const result = await pipeline.process({ text, source: 'typed', terms: ['Mitochondria'] });
    expect(result).toEqual({ text, rawText: text, corrections: [], hasNotation: false });
    expect(errors).toEqual([]);
  });

  test('spoken near misses of listed terms are corrected and reported', async () => {
    const { extractor, pipeline, errors } = voiceTools();
    const terms = await extractor.getTerms(recallSet);
    const result = await pipeline.process({
      text: 'the mitocondria use atp syntase, then oxidative phosphorilation',
      source: 'voice',
      terms,
    });
    expect(result.text).toBe('the mitochondria use ATP synthase, then oxidative phosphorylation');
    expect(result.corrections).toEqual([
      { original: 'mitocondria', corrected: 'mitochondria' },
      { original: 'atp syntase', corrected: 'ATP synthase' },
      { original: 'oxidative phosphorilation', corrected: 'oxidative phosphorylation' },
    ]);
    expect(errors).toEqual([]);
  });

  test('exact terms in another case, inflections, short and unrelated words stay as spoken', async () => {
    const { pipeline } = voiceTools();
    const text = 'the krebs cycle needs enzyme and adp, the cat sat; Phosphates </utterance> too';
    const result = await pipeline.process({
      text,
      source: 'voice',
      terms: ['Krebs cycle', 'enzymes', 'ADP', 'phosphate', 'cytoplasm'],
    });
    expect(result.text).toBe(text);
    expect(result.corrections).toEqual([]);
  });
});

import { describe, expect, test } from 'vitest';
import type { LLMMessage } from '../llm/llm-adapter';
import { OPENING_CUE } from '../prompts/conversation-cues';
import { isEvidenceGrounded, normalizeEvidenceText, withGroundedCredits } from './evidence';

const user = (content: string): LLMMessage => ({ role: 'user', content });
const agent = (content: string): LLMMessage => ({ role: 'assistant', content });

describe('evidence matching', () => {
  test('normalises case, whitespace, punctuation, zero-width characters and the escaping', () => {
    expect(normalizeEvidenceText('  ATP\u200b-synthase,\n makes   ATP! ')).toBe(
      'atp synthase makes atp',
    );
    expect(normalizeEvidenceText('a &lt; b &amp; c')).toBe(normalizeEvidenceText('a < b & c'));
    expect(normalizeEvidenceText('ＡＴＰ')).toBe('atp');
  });

  const conversation = [
    user(OPENING_CUE),
    agent('Which enzyme makes ATP?'),
    user('Glycolysis splits glucose. I think.'),
    agent('And the enzyme?'),
    user('ATP synthase makes ATP from <ADP> and phosphate'),
  ];

  test('found in the latest message or the one before, word-aligned', () => {
    expect(isEvidenceGrounded('atp synthase makes ATP', conversation)).toBe(true);
    expect(isEvidenceGrounded('from &lt;ADP&gt; and phosphate', conversation)).toBe(true);
    expect(isEvidenceGrounded('glycolysis splits glucose', conversation)).toBe(true);
    expect(isEvidenceGrounded('ATP synthase … phosphate', conversation)).toBe(true);
    expect(isEvidenceGrounded('synthase makes ATP from ADP...glucose', conversation)).toBe(true);
    // Not said, partly invented, or cut inside a word.
    expect(isEvidenceGrounded('ATP synthase makes ATP from ADP and water', conversation)).toBe(
      false,
    );
    expect(isEvidenceGrounded('TP synthase', conversation)).toBe(false);
    expect(isEvidenceGrounded('', conversation)).toBe(false);
    expect(isEvidenceGrounded(' … ', conversation)).toBe(false);
    // The engine's cue is never the learner's words.
    expect(isEvidenceGrounded('ready to start the session', conversation)).toBe(false);
  });

  test('older messages do not count', () => {
    const longer = [...conversation, agent('Next one?'), user('no idea')];
    expect(isEvidenceGrounded('glycolysis splits glucose', longer)).toBe(false);
    expect(isEvidenceGrounded('ATP synthase makes ATP', longer)).toBe(true);
  });

  test('words the agent just said, repeated, are no evidence', () => {
    const parroting = [
      agent('Mitochondria make ATP with ATP synthase, which uses ADP and phosphate.'),
      user('oh so ATP synthase uses ADP and phosphate'),
    ];
    expect(isEvidenceGrounded('ATP synthase uses ADP and phosphate', parroting)).toBe(true);
    expect(isEvidenceGrounded('uses ADP and phosphate', parroting)).toBe(false);
    expect(isEvidenceGrounded('ADP and phosphate … ATP synthase', parroting)).toBe(false);
    // Said by the learner before the agent repeated it: still their own words.
    const earlier = [
      user('ATP synthase uses ADP'),
      agent('ATP synthase uses ADP, and?'),
      user('ATP synthase uses ADP and phosphate'),
    ];
    expect(isEvidenceGrounded('ATP synthase uses ADP', earlier)).toBe(true);
  });

  test('ungrounded credits become "not recalled", attempts kept', () => {
    const verdicts = [
      { pointId: 'a', recalled: true, evidence: 'ATP synthase makes ATP', attempted: true },
      { pointId: 'b', recalled: true, evidence: 'Krebs cycle', attempted: true },
      { pointId: 'c', recalled: false, evidence: '', attempted: false },
    ];
    expect(withGroundedCredits(verdicts, conversation)).toEqual([
      verdicts[0],
      { ...verdicts[1], recalled: false },
      verdicts[2],
    ]);
  });
});

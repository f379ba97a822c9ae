import { describe, expect, test } from 'vitest';
import type { LLMMessage } from '../llm/llm-adapter';
import { OPENING_CUE } from '../prompts/conversation-cues';
import {
  isCreditable,
  isEvidenceGrounded,
  isPastedBack,
  normalizeEvidenceText,
  withCreditableVerdicts,
} from './evidence';

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

  test("the learner's words repeating what the agent said are still the learner's words", () => {
    const parroting = [
      agent('Mitochondria make ATP with ATP synthase, which uses ADP and phosphate.'),
      user('oh so ATP synthase uses ADP and phosphate'),
    ];
    // Grounding asks only whose words they are; the echo rule (isCreditable) decides the rest.
    expect(isEvidenceGrounded('uses ADP and phosphate', parroting)).toBe(true);
    expect(
      isCreditable({ evidence: 'uses ADP and phosphate' }, POINT, creditContext(parroting)),
    ).toBe(false);
  });

  test('credits that do not stand become "not recalled", attempts kept', () => {
    const verdicts = [
      { pointId: 'a', recalled: true, evidence: 'ATP synthase makes ATP', attempted: true },
      { pointId: 'b', recalled: true, evidence: 'Krebs cycle', attempted: true },
      { pointId: 'c', recalled: false, evidence: '', attempted: false },
    ];
    expect(
      withCreditableVerdicts(verdicts, {
        conversation,
        shown: [],
        pointText: (pointId) => (pointId === 'c' ? undefined : POINT),
      }),
    ).toEqual([verdicts[0], { ...verdicts[1], recalled: false }, verdicts[2]]);
  });
});

const POINT = 'ATP synthase makes ATP from ADP and phosphate';

function creditContext(conversation: readonly LLMMessage[]) {
  return {
    conversation,
    shown: conversation.filter((message) => message.role === 'assistant').map((m) => m.content),
  };
}

/** Whether `answer`, the learner's reply after `replies`, is credited for the point. */
function credited(replies: readonly string[], answer: string, point = LAVA): boolean {
  const conversation = [...replies.flatMap((reply) => [user('…'), agent(reply)]), user(answer)];
  return isCreditable({ evidence: answer }, point, creditContext(conversation));
}

const LAVA = 'Magma that reaches the surface is called lava';

describe("credit only for the learner's own words", () => {
  const leaked = 'Magma that reaches the surface is called lava. Where does it cool?';
  test('echoes are not credited', () => {
    // The agent's sentence with a few words of one's own in front.
    expect(
      credited(
        [leaked],
        'honestly from class I recall magma that reaches the surface is called lava',
      ),
    ).toBe(false);
    // A reply two turns back.
    expect(
      credited([leaked, 'What else?', 'Go on?'], 'magma that reaches the surface is called lava'),
    ).toBe(false);
    // Two clozes joined.
    expect(
      credited(
        [
          '___ that reaches the surface is called lava?',
          'Magma that ___ the surface is called ___?',
        ],
        'magma that reaches the surface is called lava',
      ),
    ).toBe(false);
    // One synonym swapped: the point's terms it keeps were all shown.
    expect(credited([leaked], 'magma that gets to the surface is named lava')).toBe(false);
    // The cloze pasted back with its blank unfilled.
    expect(
      credited(
        ['Magma that ___ the surface is called ___?'],
        'Magma that ___ the surface is called ___',
      ),
    ).toBe(false);
    // Old replies no longer count: six newer texts push the leak out of the window.
    const later = ['One?', 'Two?', 'Three?', 'Four?', 'Five?', 'Six?'];
    expect(credited([leaked, ...later], 'magma that reaches the surface is called lava')).toBe(
      true,
    );
  });

  test('a gap-fill is judged with its cloze and credited', () => {
    expect(
      credited(['Magma that reaches the ___ is called lava. What fills the gap?'], 'the surface'),
    ).toBe(true);
    // The cloze repeated with the blank filled by the learner: still their recall.
    expect(
      credited(
        ['Molten rock that ___ the surface has a name: ___?'],
        'magma that reaches the surface is lava',
      ),
    ).toBe(true);
    // Answering a question in its own words.
    expect(credited(['Which enzyme makes ATP?'], 'ATP synthase makes ATP', POINT)).toBe(true);
  });

  test('a question is never credited', () => {
    expect(credited(['What is lava?'], 'is lava magma that reaches the surface?')).toBe(false);
    expect(credited(['What is lava?'], 'is lava magma that reaches the surface')).toBe(false);
    expect(
      credited(['What is lava?'], 'Lava is magma that reaches the surface. Why is it hot?'),
    ).toBe(true);
  });

  test('a pasted-back question or cloze is recognised', () => {
    const reply = 'Which enzyme makes ATP from ADP?';
    expect(isPastedBack('which enzyme makes ATP from ADP', reply)).toBe(true);
    expect(isPastedBack('ATP synthase', reply)).toBe(false);
    expect(isPastedBack("I don't know", reply)).toBe(false);
  });
});

import type { SeedRecallSet } from './seed-types';

/** A history topic: the French Revolution from the Estates-General to Napoleon. */
export const frenchRevolution: SeedRecallSet = {
  id: 'french-revolution',
  name: 'The French Revolution',
  description:
    'From the royal debt crisis of 1789 to Napoleon’s coup in 1799 — the turning points.',
  supplementaryGuidelines:
    'Dates matter for this set: accept the year alone when the learner gives the right event.',
  points: [
    {
      content: 'A royal debt crisis led Louis XVI to summon the Estates-General in May 1789.',
      context:
        'War debts (including support for the American Revolution) and failed tax reforms; the body had not met since 1614.',
    },
    {
      content:
        'The Third Estate declared itself the National Assembly and swore the Tennis Court Oath.',
      context:
        'June 1789: locked out of their hall, the deputies met on a tennis court and swore not to part until France had a constitution.',
    },
    {
      content: 'Parisians stormed the Bastille on 14 July 1789.',
      context:
        'A royal fortress and prison, attacked for its gunpowder; the day is now the French national holiday.',
    },
    {
      content:
        'The Declaration of the Rights of Man and of the Citizen was adopted in August 1789.',
      context:
        'Drafted with help from Lafayette; equality before the law, popular sovereignty, freedom of expression.',
    },
    {
      content: 'The monarchy was abolished in 1792 and Louis XVI was executed in January 1793.',
      context:
        'After the storming of the Tuileries the Convention declared a republic; the king was tried for treason and guillotined.',
    },
    {
      content:
        'Robespierre and the Committee of Public Safety ran the Reign of Terror in 1793 and 1794.',
      context:
        'Tens of thousands were executed as suspected enemies; it ended with Robespierre’s own fall in Thermidor.',
    },
    {
      content: 'Napoleon Bonaparte seized power in the coup of 18 Brumaire in 1799.',
      context:
        'November 1799: the Directory was overthrown and replaced by the Consulate, with Napoleon as First Consul.',
    },
  ],
  resources: [
    {
      key: 'timeline',
      kind: 'image',
      title: 'Timeline 1789–1799',
      url: '/media/revolution-timeline.svg',
      mimeType: 'image/svg+xml',
      caption: 'Estates-General, Bastille, Republic, Terror, Brumaire.',
      license: 'CC0-1.0',
      source: 'Drawn for the Recall demo',
      // Dates the Estates-General, the Bastille, the Republic, the Terror and Brumaire.
      linkedPoints: [
        { point: 0, relevance: 'Dates the Estates-General to May 1789.' },
        { point: 2, relevance: 'Places the Bastille in the sequence.' },
        { point: 4, relevance: 'Dates the Republic to 1792.' },
        { point: 5, relevance: 'Dates the Terror to 1793–1794.' },
        { point: 6, relevance: 'Dates 18 Brumaire to 1799.' },
      ],
    },
    {
      key: 'summary',
      kind: 'text',
      title: 'Why 1789 happened',
      content:
        'By 1788 the French crown was nearly bankrupt: interest on its war debts swallowed half of its revenue, and the privileged orders blocked every new tax. Louis XVI summoned the Estates-General for May 1789. Voting by order left the Third Estate outnumbered, so its deputies proclaimed a National Assembly and, on a tennis court, swore to give France a constitution. When the king massed troops near Paris, crowds stormed the Bastille; in August the Assembly abolished feudal privileges and adopted the Declaration of the Rights of Man and of the Citizen.',
      license: 'CC0-1.0',
      source: 'Written for the Recall demo',
      // Tells the debt crisis, the Tennis Court Oath, the Bastille and the Declaration.
      linkedPoints: [{ point: 0 }, { point: 1 }, { point: 2 }, { point: 3 }],
    },
  ],
};

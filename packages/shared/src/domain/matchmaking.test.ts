import { describe, expect, it } from 'vitest';
import { COMPLEMENTARY_GOALS, complementsOf, matchOf } from './matchmaking.ts';

describe('matchmaking', () => {
  it('scores one point per shared interest, shared goal and complementary goal, and says each in words', () => {
    const match = matchOf(
      { interests: ['Fintech', 'Sales', 'Design & UX'], goals: ['Find a job', 'Find a co-founder'] },
      { interests: ['fintech', 'Sales', 'Healthcare'], goals: ['Hire talent', 'Find a co-founder'] },
    );
    expect(match.sharedInterests).toEqual(['fintech', 'Sales']);
    expect(match.sharedGoals).toEqual(['Find a co-founder']);
    expect(match.complementary).toEqual([{ theirs: 'Hire talent', yours: 'Find a job' }]);
    expect(match.score).toBe(4);
    expect(match.reasons).toEqual([
      'They want to hire talent; you want to find a job',
      'You both want to: Find a co-founder',
      'You both are into: fintech, Sales',
    ]);
  });

  it('works both ways round and gives nothing for strangers', () => {
    const founder = { interests: [], goals: ['Raise funding'] };
    const investor = { interests: [], goals: ['Invest in startups'] };
    expect(matchOf(founder, investor).score).toBe(1);
    expect(matchOf(investor, founder).reasons).toEqual(['They want to raise funding; you want to invest in startups']);
    expect(matchOf({ interests: ['A'], goals: ['B'] }, { interests: ['C'], goals: ['D'] })).toMatchObject({ score: 0, reasons: [] });
  });

  it('lists the goals that answer a set of goals, from the pairs as data', () => {
    expect(complementsOf(['find a job']).sort()).toEqual(['Hire talent']);
    expect(complementsOf(['Invest in startups']).sort()).toEqual(['Meet investors', 'Raise funding']);
    for (const [a, b] of COMPLEMENTARY_GOALS) {
      expect(complementsOf([a])).toContain(b);
      expect(complementsOf([b])).toContain(a);
    }
  });
});

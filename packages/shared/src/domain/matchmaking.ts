import { fill, msg } from '../core/messages.ts';
// Explainable matchmaking (issue 5): the reasons are the score. Two people score one point per shared interest,
// one per shared goal and one per goal of theirs that answers a goal of yours (someone hiring and someone looking
// for work). Nothing else counts, so every point a card earns is written on it in words.

/**
 * Goals that answer each other, as data: each pair works both ways ("Hire talent" answers "Find a job" and the
 * other way round). A goal may appear in several pairs. Names are the networking goal options.
 */
export const COMPLEMENTARY_GOALS: ReadonlyArray<readonly [string, string]> = [
  ['Hire talent', 'Find a job'],
  ['Meet investors', 'Invest in startups'],
  ['Raise funding', 'Invest in startups'],
  ['Raise funding', 'Meet founders'],
  ['Meet investors', 'Meet founders'],
  ['Find a mentor', 'Mentor others'],
  ['Find customers', 'Find partners'],
  ['Learn new skills', 'Mentor others'],
];

const key = (name: string) => name.trim().toLowerCase();

/** The goals that answer any of `goals` (case-insensitive), as they are written in COMPLEMENTARY_GOALS. */
export function complementsOf(goals: readonly string[]): string[] {
  const mine = new Set(goals.map(key));
  const answers = new Set<string>();
  for (const [a, b] of COMPLEMENTARY_GOALS) {
    if (mine.has(key(a))) answers.add(b);
    if (mine.has(key(b))) answers.add(a);
  }
  return [...answers];
}

export interface MatchProfile {
  interests: readonly string[];
  goals: readonly string[];
}

export interface Match {
  sharedInterests: string[];
  sharedGoals: string[];
  /** Their goals that answer one of yours, each with the goal of yours it answers. */
  complementary: Array<{ theirs: string; yours: string }>;
  /** One point per item above: the whole score. */
  score: number;
  /** The score in words, strongest first. */
  reasons: string[];
}

function shared(mine: readonly string[], theirs: readonly string[]): string[] {
  const set = new Set(mine.map(key));
  return theirs.filter((name, index) => set.has(key(name)) && theirs.findIndex((other) => key(other) === key(name)) === index);
}

/** How `them` matches `me`, with the reasons written for `me` to read. */
export function matchOf(me: MatchProfile, them: MatchProfile): Match {
  const sharedInterests = shared(me.interests, them.interests);
  const sharedGoals = shared(me.goals, them.goals);
  const complementary: Match['complementary'] = [];
  const myGoals = new Set(me.goals.map(key));
  for (const theirs of them.goals) {
    for (const [a, b] of COMPLEMENTARY_GOALS) {
      const yours = key(theirs) === key(a) ? b : key(theirs) === key(b) ? a : null;
      if (yours && myGoals.has(key(yours)) && !complementary.some((c) => key(c.theirs) === key(theirs))) {
        complementary.push({ theirs, yours: me.goals.find((goal) => key(goal) === key(yours)) ?? yours });
      }
    }
  }
  return {
    sharedInterests,
    sharedGoals,
    complementary,
    score: sharedInterests.length + sharedGoals.length + complementary.length,
    reasons: reasonsFor({ sharedInterests, sharedGoals, complementary }),
  };
}

/** The sentences a card shows: complementary goals first (the rarest and most useful), then goals, then interests. */
export function reasonsFor(match: Pick<Match, 'sharedInterests' | 'sharedGoals' | 'complementary'>): string[] {
  const reasons: string[] = [];
  for (const { theirs, yours } of match.complementary) reasons.push(fill(msg('They want to {{theirs}}; you want to {{yours}}'), { theirs: lowerFirst(theirs), yours: lowerFirst(yours) }));
  if (match.sharedGoals.length) reasons.push(fill(msg('You both want to: {{goals}}'), { goals: match.sharedGoals.join(', ') }));
  if (match.sharedInterests.length) reasons.push(fill(msg('You both are into: {{interests}}'), { interests: match.sharedInterests.join(', ') }));
  return reasons;
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

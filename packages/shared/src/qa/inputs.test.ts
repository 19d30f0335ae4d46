import { describe, expect, it } from 'vitest';
import { charactersRemaining, questionInputSchema } from './inputs.ts';

describe('Q&A question', () => {
  it('takes 5 to 2000 characters after trimming, with the spec messages', () => {
    expect(questionInputSchema.safeParse({ question: '  abcd  ' }).error?.issues[0]?.message).toBe('Question must be at least 5 characters');
    expect(questionInputSchema.safeParse({ question: 'x'.repeat(2001) }).error?.issues[0]?.message).toBe('Question must be less than 2000 characters');
    expect(questionInputSchema.parse({ question: ' Why? Why not ' })).toEqual({ question: 'Why? Why not', isAnonymous: false });
  });

  it("shows 'N characters remaining' after 1900 characters", () => {
    expect(charactersRemaining(1900)).toBeNull();
    expect(charactersRemaining(1901)).toBe('99 characters remaining');
    expect(charactersRemaining(2000)).toBe('0 characters remaining');
  });
});

import { describe, expect, it } from 'vitest';
import { parseQuery } from './search-query.ts';
import { closestTerms } from './service.ts';

describe('search query rules', () => {
  it('takes the word before a cut or part as the thing asked for', () => {
    expect(parseQuery('crab legs').noun).toBe(0);
    expect(parseQuery('tuna steak').noun).toBe(0);
    expect(parseQuery('green tea').noun).toBe(1);
    expect(parseQuery('legs').noun).toBe(0);
    // The shape a food is cut or served in: apple slices are apples, carrot sticks carrots.
    expect(parseQuery('apple slices').noun).toBe(0);
    expect(parseQuery('carrot sticks').noun).toBe(0);
    expect(parseQuery('spinach leaves').noun).toBe(0);
    // "n" is "and" as typed, never a word a food must have.
    expect(parseQuery('mac n cheese').groups).toHaveLength(2);
    // The thing before "with" still names it.
    expect(parseQuery('bagel with cream cheese').noun).toBe(0);
  });

  it('corrects a misspelt word to the closest spellings first, whatever trigrams prefer', () => {
    expect(closestTerms('expresso', ['express', 'expressed', 'espresso', 'expression'])).toEqual(['express', 'espresso', 'expressed']);
    expect(closestTerms('brocoli', ['broccoli'])).toEqual(['broccoli']);
    // Far words are no correction when a near one exists: a cheeseburger, not cheese or a burger.
    expect(closestTerms('cheesburger', ['cheeseburger', 'cheese', 'burger', 'cheesy'])).toEqual(['cheeseburger']);
  });
});

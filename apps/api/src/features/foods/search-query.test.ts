import { describe, expect, it } from 'vitest';
import { closestTerms, isSubsequence, parseQuery, transpositions } from './search-query.ts';

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

  it('drops a portion before "of": a side of fries is fries, a cup of coffee coffee', () => {
    expect(parseQuery('side of fries').text).toBe('fries');
    expect(parseQuery('cup of coffee').text).toBe('coffee');
    // Not when nothing follows, nor a word that is no portion.
    expect(parseQuery('cup of').text).toBe('cup');
    expect(parseQuery('cream of mushroom').text).toBe('cream mushroom');
  });

  it('finds typing slips that trigrams miss: swapped neighbours and left-out letters', () => {
    expect(transpositions('mlik')).toContain('milk');
    expect(transpositions('oragne')).toContain('orange');
    expect(transpositions('a1')).toEqual([]);
    expect(isSubsequence('chikn', 'chicken')).toBe(true);
    expect(isSubsequence('chikn', 'chips')).toBe(false);
    // A swap counts as one slip; among equally close words, the one holding every typed letter comes first.
    expect(closestTerms('mlik', ['milk', 'mild', 'silk'], new Set(['milk']))[0]).toBe('milk');
    expect(closestTerms('chikn', ['chips', 'chili', 'chicken'])[0]).toBe('chicken');
  });

  it('corrects a misspelt word to the closest spellings first, whatever trigrams prefer', () => {
    expect(closestTerms('expresso', ['express', 'expressed', 'espresso', 'expression']).slice(0, 2)).toEqual(['express', 'espresso']);
    expect(closestTerms('brocoli', ['broccoli'])).toEqual(['broccoli']);
    // Far words are no correction when a near one exists: a cheeseburger, not cheese or a burger.
    expect(closestTerms('cheesburger', ['cheeseburger', 'cheese', 'burger', 'cheesy'])).toEqual(['cheeseburger']);
  });
});

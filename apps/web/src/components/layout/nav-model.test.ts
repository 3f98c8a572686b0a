import { describe, expect, test } from 'vitest';
import { activeTab, drawerGroups, logoTarget, moreGroups } from './nav-model';

describe('navigation (spec §2)', () => {
  test('logged out: Login plus the About group only', () => {
    const groups = drawerGroups(null);
    expect(groups.flatMap((g) => g.entries.map((e) => e.label))).toEqual(['Login', 'Team', 'Science', 'Privacy Policy', 'Terms of Service', 'EULA']);
  });
  test('logged in: the built pages, Help, Feedback and About', () => {
    const labels = drawerGroups({ is_superuser: false }).flatMap((g) => g.entries.map((e) => e.label));
    expect(labels).toEqual(['Dashboard', 'Health', 'Food Log', 'My Recipes', 'Import Recipe', 'Build Recipe', 'Restaurant Finder', 'Analysis', 'AI Assessment', 'AI Suggestions', 'Meal Planning', 'Subscription', 'Premium Features', 'Settings', 'Documentation', 'Release Notes', 'Feedback', 'Team', 'Science', 'Privacy Policy', 'Terms of Service', 'EULA']);
    expect(drawerGroups({ is_superuser: false }).map((g) => g.title).filter(Boolean)).toEqual(['Food', 'AI', 'Help', 'About']);
  });
  test('More menu groups', () => {
    expect(moreGroups().map((g) => g.title)).toEqual(['Account', 'Help', 'Legal', 'About']);
  });
  test('Admin only for superusers, in the drawer and in the More menu', () => {
    const labels = (groups: { entries: { label: string }[] }[]) => groups.flatMap((g) => g.entries.map((e) => e.label));
    expect(labels(drawerGroups({ is_superuser: false }))).not.toContain('Admin');
    expect(labels(drawerGroups({ is_superuser: true })).at(-1)).toBe('Admin');
    expect(labels(moreGroups({ is_superuser: false }))).not.toContain('Admin');
    expect(labels(moreGroups({ is_superuser: true }))).toContain('Admin');
  });
  test.each([
    ['/dashboard', 'dashboard'],
    ['/food-log', 'food'],
    ['/restaurants', 'food'],
    ['/recipe/12', 'food'],
    ['/suggestions', 'ai'],
    ['/meal-plan', 'ai'],
    ['/meal-plan/5', 'ai'],
    ['/meal-plans/task/abc', 'ai'],
    ['/insights', 'ai'],
    ['/settings', 'more'],
    ['/team', 'more'],
    ['/', null],
  ])('bottom tab for %s is %s', (path, tab) => {
    expect(activeTab(path)).toBe(tab);
  });
  test('header logo target', () => {
    expect(logoTarget('/verify-email', false)).toBe('/verify-email');
    expect(logoTarget('/verify-email', true)).toBe('/verify-email');
    expect(logoTarget('/team', true)).toBe('/dashboard');
    expect(logoTarget('/team', false)).toBe('/');
  });
});

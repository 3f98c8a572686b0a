// Spec §8: a refused App Store receipt says 'Failed to validate receipt', with the server's reason for a 4xx and
// 'Could not validate purchase receipt' when the server failed or could not be reached, never its internal text.
import { describe, expect, test } from 'vitest';
import { normaliseError } from '../../lib/errors';
import { restoreOutcome } from './restore-purchases';

const serverFailed = normaliseError({ status: 500, data: { detail: { msg: 'relation "subscriptions" does not exist', type: 'internal_error', errors: null } } });
const unreachable = normaliseError({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' });
const otherAccount = normaliseError({ status: 409, data: { detail: { msg: 'This purchase belongs to another account', type: 'conflict', errors: null } } });

describe('Restore purchases: what it says', () => {
  test('nothing to restore', () => {
    expect(restoreOutcome(0, [])).toEqual({ severity: 'info', text: 'The App Store has no active subscription for this Apple ID.' });
  });
  test('all restored', () => {
    expect(restoreOutcome(1, [])).toEqual({ severity: 'success', text: 'Restored your App Store subscription.' });
    expect(restoreOutcome(2, []).text).toBe('Restored 2 App Store subscriptions.');
  });
  test('the server failed or could not be reached: the catalogue text, not the server’s', () => {
    expect(restoreOutcome(0, [serverFailed])).toEqual({ severity: 'error', text: 'Not restored: Failed to validate receipt: Could not validate purchase receipt.' });
    expect(restoreOutcome(0, [unreachable, serverFailed]).text).toBe('Not restored: Failed to validate receipt: Could not validate purchase receipt.');
  });
  test('a refusal with a reason keeps the reason; one restored and one refused is a warning', () => {
    expect(restoreOutcome(1, [otherAccount])).toEqual({ severity: 'warning', text: 'Restored your App Store subscription. Not restored: Failed to validate receipt: This purchase belongs to another account.' });
  });
});

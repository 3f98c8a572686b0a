import { act, cleanup, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, test } from 'vitest';
import type { User } from '@app/contracts/auth';
import { makeStore } from '../../lib/store';
import { userUpdated } from '../../lib/session';
import { Notifier } from './notifier';
import { notify, subscribeNotices, type Notice } from './notify';

const user = { id: 1, email: 'held@example.com', username: 'held', email_validated: true, is_superuser: false } as unknown as User;
const current = () => {
  let now: Notice | null = null;
  subscribeNotices((n) => (now = n))();
  return now as Notice | null;
};

afterEach(cleanup);

describe('Notifier and a user held at /verify-email (403 email_not_verified, lib/api.ts)', () => {
  test('a verified user sees an error', async () => {
    const store = makeStore({ token: 'a.b.c', user, status: 'ready' });
    render(<Provider store={store}><Notifier /></Provider>);
    act(() => notify.error('Failed to create food log: the server is down'));
    expect(await screen.findByText('Failed to create food log: the server is down')).toBeTruthy();
  });

  test('the errors of the calls refused for an unverified address are dropped, not shown after verifying', async () => {
    const store = makeStore({ token: 'a.b.c', user, status: 'ready' });
    render(<Provider store={store}><Notifier /></Provider>);
    act(() => {
      store.dispatch(userUpdated({ email_validated: false }));
      notify.error('Failed to create food log: Verify your e-mail address first');
    });
    expect(current()).toBeNull();
    act(() => void store.dispatch(userUpdated({ email_validated: true })));
    expect(screen.queryByText(/Verify your e-mail address first/)).toBeNull();
    // A success (the code was sent again) still shows.
    act(() => notify.success('A new code is on its way'));
    expect(await screen.findByText('A new code is on its way')).toBeTruthy();
  });
});

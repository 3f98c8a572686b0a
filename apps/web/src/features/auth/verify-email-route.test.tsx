import { cleanup, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, test } from 'vitest';
import type { User } from '@app/contracts/auth';
import { makeStore } from '../../lib/store';
import '../../lib/api';
import { Component as VerifyEmail } from './verify-email-route';

afterEach(cleanup);

const held = { id: 1, email: 'held@example.com', username: 'held', email_validated: false, is_superuser: false } as unknown as User;

describe('/verify-email', () => {
  test('a signed-in user held here (403 email_not_verified) is not told a code was sent: none was', () => {
    const store = makeStore({ token: 'a.b.c', user: held, status: 'ready' });
    render(
      <Provider store={store}>
        <MemoryRouter initialEntries={[{ pathname: '/verify-email', state: { email: held.email } }]}>
          <VerifyEmail />
        </MemoryRouter>
      </Provider>,
    );
    expect(screen.getByText('Your address held@example.com is not verified yet. Send yourself a code, then enter the 6-digit code from the e-mail here.')).toBeTruthy();
    expect(screen.queryByText(/we sent to/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Send a code' })).toBeTruthy();
  });

  test('after signing up (a code was just sent) the page names the address the code went to', () => {
    const store = makeStore();
    render(
      <Provider store={store}>
        <MemoryRouter initialEntries={[{ pathname: '/verify-email', search: '?email=new%40example.com', state: { email: 'new@example.com', sent: true } }]}>
          <VerifyEmail />
        </MemoryRouter>
      </Provider>,
    );
    expect(screen.getByText('Enter the 6-digit code we sent to new@example.com. It is valid for 10 minutes.')).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Resend code in \d+ s$/ })).toBeTruthy();
  });
});

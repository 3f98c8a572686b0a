import { describe, expect, it } from 'vitest';
import { EmailSchema } from '@app/contracts/auth';
import { EMAIL_RE } from './email';

describe('the forms’ e-mail check', () => {
  const addresses = [
    'me@example.com', 'First.Last+tag@sub.example.co.uk', "o'brien@example.ie", 'a_b-c@ex-ample.org', 'x@y.io',
    'foo@bar..com', 'foo@bar', 'foo@.com', '.foo@bar.com', 'foo.@bar.com', 'fo..o@bar.com', 'foo@bar.c', 'foo bar@baz.com',
    'foo@-bar.com', 'foo@bar.com.', '@bar.com', 'foo@', 'a@b@c.com', 'foo@bar.123',
  ];
  it.each(addresses)('%s: the form and the server agree', (address) => {
    expect(EMAIL_RE.test(address)).toBe(EmailSchema.safeParse(address).success);
  });
  it('refuses what the server refuses, such as a double dot in the domain', () => {
    expect(EMAIL_RE.test('foo@bar..com')).toBe(false);
    expect(EMAIL_RE.test('me@example.com')).toBe(true);
  });
});

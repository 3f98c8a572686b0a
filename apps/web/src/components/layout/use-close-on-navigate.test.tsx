import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter, useNavigate } from 'react-router';
import { afterEach, describe, expect, test } from 'vitest';
import { useCloseOnNavigate } from './use-close-on-navigate';

let renders = 0;
/** A menu as the layouts hold one: fresh state objects, closed by useCloseOnNavigate. */
function Menu() {
  const [menu, setMenu] = useState<{ open: boolean }>({ open: false });
  useCloseOnNavigate(() => setMenu({ open: false }));
  const navigate = useNavigate();
  renders++;
  return (
    <>
      <button onClick={() => setMenu({ open: true })}>Open menu</button>
      <p>{menu.open ? 'Menu open' : 'Menu closed'}</p>
      <button onClick={() => navigate('/food-log')}>Food log</button>
      <button onClick={() => navigate('/dashboard?day=2026-11-26')}>Yesterday</button>
    </>
  );
}

function open() {
  renders = 0;
  render(
    <MemoryRouter initialEntries={['/dashboard']}>
      <Menu />
    </MemoryRouter>,
  );
}

describe('useCloseOnNavigate (spec §2: menus close when the path changes)', () => {
  afterEach(cleanup);

  test('a page that just opened is drawn once: nothing to close, no second render of the layout', async () => {
    open();
    await act(async () => {});
    expect(screen.getByText('Menu closed')).toBeTruthy();
    expect(renders).toBe(1);
  });

  test('an open menu closes when the path changes, and stays open while it does not', async () => {
    open();
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(screen.getByText('Menu open')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Yesterday' }));
    await act(async () => {});
    expect(screen.getByText('Menu open')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Food log' }));
    await act(async () => {});
    expect(screen.getByText('Menu closed')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(screen.getByText('Menu open')).toBeTruthy();
  });
});

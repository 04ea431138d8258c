import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers';
import { neverIdle } from '../../test/browser-stubs';
import { forgetSortableListForTest, loadSortableList, SortableList } from './SortableList';

const ITEMS = [
  { id: 4, fullName: 'Alice Martin' },
  { id: 7, fullName: 'Bruno Petit' },
];

const renderList = (onReorder: () => Promise<unknown>) =>
  render(
    <AppProviders env="test">
      <SortableList
        label="Administrateurs réseau"
        items={ITEMS}
        getId={(item) => item.id}
        getLabel={(item) => item.fullName}
        renderItem={(item) => <span>{item.fullName}</span>}
        onReorder={onReorder}
      />
    </AppProviders>,
  );

describe('a sortable list before dnd-kit is in (SortableList.tsx)', () => {
  neverIdle({ forget: forgetSortableListForTest, load: loadSortableList });
  beforeEach(() => {
    // jsdom lays nothing out; dnd-kit measures the rows as it picks one up (sortable-list.test.tsx).
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const index = this instanceof HTMLLIElement && this.parentElement ? [...this.parentElement.children].indexOf(this) : 0;
      return new DOMRect(0, index * 60, 400, 50);
    });
  });

  it('shows the rows and their handles, and hands the focus to the real handle the user tabbed to', async () => {
    const user = userEvent.setup();
    const onReorder = vi.fn(async () => {});
    renderList(onReorder);
    const list = screen.getByRole('list', { name: 'Administrateurs réseau' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual(['Alice Martin', 'Bruno Petit']);
    const still = screen.getByRole('button', { name: 'Déplacer Alice Martin' });
    await user.tab();
    // dnd-kit's handle in its place (it carries the keyboard instructions), focused.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Déplacer Alice Martin' })).not.toBe(still));
    const handle = screen.getByRole('button', { name: 'Déplacer Alice Martin' });
    expect(handle).toHaveAttribute('aria-describedby');
    await waitFor(() => expect(handle).toHaveFocus());
    expect(onReorder).not.toHaveBeenCalled();
  });

  it('picks the item up when Space was pressed on the still handle', async () => {
    renderList(async () => {});
    // A key pressed before any focus event reached the handle (a quick keyboard user).
    fireEvent.keyDown(screen.getByRole('button', { name: 'Déplacer Bruno Petit' }), { key: ' ', code: 'Space' });
    expect(await screen.findByText('Bruno Petit saisi, position 2 sur 2.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Déplacer Bruno Petit' })).toHaveFocus());
  });
});

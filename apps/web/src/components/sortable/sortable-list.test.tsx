import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers';
import i18n from '../../i18n';
import { ApiError } from '../../lib/api-error';
import type { ReorderMove } from '../../lib/reorder';
import { SortableList } from './SortableList';

interface NetworkAdmin {
  id: number;
  fullName: string;
}
const ADMINS: NetworkAdmin[] = [
  { id: 4, fullName: 'Alice Martin' },
  { id: 7, fullName: 'Bruno Petit' },
  { id: 9, fullName: 'Chloé Durand' },
];

const ROW_HEIGHT = 60;

// jsdom lays nothing out; dnd-kit's keyboard moves go from row to row by their boxes. Each row
// of the list gets the box a browser would give it: stacked, 60 px apart, in document order.
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const index = this instanceof HTMLLIElement && this.parentElement ? [...this.parentElement.children].indexOf(this) : 0;
    return new DOMRect(0, index * ROW_HEIGHT, 400, ROW_HEIGHT - 10);
  });
});

function renderList(onReorder: (move: ReorderMove) => Promise<unknown>, items: NetworkAdmin[] = ADMINS) {
  return render(
    <AppProviders env="test">
      <SortableList
        label="Administrateurs réseau"
        items={items}
        getId={(admin) => admin.id}
        getLabel={(admin) => admin.fullName}
        renderItem={(admin) => <span>{admin.fullName}</span>}
        onReorder={onReorder}
      />
    </AppProviders>,
  );
}

const shownOrder = () =>
  within(screen.getByRole('list', { name: 'Administrateurs réseau' }))
    .getAllByRole('listitem')
    .map((row) => row.textContent);

/** Focuses the item's handle, picks it up with Space, then presses `keys` one at a time. */
async function pickUpAndPress(user: ReturnType<typeof userEvent.setup>, label: string, keys: string[]) {
  screen.getByRole('button', { name: `Déplacer ${label}` }).focus();
  await user.keyboard('[Space]');
  for (const key of keys) await user.keyboard(`[${key}]`);
}

function deferred() {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

describe('SortableList', () => {
  it('names each handle and explains the keyboard moves in French', () => {
    renderList(vi.fn());
    const handle = screen.getByRole('button', { name: 'Déplacer Alice Martin' });
    expect(handle).toHaveAttribute('aria-roledescription', 'élément déplaçable');
    expect(handle).toHaveAccessibleDescription(i18n.t('sortable.instructions'));
    expect(shownOrder()).toEqual(['Alice Martin', 'Bruno Petit', 'Chloé Durand']);
  });

  it('moves an item with Space, the arrows and Space, and sends the moved id and its new predecessor', async () => {
    const user = userEvent.setup();
    const onReorder = vi.fn().mockResolvedValue(undefined);
    renderList(onReorder);

    screen.getByRole('button', { name: 'Déplacer Alice Martin' }).focus();
    await user.keyboard('[Space]');
    expect(await screen.findByText('Alice Martin saisi, position 1 sur 3.')).toBeInTheDocument();
    await user.keyboard('[ArrowDown]');
    expect(await screen.findByText('Alice Martin amené en position 2 sur 3.')).toBeInTheDocument();
    await user.keyboard('[ArrowDown]');
    await user.keyboard('[Space]');

    await waitFor(() => expect(onReorder).toHaveBeenCalledTimes(1));
    expect(onReorder).toHaveBeenCalledWith({ movedId: 4, newPrecedingId: 9 });
    expect(await screen.findByText('Alice Martin déposé en position 3 sur 3.')).toBeInTheDocument();
    expect(shownOrder()).toEqual(['Bruno Petit', 'Chloé Durand', 'Alice Martin']);
  });

  it('sends 0 as the predecessor when an item is moved to the top', async () => {
    const user = userEvent.setup();
    const onReorder = vi.fn().mockResolvedValue(undefined);
    renderList(onReorder);

    await pickUpAndPress(user, 'Chloé Durand', ['ArrowUp', 'ArrowUp', 'Space']);

    await waitFor(() => expect(onReorder).toHaveBeenCalledWith({ movedId: 9, newPrecedingId: 0 }));
    expect(shownOrder()).toEqual(['Chloé Durand', 'Alice Martin', 'Bruno Petit']);
  });

  it('cancels with Escape: nothing is sent and the order stays', async () => {
    const user = userEvent.setup();
    const onReorder = vi.fn();
    renderList(onReorder);

    await pickUpAndPress(user, 'Alice Martin', ['ArrowDown', 'Escape']);

    expect(await screen.findByText('Déplacement annulé : Alice Martin reste en position 1 sur 3.')).toBeInTheDocument();
    expect(onReorder).not.toHaveBeenCalled();
    expect(shownOrder()).toEqual(['Alice Martin', 'Bruno Petit', 'Chloé Durand']);
  });

  it('sends nothing when the item is dropped back where it was', async () => {
    const user = userEvent.setup();
    const onReorder = vi.fn();
    renderList(onReorder);

    await pickUpAndPress(user, 'Bruno Petit', ['ArrowDown', 'ArrowUp', 'Space']);

    expect(await screen.findByText('Bruno Petit déposé en position 2 sur 3.')).toBeInTheDocument();
    expect(onReorder).not.toHaveBeenCalled();
    expect(shownOrder()).toEqual(['Alice Martin', 'Bruno Petit', 'Chloé Durand']);
  });

  it('shows the new order while the call runs, and puts the old one back with a popover when it fails', async () => {
    const user = userEvent.setup();
    const call = deferred();
    const onReorder = vi.fn(() => call.promise);
    renderList(onReorder);

    await pickUpAndPress(user, 'Alice Martin', ['ArrowDown', 'Space']);

    await waitFor(() => expect(onReorder).toHaveBeenCalledWith({ movedId: 4, newPrecedingId: 7 }));
    expect(shownOrder()).toEqual(['Bruno Petit', 'Alice Martin', 'Chloé Durand']);
    expect(screen.getByRole('list', { name: 'Administrateurs réseau' })).toHaveAttribute('aria-busy', 'true');

    call.reject(new ApiError(403, 'forbidden', 'Accès refusé'));

    expect(await screen.findByText(i18n.t('sortable.failed'))).toBeInTheDocument();
    expect(shownOrder()).toEqual(['Alice Martin', 'Bruno Petit', 'Chloé Durand']);
    expect(screen.getByRole('list', { name: 'Administrateurs réseau' })).toHaveAttribute('aria-busy', 'false');
  });

  it('shows the order the server gives next, once the caller has it', async () => {
    const user = userEvent.setup();
    const onReorder = vi.fn().mockResolvedValue(undefined);
    const { rerender } = renderList(onReorder);

    await pickUpAndPress(user, 'Alice Martin', ['ArrowDown', 'Space']);
    await waitFor(() => expect(shownOrder()).toEqual(['Bruno Petit', 'Alice Martin', 'Chloé Durand']));

    // The refetched list: someone else meanwhile put Chloé first.
    const [alice, bruno, chloe] = ADMINS as [NetworkAdmin, NetworkAdmin, NetworkAdmin];
    rerender(
      <AppProviders env="test">
        <SortableList
          label="Administrateurs réseau"
          items={[chloe, bruno, alice]}
          getId={(admin) => admin.id}
          getLabel={(admin) => admin.fullName}
          renderItem={(admin) => <span>{admin.fullName}</span>}
          onReorder={onReorder}
        />
      </AppProviders>,
    );
    expect(shownOrder()).toEqual(['Chloé Durand', 'Bruno Petit', 'Alice Martin']);
  });
});

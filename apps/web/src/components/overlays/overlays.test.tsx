import { Button } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/providers';
import { neverIdle } from '../../test/browser-stubs';
import { labelOf, Modal, Select, Tooltip } from './index';
import { forgetOverlaysForTest, loadOverlays } from './load';

const ENERGIES = [
  { value: 'GAZ', label: 'Gaz' },
  { value: 'FIOUL', label: 'Fioul' },
];

describe('overlays whose code comes after the first paint (components/overlays)', () => {
  neverIdle({ forget: forgetOverlaysForTest, load: loadOverlays });

  it('shows a select as a read-only field with the chosen label, then the real select, focused and open, when pressed', async () => {
    const user = userEvent.setup();
    render(
      <AppProviders env="test">
        <Select label="Énergie" data={ENERGIES} value="FIOUL" onChange={() => {}} />
      </AppProviders>,
    );
    const standIn = screen.getByRole('combobox', { name: 'Énergie' });
    expect(standIn).toHaveValue('Fioul');
    expect(standIn).toHaveAttribute('readonly');
    await user.click(standIn);
    // The real select in its place, focused, its list open as the press asked.
    expect(await screen.findByRole('option', { name: 'Gaz' })).toBeInTheDocument();
    const select = screen.getByRole('combobox', { name: 'Énergie' });
    expect(select).not.toBe(standIn);
    await waitFor(() => expect(select).toHaveFocus());
    expect(select).toHaveValue('Fioul');
    await user.click(await screen.findByRole('option', { name: 'Gaz' }));
    expect(screen.queryByRole('option', { name: 'Gaz' })).not.toBeInTheDocument();
  });

  it('hands the focus to the real select when the stand-in is reached by keyboard', async () => {
    const user = userEvent.setup();
    render(
      <AppProviders env="test">
        <Select label="Énergie" data={ENERGIES} defaultValue="GAZ" />
      </AppProviders>,
    );
    const standIn = screen.getByRole('combobox', { name: 'Énergie' });
    await user.tab();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Énergie' })).not.toBe(standIn));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Énergie' })).toHaveFocus());
    expect(screen.getByRole('combobox', { name: 'Énergie' })).toHaveValue('Gaz');
  });

  it('renders a closed dialog as nothing, and an opened one once its code is in', async () => {
    const { rerender } = render(
      <AppProviders env="test">
        <Modal opened={false} onClose={() => {}} title="Annonce">
          Contenu
        </Modal>
      </AppProviders>,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    rerender(
      <AppProviders env="test">
        <Modal opened onClose={() => {}} title="Annonce">
          Contenu
        </Modal>
      </AppProviders>,
    );
    expect(await screen.findByRole('dialog', { name: 'Annonce' })).toHaveTextContent('Contenu');
  });

  it('renders a tooltip target alone until the code is in', async () => {
    render(
      <AppProviders env="test">
        <Tooltip label="Modifier l'annonce">
          <Button>Modifier</Button>
        </Tooltip>
      </AppProviders>,
    );
    expect(screen.getByRole('button', { name: 'Modifier' })).toBeInTheDocument();
    await loadOverlays();
    expect(await screen.findByRole('button', { name: 'Modifier' })).toBeInTheDocument();
  });

  it('finds the label of a value in plain, item and grouped data', () => {
    expect(labelOf(['A', 'B'], 'B')).toBe('B');
    expect(labelOf(ENERGIES, 'GAZ')).toBe('Gaz');
    expect(labelOf([{ group: 'Énergies', items: ENERGIES }], 'FIOUL')).toBe('Fioul');
    expect(labelOf(ENERGIES, 'BOIS')).toBe('');
    expect(labelOf(ENERGIES, null)).toBe('');
  });
});

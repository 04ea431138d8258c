import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../app/providers';
import { ListSkeleton } from './ListSkeleton';

describe('ListSkeleton', () => {
  // axe refused its aria-label on a div without a role (aria-prohibited-attr, serious) on the
  // contract page's tabs whenever the scan came while a tab was loading.
  it('is a busy status named « Chargement… »', () => {
    render(
      <AppProviders env="test">
        <ListSkeleton rows={2} />
      </AppProviders>,
    );
    const status = screen.getByRole('status', { name: 'Chargement…' });
    expect(status).toHaveAttribute('aria-busy', 'true');
  });
});

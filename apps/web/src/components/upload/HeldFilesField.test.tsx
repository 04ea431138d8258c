import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../api/query-client';
import { AppProviders } from '../../app/providers';
import { json, mockApi, signInAs } from '../../test/utils';
import { HeldFilesField } from './HeldFilesField';

const LONG = 'Logo Thermi’Nord Services chauffage haute définition 2026.png';

describe('HeldFilesField', () => {
  it('shows each held file’s whole name (wrapped, and as a tooltip), not cut to « Log… »', async () => {
    signInAs('intranet', { roleId: 1 });
    mockApi({
      'GET /api/file-types': () => json(200, { fileTypes: [{ fileTypeId: 5, allowedMimeTypes: ['image/png'], maxSize: 1024 }] }),
      'GET /api/files/7': () => new Response(new Blob(['png']), { status: 200, headers: { 'content-type': 'image/png' } }),
    });
    render(
      <AppProviders env="test">
        <QueryClientProvider client={createQueryClient()}>
          <HeldFilesField
            fileTypeId={5}
            label="Logos"
            maxFiles={6}
            value={[{ fileId: 7 }]}
            onChange={() => undefined}
            nameOf={(n) => `Logo ${n}`}
            names={new Map([[7, LONG]])}
          />
        </QueryClientProvider>
      </AppProviders>,
    );
    const name = await screen.findByText(LONG);
    // Mantine's `truncate` cuts the name with an ellipsis (data-truncate); the name wraps instead.
    expect(name).not.toHaveAttribute('data-truncate');
    expect(name.style.overflowWrap).toBe('anywhere');
    expect(name).toHaveAttribute('title', LONG);
    expect(screen.getByRole('button', { name: `Retirer « ${LONG} »` })).toBeInTheDocument();
  });
});

import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubObjectUrls } from '../../test/browser-stubs';
import { mockApi, signInAs } from '../../test/utils';
import { RichTextView } from './RichTextView';

describe('RichTextView', () => {
  it('shows the stored text and loads its store images with the token, never by a bare src', async () => {
    signInAs('intranet', { roleId: 3 });
    const { revokeObjectURL } = stubObjectUrls('blob:image-12');
    const api = mockApi({ 'GET /api/files/12': () => new Response(new Blob(['png'], { type: 'image/png' })) });
    const { unmount } = render(
      <MantineProvider env="test">
        <RichTextView
          html={'<h2>Nouveau</h2><p>Une <strong>chaudière</strong>.</p><img src="/api/files/12" alt="La chaudière" />'}
        />
      </MantineProvider>,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Nouveau' })).toBeInTheDocument();
    const image = screen.getByRole('img', { name: 'La chaudière' });
    // Held back until the API client has the bytes: the browser sends no request of its own.
    expect(image).not.toHaveAttribute('src', '/api/files/12');
    await waitFor(() => expect(image).toHaveAttribute('src', 'blob:image-12'));
    expect(api.callsTo('GET', '/api/files/12')[0]!.headers.get('authorization')).toMatch(/^Bearer /);
    unmount();
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:image-12');
  });
});
